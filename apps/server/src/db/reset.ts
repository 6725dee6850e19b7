import { consumeCode, countWrongTry } from './code-attempts';
import type { Tx } from './database';

/** E-mail reset links: stored only as a hash, single use, 30 minutes (service.md section 3). */
export async function insertResetLink(db: Tx, link: { userId: number; tokenHash: string; expiresAt: Date; ip: string | null }, now: Date) {
  await db
    .insertInto('password_reset_tokens')
    .values({ user_id: link.userId, token_hash: link.tokenHash, expires_at: link.expiresAt, ip: link.ip, created_at: now })
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
  await db.updateTable('password_reset_tokens').set({ used_at: now }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

export async function insertSmsResetRequest(
  db: Tx,
  request: { tokenHash: string; userId: number | null; codeHash: string | null; phoneDigest: string; expiresAt: Date; ip: string | null },
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
  const request = await db.selectFrom('sms_reset_requests').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!request || request.consumed_at || request.expires_at.getTime() <= now.getTime()) return 'expired';
  if (request.voided_at) return 'voided';
  return { id: request.id, userId: request.user_id, codeHash: request.code_hash, phoneDigest: request.phone_digest };
}

export type SmsResetCheck = { result: 'accepted'; userId: number } | { result: 'wrong' | 'voided' | 'expired' };

/**
 * Checks the code of a live SMS reset request the same way whether or not a user stands behind it:
 * right once; each wrong try counts; the fifth voids the request.
 */
export async function checkSmsReset(db: Tx, request: LiveSmsReset, codeHash: string, now: Date): Promise<SmsResetCheck> {
  if (request.userId !== null && request.codeHash === codeHash) {
    return (await consumeCode(db, 'sms_reset_requests', request.id, now)) ? { result: 'accepted', userId: request.userId } : { result: 'expired' };
  }
  return { result: (await countWrongTry(db, 'sms_reset_requests', request.id, now)) === 0 ? 'voided' : 'wrong' };
}
