import * as oidc from 'openid-client';
import {
  Role,
  SESSION_TTL_SECONDS,
  SSO_CODE_STEP_PATH,
  emailDomain,
  isInsecureIssuer,
  type SsoErrorCode,
} from '@relevo/domain';
import { addSeconds } from '../clock';
import type { AppContext } from '../context';
import type { OidcProviderConfig } from '../config';
import { AUTH, SYSTEM } from '../db/database';
import { HttpError } from '../http/errors';
import type { RequestMeta } from '../http/implement';
import { findUserByEmail, insertUser, maySignIn, type UserWithCustomer } from '../people/queries';
import { audit, byUser } from '../security/audit';
import { securityEvent } from '../security/events';
import { hashPassword } from './passwords';
import { createSession } from './queries';
import { enforceLimits } from './rate-limit';
import { startCodeStep } from './sign-in';
import { randomToken } from './tokens';
import {
  customerOfDomain,
  customerSsoOf,
  customerTakesSsoUsers,
  markSsoSession,
  ssoSecretPlace,
  startSsoLogin,
  takeSsoLogin,
  type SsoLogin,
} from './oidc-queries';

/**
 * Single sign-on with OpenID Connect (docs/product.md#single-sign-on), on `openid-client`: the
 * e-mail's domain chooses the provider (the claiming customer's own, else the deployment's), the
 * browser goes there with state, nonce and PKCE, and comes back with a code that the server
 * exchanges for an ID token, checked for its issuer, audience, expiry, nonce and signature. The
 * verified e-mail then names the account, and the sign-in goes on as after a password (the
 * e-mailed code) or, when the deployment says the providers already asked for two factors, ends
 * with a session.
 */

/** How long a sign-in may stay at the provider. */
export const SSO_LOGIN_TTL_SECONDS = 10 * 60;
/** The discovered metadata of an issuer is asked again after this long. */
const METADATA_TTL_MS = 10 * 60 * 1000;
const SCOPE = 'openid email profile';
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';

/** A provider chosen for a sign-in: the deployment's (customerId null) or a customer's own. */
interface SsoProvider extends OidcProviderConfig {
  customerId: number | null;
}

/** Where the browser goes next: the provider, the dashboard or the sign-in screen; and the cookies to write. */
export type SsoOutcome =
  | { kind: 'provider'; location: string; state: string }
  | { kind: 'session'; token: string }
  | { kind: 'code'; token: string }
  | { kind: 'refused'; error: SsoErrorCode };

/** A refusal that ends on the sign-in screen with its message. */
class SsoRefusal extends Error {
  constructor(
    readonly error: SsoErrorCode,
    readonly reason: string,
    readonly userId: number | null = null,
    readonly extra: Record<string, string | number | boolean | null> = {},
  ) {
    super(reason);
  }
}

const metadataCache = new Map<string, { metadata: oidc.ServerMetadata; until: number }>();

