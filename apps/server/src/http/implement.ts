import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
import { timingSafeEqual } from 'node:crypto';
import {
  API_TOKEN_MESSAGES,
  AUTH_MESSAGES,
  INBOUND_MESSAGES,
  INBOUND_SIGNATURE_WINDOW_SECONDS,
  INGEST_MESSAGES,
  mayCall,
  tokenMayCall,
  tokenScopeOf,
  validate,
} from '@relevo/domain';
import type { AnyEndpoint, AuthKind, ParsedBodyOf, ParsedParamsOf, ParsedQueryOf, ResponseOf } from '@relevo/api';
import type { AppContext } from '../context';
import type { Principal } from '../auth/principals';
import type { TokenClaims } from '../auth/tokens';
import { AUTH } from '../db/database';
import { activeSession } from '../auth/queries';
import { HttpError, ValidationFailure, tooManyAttempts } from './errors';
import {
  MAX_API_TOKEN_LENGTH,
  apiTokenCallRefused,
  apiTokenHash,
  isApiToken,
  noteApiTokenUse,
} from '../auth/api-tokens';
import { clearSessionCookie, preauthCookieName, readCookie, sessionCookieName } from './cookies';
import { securityEvent } from '../security/events';
import { addressKey } from '../security/address';
import { isForeignOrigin } from './security';
import { webhookSignature } from '../delivery/channels';
import { unstorableText } from './storable-text';
import { withRequestOrigin } from './request-context';

export interface RequestMeta {
  /** the client address (after TRUST_PROXY), for records and logs */
  ip: string;
  /** what rate limits count the address under: the IPv4 address, or the IPv6 /64 */
  addressKey: string;
  userAgent: string | null;
}

type AuthOf<TAuth extends AuthKind> = TAuth extends 'session'
  ? { principal: Principal }
  : TAuth extends 'preauth'
    ? { claims: TokenClaims }
    : TAuth extends 'resetToken'
      ? { resetToken: string }
      : TAuth extends 'moduleKey'
        ? { moduleKey: ModuleKey }
        : TAuth extends 'signedWebhook'
          ? { rawBody: string }
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

/** What HTTP Basic carries for the ingest API: the module ID and the credential key (checked by the ingest service). */
export interface ModuleKey {
  moduleId: number;
  key: string;
}

/** The module ID and key of an `Authorization: Basic` header, or null when it holds none. */
export function moduleKeyOf(header: string | undefined): ModuleKey | null {
  if (!header || header.length > 400) return null;
  const [scheme, encoded] = header.split(' ');
  if (scheme?.toLowerCase() !== 'basic' || !encoded) return null;
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const id = decoded.slice(0, colon);
  const key = decoded.slice(colon + 1);
  if (colon < 1 || !/^[1-9][0-9]{0,9}$/.test(id) || Number(id) > 2_147_483_647 || key.length === 0) return null;
  return { moduleId: Number(id), key };
}

function parse<S extends v.GenericSchema | undefined>(schema: S, input: unknown, where: 'body' | 'query' | 'path') {
  if (!schema) return undefined;
  if (where === 'body' && (input === null || typeof input !== 'object' || Array.isArray(input))) {
    throw new ValidationFailure([{ loc: ['body'], msg: 'The body must be a JSON object' }]);
  }
  const unstorable = unstorableText(input);
  if (unstorable) throw new ValidationFailure([{ loc: [where, ...unstorable.path], msg: unstorable.message }]);
  const result = validate(schema, input ?? {});
  if (!result.success) throw ValidationFailure.of(where, result.issues);
  return result.output;
}

