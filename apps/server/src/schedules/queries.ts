import { sql, type Selectable } from 'kysely';
import { SCHEDULE_ORDER_COLUMNS } from '@relevo/api';
import type { ListOf, PageQuery, YesNo } from '@relevo/domain';
import type { Scope, Tx } from '../db/database';
import { ordering } from '../db/listing';
import type { SchedulesTable, StoredScheduleDefinition } from '../db/schema';
import { schedulesNaming } from './definitions';
import { readPage, type ListDatabase } from '../catalogue/queries';

// The schedules' SQL (docs/product.md#schedules): a schedule is one row (its rotations and
// temporary schedules in `definition`), its members kept beside it, its overrides rows of their
// own. Every statement names the caller's customer beside row-level security.

export type ScheduleRow = Omit<Selectable<SchedulesTable>, 'search_text'>;

const SCHEDULE_COLUMNS = [
  's.schedule_id',
  's.customer_id',
  's.schedule_name',
  's.schedule_desc',
  's.time_zone',
  's.schedule_active',
  's.handoff_notices',
  's.definition',
  's.schedule_createby',
  's.schedule_createdt',
  's.schedule_updateby',
  's.schedule_updatedt',
] as const;
const SCHEDULE_SORT_TEXT = new Set(['schedule_name', 'schedule_desc', 'time_zone', 'schedule_updateby']);

export const findSchedule = (tx: Tx, customerId: number, id: number) =>
  tx
    .selectFrom('schedules as s')
    .select(SCHEDULE_COLUMNS)
    .where('s.customer_id', '=', customerId)
    .where('s.schedule_id', '=', id)
    .executeTakeFirst();

/** The schedule, locked until the transaction ends (its overrides are counted and added one writer at a time). */
export const lockSchedule = (tx: Tx, customerId: number, id: number) =>
  tx
    .selectFrom('schedules')
    .select(['schedule_id', 'schedule_active'])
    .where('customer_id', '=', customerId)
    .where('schedule_id', '=', id)
    .forUpdate()
    .executeTakeFirst();

/** docs/product.md#schedules the schedules list: by status, searched, sorted and paged. */
export function listSchedulesPage(
  database: ListDatabase,
  scope: Scope,
  customerId: number,
  query: PageQuery & { schedule_active?: YesNo },
): Promise<ListOf<ScheduleRow>> {
  let matching = database.db.selectFrom('schedules as s').where('s.customer_id', '=', customerId);
  if (query.schedule_active) matching = matching.where('s.schedule_active', '=', query.schedule_active);
  const { column, direction } = ordering(query, SCHEDULE_ORDER_COLUMNS, 'schedule_name');
  const order = { column: `s.${column}`, text: SCHEDULE_SORT_TEXT.has(column), direction, key: 's.schedule_id' };
  const columns = (rows: typeof matching) => rows.select(SCHEDULE_COLUMNS);
  return readPage(
    database,
    scope,
    query,
    { matching, searchText: sql`s.search_text`, columns, order },
    (row: ScheduleRow) => row,
  );
}

/** The customer's active schedules, by name: at most `limit` (the dashboard's "On call now"). */
export const activeSchedules = (tx: Tx, customerId: number, limit: number) =>
  tx
    .selectFrom('schedules as s')
    .select(SCHEDULE_COLUMNS)
    .where('s.customer_id', '=', customerId)
    .where('s.schedule_active', '=', 'Y')
    .orderBy(sql`lower(s.schedule_name)`)
    .orderBy('s.schedule_id')
    .limit(limit)
    .execute();

/**
 * The customer's active schedules in which one of the resources may be on call: a member of a
 * rotation or a temporary shift (the members' index), or with an override not over yet (the
 * overrides' index); at most `limit`, by name.
 */