/** The issuer's discovered metadata, checked by the OpenID client (its issuer must be the one configured). */
async function serverMetadata(provider: SsoProvider): Promise<oidc.ServerMetadata> {
  const cached = metadataCache.get(provider.issuer);
  if (cached && cached.until > Date.now()) return cached.metadata;
  const discovered = await oidc.discovery(
    new URL(provider.issuer),
    provider.clientId,
    undefined,
    undefined,
    isInsecureIssuer(provider.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
  const metadata = discovered.serverMetadata();
  metadataCache.set(provider.issuer, { metadata, until: Date.now() + METADATA_TTL_MS });
  return metadata;
}

/**
 * The client of one provider. Its checks of time (the ID token's expiry) follow the server's clock,
 * so they are the same as every other expiry of the server's.
 */
async function clientOf(ctx: AppContext, provider: SsoProvider): Promise<oidc.Configuration> {
  const metadata = await serverMetadata(provider);
  const skew = Math.round((ctx.clock.now().getTime() - Date.now()) / 1000);
  const methods = metadata.token_endpoint_auth_methods_supported;
  const authentication =
    methods && !methods.includes('client_secret_basic') && methods.includes('client_secret_post')
      ? oidc.ClientSecretPost(provider.clientSecret)
      : oidc.ClientSecretBasic(provider.clientSecret);
  const config = new oidc.Configuration(metadata, provider.clientId, { [oidc.clockSkew]: skew }, authentication);
  if (isInsecureIssuer(provider.issuer)) oidc.allowInsecureRequests(config);
  return config;
}

const redirectUri = (ctx: AppContext) => `${ctx.config.publicUrl}${SSO_CALLBACK_PATH}`;

/** The provider of a customer: its own, else none (the deployment's is the caller's fallback). */
async function customerProvider(ctx: AppContext, customerId: number): Promise<SsoProvider | null> {
  const stored = await ctx.database.scoped(AUTH, (tx) => customerSsoOf(tx, customerId));
  if (!stored) return null;
  return {
    customerId,
    issuer: stored.issuer,
    clientId: stored.client_id,
    clientSecret: ctx.delivery.box.open(ssoSecretPlace(customerId), stored.client_secret),
  };
}

const deploymentProvider = (ctx: AppContext): SsoProvider | null =>
  ctx.config.oidc ? { customerId: null, ...ctx.config.oidc } : null;

/** docs/product.md#single-sign-on: the customer claiming the e-mail's domain picks its own provider; else the deployment's. */
async function providerForEmail(ctx: AppContext, email: string): Promise<SsoProvider | null> {
  const customerId = await ctx.database.scoped(AUTH, (tx) => customerOfDomain(tx, emailDomain(email)));
  const own = customerId === null ? null : await customerProvider(ctx, customerId);
  return own ?? deploymentProvider(ctx);
}

const limitsOf = (ctx: AppContext, meta: RequestMeta) =>
  [[`sso:address:${meta.addressKey}`, ctx.limits.ssoPerAddress]] as [string, typeof ctx.limits.ssoPerAddress][];

/** Runs a step, turning its refusals (and a 429 of the limits) into the sign-in screen's message. */
async function refusing(ctx: AppContext, meta: RequestMeta, step: () => Promise<SsoOutcome>): Promise<SsoOutcome> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof HttpError && error.status === 429) return { kind: 'refused', error: 'busy' };
    if (error instanceof SsoRefusal) {
      securityEvent(ctx.log, 'sign_in_refused', {
        userId: error.userId,
        ip: meta.ip,
        detail: { via: 'sso', reason: error.reason, ...error.extra },
      });
      return { kind: 'refused', error: error.error };
    }
    throw error;
  }
}

/** Step one: the provider of the e-mail, and a sign-in kept for its callback. */
export function startSso(ctx: AppContext, email: string, meta: RequestMeta): Promise<SsoOutcome> {
  return refusing(ctx, meta, async () => {
    await enforceLimits(ctx, limitsOf(ctx, meta));
    const provider = await providerForEmail(ctx, email);
    if (!provider) throw new SsoRefusal('unavailable', 'no provider for the e-mail');
    let client: oidc.Configuration;
    try {
      client = await clientOf(ctx, provider);
    } catch (error) {
      throw new SsoRefusal('failed', 'provider unreachable', null, { error: errorCode(error) });
    }
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const verifier = oidc.randomPKCECodeVerifier();
    const now = ctx.clock.now();
    await ctx.database.scoped(AUTH, (tx) =>
      startSsoLogin(
        tx,
        {
          stateDigest: ctx.signer.digest(state),
          nonce,
          code_verifier: verifier,
          customer_id: provider.customerId,
          expiresAt: addSeconds(now, SSO_LOGIN_TTL_SECONDS),
        },
        now,
      ),
    );
    const location = oidc.buildAuthorizationUrl(client, {
      redirect_uri: redirectUri(ctx),
      scope: SCOPE,
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      login_hint: email,
    });
    return { kind: 'provider', location: location.href, state };
  });
}

