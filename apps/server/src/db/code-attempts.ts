import { sql } from 'kysely';
import { CODE_MAX_WRONG } from '@relevo/domain';
import type { Tx } from './database';

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
 * (service.md section 3). Answers how many tries are left.
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
