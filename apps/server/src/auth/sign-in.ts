import {
  AUTH_MESSAGES,
  CODE_TTL_SECONDS,
  MESSAGES,
  PREAUTH_TTL_SECONDS,
  SESSION_TTL_SECONDS,
  type LoginAnswer,
  type LoginRequest,
  type MessageAnswer,
  type OwnPasswordChange,
} from '@relevo/domain';
import { addSeconds } from '../clock';
import { wakeOutbox, type AppContext } from '../context';
import { AUTH, type Tx } from '../db/database';
import { audit, byUser, byPrincipal } from '../security/audit';
import { checkCode, issueCode, createSession, revokeSession, revokeUserSessions } from './queries';
import { enqueue } from '../delivery/queries';
import { findUserByEmail, findUserById, maySignIn, setPassword, type UserWithCustomer } from '../people/queries';
import { HttpError, ValidationFailure } from '../http/errors';
import type { RequestMeta } from '../http/implement';
import { loginCodeMail, loginCodeSms, mailMessage } from '../delivery/templates';
import type { Principal } from './principals';
import { hashPassword, verifyPassword } from './passwords';
import { checkLimits, clearLimits, countFailures, enforceLimits, wrongCodeBudget, type Limit } from './rate-limit';
import { securityEvent } from '../security/events';
import { confirmCurrentPassword } from './current-password';
import { randomCode, type TokenClaims } from './tokens';
import { sessionVia } from './oidc-queries';

/** Queues a fresh code to the user's e-mail and, when it has one, phone. Answers where it went. */
async function sendCode(ctx: AppContext, tx: Tx, user: UserWithCustomer, sessionId: string): Promise<string[]> {
  const now = ctx.clock.now();
  const code = randomCode();
  // the key names the code row: two quick resends are two codes, each sent (not one swallowed as a repeat)
  const codeId = await issueCode(
    tx,
    {
      sessionId,
      userId: user.id,
      purpose: 'login',
      codeHash: ctx.signer.digest(String(code)),
      expiresAt: addSeconds(now, CODE_TTL_SECONDS),
    },
    now,
  );
  const mail = loginCodeMail(user.name, code, user.language ?? 'en');
  await enqueue(tx, mailMessage(user.email, mail, `login-code:${codeId}:email`), now);
  const delivery = ['e-mail'];
  if (user.phone) {
    await enqueue(
      tx,
      { channel: 'sms', recipient: user.phone, body: loginCodeSms(code), idempotencyKey: `login-code:${codeId}:sms` },
      now,
    );
    delivery.push('SMS');
  }
  return delivery;
}

/** The failure-only limits of a sign-in attempt: this account from this address, and this address. */
function signInLimits(ctx: AppContext, email: string, meta: RequestMeta): { account: Limit; address: Limit } {
  return {
    account: [`login-fail:account:${email.trim().toLowerCase()}|${meta.addressKey}`, ctx.limits.loginPerAccount],
    address: [`login-fail:address:${meta.addressKey}`, ctx.limits.loginPerAddress],
  };
}

/**
 * Step one (docs/product.md#sign-in-sessions-and-secrets): e-mail and password. A wrong password and an unknown e-mail get
 * the same answer after the same work. Success opens a pre-auth session and sends a code.
 *
 * Only failures count toward the limits, and the account's count is kept per address: somebody
 * who keeps trying an account from elsewhere cannot lock its owner out (ASVS V6.3).
 */