/** What a failed check of the OpenID client names: its code and the claim, never a token. */
function errorCode(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' ? code.slice(0, 80) : 'error';
}
/** The claim a check refused (the OpenID client wraps its protocol library's error, whose cause names it). */
function claimOf(error: unknown): string | null {
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause && typeof cause === 'object'; depth++) {
    const claim = (cause as { claim?: unknown }).claim;
    if (typeof claim === 'string') return claim.slice(0, 40);
    cause = (cause as { cause?: unknown }).cause;
  }
  return null;
}

/** The verified e-mail of the sign-in: from the ID token, else from the provider's user info. */
async function verifiedEmail(
  client: oidc.Configuration,
  tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
): Promise<string> {
  const claims = tokens.claims();
  if (!claims) throw new SsoRefusal('failed', 'no id token');
  let email = claims.email;
  let verified = claims.email_verified;
  if (typeof email !== 'string') {
    const info = await oidc.fetchUserInfo(client, tokens.access_token, claims.sub);
    email = info.email;
    verified = info.email_verified;
  }
  if (typeof email !== 'string' || !email.includes('@')) throw new SsoRefusal('failed', 'no e-mail claim');
  if (verified !== true) throw new SsoRefusal('unverified', 'e-mail not verified');
  return email.trim().toLowerCase();
}

/**
 * docs/product.md#single-sign-on: the account of a verified e-mail. A customer's own provider signs
 * in only that customer's users, and a user of a customer with its own provider signs in only
 * through it. Without an account, OIDC_CREATE_USERS makes one (role Customer) in the customer
 * claiming the e-mail's domain, when that customer's provider (its own, else the deployment's)
 * vouched for it.
 */
async function accountOf(ctx: AppContext, email: string, provider: SsoProvider): Promise<UserWithCustomer> {
  const user = await ctx.database.scoped(AUTH, (tx) => findUserByEmail(tx, email));
  if (user) {
    if (provider.customerId !== null && user.customer_id !== provider.customerId)
      throw new SsoRefusal('account', "another customer's provider", user.id);
    if (provider.customerId === null) {
      const own = await ctx.database.scoped(AUTH, (tx) => customerSsoOf(tx, user.customer_id));
      if (own) throw new SsoRefusal('account', "the customer's own provider must be used", user.id);
    }
    if (!maySignIn(user)) throw new SsoRefusal('account', 'inactive', user.id);
    return user;
  }
  if (!ctx.config.oidcCreateUsers) throw new SsoRefusal('account', 'unknown account');
  const customerId = await ctx.database.scoped(AUTH, (tx) => customerOfDomain(tx, emailDomain(email)));
  if (customerId === null) throw new SsoRefusal('account', 'unknown account, domain not claimed');
  if (provider.customerId !== null && provider.customerId !== customerId)
    throw new SsoRefusal('account', "unknown account, another customer's domain");
  if (provider.customerId === null && (await customerProvider(ctx, customerId)))
    throw new SsoRefusal('account', "unknown account, the customer's own provider must be used");
  return createSsoUser(ctx, email, customerId);
}

/** A Customer user for a verified e-mail: named from its domain's local part, with a password nobody knows. */
async function createSsoUser(ctx: AppContext, email: string, customerId: number): Promise<UserWithCustomer> {
  const now = ctx.clock.now();
  const passwordHash = await hashPassword(randomToken());
  const local = email.slice(0, email.lastIndexOf('@')).slice(0, 100) || email;
  const id = await ctx.database.scoped(SYSTEM, async (tx) => {
    if (!(await customerTakesSsoUsers(tx, customerId))) return null;
    const id = await insertUser(
      tx,
      {
        customerId,
        name: local,
        lastName: '-',
        email,
        phone: null,
        passwordHash,
        roleId: Role.Customer,
        status: 1,
        forceChangePassword: false,
        createdBy: 'single sign-on',
      },
      now,
    );
    if (id !== null)
      await audit(
        tx,
        {
          customerId,
          actor: null,
          action: 'create',
          entity: 'user',
          entityId: id,
          detail: { via: 'sso' },
          after: { id, email, rol_id: Role.Customer, customer_id: customerId },
        },
        now,
      );
    return id;
  });
  if (id === null) throw new SsoRefusal('account', 'customer takes no users');
  const user = await ctx.database.scoped(AUTH, (tx) => findUserByEmail(tx, email));
  if (!user) throw new SsoRefusal('account', 'created user not found');
  return user;
}

