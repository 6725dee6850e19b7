import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { AUTH_MESSAGES, mayCall, validate } from '@relevo/domain';
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

/**
 * A handler answers with its result; one with nothing to wait for may answer at once (Fastify then
 * sends the value in the same turn, without a promise).
 */
export type Handler<E extends AnyEndpoint> = (input: RouteInput<E>) => Promise<ResponseOf<E>> | ResponseOf<E>;

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

/** Who calls: at most one of these is set, by the endpoint's kind of authentication. */
interface Auth {
  principal?: Principal;
  claims?: TokenClaims;
  resetToken?: string;
}

const PUBLIC: Auth = Object.freeze({});
const SESSION_KINDS = ['session'] as const;
const PREAUTH_KINDS = ['preauth'] as const;

/** Read only by the calls that record or limit by address: nothing is computed until then. */
class Meta implements RequestMeta {
  readonly #request: FastifyRequest;
  constructor(request: FastifyRequest) {
    this.#request = request;
  }
  get ip(): string {
    return this.#request.ip;
  }
  get userAgent(): string | null {
    return this.#request.headers['user-agent'] ?? null;
  }
}

/**
 * Checks who calls, before anything else of the request is read: an anonymous caller learns
 * nothing about the validation of a protected endpoint. A session whose principal is cached is
 * answered at once; only a cache miss or a pre-auth check waits for the database.
 */
function authenticate(ctx: AppContext, endpoint: AnyEndpoint, request: FastifyRequest, reply: FastifyReply): Auth | Promise<Auth> {
  switch (endpoint.auth) {
    case 'public':
      return PUBLIC;
    case 'session': {
      const now = ctx.clock.now();
      const fromHeader = bearer(request);
      const token = fromHeader ?? readCookie(request, SESSION_COOKIE);
      const claims = ctx.signer.verify(token, SESSION_KINDS, now);
      if (!claims) {
        if (!fromHeader && token) clearSessionCookie(reply, ctx.config);
        throw unauthenticated();
      }
      const cached = ctx.principals.cached(claims.sid, now.getTime());
      if (cached !== undefined) return admit(ctx, endpoint, request, reply, claims, cached, fromHeader !== null);
      return ctx.principals.get(claims.sid).then((principal) => admit(ctx, endpoint, request, reply, claims, principal, fromHeader !== null));
    }
    case 'preauth':
      return preauthenticate(ctx, request);
    case 'resetToken': {
      // an opaque token: the reset service looks it up (it must not reveal whether an account exists)
      const resetToken = bearer(request);
      if (!resetToken || resetToken.length > 200) throw new HttpError(401, AUTH_MESSAGES.resetRequestExpired);
      return { resetToken };
    }
  }
}

/** The session's principal, if it still counts and its role may make the call. */
function admit(
  ctx: AppContext,
  endpoint: AnyEndpoint,
  request: FastifyRequest,
  reply: FastifyReply,
  claims: TokenClaims,
  principal: Principal | null,
  fromHeader: boolean,
): Auth {
  if (!principal || principal.userId !== claims.sub) {
    if (!fromHeader) clearSessionCookie(reply, ctx.config);
    throw unauthenticated();
  }
  if (!fromHeader && request.method !== 'GET' && isForeignOrigin(request, ctx.config.publicUrl)) {
    throw new HttpError(403, 'Cross-site request refused');
  }
  // the same check the screens use to show a button
  if (mayCall(principal.role, endpoint)) return { principal };
  throw new HttpError(403, AUTH_MESSAGES.forbidden);
}

async function preauthenticate(ctx: AppContext, request: FastifyRequest): Promise<Auth> {
  const now = ctx.clock.now();
  const token = bearer(request) ?? readCookie(request, PREAUTH_COOKIE);
  const claims = ctx.signer.verify(token, PREAUTH_KINDS, now);
  if (!claims) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
  const session = await ctx.database.scoped(SYSTEM, (tx) => activeSession(tx, claims.sid, 'preauth', now));
  if (!session || session.user_id !== claims.sub) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
  return { claims };
}

export interface RouteOptions {
  /**
   * The answer is a long-lived, deeply frozen object answered again and again (the session user
   * of a cached principal): its JSON is made once per object and kept while the object lives.
   */
  frozenAnswer?: boolean;
}

const frozenJson = new WeakMap<object, string>();

/** The serializer of a `frozenAnswer` route's 200 answers. */
function serializeFrozen(answer: unknown): string {
  if (answer === null || typeof answer !== 'object' || !Object.isFrozen(answer)) return JSON.stringify(answer);
  let json = frozenJson.get(answer);
  if (json === undefined) {
    json = JSON.stringify(answer);
    frozenJson.set(answer, json);
  }
  return json;
}

/**
 * The server side of the endpoint table: each endpoint gets exactly one handler, registered with
 * the path, method and schemas of the table, so they cannot drift.
 */
export class RouteTable {
  #handlers = new Map<AnyEndpoint, { handler: Handler<AnyEndpoint>; options: RouteOptions }>();

  implement<E extends AnyEndpoint>(endpoint: E, handler: Handler<E>, options: RouteOptions = {}): this {
    if (this.#handlers.has(endpoint)) throw new Error(`${endpoint.name} is implemented twice`);
    this.#handlers.set(endpoint, { handler: handler as unknown as Handler<AnyEndpoint>, options });
    return this;
  }

  /** Endpoints of `expected` that have no handler (the contract test asserts there are none). */
  missing(expected: readonly AnyEndpoint[]): AnyEndpoint[] {
    return expected.filter((endpoint) => !this.#handlers.has(endpoint));
  }

  /** Registers every handler with the path, method and schemas of its endpoint. */
  register(app: FastifyInstance, ctx: AppContext): void {
    for (const [endpoint, { handler, options }] of this.#handlers) {
      const { params: paramsSchema, query: querySchema } = endpoint;
      const bodySchema = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : endpoint.body;
      // the schemas of the endpoint decide what is read; a missing one costs nothing per request
      const run = (request: FastifyRequest, reply: FastifyReply, auth: Auth) => {
        // path, then query, then body: the first failure is the one answered
        const params = paramsSchema ? parse(paramsSchema, request.params, 'path') : undefined;
        const query = querySchema ? parse(querySchema, request.query, 'query') : undefined;
        const body = bodySchema ? parse(bodySchema, request.body ?? {}, 'body') : undefined;
        const answer = handler({
          body,
          query,
          params,
          meta: new Meta(request),
          request,
          reply,
          principal: auth.principal,
          claims: auth.claims,
          resetToken: auth.resetToken,
        } as RouteInput<AnyEndpoint>);
        // Fastify waits for reply.send after a plain undefined: answer it as an async handler's would be
        return answer === undefined ? Promise.resolve(answer) : answer;
      };
      app.route({
        method: endpoint.method,
        url: endpoint.path,
        ...(options.frozenAnswer ? { schema: { response: { 200: { type: 'object' } } }, serializerCompiler: () => serializeFrozen } : {}),
        // a throw here and a rejected promise reach the error handler alike
        handler: (request, reply) => {
          const auth = authenticate(ctx, endpoint, request, reply);
          return auth instanceof Promise ? auth.then((known) => run(request, reply, known)) : run(request, reply, auth);
        },
      });
    }
  }
}
