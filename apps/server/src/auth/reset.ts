import {
  AUTH_MESSAGES,
  CODE_TTL_SECONDS,
  MESSAGES,
  RESET_LINK_TTL_SECONDS,
  type EmailResetStart,
  type MessageAnswer,
  type NewPassword,
  type SmsResetStart,
  type SmsResetVerify,
} from '@relevo/domain';
import { addSeconds } from '../clock';
import { wakeOutbox, type AppContext } from '../context';
import { AUTH, type Tx } from '../db/database';
import { audit, byUser } from '../security/audit';
import { enqueue, OUTBOX_CHANNEL } from '../delivery/queries';
import {
  checkSmsReset,
  findSmsReset,
  insertResetLink,
  insertSmsResetRequest,
  retireResetLinks,
  useResetLink,
  type LiveSmsReset,
  type SmsResetCheck,
  revokeUserSessions,
} from './queries';
import {
  findUserByEmail,
  findUserById,
  findUsersByPhone,
  maySignIn,
  setPassword,
  type UserWithCustomer,
} from '../people/queries';
import { wakeAfterCommit } from '../db/wake';
import {
  passwordResetNoticeMail,
  passwordResetNoticeSms,
  mailMessage,
  resetCodeSms,
  resetLinkMail,
} from '../delivery/templates';
import { securityEvent } from '../security/events';
import { HttpError } from '../http/errors';
import type { RequestMeta } from '../http/implement';
import { hashPassword } from './passwords';
import {
  checkLimits,
  countFailuresAhead,
  enforceLimits,
  giveBackFailures,
  refusal,
  wrongCodeBudget,
  wrongResetCodeBudget,
  type Limit,
} from './rate-limit';
import { randomCode, randomToken } from './tokens';

/**
 * The start of a reset answers after the same time whether or not an account matched, so its
 * timing cannot tell either (docs/product.md#sign-in-sessions-and-secrets: no account enumeration). Everything the start
 * does runs inside the floor, the limits included; the only work that differs (the rows of a
 * matched account) ends long before it, and the outbox is woken after the commit without being
 * waited for (a NOTIFY waits its turn behind other notifying commits, and a wake-up that joins one
 * on its way waits for the next, 20 ms later: db/wake.ts).
 */
const START_FLOOR_MS = 200;