/** Step two: the provider's answer; a session, the code step, or a refusal. */
export function finishSso(
  ctx: AppContext,
  currentUrl: URL,
  stateCookie: string | undefined,
  meta: RequestMeta,
): Promise<SsoOutcome> {
  return refusing(ctx, meta, async () => {
    await enforceLimits(ctx, limitsOf(ctx, meta));
    const state = currentUrl.searchParams.get('state');
    // the state must be the one this browser was sent with: another's answer does not sign it in
    if (!state || !stateCookie || state !== stateCookie) throw new SsoRefusal('failed', 'state does not match');
    const now = ctx.clock.now();
    const login: SsoLogin | undefined = await ctx.database.scoped(AUTH, (tx) =>
      takeSsoLogin(tx, ctx.signer.digest(state), now),
    );
    if (!login) throw new SsoRefusal('failed', 'state unknown, used or expired');
    const providerError = currentUrl.searchParams.get('error');
    if (providerError) throw new SsoRefusal('failed', 'provider error', null, { error: providerError.slice(0, 80) });
    const provider =
      login.customer_id === null ? deploymentProvider(ctx) : await customerProvider(ctx, login.customer_id);
    if (!provider) throw new SsoRefusal('failed', 'provider no longer set up');

    let email: string;
    try {
      const client = await clientOf(ctx, provider);
      const tokens = await oidc.authorizationCodeGrant(client, currentUrl, {
        pkceCodeVerifier: login.code_verifier,
        expectedState: state,
        expectedNonce: login.nonce,
        idTokenExpected: true,
      });
      email = await verifiedEmail(client, tokens);
    } catch (error) {
      if (error instanceof SsoRefusal) throw error;
      throw new SsoRefusal('failed', 'id token refused', null, { error: errorCode(error), claim: claimOf(error) });
    }

    const user = await accountOf(ctx, email, provider);
    return ctx.config.oidcProviderMfa ? openSession(ctx, user, meta) : startSsoCodeStep(ctx, user, meta);
  });
}

/** OIDC_PROVIDER_MFA: the provider asked for two factors; the session opens at once. */
async function openSession(ctx: AppContext, user: UserWithCustomer, meta: RequestMeta): Promise<SsoOutcome> {
  const now = ctx.clock.now();
  const expiresAt = addSeconds(now, SESSION_TTL_SECONDS);
  const sessionId = await ctx.database.scoped(AUTH, async (tx) => {
    const sessionId = await createSession(
      tx,
      { userId: user.id, kind: 'session', expiresAt, ip: meta.ip, userAgent: meta.userAgent },
      now,
    );
    await markSsoSession(tx, sessionId);
    await audit(
      tx,
      { ...byUser(user), action: 'login', entity: 'session', entityId: null, detail: { via: 'sso' } },
      now,
    );
    return sessionId;
  });
  const token = await ctx.signer.sign({
    sid: sessionId,
    sub: user.id,
    kind: 'session',
    exp: Math.floor(expiresAt.getTime() / 1000),
  });
  return { kind: 'session', token };
}

/** The e-mailed code follows, as after a password; its login is audited as by single sign-on. */
async function startSsoCodeStep(ctx: AppContext, user: UserWithCustomer, meta: RequestMeta): Promise<SsoOutcome> {
  const { token } = await startCodeStep(ctx, user, meta, markSsoSession);
  return { kind: 'code', token };
}

/** Where the browser lands after the callback: a path of this server (the browser stays on its origin). */
export function landingOf(outcome: Exclude<SsoOutcome, { kind: 'provider' }>): string {
  switch (outcome.kind) {
    case 'session':
      return '/';
    case 'code':
      return SSO_CODE_STEP_PATH;
    default:
      return `/login?sso_error=${outcome.error}`;
  }
}
