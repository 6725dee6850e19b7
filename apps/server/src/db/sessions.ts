import { sql } from 'kysely';
import { randomToken } from '../auth/tokens';
import type { Tx } from './database';
import type { SessionKind } from './schema';

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
  const result = await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Revokes every open session of a user (password reset, deactivation), but `keep` if given.
 * Through a function that runs as the owner: the people screens' units of work cannot read the
 * sessions table, yet must end the sessions of a user they deactivate (migration 0005).
 */
export async function revokeUserSessions(db: Tx, userId: number, now: Date, keep?: string): Promise<number> {
  const result = await sql<{ ended: number }>`select relevo_revoke_user_sessions(${userId}, ${now}, ${keep ?? null}) as ended`.execute(db);
  return Number(result.rows[0]?.ended ?? 0);
}

/** Revokes every open session of every user of a customer (the customer was deactivated). */
export async function revokeCustomerSessions(db: Tx, customerId: number, now: Date): Promise<number> {
  const result = await sql<{ ended: number }>`select relevo_revoke_customer_sessions(${customerId}, ${now}) as ended`.execute(db);
  return Number(result.rows[0]?.ended ?? 0);
}

/** Housekeeping: sessions that ended more than a week ago. */
export async function pruneSessions(db: Tx, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('expires_at', '<', new Date(now.getTime() - 7 * 86_400_000))
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
