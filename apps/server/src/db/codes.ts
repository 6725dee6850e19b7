import { CODE_MAX_WRONG } from '@relevo/domain';
import { consumeCode, countWrongTry } from './code-attempts';
import type { Tx } from './database';
import type { CodePurpose } from './schema';

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
 * the fifth voids the code (service.md section 3).
 */
export async function checkCode(db: Tx, sessionId: string, codeHash: string, now: Date): Promise<{ result: CodeCheck; wrongLeft: number }> {
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
    return (await consumeCode(db, 'verification_codes', current.id, now)) ? { result: 'accepted', wrongLeft: CODE_MAX_WRONG } : { result: 'voided', wrongLeft: 0 };
  }
  const wrongLeft = await countWrongTry(db, 'verification_codes', current.id, now);
  return wrongLeft === 0 ? { result: 'voided', wrongLeft: 0 } : { result: 'wrong', wrongLeft };
}