export const activeSchedulesOfResources = (
  tx: Tx,
  customerId: number,
  resourceIds: readonly number[],
  since: Date,
  limit: number,
) =>
  tx
    .selectFrom('schedules as s')
    .select(SCHEDULE_COLUMNS)
    .where('s.customer_id', '=', customerId)
    .where('s.schedule_active', '=', 'Y')
    .where('s.schedule_id', 'in', schedulesNaming(tx, customerId, resourceIds, { from: since }))
    .orderBy(sql`lower(s.schedule_name)`)
    .orderBy('s.schedule_id')
    .limit(limit)
    .execute();

/** Inserts a schedule of the caller's customer; answers its id. */
export async function insertSchedule(
  tx: Tx,
  customerId: number,
  values: {
    schedule_name: string;
    schedule_desc: string;
    time_zone: string;
    handoff_notices: YesNo;
    definition: StoredScheduleDefinition;
    schedule_createby: string;
    schedule_createdt: Date;
  },
): Promise<number> {
  const made = await tx
    .insertInto('schedules')
    .values({ customer_id: customerId, ...values, definition: JSON.stringify(values.definition) })
    .returning('schedule_id')
    .executeTakeFirstOrThrow();
  return made.schedule_id;
}

/** Writes a schedule of the caller's customer (nothing when it is another's). */
export async function updateSchedule(
  tx: Tx,
  customerId: number,
  id: number,
  values: {
    schedule_name: string;
    schedule_desc: string;
    time_zone: string;
    schedule_active: YesNo;
    handoff_notices: YesNo;
    definition: StoredScheduleDefinition;
    schedule_updateby: string;
    schedule_updatedt: Date;
  },
): Promise<void> {
  await tx
    .updateTable('schedules')
    .set({ ...values, definition: JSON.stringify(values.definition) })
    .where('customer_id', '=', customerId)
    .where('schedule_id', '=', id)
    .execute();
}

/** The schedule's members become exactly these resources (in the transaction that saved its definition). */
export async function replaceMembers(
  tx: Tx,
  customerId: number,
  scheduleId: number,
  resourceIds: readonly number[],
): Promise<void> {
  await tx
    .deleteFrom('schedule_members')
    .where('customer_id', '=', customerId)
    .where('schedule_id', '=', scheduleId)
    .execute();
  if (resourceIds.length === 0) return;
  await tx
    .insertInto('schedule_members')
    .values(
      resourceIds.map((resourceId) => ({ customer_id: customerId, schedule_id: scheduleId, resource_id: resourceId })),
    )
    .execute();
}

