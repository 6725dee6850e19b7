import type { AppContext } from '../context';
import { AUTH, type Tx } from '../db/database';
import { clearBucket, giveBack, hit, peek, type RateRule, type RateVerdict } from './queries';
import { tooManyAttempts, type HttpError } from '../http/errors';
import { securityEvent } from '../security/events';

/**
 * A limit to apply: a bucket key (`kind:…`, the kind names the limit in logs; the rest may hold an
 * e-mail or phone and is never logged) and its rule.
 */
export type Limit = [bucket: string, rule: RateRule];

const kindOf = (bucket: string) => bucket.split(':', 2).join(':');

/** The 429 (with Retry-After) of the verdicts over their limit, logged; null when none is. */
export function refusal(
  ctx: AppContext,
  limits: Limit[],
  verdicts: RateVerdict[],
  detail: string | undefined,
  userId?: number | null,
): HttpError | null {
  const refused = verdicts
    .map((verdict, index) => ({ verdict, bucket: limits[index]![0] }))
    .filter(({ verdict }) => !verdict.allowed);
  if (!refused.length) return null;
  securityEvent(ctx.log, 'rate_limited', {
    userId: userId ?? null,
    detail: { limits: refused.map(({ bucket }) => kindOf(bucket)).join(', ') },
  });
  return tooManyAttempts(Math.max(...refused.map(({ verdict }) => verdict.retryAfter)), detail);
}

/** Reads every bucket with `read` (count or peek) and throws the refusal of those over their limit. */
async function refuseOver(
  ctx: AppContext,
  read: typeof hit,
  limits: Limit[],
  detail: string | undefined,
  userId?: number | null,
): Promise<void> {
  const now = ctx.clock.now();
  const verdicts = await ctx.database.scoped(AUTH, (tx) =>
    Promise.all(limits.map(([bucket, rule]) => read(tx, bucket, rule, now))),
  );
  const error = refusal(ctx, limits, verdicts, detail, userId);
  if (error) throw error;
}

/** Counts one attempt in each bucket; any bucket over its limit refuses with 429 and Retry-After. */
export function enforceLimits(
  ctx: AppContext,
  limits: Limit[],
  detail?: string,
  userId?: number | null,
): Promise<void> {
  return refuseOver(ctx, hit, limits, detail, userId);
}

/** Refuses with 429 when a bucket is already at its limit, without counting (failure-only limits). */
export function checkLimits(ctx: AppContext, limits: Limit[], detail?: string, userId?: number | null): Promise<void> {
  return refuseOver(ctx, peek, limits, detail, userId);
}

/** Counts a failure in each bucket (after `checkLimits` let the attempt through). */
export async function countFailures(ctx: AppContext, limits: Limit[]): Promise<void> {
  const now = ctx.clock.now();
  await ctx.database.scoped(AUTH, (tx) => Promise.all(limits.map(([bucket, rule]) => hit(tx, bucket, rule, now))));
}

/** Forgets buckets (a successful sign-in clears its account's failures from that address). */
export async function clearLimits(ctx: AppContext, buckets: string[]): Promise<void> {
  await ctx.database.scoped(AUTH, (tx) => Promise.all(buckets.map((bucket) => clearBucket(tx, bucket))));
}

/**
 * The wrong codes a user may enter in a day, sign-in codes and SMS reset codes together, so fresh
 * pre-auth sessions or fresh resets do not buy fresh guesses.
 */
export function wrongCodeBudget(ctx: AppContext, userId: number): Limit {
  return [`code-fail:user:${userId}`, ctx.limits.wrongCodesPerUserDaily];
}

/** The wrong SMS reset codes of one phone in a day (the bucket names the phone by a keyed hash). */
export function wrongResetCodeBudget(ctx: AppContext, phoneDigest: string): Limit {
  return [`code-fail:phone:${phoneDigest}`, ctx.limits.wrongResetCodesPerPhoneDaily];
}

/**
 * Counts a failure in each bucket ahead of the attempt, in the caller's unit of work, and answers
 * each bucket's verdict. The count holds the bucket's row until the unit of work ends, so parallel
 * attempts are counted one after the other and none slips past the limit; `giveBackFailures`
 * takes the count back when the attempt did not fail.
 */
export function countFailuresAhead(tx: Tx, limits: Limit[], now: Date): Promise<RateVerdict[]> {
  return Promise.all(limits.map(([bucket, rule]) => hit(tx, bucket, rule, now)));
}

export async function giveBackFailures(tx: Tx, limits: Limit[]): Promise<void> {
  await Promise.all(limits.map(([bucket]) => giveBack(tx, bucket)));
}
