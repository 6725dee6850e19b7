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
  request: { tokenHash: string; userId: number | null; codeHash: string | null; expiresAt: Date; ip: string | null },
  now: Date,
) {
  await db
    .insertInto('sms_reset_requests')
    .values({ token_hash: request.tokenHash, user_id: request.userId, code_hash: request.codeHash, expires_at: request.expiresAt, ip: request.ip, created_at: now })
    .execute();
}

export type SmsResetCheck = { result: 'accepted'; userId: number } | { result: 'wrong' | 'voided' | 'expired' };

/**
 * Checks the code of an SMS reset request the same way whether or not a user stands behind it:
 * right once; each wrong try counts; the fifth voids the request.
 */
export async function checkSmsReset(db: Tx, tokenHash: string, codeHash: string, now: Date): Promise<SmsResetCheck> {
  const request = await db.selectFrom('sms_reset_requests').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  if (!request || request.consumed_at || request.expires_at.getTime() <= now.getTime()) return { result: 'expired' };
  if (request.voided_at) return { result: 'voided' };
  if (request.user_id !== null && request.code_hash === codeHash) {
    return (await consumeCode(db, 'sms_reset_requests', request.id, now)) ? { result: 'accepted', userId: request.user_id } : { result: 'expired' };
  }
  return { result: (await countWrongTry(db, 'sms_reset_requests', request.id, now)) === 0 ? 'voided' : 'wrong' };
}
