import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { dayRange, type EventFilter, type IncidentEvent } from '@relevo/domain';
import type { DB } from '../db/schema';
import { containsPattern, iso, matches } from '../db/listing';
import { audioPath } from '../delivery/queries';

/**
 * The events of one customer narrowed by the filters of docs/product.md#events (the list and the CSV export
 * read the same rows), and how many there are.
 */
export interface EventSelection {
  customerId: number;
  filter: Omit<EventFilter, 'start_date' | 'end_date' | 'search_by_date' | 'time_zone'>;
  /** creation instants: from (included) until (excluded); whole days of the viewer's zone */
  from: Date | null;
  until: Date | null;
}

export function selectionOf(customerId: number, filter: EventFilter): EventSelection {
  const { start_date, end_date, time_zone, search_by_date: _byCreation, ...rest } = filter;
  const range = dayRange(start_date, end_date, time_zone);
  return { customerId, filter: rest, from: range.from, until: range.until };
}

type WithEvents = DB & { e: DB['events'] };
type WithCounts = DB & { c: DB['event_counts'] };

/**
 * A searched selection as the arguments of `relevo_event_search` (the events' ids, migration
 * 0015): it runs outside row-level security, which keeps `ilike` off the trigram index, and
 * applies the caller's customer itself.
 */
function searchArguments(selection: EventSelection): RawBuilder<unknown> {
  const { filter } = selection;
  const search = filter.search ?? '';
  return sql`${selection.customerId}::integer, ${search.toUpperCase()}::text, ${containsPattern(search)}::text,
    ${filter.application_id ?? null}::integer, ${filter.module_id ?? null}::integer, ${filter.event_status ?? null}::text, ${filter.sla_compliance ?? null}::text,
    ${selection.from}::timestamptz, ${selection.until}::timestamptz`;
}
const searchedIds = (selection: EventSelection) =>
  sql<{ event_id: number }>`select s.event_id from relevo_event_search(${searchArguments(selection)}) as s(event_id)`;

/**
 * The selection's conditions on `events as e` (the tenant named beside row-level security). A
 * search is matched in place (`searchBy: 'text'`), by the ids the search function finds through
 * the indexes (`'ids'`: rare matches, a case ID), or in place on a walk in the list's order
 * (`'walk'`: matches known, from the total, to be common enough that a walk soon finds a page of
 * them). For the walk the match is written so the planner cannot estimate it: it guesses `ilike`
 * far too rare for a common word (1,334 of the 270,345 events of "queue") and then sorts every
 * match instead of walking (550 ms against 2.4 ms for page 50; docs/perf.md).
 */
export function eventConditions(
  eb: ExpressionBuilder<WithEvents, 'e'>,
  selection: EventSelection,
  from = selection.from,
  until = selection.until,
  searchBy: 'text' | 'ids' | 'walk' = 'text',
): Expression<SqlBool> {
  const { filter } = selection;
  const all: Expression<SqlBool>[] = [eb('e.customer_id', '=', selection.customerId)];
  if (filter.application_id) all.push(eb('e.application_id', '=', filter.application_id));
  if (filter.module_id) all.push(eb('e.module_id', '=', filter.module_id));
  if (filter.event_status) all.push(eb('e.event_status', '=', filter.event_status));
  if (filter.sla_compliance) all.push(eb('e.sla_compliance', '=', filter.sla_compliance));
  if (filter.in_maintenance) all.push(eb('e.in_maintenance', '=', filter.in_maintenance));
  if (from) all.push(eb('e.event_createdt', '>=', from));
  if (until) all.push(eb('e.event_createdt', '<', until));
  // docs/product.md#http-calls search: a case ID, or words of the incident
  if (filter.search && searchBy === 'ids') all.push(sql<SqlBool>`e.event_id in (${searchedIds(selection)})`);
  else if (filter.search) {
    const text = matches(sql`e.short_event_subject`, filter.search);
    // coalesce: an expression without statistics, estimated as matching half the rows
    all.push(
      eb.or([
        eb('e.case_id', '=', filter.search.toUpperCase()),
        searchBy === 'walk' ? sql<SqlBool>`coalesce(${text}, false)` : text,
      ]),
    );
  }
  return eb.and(all);
}