async function withFloor<T>(work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    const left = START_FLOOR_MS - (Date.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

/**
 * Sets the new password, revokes every session of the user, retires other reset links, and tells
 * the user on the other channel where it has one (an e-mail reset is told by SMS, an SMS reset by
 * e-mail). `key` names the reset (its token's digest) for the notice's idempotency key.
 */
async function applyNewPassword(
  ctx: AppContext,
  tx: Tx,
  userId: number,
  password: string,
  via: 'email' | 'sms',
  key: string,
  now: Date,
) {
  const user = await findUserById(tx, userId);
  if (!user) return null;
  await setPassword(tx, userId, await hashPassword(password), now, { forceChange: false, by: user.email });
  await revokeUserSessions(tx, userId, now);
  await retireResetLinks(tx, userId, now);
  await audit(tx, { ...byUser(user), action: 'reset', entity: 'user', entityId: user.id, detail: { via } }, now);
  if (via === 'email' && user.phone) {
    await enqueue(
      tx,
      {
        channel: 'sms',
        recipient: user.phone,
        body: passwordResetNoticeSms(via),
        idempotencyKey: `reset-notice:${key}:sms`,
      },
      now,
    );
  }
  if (via === 'sms') {
    const mail = passwordResetNoticeMail(user.name, via, user.language ?? 'en');
    await enqueue(tx, mailMessage(user.email, mail, `reset-notice:${key}:email`), now);
  }
  return user;
}

/** After a reset committed: the notice goes out, every cached session of the user is dropped, the event is logged. */
async function afterReset(ctx: AppContext, userId: number, via: 'email' | 'sms', meta: RequestMeta): Promise<void> {
  await wakeOutbox(ctx);
  await ctx.principals.evictUser(userId);
  securityEvent(ctx.log, 'password_reset', { userId, ip: meta.ip, detail: { via } });
}

/** docs/product.md#password-reset e-mail step 1: a single-use link valid 30 minutes, sent only when an account matches. */
export function startEmailReset(ctx: AppContext, body: EmailResetStart, meta: RequestMeta): Promise<MessageAnswer> {
  return withFloor(async () => {
    await enforceLimits(ctx, [
      [`reset:ip:${meta.addressKey}`, ctx.limits.resetPerAddress],
      [`reset:email:${body.email}`, ctx.limits.resetPerAccount],
    ]);
    await ctx.database.scoped(AUTH, async (tx) => {
      const user = await findUserByEmail(tx, body.email);
      if (!user || !maySignIn(user)) return;
      const now = ctx.clock.now();
      const token = randomToken(32);
      await insertResetLink(
        tx,
        {
          userId: user.id,
          tokenHash: ctx.signer.digest(token),
          expiresAt: addSeconds(now, RESET_LINK_TTL_SECONDS),
          ip: meta.ip,
        },
        now,
      );
      const mail = resetLinkMail(
        user.name,
        `${ctx.config.publicUrl}/reset_password/email/${token}`,
        user.language ?? 'en',
      );
      await enqueue(tx, mailMessage(user.email, mail, `reset-link:${ctx.signer.digest(token)}`), now);
      wakeAfterCommit(tx, OUTBOX_CHANNEL);
    });
    return { Message: AUTH_MESSAGES.resetSent };
  });
}

/** docs/product.md#password-reset e-mail step 3: the link's token and the new password (docs/product.md#validation-rules rules, checked by the schema). */
export async function confirmEmailReset(
  ctx: AppContext,
  token: string,
  body: NewPassword,
  meta: RequestMeta,
): Promise<MessageAnswer> {
  await enforceLimits(ctx, [[`reset-confirm:ip:${meta.addressKey}`, ctx.limits.resetVerifyPerAddress]]);
  const now = ctx.clock.now();
  const user = await ctx.database.scoped(AUTH, async (tx) => {
    const digest = ctx.signer.digest(token);
    const userId = await useResetLink(tx, digest, now);
    return userId === null ? null : applyNewPassword(ctx, tx, userId, body.new_password, 'email', digest, now);
  });
  if (!user) throw new HttpError(400, AUTH_MESSAGES.resetLinkInvalid);
  await afterReset(ctx, user.id, 'email', meta);
  return { Message: MESSAGES.resetEmailDone };
}

/**
 * docs/product.md#password-reset SMS step 1: answers a token in every case; a code goes out by SMS only when exactly one
 * active account has that phone. A phone whose wrong codes of the day are spent gets no new code.
 */
export function startSmsReset(
  ctx: AppContext,
  body: SmsResetStart,
  meta: RequestMeta,
): Promise<{ token: string; Message: string }> {
  return withFloor(async () => {
    const phoneDigest = ctx.signer.digest(body.phone);
    await enforceLimits(ctx, [
      [`reset:ip:${meta.addressKey}`, ctx.limits.resetPerAddress],
      [`reset:phone:${body.phone}`, ctx.limits.resetPerAccount],
    ]);
    await checkLimits(ctx, [wrongResetCodeBudget(ctx, phoneDigest)], AUTH_MESSAGES.resetDailyCodeLimit);
    const token = randomToken(32);
    await ctx.database.scoped(AUTH, async (tx) => {
      const now = ctx.clock.now();
      const matches = (await findUsersByPhone(tx, body.phone)).filter(maySignIn);
      // a phone shared by several accounts cannot say whose password to reset
      const user = matches.length === 1 ? matches[0]! : null;
      const code = user ? randomCode() : null;
      await insertSmsResetRequest(
        tx,
        {
          tokenHash: ctx.signer.digest(token),
          userId: user?.id ?? null,
          codeHash: code ? ctx.signer.digest(String(code)) : null,
          phoneDigest,
          expiresAt: addSeconds(now, CODE_TTL_SECONDS),
          ip: meta.ip,
        },
        now,
      );
      if (user && code) {
        await enqueue(
          tx,
          {
            channel: 'sms',
            recipient: body.phone,
            body: resetCodeSms(code),
            idempotencyKey: `sms-reset:${ctx.signer.digest(token)}`,
          },
          now,
        );
        wakeAfterCommit(tx, OUTBOX_CHANNEL);
      }
    });
    return { token, Message: AUTH_MESSAGES.smsResetSent };
  });
}

/** The day's wrong-code budgets a reset request spends: its phone's, and its account's (shared with sign-in codes). */
function resetCodeBudgets(ctx: AppContext, request: LiveSmsReset): Limit[] {
  const budgets: Limit[] = [];
  if (request.phoneDigest !== null) budgets.push(wrongResetCodeBudget(ctx, request.phoneDigest));
  if (request.userId !== null) budgets.push(wrongCodeBudget(ctx, request.userId));
  return budgets;
}

interface VerifyOutcome {
  check: SmsResetCheck | { result: 'refused'; error: HttpError };
  user: UserWithCustomer | null;
  userId: number | null;
}

/** docs/product.md#password-reset SMS step 2: code, password and password verified, with the step-1 token as bearer. */
export async function verifySmsReset(
  ctx: AppContext,
  token: string,
  body: SmsResetVerify,
  meta: RequestMeta,
): Promise<MessageAnswer> {
  await enforceLimits(ctx, [[`reset-verify:ip:${meta.addressKey}`, ctx.limits.resetVerifyPerAddress]]);
  const now = ctx.clock.now();
  // the check is committed before any error is raised, so wrong tries always count
  const outcome = await ctx.database.scoped(AUTH, async (tx): Promise<VerifyOutcome> => {
    const digest = ctx.signer.digest(token);
    const request = await findSmsReset(tx, digest, now);
    if (typeof request === 'string') return { check: { result: request }, user: null, userId: null };
    // every try is counted before the code is compared and given back when it was right: parallel
    // guesses are counted one after the other, none past the day's budget
    const budgets = resetCodeBudgets(ctx, request);
    const verdicts = await countFailuresAhead(tx, budgets, now);
    const refused = refusal(ctx, budgets, verdicts, AUTH_MESSAGES.resetDailyCodeLimit, request.userId);
    if (refused) {
      await giveBackFailures(tx, budgets);
      return { check: { result: 'refused', error: refused }, user: null, userId: request.userId };
    }
    const check = await checkSmsReset(tx, request, ctx.signer.digest(String(body.smscod)), now);
    if (check.result === 'wrong' || check.result === 'voided') return { check, user: null, userId: request.userId };
    await giveBackFailures(tx, budgets);
    if (check.result !== 'accepted') return { check, user: null, userId: null };
    return {
      check,
      user: await applyNewPassword(ctx, tx, check.userId, body.password, 'sms', digest, now),
      userId: check.userId,
    };
  });
  switch (outcome.check.result) {
    case 'accepted':
      if (!outcome.user) throw new HttpError(401, AUTH_MESSAGES.resetRequestExpired);
      await afterReset(ctx, outcome.user.id, 'sms', meta);
      return { Message: MESSAGES.resetSmsDone };
    case 'wrong':
      securityEvent(ctx.log, 'code_wrong', { userId: outcome.userId, ip: meta.ip, detail: { via: 'sms reset' } });
      throw new HttpError(400, AUTH_MESSAGES.resetCodeWrong);
    case 'voided':
      securityEvent(ctx.log, 'code_voided', { userId: outcome.userId, ip: meta.ip, detail: { via: 'sms reset' } });
      throw new HttpError(400, AUTH_MESSAGES.resetCodeVoided);
    case 'refused':
      throw outcome.check.error;
    default:
      throw new HttpError(401, AUTH_MESSAGES.resetRequestExpired);
  }
}
