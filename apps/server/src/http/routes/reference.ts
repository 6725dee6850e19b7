import { createHash } from 'node:crypto';
import { APP_VERSION } from '@relevo/domain';
import { sql } from 'kysely';
import {
  ENDPOINT_AREAS,
  buildOpenApiDocument,
  clientSettings,
  health,
  listChannels,
  listLanguages,
  listParticipationTypes,
  openApiDocument,
  ready,
  type OpenApiDocument,
} from '@relevo/api';
import type { AppContext } from '../../context';
import type { RouteTable } from '../implement';
import { HttpError } from '../errors';
import { AUTH } from '../../db/database';
import { anyCustomerSso } from '../../auth/oidc-queries';

/** How long readiness waits for the database before it answers 503 (a load balancer checks every few seconds). */
const READY_TIMEOUT_MS = 2_000;

/** One round trip to the database, or the reason it failed (a database that does not answer in time counts as down). */
async function databaseAnswers(ctx: AppContext): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>(
    (resolve) => (timer = setTimeout(() => resolve(`no answer within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS)),
  );
  try {
    return await Promise.race([sql`select 1`.execute(ctx.database.db).then(() => null), late]);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}

/** An object and everything in it frozen: the answer is made once and sent as it is. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * docs/product.md#openapi-document: the table's document, made at its first request and kept for the
 * life of the process (the table and the version do not change while it runs), with its ETag.
 */
function openApiAnswer(ctx: AppContext): () => { document: OpenApiDocument; etag: string } {
  let made: { document: OpenApiDocument; etag: string } | undefined;
  return () => {
    if (!made) {
      const document = deepFreeze(
        buildOpenApiDocument({ areas: ENDPOINT_AREAS, version: APP_VERSION, serverUrl: ctx.config.publicUrl }),
      );
      const etag = `"${createHash('sha256').update(JSON.stringify(document)).digest('base64url').slice(0, 27)}"`;
      made = { document, etag };
    }
    return made;
  };
}

export function referenceRoutes(routes: RouteTable, ctx: AppContext): void {
  const openApi = openApiAnswer(ctx);
  routes
    // docs/product.md#http-calls: the reference lists whole (page size 1000), seeded by migration 0001; the default
    // language first, channels and participation types by id
    .implement(listLanguages, async () => {
      const list = await ctx.database.db
        .selectFrom('languages')
        .select(['language_id', 'language_desc'])
        .orderBy('is_default', 'desc')
        .orderBy('language_id')
        .execute();
      return { total: list.length, list };
    })
    .implement(listChannels, async () => {
      const list = await ctx.database.db
        .selectFrom('channels')
        .select(['channel_id', 'channel_desc'])
        .orderBy('channel_id')
        .execute();
      return { total: list.length, list };
    })
    .implement(listParticipationTypes, async () => {
      const list = await ctx.database.db
        .selectFrom('participation_types')
        .select(['participation_type_id', 'participation_type_desc'])
        .orderBy('participation_type_id')
        .execute();
      return { total: list.length, list };
    })
    .implement(clientSettings, async () => ({
      version: APP_VERSION,
      widget_script_url: ctx.config.widgetScriptUrl,
      // docs/product.md#single-sign-on: offered when the deployment or any customer has a provider
      sso: ctx.config.oidc !== null || (await ctx.database.scoped(AUTH, (tx) => anyCustomerSso(tx))),
    }))
    .implement(
      openApiDocument,
      ({ request, reply }) => {
        const { document, etag } = openApi();
        // unlike every other API answer (no-store), the document holds no data: caches may keep it
        // and check it again after five minutes; an unchanged one is a 304 without a body
        reply.header('cache-control', 'public, max-age=300').header('etag', etag);
        if (request.headers['if-none-match'] === etag) reply.code(304);
        return document;
      },
      { frozenAnswer: true },
    )
    .implement(health, () => ({ status: 'ok' as const, database: ctx.database.kind, version: APP_VERSION }))
    .implement(ready, async () => {
      if (ctx.lifecycle.stopping) throw new HttpError(503, 'Not ready: the server is shutting down');
      const failure = await databaseAnswers(ctx);
      if (failure === null && !ctx.lifecycle.stopping) return { status: 'ready' as const };
      if (failure !== null) ctx.log.warn({ error: failure }, 'readiness: the database cannot be reached');
      // the reason stays in the log: a load balancer needs the status, and the text may name hosts
      throw new HttpError(
        503,
        failure === null ? 'Not ready: the server is shutting down' : 'Not ready: the database cannot be reached',
      );
    });
}
