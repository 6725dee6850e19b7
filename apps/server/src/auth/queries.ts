import { sql } from 'kysely';
import { CODE_MAX_WRONG } from '@relevo/domain';
import { randomToken } from './tokens';
import type { Tx } from '../db/database';
import type { CodePurpose, SessionKind } from '../db/schema';

// The sign-in area's SQL: the session secret, sessions, sign-in codes, password resets and the rate
// limits' windows (the tables only the role relevo_auth reads, but app_settings, the owner's).

/** docs/product.md#processes-storage-and-configuration: JWT_SECRET, or one generated once and kept in the database. */
export async function sessionSecret(db: Tx, configured: string | null): Promise<string> {
  if (configured) return configured;
  await db
    .insertInto('app_settings')
    .values({ key: 'jwt_secret', value: randomToken(48) })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_settings')
    .select('value')
    .where('key', '=', 'jwt_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}

export interface NewSession {
  userId: number;
  kind: SessionKind;
  expiresAt: Date;
  ip?: string | null;
  userAgent?: string | null;
}

export async function createSession(db: Tx, session: NewSession, now: Date): Promise<string> {
  const id = randomToken(24);
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: session.userId,
      kind: session.kind,
      created_at: now,
      expires_at: session.expiresAt,
      ip: session.ip ?? null,
      user_agent: session.userAgent?.slice(0, 300) ?? null,
    })
    .execute();
  return id;
}

/** A session of `kind` that is neither revoked nor expired. */
export async function activeSession(db: Tx, id: string, kind: SessionKind, now: Date) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', kind)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function revokeSession(db: Tx, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Revokes every open session of a user (password reset, deactivation), but `keep` if given.
 * Through a function that runs as the owner: the people screens' units of work cannot read the
 * sessions table, yet must end the sessions of a user they deactivate (migration 0005).
 */
export async function revokeUserSessions(db: Tx, userId: number, now: Date, keep?: string): Promise<number> {
  const result = await sql<{
    ended: number;
  }>`select relevo_revoke_user_sessions(${userId}, ${now}, ${keep ?? null}) as ended`.execute(db);
  return Number(result.rows[0]?.ended ?? 0);
}

/** Revokes every open session of every user of a customer (the customer was deactivated). */
export async function revokeCustomerSessions(db: Tx, customerId: number, now: Date): Promise<number> {
  const result = await sql<{
    ended: number;
  }>`select relevo_revoke_customer_sessions(${customerId}, ${now}) as ended`.execute(db);
  return Number(result.rows[0]?.ended ?? 0);
}

/** The tables holding a code that can be used once and voided by wrong tries. */
type CodeTable = 'verification_codes' | 'sms_reset_requests';