function countConditions(
  eb: ExpressionBuilder<WithCounts, 'c'>,
  selection: EventSelection,
  from: Date | null,
  until: Date | null,
): Expression<SqlBool> {
  const { filter } = selection;
  const all: Expression<SqlBool>[] = [eb('c.customer_id', '=', selection.customerId)];
  if (filter.application_id) all.push(eb('c.application_id', '=', filter.application_id));
  if (filter.module_id) all.push(eb('c.module_id', '=', filter.module_id));
  if (filter.event_status) all.push(eb('c.event_status', '=', filter.event_status));
  if (filter.sla_compliance) all.push(eb('c.sla_compliance', '=', filter.sla_compliance));
  if (from) all.push(eb('c.month', '>=', from));
  if (until) all.push(eb('c.month', '<', until));
  return eb.and(all);
}

/**
 * The rows of event_counts a selection's coarse filters keep, with the changes written since the
 * worker last moved them in (event_count_changes, migration 0016): rows to add up.
 */
function countRows(db: Kysely<DB>, selection: EventSelection, from: Date | null, until: Date | null) {
  const rows = (table: 'event_counts' | 'event_count_changes') =>
    db
      .selectFrom(`${table} as c`)
      .select(['c.application_id', 'c.module_id', 'c.events'])
      .where((eb) => countConditions(eb, selection, from, until));
  return rows('event_counts').unionAll(rows('event_count_changes'));
}

/** Whether a selection narrows by nothing but its search (its total then comes from the texts' counts alone). */
const searchesAlone = ({ filter, from, until }: EventSelection) =>
  !filter.application_id &&
  !filter.module_id &&
  !filter.event_status &&
  !filter.sla_compliance &&
  !filter.in_maintenance &&
  !from &&
  !until;

/**
 * How many events a search matches, found through the counts of each incident text
 * (event_subject_counts with its changes since the last fold, migration 0017): a customer has far
 * fewer distinct texts than events (monitoring systems repeat theirs), so the texts are matched,
 * not the events (through their trigram index: a customer whose every text differs has as many
 * texts as events). With no other filter the matching texts' counts are added up; with others, the
 * events of those texts are counted in the index of the texts, which carries the filters' columns
 * (`events_customer_subject`: no event is read). Plus the event of a matching case ID whose text
 * does not match.
 */
function searchCount(db: Kysely<DB>, selection: EventSelection): RawBuilder<number> {
  const search = selection.filter.search ?? '';
  const unsearched: EventSelection = { ...selection, filter: { ...selection.filter, search: '' } };
  // the matching texts through their trigram index, outside row-level security (migration 0018)
  const matching = sql<{
    subject: string;
    events: number;
  }>`select s.subject, s.events from relevo_event_subject_search(${selection.customerId}::integer, ${containsPattern(search)}::text) as s`;
  const counted = (condition: RawBuilder<SqlBool>) =>
    db
      .selectFrom('events as e')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eventConditions(eb, unsearched))
      .where(condition);
  const byText = searchesAlone(selection)
    ? sql<number>`(select coalesce(sum(s.events), 0) from (${matching}) s)`
    : sql<number>`(${counted(sql<SqlBool>`e.short_event_subject = any(array(select s.subject from (${matching}) s))`)})`;
  const caseOnly = counted(
    sql<SqlBool>`e.case_id = ${search.toUpperCase()} and not (${matches(sql`e.short_event_subject`, search)})`,
  );
  return sql<number>`(${byText} + (${caseOnly}))`;
}

/** The first instant of the UTC month of `at`, or of the next one (event_counts counts UTC months). */
const monthStart = (at: Date, next = 0) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + next, 1));
const isMonthStart = (at: Date) => monthStart(at).getTime() === at.getTime();

/**
 * How many events a selection holds, as an expression: whole UTC months are summed from
 * event_counts (a handful of rows per month), and only the partial months at the ends of a date
 * range are counted event by event. A search is counted through the incident texts that match
 * (`searchCount`).
 */
