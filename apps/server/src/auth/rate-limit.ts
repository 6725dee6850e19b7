import type { AppContext } from '../context';
import { AUTH } from '../db/database';
import { clearBucket, hit, peek, type RateRule, type RateVerdict } from '../db/rate-limits';
import { tooManyAttempts } from '../http/errors';
import { securityEvent } from '../security/events';

/**
 * A limit to apply: a bucket key (`kind:…`, the kind names the limit in logs; the rest may hold an
 * e-mail or phone and is never logged) and its rule.
 */
export type Limit = [bucket: string, rule: RateRule];

const kindOf = (bucket: string) => bucket.split(':', 2).join(':');

function refuse(ctx: AppContext, limits: Limit[], verdicts: RateVerdict[], detail: string | undefined, userId?: number | null): void {
  const refused = verdicts.map((verdict, index) => ({ verdict, bucket: limits[index]![0] })).filter(({ verdict }) => !verdict.allowed);
  if (!refused.length) return;
  securityEvent(ctx.log, 'rate_limited', { userId: userId ?? null, detail: { limits: refused.map(({ bucket }) => kindOf(bucket)).join(', ') } });
  throw tooManyAttempts(Math.max(...refused.map(({ verdict }) => verdict.retryAfter)), detail);
}

/** Counts one attempt in each bucket; any bucket over its limit refuses with 429 and Retry-After. */
export async function enforceLimits(ctx: AppContext, limits: Limit[], detail?: string, userId?: number | null): Promise<void> {
  const now = ctx.clock.now();
  const verdicts = await ctx.database.scoped(AUTH, (tx) => Promise.all(limits.map(([bucket, rule]) => hit(tx, bucket, rule, now))));
  refuse(ctx, limits, verdicts, detail, userId);
}

/** Refuses with 429 when a bucket is already at its limit, without counting (failure-only limits). */
export async function checkLimits(ctx: AppContext, limits: Limit[], detail?: string, userId?: number | null): Promise<void> {
  const now = ctx.clock.now();
  const verdicts = await ctx.database.scoped(AUTH, (tx) => Promise.all(limits.map(([bucket, rule]) => peek(tx, bucket, rule, now))));
  refuse(ctx, limits, verdicts, detail, userId);
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
