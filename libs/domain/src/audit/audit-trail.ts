import * as v from 'valibot';
import { PageQuerySchema } from '../entities/paging';
import { idField, isFilterDay } from '../rules/fields';
import { csvLine, CSV_BOM } from '../rules/event-csv';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../rules/time-zone';
import { zonedDateTime, zonedDayStamp } from '../rules/zoned-time';

/**
 * docs/product.md#audit-trail: what a row of the trail says was done. The catalogue's and the
 * people screens' changes are create, update and delete; the others name the act.
 */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'password',
  'login',
  'logout',
  'reset',
  'accept',
  'resolve',
  'reassign',
  'escalate',
  'note',
  'test',
  'simulate',
  'subscribe',
  'unsubscribe',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The longest actor or entity text a filter takes. */
export const AUDIT_FILTER_MAX_LENGTH = 100;

export const AUDIT_MESSAGES = {
  badAction: `Must be one of ${AUDIT_ACTIONS.join(', ')}`,
  badDate: 'Must be a date (YYYY-MM-DD)',
  endBeforeStart: 'The end date must not be before the start date',
  badTimeZone: 'Must be a time zone such as Europe/Madrid',
  tooLong: `Must be at most ${AUDIT_FILTER_MAX_LENGTH} characters`,
  /** a Customer Root naming another customer (docs/product.md#audit-trail) */
  otherCustomer: 'You can only read the audit trail of your own customer',
  loadFailed: 'The audit trail could not be loaded',
} as const;

const filterText = () =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(AUDIT_FILTER_MAX_LENGTH, AUDIT_MESSAGES.tooLong)), '');
const day = () => v.optional(v.pipe(v.string(AUDIT_MESSAGES.badDate), v.check(isFilterDay, AUDIT_MESSAGES.badDate)));

/**
 * docs/product.md#audit-trail: what narrows the trail, in the list and its CSV alike. `from` and
 * `to` are whole days, both included, in `time_zone` (the viewer's; UTC when not given); `actor`
 * is a part of the actor's e-mail; `customer_id` is a Staff Root's choice (a Customer Root reads
 * its own customer whatever it names).
 */
const AUDIT_FILTER_ENTRIES = {
  customer_id: v.optional(idField()),
  actor: filterText(),
  action: v.optional(v.picklist(AUDIT_ACTIONS, AUDIT_MESSAGES.badAction)),
  entity: filterText(),
  from: day(),
  to: day(),
  time_zone: v.optional(
    v.pipe(v.string(AUDIT_MESSAGES.badTimeZone), v.check(isTimeZone, AUDIT_MESSAGES.badTimeZone)),
    DEFAULT_TIME_ZONE,
  ),
};

const inOrder = (input: { from?: string; to?: string }) => !input.from || !input.to || input.from <= input.to;

export const AuditFilterSchema = v.pipe(
  v.object(AUDIT_FILTER_ENTRIES),
  v.forward(v.partialCheck([['from'], ['to']], inOrder, AUDIT_MESSAGES.endBeforeStart), ['to']),
);
export type AuditFilter = v.InferOutput<typeof AuditFilterSchema>;

/** GET /api/audit: the filters and paging (newest first, always). */
export const AuditListQuerySchema = v.pipe(
  v.object({
    page_num: PageQuerySchema.entries.page_num,
    page_size: PageQuerySchema.entries.page_size,
    ...AUDIT_FILTER_ENTRIES,
  }),
  v.forward(v.partialCheck([['from'], ['to']], inOrder, AUDIT_MESSAGES.endBeforeStart), ['to']),
);
export type AuditListQuery = v.InferOutput<typeof AuditListQuerySchema>;

/** docs/product.md#audit-trail: a row of the trail as the API answers it. */
export interface AuditRow {
  id: number;
  created_at: string;
  customer: { id: number; name: string } | null;
  actor_email: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  detail: Record<string, unknown> | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  address: string | null;
  token: { id: number; name: string | null } | null;
}

/** One key that a change touched: what it was and what it became (undefined: absent on that side). */
export interface AuditChange {
  key: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The keys a change touched, in the order the record shows them: a created record's keys (all
 * new), a deleted one's (all gone), or an update's changed ones. Without either side, nothing.
 */
export function auditChanges(row: Pick<AuditRow, 'before' | 'after'>): AuditChange[] {
  const before = row.before ?? {};
  const after = row.after ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => !same(before[key], after[key]))
    .map((key) => ({ key, before: before[key], after: after[key] }));
}

/** A value of a record, as the window and the CSV show it. */
export const auditValueText = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** docs/product.md#audit-trail: the columns of the trail's CSV, in order. */
export const AUDIT_CSV_HEADERS = [
  'DATE',
  'CUSTOMER',
  'ACTOR',
  'ACTION',
  'ENTITY',
  'ENTITY ID',
  'ADDRESS',
  'TOKEN',
  'DETAIL',
  'BEFORE',
  'AFTER',
] as const;

const json = (value: unknown) => (value == null ? null : JSON.stringify(value));

/** One line of the trail's CSV (its date as the viewer's clocks read it). */
export function auditCsvLine(row: AuditRow, timeZone: string): string {
  return csvLine([
    zonedDateTime(row.created_at, timeZone),
    row.customer?.name ?? null,
    row.actor_email,
    row.action,
    row.entity,
    row.entity_id,
    row.address,
    row.token ? (row.token.name ?? String(row.token.id)) : null,
    json(row.detail),
    json(row.before),
    json(row.after),
  ]);
}

/** The CSV's first line, with the byte order mark spreadsheets read accents by. */
export const auditCsvHeader = (): string => CSV_BOM + csvLine(AUDIT_CSV_HEADERS);

/** AuditTrail-{YYYYMMDD}.csv, the day as the viewer's calendar reads it. */
export const auditCsvFileName = (on: Date, timeZone: string): string => `AuditTrail-${zonedDayStamp(on, timeZone)}.csv`;

/** docs/product.md#audit-trail: the kinds of record the trail names, as the Entity filter offers them. */
export const AUDIT_ENTITIES = [
  'api_token',
  'application',
  'customer',
  'customer_sso',
  'delivery_chain',
  'delivery_provider',
  'escalation',
  'escalation_resource',
  'event',
  'heartbeat',
  'import',
  'maintenance_window',
  'module',
  'push_device',
  'resource',
  'schedule',
  'schedule_override',
  'session',
  'sla',
  'team_chat',
  'user',
  'webhook',
] as const;

/** docs/product.md#audit-trail: the texts of the Audit screen. */
export const AUDIT_SCREEN_TEXTS = {
  title: 'Audit',
  empty: 'No changes match these filters',
  download: 'Download CSV',
  changeTitle: 'Change',
  noChanges: 'This entry keeps no record before or after (a sign-in, a test, a note).',
  field: 'Field',
  before: 'Before',
  after: 'After',
  allCustomers: 'All customers',
  allActions: 'All actions',
  allEntities: 'All entities',
  browserSession: 'Browser session',
} as const;

/** A kind of record as people read it: `maintenance_window` → `maintenance window`. */
export const auditEntityText = (entity: string): string => entity.replace(/_/g, ' ');

/** When a row was written, as the viewer's clocks read it (YYYY-MM-DD HH:MM:SS). */
export const auditTimeText = (instant: string, timeZone: string): string => zonedDateTime(instant, timeZone);
