import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import {
  API_TOKEN_LIMITS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PREFIX,
  apiTokenStatus,
  tokenExpiryProblem,
  type ApiToken,
  type ApiTokenCreate,
  type ApiTokenCreated,
  type ListOf,
} from '@relevo/domain';
import type { AppContext } from '../context';
import type { Principal } from './principals';
import { AUTH } from '../db/database';
import type { ApiTokensTable } from '../db/schema';
import type { Selectable } from 'kysely';
import { iso } from '../db/listing';
import { ValidationFailure } from '../http/errors';
import { catalogueUnit, conflict, notFound, type CatalogueTx } from '../catalogue/common';
import { WindowLimiter } from '../incidents/window-limiter';
import { randomToken } from './tokens';

/** The advisory lock's first key under which a side's working tokens are counted. */
const TOKEN_COUNT_LOCK = 7245030;
/** A token's last use is written at most this often (a busy script does not write on every call). */
const LAST_USE_EVERY_MS = 60_000;
/** No token is longer: a longer Bearer value is refused before it is hashed. */
export const MAX_API_TOKEN_LENGTH = 100;

/** What the database keeps of a token: its SHA-256 (a token has 256 bits of randomness, no salt is needed). */
export const apiTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Whether a Bearer value is meant as an API token (a session's is a JWT and never starts so). */
export const isApiToken = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX);

type Row = Selectable<ApiTokensTable>;

function apiTokenOf(row: Row, now: Date): ApiToken {
  const expires = iso(row.expires_at)!;
  const revoked = iso(row.revoked_at);
  return {
    id: row.id,
    name: row.name,
    scopes: [...row.scopes],
    hint: row.hint,
    created_by: row.created_by,
    created_at: iso(row.created_at)!,
    expires_at: expires,
    last_used_at: iso(row.last_used_at),
    last_used_address: row.last_used_address,
    revoked_at: revoked,
    status: apiTokenStatus({ revoked_at: revoked, expires_at: expires }, now),
  };
}

/**
 * docs/product.md#api-tokens: the tokens of the caller's side (a customer's, or the staff side's,
 * which belong to the provider customer), made, listed and revoked by its Customer Root or Staff
 * Root; another side's token answers 404. Every change is audited, never the token.
 */
export function apiTokenService(ctx: AppContext) {
  const unit = catalogueUnit(ctx);

  async function lockedToken(tx: CatalogueTx, customerId: number, id: number): Promise<Row> {
    const row = await tx
      .selectFrom('api_tokens')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound(API_TOKEN_MESSAGES.notFound);
    return row;
  }

  return {
    async list(principal: Principal): Promise<ListOf<ApiToken>> {
      return unit.inCustomer(principal, async (tx, customerId) => {
        const rows = await tx
          .selectFrom('api_tokens')
          .selectAll()
          .where('customer_id', '=', customerId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(API_TOKEN_LIMITS.listShown)
          .execute();
        const { count } = await tx
          .selectFrom('api_tokens')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('customer_id', '=', customerId)
          .executeTakeFirstOrThrow();
        const now = ctx.clock.now();
        return { total: Number(count), list: rows.map((row) => apiTokenOf(row, now)) };
      });
    },

    /** A new token for the caller's side, answered once with the token itself. */
    async create(principal: Principal, body: ApiTokenCreate): Promise<ApiTokenCreated> {
      const now = ctx.clock.now();
      const problem = tokenExpiryProblem(body.expires_at, now);
      if (problem) throw ValidationFailure.field('expires_at', problem);
      const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
      return unit.inCustomer(principal, async (tx, customerId) => {
        // two creations of one side count one after the other
        await sql`select pg_advisory_xact_lock(${TOKEN_COUNT_LOCK}, ${customerId})`.execute(tx);
        const { count } = await tx
          .selectFrom('api_tokens')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('customer_id', '=', customerId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now)
          .executeTakeFirstOrThrow();
        if (Number(count) >= API_TOKEN_LIMITS.perCustomer) throw conflict(API_TOKEN_MESSAGES.tooMany);
        const row = await tx
          .insertInto('api_tokens')
          .values({
            customer_id: customerId,
            user_id: principal.userId,
            name: body.name,
            scopes: JSON.stringify(body.scopes),
            token_hash: apiTokenHash(token),
            hint: token.slice(-4),
            created_by: principal.email,
            created_at: now,
            expires_at: new Date(body.expires_at),
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const answer = apiTokenOf(row, now);
        await unit.audited(tx, principal, {
          action: 'create',
          entity: 'api_token',
          entityId: row.id,
          detail: { name: row.name, scopes: answer.scopes, expires_at: answer.expires_at },
        });
        return { ...answer, token };
      });
    },

    /** The token stops at once in every process; revoking it again changes nothing. */
    async revoke(principal: Principal, id: number): Promise<ApiToken> {
      const now = ctx.clock.now();
      const row = await unit.inCustomer(principal, async (tx, customerId) => {
        const found = await lockedToken(tx, customerId, id);
        if (found.revoked_at) return found;
        const revoked = await tx
          .updateTable('api_tokens')
          .set({ revoked_at: now, revoked_by: principal.email })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await unit.audited(tx, principal, {
          action: 'delete',
          entity: 'api_token',
          entityId: id,
          detail: { name: found.name },
        });
        return revoked;
      });
      await ctx.principals.evictToken(id);
      return apiTokenOf(row, now);
    },
  };
}

/** Each process's count of every token's calls and the last use it wrote, per context. */
const meters = new WeakMap<AppContext, { limiter: WindowLimiter<number>; written: Map<number, number> }>();

function meterOf(ctx: AppContext) {
  let meter = meters.get(ctx);
  if (!meter) {
    meter = { limiter: new WindowLimiter<number>(ctx.limits.callsPerApiToken), written: new Map() };
    meters.set(ctx, meter);
  }
  return meter;
}

/**
 * Counts one call of a token: the seconds to wait when it is over its limit (Limits.callsPerApiToken),
 * else null. Each API process counts its own calls.
 */
export function apiTokenCallRefused(ctx: AppContext, tokenId: number): number | null {
  const verdict = meterOf(ctx).limiter.hit(tokenId, ctx.clock.now().getTime());
  return verdict.allowed ? null : verdict.retryAfterSeconds;
}

/** Notes a token's use (when and from where), at most once a minute per token and process. */
export async function noteApiTokenUse(ctx: AppContext, tokenId: number, address: string): Promise<void> {
  const { written } = meterOf(ctx);
  const now = ctx.clock.now();
  const last = written.get(tokenId);
  if (last !== undefined && now.getTime() - last < LAST_USE_EVERY_MS && now.getTime() >= last) return;
  if (written.size >= 10_000) written.clear();
  written.set(tokenId, now.getTime());
  await ctx.database.scoped(AUTH, (tx) =>
    tx
      .updateTable('api_tokens')
      .set({ last_used_at: now, last_used_address: address })
      .where('id', '=', tokenId)
      .execute(),
  );
}