export async function login(
  ctx: AppContext,
  body: LoginRequest,
  meta: RequestMeta,
): Promise<{ answer: LoginAnswer; token: string }> {
  const limits = signInLimits(ctx, body.email, meta);
  await checkLimits(ctx, [limits.address, limits.account]);
  const user = await ctx.database.scoped(AUTH, (tx) => findUserByEmail(tx, body.email));
  const passwordOk = await verifyPassword(user?.password_hash, body.password);
  if (!user || !passwordOk) {
    await countFailures(ctx, [limits.address, limits.account]);
    securityEvent(ctx.log, 'sign_in_failed', {
      userId: user?.id ?? null,
      ip: meta.ip,
      detail: { reason: user ? 'wrong password' : 'unknown account' },
    });
    throw new HttpError(401, AUTH_MESSAGES.badCredentials);
  }
  if (!maySignIn(user)) {
    securityEvent(ctx.log, 'sign_in_refused', { userId: user.id, ip: meta.ip, detail: { reason: 'inactive' } });
    throw new HttpError(401, AUTH_MESSAGES.inactive);
  }

  const { token, delivery } = await startCodeStep(ctx, user, meta);
  return { answer: { access_token: token, token_type: 'bearer', delivery }, token };
}

/**
 * The code step of a sign-in that passed its first factor (a password, or a provider of single
 * sign-on): a pre-auth session, its code sent, and the session's token. `alsoIn` runs in the same
 * unit of work (single sign-on marks the session as its own).
 */
export async function startCodeStep(
  ctx: AppContext,
  user: UserWithCustomer,
  meta: RequestMeta,
  alsoIn?: (tx: Tx, sessionId: string) => Promise<void>,
): Promise<{ token: string; delivery: string[] }> {
  const now = ctx.clock.now();
  const expiresAt = addSeconds(now, PREAUTH_TTL_SECONDS);
  const { sessionId, delivery } = await ctx.database.scoped(AUTH, async (tx) => {
    const sessionId = await createSession(
      tx,
      { userId: user.id, kind: 'preauth', expiresAt, ip: meta.ip, userAgent: meta.userAgent },
      now,
    );
    await alsoIn?.(tx, sessionId);
    const delivery = await sendCode(ctx, tx, user, sessionId);
    return { sessionId, delivery };
  });
  await wakeOutbox(ctx);
  const token = await ctx.signer.sign({
    sid: sessionId,
    sub: user.id,
    kind: 'preauth',
    exp: Math.floor(expiresAt.getTime() / 1000),
  });
  return { token, delivery };
}

/**
 * Step two: the code. Right once: a session exists. Wrong five times: the code is void. A user
 * gets at most `wrongCodesPerUserDaily` wrong codes a day across all its sign-ins and SMS resets,
 * so fresh pre-auth sessions do not buy an attacker fresh guesses.
 */
export async function verifyCode(
  ctx: AppContext,
  claims: TokenClaims,
  code: number,
  meta: RequestMeta,
): Promise<{ token: string }> {
  const daily = wrongCodeBudget(ctx, claims.sub);
  await enforceLimits(ctx, [[`code:address:${meta.addressKey}`, ctx.limits.codePerAddress]]);
  await checkLimits(ctx, [daily], AUTH_MESSAGES.dailyCodeLimit, claims.sub);
  const now = ctx.clock.now();
  // the outcome is committed before any error is raised, so wrong tries always count
  const outcome = await ctx.database.scoped(AUTH, async (tx) => {
    const check = await checkCode(tx, claims.sid, ctx.signer.digest(String(code)), now);
    if (check.result !== 'accepted') return { check, sessionId: null, email: null };
    await revokeSession(tx, claims.sid, now);
    const via = await sessionVia(tx, claims.sid);
    const user = await findUserById(tx, claims.sub);
    if (!user || !maySignIn(user)) return { check: { result: 'inactive' as const }, sessionId: null, email: null };
    const sessionId = await createSession(
      tx,
      {
        userId: claims.sub,
        kind: 'session',
        expiresAt: addSeconds(now, SESSION_TTL_SECONDS),
        ip: meta.ip,
        userAgent: meta.userAgent,
      },
      now,
    );
    // docs/product.md#single-sign-on: a code step after the provider is a login by single sign-on
    const detail = via ? { via } : null;
    await audit(tx, { ...byUser(user), action: 'login', entity: 'session', entityId: null, detail }, now);
    return { check, sessionId, email: user.email };
  });
  switch (outcome.check.result) {
    case 'accepted':
      // signed in: this account's failures from this address are forgotten
      await clearLimits(ctx, [signInLimits(ctx, outcome.email!, meta).account[0]]);
      return {
        token: await ctx.signer.sign({
          sid: outcome.sessionId!,
          sub: claims.sub,
          kind: 'session',
          exp: Math.floor(addSeconds(now, SESSION_TTL_SECONDS).getTime() / 1000),
        }),
      };
    case 'wrong':
      await countFailures(ctx, [daily]);
      securityEvent(ctx.log, 'code_wrong', { userId: claims.sub, ip: meta.ip });
      throw new HttpError(400, AUTH_MESSAGES.codeWrong);
    case 'voided':
      await countFailures(ctx, [daily]);
      securityEvent(ctx.log, 'code_voided', { userId: claims.sub, ip: meta.ip });
      throw new HttpError(400, AUTH_MESSAGES.codeVoided);
    case 'inactive':
      securityEvent(ctx.log, 'sign_in_refused', { userId: claims.sub, ip: meta.ip, detail: { reason: 'inactive' } });
      throw new HttpError(401, AUTH_MESSAGES.inactive);
    default:
      throw new HttpError(400, AUTH_MESSAGES.codeExpired);
  }
}

