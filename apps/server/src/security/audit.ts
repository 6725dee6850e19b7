import type { AuditAction } from '@relevo/domain';
import type { Tx } from '../db/database';
import { requestOrigin } from '../http/request-context';

/** A record as the trail keeps it: a plain object of the fields the API shows (an answer's type). */
export type AuditedRecord = object;

export interface AuditEntry {
  customerId: number | null;
  actor: { id: number; email: string } | null;
  action: AuditAction;
  entity: string;
  entityId: string | number | null;
  /** what changed; never a password, hash, code or token */
  detail?: Record<string, unknown> | null;
  /** the record as the API showed it before the change (an update, a delete) */
  before?: AuditedRecord | null;
  /** the record as the API shows it after the change (a create, an update) */
  after?: AuditedRecord | null;
}

/**
 * Fields never kept in the trail, whatever a record holds (docs/product.md#audit-trail): passwords
 * and their hashes, codes, tokens, keys, secrets and sealed values, and the addresses that are
 * credentials themselves (a heartbeat's beat address, a calendar feed's). A record handed to
 * `audit` loses them, at any depth, so a call site that passes a whole answer cannot leak one.
 */
const SECRET_FIELD =
  /password|hash|secret|sealed|token(?!_id$|_name$)|credential|api_?key|private_?key|signing|^code$|verification_code|^key$|^beat_url$|^calendar_url$/i;

/** Secrets out: the record without the fields of SECRET_FIELD, at any depth. */
export function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value instanceof Date) return value.toISOString();
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (SECRET_FIELD.test(key) || field === undefined) continue;
    out[key] = withoutSecrets(field);
  }
  return out;
}

const recordText = (record: AuditedRecord | null | undefined) =>
  record ? JSON.stringify(withoutSecrets(record)) : null;

/**
 * docs/product.md#audit-trail: who changed what and when, the record before and after, and where
 * from: the client address and the API token of the request being handled (none outside a
 * request: the worker, the command line), so no call site passes them.
 */
export async function audit(db: Tx, entry: AuditEntry, now: Date): Promise<void> {
  const origin = requestOrigin();
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
      before: recordText(entry.before),
      after: recordText(entry.after),
      address: origin ? origin.ip.slice(0, 100) : null,
      token_id: origin?.tokenId ?? null,
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
