import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { AUTH_MESSAGES, can, validate } from '@relevo/domain';
import type { AnyEndpoint, AuthKind, ParsedBodyOf, ParsedParamsOf, ParsedQueryOf, ResponseOf } from '@relevo/api';
import type { AppContext } from '../context';
import type { Principal } from '../auth/principals';
import type { TokenClaims } from '../auth/tokens';
import { SYSTEM } from '../db/database';
import { activeSession } from '../db/sessions';
import { HttpError, ValidationFailure } from './errors';
import { PREAUTH_COOKIE, SESSION_COOKIE, clearSessionCookie, readCookie } from './cookies';
import { isForeignOrigin } from './security';

export interface RequestMeta {
  ip: string;
  userAgent: string | null;
}

type AuthOf<TAuth extends AuthKind> = TAuth extends 'session'
  ? { principal: Principal }
  : TAuth extends 'preauth'
    ? { claims: TokenClaims }
    : TAuth extends 'resetToken'
      ? { resetToken: string }
      : object;

export type RouteInput<E extends AnyEndpoint> = {
  body: ParsedBodyOf<E>;
  query: ParsedQueryOf<E>;
  params: ParsedParamsOf<E>;
  meta: RequestMeta;
  request: FastifyRequest;
  reply: FastifyReply;
} & AuthOf<E['auth']>;

export type Handler<E extends AnyEndpoint> = (input: RouteInput<E>) => Promise<ResponseOf<E>>;

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

function parse<S extends v.GenericSchema | undefined>(schema: S, input: unknown, where: 'body' | 'query' | 'path') {
  if (!schema) return undefined;
  if (where === 'body' && (input === null || typeof input !== 'object' || Array.isArray(input))) {
    throw new ValidationFailure([{ loc: ['body'], msg: 'The body must be a JSON object' }]);
  }
  const result = validate(schema, input ?? {});
  if (!result.success) throw ValidationFailure.of(where, result.issues);
  return result.output;
}

const unauthenticated = () => new HttpError(401, AUTH_MESSAGES.notAuthenticated);

/**
 * Checks who calls, before anything else of the request is read: an anonymous caller learns
 * nothing about the validation of a protected endpoint.
 */
async function authenticate(ctx: AppContext, endpoint: AnyEndpoint, request: FastifyRequest, reply: FastifyReply) {
  const now = ctx.clock.now();
  switch (endpoint.auth) {
    case 'public':
      return {};
    case 'session': {
      const fromHeader = bearer(request);
      const token = fromHeader ?? readCookie(request, SESSION_COOKIE);
      const claims = ctx.signer.verify(token, ['session'], now);
      if (!claims) {
        if (!fromHeader && token) clearSessionCookie(reply, ctx.config);
        throw unauthenticated();
      }
      const principal = await ctx.principals.get(claims.sid);
      if (!principal || principal.userId !== claims.sub) {
        if (!fromHeader) clearSessionCookie(reply, ctx.config);
        throw unauthenticated();
      }
      if (!fromHeader && request.method !== 'GET' && isForeignOrigin(request, ctx.config.publicUrl)) {
        throw new HttpError(403, 'Cross-site request refused');
      }
      if (!endpoint.permissions.some((permission) => can(principal.role, permission))) {
        throw new HttpError(403, AUTH_MESSAGES.forbidden);
      }
      return { principal };
    }
    case 'preauth': {
      const token = bearer(request) ?? readCookie(request, PREAUTH_COOKIE);
      const claims = ctx.signer.verify(token, ['preauth'], now);
      if (!claims) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
      const session = await ctx.database.scoped(SYSTEM, (tx) => activeSession(tx, claims.sid, 'preauth', now));
      if (!session || session.user_id !== claims.sub) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
      return { claims };
    }
    case 'resetToken': {
      // an opaque token: the reset service looks it up (it must not reveal whether an account exists)
      const resetToken = bearer(request);
      if (!resetToken || resetToken.length > 200) throw new HttpError(401, AUTH_MESSAGES.resetRequestExpired);
      return { resetToken };
    }
  }
}

/**
 * The server side of the endpoint table: each endpoint gets exactly one handler, registered with
 * the path, method and schemas of the table, so they cannot drift.
 */
export class RouteTable {
  #handlers = new Map<AnyEndpoint, Handler<AnyEndpoint>>();

  implement<E extends AnyEndpoint>(endpoint: E, handler: Handler<E>): this {
    if (this.#handlers.has(endpoint)) throw new Error(`${endpoint.name} is implemented twice`);
    this.#handlers.set(endpoint, handler as unknown as Handler<AnyEndpoint>);
    return this;
  }

  /** Endpoints of `expected` that have no handler (the contract test asserts there are none). */
  missing(expected: readonly AnyEndpoint[]): AnyEndpoint[] {
    return expected.filter((endpoint) => !this.#handlers.has(endpoint));
  }

  /** Registers every handler with the path, method and schemas of its endpoint. */
  register(app: FastifyInstance, ctx: AppContext): void {
    for (const [endpoint, handler] of this.#handlers) {
      app.route({
        method: endpoint.method,
        url: endpoint.path,
        handler: async (request, reply) => {
          const auth = await authenticate(ctx, endpoint, request, reply);
          const params = parse(endpoint.params, request.params, 'path');
          const query = parse(endpoint.query, request.query, 'query');
          const body = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : parse(endpoint.body, request.body ?? {}, 'body');
          // read only by the calls that record or limit by address
          const meta: RequestMeta = {
            get ip() {
              return request.ip;
            },
            get userAgent() {
              return request.headers['user-agent'] ?? null;
            },
          };
          return handler({ body, query, params, meta, request, reply, ...auth } as RouteInput<AnyEndpoint>);
        },
      });
    }
  }
}