export function countOf(db: Kysely<DB>, selection: EventSelection): RawBuilder<number> {
  const exact = (from: Date | null, until: Date | null) =>
    sql<number>`(${db
      .selectFrom('events as e')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eventConditions(eb, selection, from, until))})`;
  const summed = (from: Date | null, until: Date | null) =>
    sql<number>`(select coalesce(sum(c.events), 0) from (${countRows(db, selection, from, until)}) c)`;

  const { from, until } = selection;
  if (selection.filter.search) return searchCount(db, selection);
  const { in_maintenance: maintenance, ...others } = selection.filter;
  if (maintenance) {
    // docs/product.md#maintenance-windows: the totals do not tell the marked events apart; they are
    // counted one by one through their partial index (events_in_maintenance, a few of a customer's),
    // and the others are all the rest
    const marked = sql<number>`(${db
      .selectFrom('events as e')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => eventConditions(eb, { ...selection, filter: { ...others, in_maintenance: 'Y' } }))})`;
    if (maintenance === 'Y') return marked;
    return sql<number>`(${countOf(db, { ...selection, filter: others })} - ${marked})`;
  }
  const firstWholeMonth = from ? (isMonthStart(from) ? from : monthStart(from, 1)) : null;
  const lastMonthEnd = until ? monthStart(until) : null;
  if (firstWholeMonth && lastMonthEnd && firstWholeMonth >= lastMonthEnd) return exact(from, until);
  const parts = [summed(firstWholeMonth, lastMonthEnd)];
  if (from && firstWholeMonth && from < firstWholeMonth) parts.push(exact(from, firstWholeMonth));
  if (until && lastMonthEnd && lastMonthEnd < until) parts.push(exact(lastMonthEnd, until));
  return sql<number>`(${sql.join(parts, sql` + `)})`;
}

/**
 * The groups of a selection's events by module or by application (null for events without one),
 * read from event_counts: every group holding events the coarse filters keep (status, SLA,
 * module, application, the months of the date range). A list in the order of module or
 * application names walks each group by id and merges them (`eventPageQuery`).
 */
export function eventGroups(db: Kysely<DB>, selection: EventSelection, by: 'module_id' | 'application_id') {
  const from = selection.from ? monthStart(selection.from) : null;
  // every group's total is at least 0, so a module or application whose rows add up to more holds events
  return db
    .selectFrom(countRows(db, selection, from, selection.until).as('c'))
    .select(`c.${by} as group_id`)
    .groupBy(`c.${by}`)
    .having((eb) => eb.fn.sum('c.events'), '>', 0);
}

/** An event as read: the domain's fields, with dates as the database gives them. */
export type EventRow = Omit<IncidentEvent, 'event_createdt' | 'accepteddt' | 'event_closedt' | 'audio'> & {
  event_createdt: Date;
  accepteddt: Date | null;
  event_closedt: Date | null;
  audio_token: string | null;
};

export const toEvent = (row: EventRow): IncidentEvent => ({
  event_id: row.event_id,
  case_id: row.case_id,
  event_createdt: iso(row.event_createdt)!,
  accepteddt: iso(row.accepteddt),
  event_closedt: iso(row.event_closedt),
  event_status: row.event_status,
  accepted_by: row.accepted_by,
  application_name: row.application_name,
  module_name: row.module_name,
  module_id: row.module_id,
  last_resource_assigned: row.last_resource_assigned,
  minutes_elapsed: row.minutes_elapsed,
  time_response: row.time_response,
  sla_response: row.sla_response,
  sla_compliance: row.sla_compliance,
  short_event_subject: row.short_event_subject,
  short_event_body: row.short_event_body,
  event_cause: row.event_cause,
  event_resolution: row.event_resolution,
  resolution: row.resolution,
  audio: row.audio_token === null ? null : audioPath(row.audio_token),
  in_maintenance: row.in_maintenance,
});

/** The columns of an event on the wire, from `events as e` joined to its module `m` and application `a`. */
export const EVENT_COLUMNS = [
  'e.event_id',
  'e.case_id',
  'e.event_createdt',
  'e.accepteddt',
  'e.event_closedt',
  'e.event_status',
  'a.application_name',
  'm.module_name',
  'e.module_id',
  'e.last_resource_assigned',
  'e.accepted_by',
  'e.minutes_elapsed',
  'e.time_response',
  'e.sla_response',
  'e.sla_compliance',
  'e.short_event_subject',
  'e.short_event_body',
  'e.event_cause',
  'e.event_resolution',
  'e.resolution',
  'e.in_maintenance',
] as const;