/** Resend Code: a new code replaces the old one; 3 per 10 minutes (docs/product.md#sign-in-sessions-and-secrets). */
export async function resendCode(ctx: AppContext, claims: TokenClaims): Promise<MessageAnswer> {
  await enforceLimits(ctx, [[`resend:${claims.sid}`, ctx.limits.resendPerSession]], AUTH_MESSAGES.resendLimit);
  const sent = await ctx.database.scoped(AUTH, async (tx) => {
    const user = await findUserById(tx, claims.sub);
    if (!user || !maySignIn(user)) return false;
    await sendCode(ctx, tx, user, claims.sid);
    return true;
  });
  if (!sent) throw new HttpError(401, AUTH_MESSAGES.sessionExpired);
  await wakeOutbox(ctx);
  return { Message: MESSAGES.codeResent };
}

export async function logout(ctx: AppContext, principal: Principal): Promise<MessageAnswer> {
  const now = ctx.clock.now();
  await ctx.database.scoped(AUTH, async (tx) => {
    await revokeSession(tx, principal.sessionId, now);
    await audit(tx, { ...byPrincipal(principal), action: 'logout', entity: 'session', entityId: null }, now);
  });
  await ctx.principals.evictSession(principal.sessionId);
  return { Message: 'You have been signed out' };
}

/**
 * Own password (docs/product.md#validation-rules): the current one must be right; the new one follows the rules (checked by
 * the schema). Every other session of the user is revoked; this one stays.
 */
export async function changeOwnPassword(
  ctx: AppContext,
  principal: Principal,
  body: OwnPasswordChange,
): Promise<MessageAnswer> {
  const user = await confirmCurrentPassword(ctx, principal.userId, body.current_password);
  if (body.current_password === body.new_password)
    throw ValidationFailure.field('new_password', AUTH_MESSAGES.samePassword);
  const passwordHash = await hashPassword(body.new_password);
  const now = ctx.clock.now();
  await ctx.database.scoped(AUTH, async (tx) => {
    await setPassword(tx, user.id, passwordHash, now, { forceChange: false, by: user.email });
    await revokeUserSessions(tx, user.id, now, principal.sessionId);
    await audit(
      tx,
      { ...byUser(user), action: 'password', entity: 'user', entityId: user.id, detail: { own: true } },
      now,
    );
  });
  securityEvent(ctx.log, 'password_changed', { userId: user.id, detail: { own: true } });
  await ctx.principals.evictUser(user.id);
  return { Message: MESSAGES.passwordUpdated };
}