/** Which of these ids are resources of the caller's customer. */
export async function ownResourceIds(tx: Tx, customerId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .selectFrom('resources')
    .select('resource_id')
    .where('customer_id', '=', customerId)
    .where('resource_id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((row) => row.resource_id));
}

/** The names of resources of the caller's customer, by id (built here, run or batched by the caller). */
export const resourceNamesQuery = (tx: Tx, customerId: number, ids: readonly number[]) =>
  tx
    .selectFrom('resources')
    .select(['resource_id', 'resource_fullname'])
    .where('customer_id', '=', customerId)
    // an empty list names none
    .where('resource_id', 'in', ids.length ? [...new Set(ids)] : [0]);

/** The names of resources of the caller's customer, by id. */
export async function resourceNames(tx: Tx, customerId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await resourceNamesQuery(tx, customerId, ids).execute();
  return new Map(rows.map((row) => [row.resource_id, row.resource_fullname]));
}

export interface NamedOverrideRow {
  override_id: number;
  schedule_id: number;
  resource_id: number;
  resource_fullname: string;
  start_at: Date;
  end_at: Date;
  override_createby: string | null;
  override_createdt: Date;
}

/** A customer's overrides with their people's names. */
const overridesWithNames = (tx: Tx, customerId: number) =>
  tx
    .selectFrom('schedule_overrides as o')
    .innerJoin('resources as r', (join) =>
      join.onRef('r.resource_id', '=', 'o.resource_id').onRef('r.customer_id', '=', 'o.customer_id'),
    )
    .select([
      'o.override_id',
      'o.schedule_id',
      'o.resource_id',
      'r.resource_fullname',
      'o.start_at',
      'o.end_at',
      'o.override_createby',
      'o.override_createdt',
    ])
    .where('o.customer_id', '=', customerId);

/**
 * The overrides of some schedules of the caller's customer that overlap [from, to), with their
 * people's names, in the order they were made (a later one wins), by the (schedule_id, end_at)
 * index; a schedule holds at most SCHEDULE_LIMITS.overrides. The rows of definitions.ts's
 * `overridesOver` and the names the answers show, in one statement (and one round trip beside
 * another in a list's read).
 */
export const overridesQuery = (tx: Tx, customerId: number, scheduleIds: readonly number[], from: Date, to: Date) =>
  overridesWithNames(tx, customerId)
    .where('o.schedule_id', 'in', scheduleIds.length ? [...scheduleIds] : [0])
    .where('o.end_at', '>', from)
    .where('o.start_at', '<', to)
    .orderBy('o.override_id');

export const findOverride = (tx: Tx, customerId: number, scheduleId: number, overrideId: number) =>
  overridesWithNames(tx, customerId)
    .where('o.schedule_id', '=', scheduleId)
    .where('o.override_id', '=', overrideId)
    .executeTakeFirst();

export async function countOverrides(tx: Tx, customerId: number, scheduleId: number): Promise<number> {
  const row = await tx
    .selectFrom('schedule_overrides')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('customer_id', '=', customerId)
    .where('schedule_id', '=', scheduleId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertOverride(
  tx: Tx,
  customerId: number,
  values: {
    schedule_id: number;
    resource_id: number;
    start_at: Date;
    end_at: Date;
    override_createby: string;
    override_createdt: Date;
  },
): Promise<number> {
  const made = await tx
    .insertInto('schedule_overrides')
    .values({ customer_id: customerId, ...values })
    .returning('override_id')
    .executeTakeFirstOrThrow();
  return made.override_id;
}

/** Deletes an override of that schedule of the caller's customer; false when it has none of that id. */
export async function deleteOverride(
  tx: Tx,
  customerId: number,
  scheduleId: number,
  overrideId: number,
): Promise<boolean> {
  const gone = await tx
    .deleteFrom('schedule_overrides')
    .where('customer_id', '=', customerId)
    .where('schedule_id', '=', scheduleId)
    .where('override_id', '=', overrideId)
    .returning('override_id')
    .executeTakeFirst();
  return gone !== undefined;
}

/** The escalations with a step that calls the schedule (its status decides their validity), by the steps' schedule index. */
export async function escalationsUsingSchedule(tx: Tx, customerId: number, scheduleId: number): Promise<number[]> {
  const rows = await tx
    .selectFrom('escalation_resources')
    .select('escalation_id')
    .distinct()
    .where('customer_id', '=', customerId)
    .where('schedule_id', '=', scheduleId)
    .execute();
  return rows.map((row) => row.escalation_id);
}

/** The names of the escalations with a step that calls the schedule: the first `limit` by name, and how many in all. */
export async function escalationNamesUsingSchedule(
  tx: Tx,
  customerId: number,
  scheduleId: number,
  limit: number,
): Promise<{ names: string[]; total: number }> {
  const using = tx
    .selectFrom('escalations as e')
    .where('e.customer_id', '=', customerId)
    .where('e.escalation_id', 'in', (eb) =>
      eb
        .selectFrom('escalation_resources')
        .select('escalation_id')
        .where('customer_id', '=', customerId)
        .where('schedule_id', '=', scheduleId),
    );
  const rows = await using
    .select('e.escalation_name')
    .orderBy(sql`lower(e.escalation_name)`)
    .orderBy('e.escalation_id')
    .limit(limit)
    .execute();
  if (rows.length < limit) return { names: rows.map((row) => row.escalation_name), total: rows.length };
  const counted = await using.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { names: rows.map((row) => row.escalation_name), total: Number(counted.n) };
}
