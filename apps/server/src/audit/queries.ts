import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import { dayRange, type AuditAction, type AuditFilter, type AuditRow } from '@relevo/domain';
import { containsPattern, iso } from '../db/listing';
import type { DB } from '../db/schema';

/** Whose rows a read may see: one customer's, or every customer's (a Staff Root). */
export type AuditReach = { customerId: number } | 'all';

/** The filters as the statements use them: the days as instants, the texts as patterns. */
export interface AuditSelection {
  customerId: number | null;
  actor: string | null;
  action: AuditAction | null;
  entity: string | null;
  from: Date | null;
  until: Date | null;
}

export function auditSelectionOf(reach: AuditReach, filter: AuditFilter): AuditSelection {
  const { from, until } = dayRange(filter.from, filter.to, filter.time_zone);
  return {
    customerId: reach === 'all' ? (filter.customer_id ?? null) : reach.customerId,
    actor: filter.actor ? containsPattern(filter.actor.toLowerCase()) : null,
    action: filter.action ?? null,
    entity: filter.entity ? filter.entity.toLowerCase() : null,
    from,
    until,
  };
}

/** The conditions of a selection over `audit_log as l`. */
export function auditConditions(eb: ExpressionBuilder<DB & { l: DB['audit_log'] }, 'l'>, s: AuditSelection) {
  const conditions = [];
  if (s.customerId !== null) conditions.push(eb('l.customer_id', '=', s.customerId));
  if (s.actor !== null) conditions.push(sql<boolean>`lower(l.actor_email) like ${s.actor}`);
  if (s.action !== null) conditions.push(eb('l.action', '=', s.action));
  if (s.entity !== null) conditions.push(eb('l.entity', '=', s.entity));
  if (s.from !== null) conditions.push(eb('l.created_at', '>=', s.from));
  if (s.until !== null) conditions.push(eb('l.created_at', '<', s.until));
  return eb.and(conditions);
}

/** The rows of a selection with the columns of a row on the wire, newest first (the id breaks ties). */
export function auditRows(db: Kysely<DB>, s: AuditSelection) {
  return db
    .selectFrom('audit_log as l')
    .leftJoin('customers as c', 'c.customer_id', 'l.customer_id')
    .leftJoin('api_tokens as t', 't.id', 'l.token_id')
    .where((eb) => auditConditions(eb, s))
    .select([
      'l.id',
      'l.created_at',
      'l.customer_id',
      'c.customer_name',
      'l.actor_email',
      'l.action',
      'l.entity',
      'l.entity_id',
      'l.detail',
      'l.before',
      'l.after',
      'l.address',
      'l.token_id',
      't.name as token_name',
    ])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.id', 'desc');
}

export type AuditSelected = {
  id: number;
  created_at: Date | string;
  customer_id: number | null;
  customer_name: string | null;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  detail: Record<string, unknown> | string | null;
  before: Record<string, unknown> | string | null;
  after: Record<string, unknown> | string | null;
  address: string | null;
  token_id: number | null;
  token_name: string | null;
};

/** jsonb comes back parsed from both drivers, but a batch read of the embedded one may hand text. */
const record = (value: Record<string, unknown> | string | null): Record<string, unknown> | null =>
  typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value;

/** A row on the wire (docs/product.md#audit-trail). */
export function toAuditRow(row: AuditSelected): AuditRow {
  return {
    id: row.id,
    created_at: iso(new Date(row.created_at))!,
    customer: row.customer_id === null ? null : { id: row.customer_id, name: row.customer_name ?? '' },
    actor_email: row.actor_email,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    detail: record(row.detail),
    before: record(row.before),
    after: record(row.after),
    address: row.address,
    token: row.token_id === null ? null : { id: row.token_id, name: row.token_name },
  };
}
