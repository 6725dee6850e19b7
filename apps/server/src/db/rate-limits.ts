import { sql } from 'kysely';
import type { Tx } from './database';

export interface RateRule {
  limit: number;
  windowSeconds: number;
}

export interface RateVerdict {
  allowed: boolean;
  /** seconds until the window ends, for Retry-After */
  retryAfter: number;
}

/**
 * Counts one attempt in a fixed window kept in the database, so every API process shares the
 * count. Refused attempts count too: hammering does not reopen the window.
 */
export async function hit(db: Tx, bucket: string, rule: RateRule, now: Date): Promise<RateVerdict> {
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
  const row = await sql<{ hits: number; window_start: Date }>`
    insert into rate_limits (bucket, window_start, hits) values (${bucket}, ${now}, 1)
    on conflict (bucket) do update set
      hits = case when rate_limits.window_start <= ${windowStart} then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start <= ${windowStart} then ${now} else rate_limits.window_start end
    returning hits, window_start`
    .execute(db)
    .then((r) => r.rows[0]!);
  const endsAt = new Date(row.window_start).getTime() + rule.windowSeconds * 1000;
  return { allowed: row.hits <= rule.limit, retryAfter: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}

/**
 * Whether a bucket is already at its limit, without counting an attempt: for limits that count
 * failures only (a sign-in is checked first and counted only when it fails).
 */
export async function peek(db: Tx, bucket: string, rule: RateRule, now: Date): Promise<RateVerdict> {
  const row = await db.selectFrom('rate_limits').select(['hits', 'window_start']).where('bucket', '=', bucket).executeTakeFirst();
  const start = row ? new Date(row.window_start).getTime() : 0;
  if (!row || start <= now.getTime() - rule.windowSeconds * 1000) return { allowed: true, retryAfter: 0 };
  const endsAt = start + rule.windowSeconds * 1000;
  return { allowed: row.hits < rule.limit, retryAfter: Math.max(1, Math.ceil((endsAt - now.getTime()) / 1000)) };
}

/** Takes back one attempt `hit` counted (it turned out not to be a failure), in the same window. */
export async function giveBack(db: Tx, bucket: string): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ hits: sql<number>`greatest(hits - 1, 0)` })
    .where('bucket', '=', bucket)
    .execute();
}

/** Forgets the count of a bucket (a successful sign-in clears the account's failures). */
export async function clearBucket(db: Tx, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('bucket', '=', bucket).execute();
}

/** Housekeeping: windows that ended (the longest window is a day) more than a day ago. */
export async function pruneRateLimits(db: Tx, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', new Date(now.getTime() - 2 * 86_400_000))
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