/** Uses a code row once; false when another request used or voided it first. */
export async function consumeCode(db: Tx, table: CodeTable, id: number, now: Date): Promise<boolean> {
  const used = await db
    .updateTable(table)
    .set({ consumed_at: now })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('voided_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/**
 * Counts a wrong try atomically (parallel guesses all count); the fifth voids the code
 * (docs/product.md#sign-in-sessions-and-secrets). Answers how many tries are left.
 */
export async function countWrongTry(db: Tx, table: CodeTable, id: number, now: Date): Promise<number> {
  const counted = await sql<{ wrong_attempts: number }>`
    update ${sql.table(table)}
    set wrong_attempts = wrong_attempts + 1,
        voided_at = case when wrong_attempts + 1 >= ${CODE_MAX_WRONG} then ${now}::timestamptz else voided_at end
    where id = ${id} and voided_at is null and consumed_at is null
    returning wrong_attempts`.execute(db);
  return Math.max(0, CODE_MAX_WRONG - (counted.rows[0]?.wrong_attempts ?? CODE_MAX_WRONG));
}

/** Issues a code for a session; earlier codes of the session stop counting. Answers the code's id. */
export async function issueCode(
  db: Tx,
  code: { sessionId: string; userId: number; purpose: CodePurpose; codeHash: string; expiresAt: Date },
  now: Date,
): Promise<number> {
  await db
    .updateTable('verification_codes')
    .set({ voided_at: now })
    .where('session_id', '=', code.sessionId)
    .where('consumed_at', 'is', null)
    .where('voided_at', 'is', null)
    .execute();
  const row = await db
    .insertInto('verification_codes')
    .values({
      session_id: code.sessionId,
      user_id: code.userId,
      purpose: code.purpose,
      code_hash: code.codeHash,
      created_at: now,
      expires_at: code.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type CodeCheck = 'accepted' | 'wrong' | 'voided' | 'expired' | 'none';

/**
 * Checks a code of a session atomically: the right code is used once; each wrong one counts, and
 * the fifth voids the code (docs/product.md#sign-in-sessions-and-secrets).
 */
export async function checkCode(
  db: Tx,
  sessionId: string,
  codeHash: string,
  now: Date,
): Promise<{ result: CodeCheck; wrongLeft: number }> {
  const current = await db
    .selectFrom('verification_codes')
    .selectAll()
    .where('session_id', '=', sessionId)
    .where('consumed_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!current) return { result: 'none', wrongLeft: 0 };
  if (current.voided_at) return { result: 'voided', wrongLeft: 0 };
  if (current.expires_at.getTime() <= now.getTime()) return { result: 'expired', wrongLeft: 0 };

  if (current.code_hash === codeHash) {
    return (await consumeCode(db, 'verification_codes', current.id, now))
      ? { result: 'accepted', wrongLeft: CODE_MAX_WRONG }
      : { result: 'voided', wrongLeft: 0 };
  }
  const wrongLeft = await countWrongTry(db, 'verification_codes', current.id, now);
  return wrongLeft === 0 ? { result: 'voided', wrongLeft: 0 } : { result: 'wrong', wrongLeft };
}

/** E-mail reset links: stored only as a hash, single use, 30 minutes (docs/product.md#sign-in-sessions-and-secrets). */
export async function insertResetLink(
  db: Tx,
  link: { userId: number; tokenHash: string; expiresAt: Date; ip: string | null },
  now: Date,
) {
  await db
    .insertInto('password_reset_tokens')
    .values({
      user_id: link.userId,
      token_hash: link.tokenHash,
      expires_at: link.expiresAt,
      ip: link.ip,
      created_at: now,
    })
    .execute();
}

/** Uses a link once: answers its user, or null when unknown, used or expired. */
export async function useResetLink(db: Tx, tokenHash: string, now: Date): Promise<number | null> {
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Every other open link of a user stops working once one is used. */
export async function retireResetLinks(db: Tx, userId: number, now: Date) {
  await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertSmsResetRequest(
  db: Tx,
  request: {
    tokenHash: string;
    userId: number | null;
    codeHash: string | null;
    phoneDigest: string;
    expiresAt: Date;
    ip: string | null;
  },
  now: Date,
) {
  await db
    .insertInto('sms_reset_requests')
    .values({
      token_hash: request.tokenHash,
      user_id: request.userId,
      code_hash: request.codeHash,
      phone_digest: request.phoneDigest,
      expires_at: request.expiresAt,
      ip: request.ip,
      created_at: now,
    })
    .execute();
}

/** An SMS reset request whose code can still be tried: not used, not expired, not void. */
export interface LiveSmsReset {
  id: number;
  userId: number | null;
  codeHash: string | null;
  /** null for a request started before migration 0019 */
  phoneDigest: string | null;
}

/** The request a step-1 token names, when its code can still be tried; else why not. */
export async function findSmsReset(db: Tx, tokenHash: string, now: Date): Promise<LiveSmsReset | 'expired' | 'voided'> {
  const request = await db
    .selectFrom('sms_reset_requests')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!request || request.consumed_at || request.expires_at.getTime() <= now.getTime()) return 'expired';
  if (request.voided_at) return 'voided';
  return { id: request.id, userId: request.user_id, codeHash: request.code_hash, phoneDigest: request.phone_digest };
}

export type SmsResetCheck = { result: 'accepted'; userId: number } | { result: 'wrong' | 'voided' | 'expired' };

/**
 * Checks the code of a live SMS reset request the same way whether or not a user stands behind it:
 * right once; each wrong try counts; the fifth voids the request.
 */
export async function checkSmsReset(
  db: Tx,
  request: LiveSmsReset,
  codeHash: string,
  now: Date,
): Promise<SmsResetCheck> {
  if (request.userId !== null && request.codeHash === codeHash) {
    return (await consumeCode(db, 'sms_reset_requests', request.id, now))
      ? { result: 'accepted', userId: request.userId }
      : { result: 'expired' };
  }
  return { result: (await countWrongTry(db, 'sms_reset_requests', request.id, now)) === 0 ? 'voided' : 'wrong' };
}

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
  const row = await db
    .selectFrom('rate_limits')
    .select(['hits', 'window_start'])
    .where('bucket', '=', bucket)
    .executeTakeFirst();
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

/**
 * Housekeeping: rate-limit windows that ended (the longest window is a day) more than a day ago,
 * then sessions that ended more than a week ago.
 */
export async function pruneSignInRecords(db: Tx, now: Date): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', new Date(now.getTime() - 2 * 86_400_000))
    .execute();
  await db
    .deleteFrom('sessions')
    .where('expires_at', '<', new Date(now.getTime() - 7 * 86_400_000))
    .execute();
}