/** Who calls: at most one of these is set, by the endpoint's kind of authentication. */
interface Auth {
  principal?: Principal;
  claims?: TokenClaims;
  resetToken?: string;
  moduleKey?: ModuleKey;
  rawBody?: string;
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
  get addressKey(): string {
    return addressKey(this.#request.ip);
  }
  get userAgent(): string | null {
    return this.#request.headers['user-agent'] ?? null;
  }
}

/** The route of a request for a log line: method and path, never the query (a search text). */
const routeOf = (request: FastifyRequest) =>
  `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;

/**
 * Checks who calls, before anything else of the request is read: an anonymous caller learns
 * nothing about the validation of a protected endpoint. A session whose token and principal are
 * cached is answered at once; only a first sight of a token, a cache miss or a pre-auth check
 * waits.
 */
function authenticate(
  ctx: AppContext,
  endpoint: AnyEndpoint,
  request: FastifyRequest,
  reply: FastifyReply,
): Auth | Promise<Auth> {
  switch (endpoint.auth) {
    case 'public':
      return PUBLIC;
    case 'session': {
      const now = ctx.clock.now();
      const fromHeader = bearer(request);
      // docs/product.md#api-tokens: a token is only ever read from the header, so it never signs in a browser
      if (fromHeader !== null && isApiToken(fromHeader)) return withApiToken(ctx, endpoint, request, fromHeader);
      const token = fromHeader ?? readCookie(request, sessionCookieName(ctx.config));
      const known = ctx.signer.known(token, SESSION_KINDS, now);
      if (known === undefined) {
        return ctx.signer
          .verify(token, SESSION_KINDS, now)
          .then((claims) => withPrincipal(ctx, endpoint, request, reply, claims, token, fromHeader !== null));
      }
      return withPrincipal(ctx, endpoint, request, reply, known, token, fromHeader !== null);
    }
    case 'preauth':
      return preauthenticate(ctx, request);
    case 'resetToken': {
      // an opaque token: the reset service looks it up (it must not reveal whether an account exists)
      const resetToken = bearer(request);
      if (!resetToken || resetToken.length > 200) throw new HttpError(401, AUTH_MESSAGES.resetRequestExpired);
      return { resetToken };
    }
    case 'moduleKey': {
      const moduleKey = moduleKeyOf(request.headers.authorization);
      if (!moduleKey) {
        securityEvent(ctx.log, 'unauthenticated', {
          ip: request.ip,
          reqId: request.id,
          route: routeOf(request),
          detail: { reason: 'no module credentials' },
        });
        throw new HttpError(401, INGEST_MESSAGES.badCredentials, { 'www-authenticate': 'Basic realm="Relevo"' });
      }
      return { moduleKey };
    }
    case 'signedWebhook':
      return { rawBody: verifiedWebhook(ctx, request) };
  }
}

/** The largest body the inbound webhook takes: a reply, a key press or a delivery report is small. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * The raw body of a signed webhook request (docs/product.md#answers-by-sms-and-voice): 404 while INBOUND_WEBHOOK_SECRET is
 * unset (the endpoint is off); 401 unless X-Relevo-Signature is the HMAC of
 * `{X-Relevo-Timestamp}.{raw body}` (compared in constant time) and the timestamp is within 5
 * minutes of now (an old request played again is refused).
 */
function verifiedWebhook(ctx: AppContext, request: FastifyRequest): string {
  const secret = ctx.config.inboundWebhookSecret;
  if (!secret)
    throw new HttpError(404, 'The inbound webhook is off on this server (INBOUND_WEBHOOK_SECRET is not set)');
  const raw = (request as FastifyRequest & { rawBody?: string }).rawBody ?? '';
  const refuse = (message: string, reason: string) => {
    securityEvent(ctx.log, 'unauthenticated', {
      ip: request.ip,
      reqId: request.id,
      route: routeOf(request),
      detail: { reason },
    });
    return new HttpError(401, message);
  };
  const timestamp = request.headers['x-relevo-timestamp'];
  const signature = request.headers['x-relevo-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string' || !/^[0-9]{1,12}$/.test(timestamp))
    throw refuse(INBOUND_MESSAGES.notSigned, 'webhook not signed');
  const expected = Buffer.from(webhookSignature(secret, Number(timestamp), raw), 'hex');
  const given = Buffer.from(/^[0-9a-f]{64}$/i.test(signature) ? signature : '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw refuse(INBOUND_MESSAGES.badSignature, 'webhook signature does not match');
  if (Math.abs(ctx.clock.now().getTime() / 1000 - Number(timestamp)) > INBOUND_SIGNATURE_WINDOW_SECONDS)
    throw refuse(INBOUND_MESSAGES.stale, 'webhook timestamp out of window');
  return raw;
}

/** The principal of a verified token's session: at once when cached, else read from the database. */
function withPrincipal(
  ctx: AppContext,
  endpoint: AnyEndpoint,
  request: FastifyRequest,
  reply: FastifyReply,
  claims: TokenClaims | null,
  token: string | undefined,
  fromHeader: boolean,
): Auth | Promise<Auth> {
  if (!claims) {
    if (!fromHeader && token) clearSessionCookie(reply, ctx.config);
    throw unauthenticated(ctx, request, token ? 'bad or expired token' : 'no token');
  }
  const cached = ctx.principals.cached(claims.sid, ctx.clock.now().getTime());
  if (cached !== undefined) return admit(ctx, endpoint, request, reply, claims, cached, fromHeader);
  return ctx.principals
    .get(claims.sid)
    .then((principal) => admit(ctx, endpoint, request, reply, claims, principal, fromHeader));
}

function unauthenticated(ctx: AppContext, request: FastifyRequest, reason: string, userId?: number): HttpError {
  securityEvent(ctx.log, 'unauthenticated', {
    userId: userId ?? null,
    ip: request.ip,
    reqId: request.id,
    route: routeOf(request),
    detail: { reason },
  });
  return new HttpError(401, AUTH_MESSAGES.notAuthenticated);
}

function forbidden(
  ctx: AppContext,
  request: FastifyRequest,
  principal: Principal,
  detail: string,
  reason: string,
): HttpError {
  securityEvent(ctx.log, 'forbidden', {
    userId: principal.userId,
    ip: request.ip,
    reqId: request.id,
    route: routeOf(request),
    detail: { reason, role: principal.role },
  });
  return new HttpError(403, detail);
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
    throw unauthenticated(ctx, request, 'session ended', claims.sub);
  }
  if (!fromHeader && request.method !== 'GET' && isForeignOrigin(request, ctx.config.publicUrl)) {
    throw forbidden(ctx, request, principal, 'Cross-site request refused', 'foreign origin');
  }
  // an account flagged force_change_password may only read itself, sign out and change its password
  if (principal.user.force_change_password && !endpoint.duringForcedPasswordChange) {
    throw forbidden(ctx, request, principal, AUTH_MESSAGES.passwordChangeRequired, 'password change required');
  }
  // the same check the screens use to show a button
  if (mayCall(principal.role, endpoint)) return { principal };
  throw forbidden(ctx, request, principal, AUTH_MESSAGES.forbidden, 'role');
}

/** The owner of an API token, if the token still works and its scopes and the owner's role allow the call. */
async function withApiToken(
  ctx: AppContext,
  endpoint: AnyEndpoint,
  request: FastifyRequest,
  token: string,
): Promise<Auth> {
  const principal = token.length > MAX_API_TOKEN_LENGTH ? null : await ctx.principals.fromToken(apiTokenHash(token));
  if (!principal || principal.tokenId === undefined) {
    securityEvent(ctx.log, 'unauthenticated', {
      ip: request.ip,
      reqId: request.id,
      route: routeOf(request),
      detail: { reason: 'unknown, expired or revoked API token' },
    });
    throw new HttpError(401, API_TOKEN_MESSAGES.badToken);
  }
  if (principal.user.force_change_password) {
    throw forbidden(ctx, request, principal, AUTH_MESSAGES.passwordChangeRequired, 'password change required');
  }
  if (!mayCall(principal.role, endpoint)) throw forbidden(ctx, request, principal, AUTH_MESSAGES.forbidden, 'role');
  if (!tokenMayCall(principal.role, principal.tokenScopes ?? [], endpoint)) {
    const message = tokenScopeOf(endpoint) === null ? API_TOKEN_MESSAGES.sessionOnly : API_TOKEN_MESSAGES.scopeMissing;
    throw forbidden(ctx, request, principal, message, 'token scope');
  }
  const wait = apiTokenCallRefused(ctx, principal.tokenId);
  if (wait !== null) {
    securityEvent(ctx.log, 'rate_limited', {
      userId: principal.userId,
      ip: request.ip,
      reqId: request.id,
      route: routeOf(request),
      detail: { limits: 'api token', token: principal.tokenId },
    });
    throw tooManyAttempts(wait, API_TOKEN_MESSAGES.tooManyCalls);
  }
  await noteApiTokenUse(ctx, principal.tokenId, request.ip);
  return { principal };
}

async function preauthenticate(ctx: AppContext, request: FastifyRequest): Promise<Auth> {
  const now = ctx.clock.now();
  const token = bearer(request) ?? readCookie(request, preauthCookieName(ctx.config));
  const claims = await ctx.signer.verify(token, PREAUTH_KINDS, now);
  if (!claims) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
  const session = await ctx.database.scoped(AUTH, (tx) => activeSession(tx, claims.sid, 'preauth', now));
  if (!session || session.user_id !== claims.sub) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
  return { claims };
}

export interface RouteOptions {
  /**
   * The answer is a long-lived, deeply frozen object answered again and again (the session user
   * of a cached principal): its JSON is made once per object and kept while the object lives.
   */
  frozenAnswer?: boolean;
  /**
   * A body that is not JSON reaches the handler as `UNREADABLE_JSON` instead of a 400 from the
   * parser: the handler answers it in its own words (PagerDuty's, for the Events API v2).
   */
  lenientJson?: boolean;
  /**
   * The handler checks a signature over the body as it was sent (a provider's callback): the body
   * is kept as text beside its parse, and form bodies are read as well as JSON.
   */
  rawBody?: boolean;
  /** The largest body this route takes, in bytes, when it is not the server's (an export file to import). */
  bodyLimit?: number;
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
          moduleKey: auth.moduleKey,
          rawBody: auth.rawBody,
        } as RouteInput<AnyEndpoint>);
        // Fastify waits for reply.send after a plain undefined: answer it as an async handler's would be
        return answer === undefined ? Promise.resolve(answer) : answer;
      };
      app.route({
        method: endpoint.method,
        url: endpoint.path,
        ...(options.frozenAnswer
          ? { schema: { response: { 200: { type: 'object' } } }, serializerCompiler: () => serializeFrozen }
          : {}),
        // a signature covers the body as it was sent: the JSON parser keeps it (http/app.ts)
        ...(endpoint.auth === 'signedWebhook'
          ? { config: { rawBody: true }, bodyLimit: WEBHOOK_BODY_LIMIT }
          : options.rawBody
            ? { config: { rawBody: true, form: true }, bodyLimit: WEBHOOK_BODY_LIMIT }
            : options.lenientJson
              ? { config: { lenientJson: true } }
              : {}),
        ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
        // a throw here and a rejected promise reach the error handler alike
        handler: (request, reply) => {
          const auth = authenticate(ctx, endpoint, request, reply);
          const handle = (known: Auth) =>
            withRequestOrigin(request, known.principal?.tokenId ?? null, () => run(request, reply, known));
          return auth instanceof Promise ? auth.then(handle) : handle(auth);
        },
      });
    }
  }
}
