import type { Tx } from '../db/database';
import type { AuditLogTable } from '../db/schema';

export interface AuditEntry {
  customerId: number | null;
  actor: { id: number; email: string } | null;
  action: AuditLogTable['action'];
  entity: string;
  entityId: string | number | null;
  /** what changed; never a password, hash, code or token */
  detail?: Record<string, unknown> | null;
}

/** Who changed what and when (issue: audit log for every create, update, delete and password change). */
export async function audit(db: Tx, entry: AuditEntry, now: Date): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      customer_id: entry.customerId,
      actor_id: entry.actor?.id ?? null,
      actor_email: entry.actor?.email ?? null,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId === null ? null : String(entry.entityId),
      detail: entry.detail ? JSON.stringify(entry.detail) : null,
      created_at: now,
    })
    .execute();
}

type Author = Pick<AuditEntry, 'customerId' | 'actor'>;

/** Who an entry names when users act on their own account (sign-in, a reset, their own password). */
export function byUser(user: { id: number; email: string; customer_id: number }): Author {
  return { customerId: user.customer_id, actor: { id: user.id, email: user.email } };
}

/** Who an entry names when the signed-in person acts. */
export function byPrincipal(principal: { userId: number; email: string; customerId: number }): Author {
  return { customerId: principal.customerId, actor: { id: principal.userId, email: principal.email } };
}
