import type { AppContext } from '../context';
import { SYSTEM } from '../db/database';
import { hit, type RateRule } from '../db/rate-limits';
import { tooManyAttempts } from '../http/errors';

/** Counts one attempt in each bucket; any bucket over its limit refuses with 429 and Retry-After. */
export async function enforceLimits(ctx: AppContext, rules: [bucket: string, rule: RateRule][], detail?: string): Promise<void> {
  const now = ctx.clock.now();
  const verdicts = await ctx.database.scoped(SYSTEM, (tx) => Promise.all(rules.map(([bucket, rule]) => hit(tx, bucket, rule, now))));
  const refused = verdicts.filter((verdict) => !verdict.allowed);
  if (refused.length) throw tooManyAttempts(Math.max(...refused.map((verdict) => verdict.retryAfter)), detail);
}
