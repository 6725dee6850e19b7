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

/** Revokes every open session of a user (password reset, deactivation), but `keep` if given. */
export async function revokeUserSessions(db: Tx, userId: number, now: Date, keep?: string): Promise<number> {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keep) query = query.where('id', '!=', keep);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Housekeeping: sessions that ended more than a week ago. */
export async function pruneSessions(db: Tx, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('expires_at', '<', new Date(now.getTime() - 7 * 86_400_000))
    .executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
