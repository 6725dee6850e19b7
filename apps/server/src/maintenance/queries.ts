import { sql, type Selectable } from 'kysely';
import { MAINTENANCE_ORDER_COLUMNS } from '@relevo/api';
import type { ListOf, PageQuery } from '@relevo/domain';
import type { Scope, Tx } from '../db/database';
import { ordering } from '../db/listing';
import type { MaintenanceWindowsTable } from '../db/schema';
import { readPage, recordExists, type ListDatabase } from '../catalogue/queries';

// The maintenance windows' SQL (docs/product.md#maintenance-windows). Every statement names the
// caller's customer beside row-level security.

export type MaintenanceWindowRow = Omit<Selectable<MaintenanceWindowsTable>, 'search_text'> & {
  module_name: string | null;
  application_name: string | null;
  /** the covered application, or the covered module's */
  shown_application_id: number | null;
};

const WINDOW_COLUMNS = [
  'w.maintenance_window_id',
  'w.customer_id',
  'w.module_id',
  'w.application_id',
  'w.window_name',
  'w.start_at',
  'w.end_at',
  'w.recurrence',
  'w.release',
  'w.window_createby',
  'w.window_createdt',
  'w.window_updateby',
  'w.window_updatedt',
  'm.module_name',
  'a.application_name',
  'a.application_id as shown_application_id',
] as const;
const WINDOW_SORT_TEXT = new Set(['window_name', 'recurrence', 'release', 'window_updateby']);

/** The windows with their module's and application's names (a module's window names its module's application). */
const windowsWithNames = (db: Tx, customerId: number) =>
  db
    .selectFrom('maintenance_windows as w')
    .leftJoin('modules as m', (join) =>
      join.onRef('m.customer_id', '=', 'w.customer_id').onRef('m.module_id', '=', 'w.module_id'),
    )
    .leftJoin('applications as a', (join) =>
      join
        .onRef('a.customer_id', '=', 'w.customer_id')
        .on('a.application_id', '=', sql<number>`coalesce(w.application_id, m.application_id)`),
    )
    .where('w.customer_id', '=', customerId);

/** docs/product.md#maintenance-windows the list: searched by name, sorted and paged (at most 100 a customer). */
export function listWindowsPage(
  database: ListDatabase,
  scope: Scope,
  customerId: number,
  query: PageQuery,
): Promise<ListOf<MaintenanceWindowRow>> {
  const matching = windowsWithNames(database.db, customerId);
  const { column, direction } = ordering(query, MAINTENANCE_ORDER_COLUMNS, 'start_at');
  const order = {
    column: `w.${column}`,
    text: WINDOW_SORT_TEXT.has(column),
    direction,
    key: 'w.maintenance_window_id',
  };
  return readPage(
    database,
    scope,
    query,
    { matching, searchText: sql`w.search_text`, columns: (rows) => rows.select(WINDOW_COLUMNS), order },
    (row: MaintenanceWindowRow) => row,
  );
}

export const findWindow = (tx: Tx, customerId: number, id: number) =>
  windowsWithNames(tx, customerId).select(WINDOW_COLUMNS).where('w.maintenance_window_id', '=', id).executeTakeFirst();

/** The customer's zone, which the windows are shown in and a weekly window repeats in. */
export const customerZoneQuery = (db: Tx, customerId: number) =>
  db.selectFrom('customers').select('customer_time_zone').where('customer_id', '=', customerId);

/** One writer of a customer's windows at a time, until the transaction ends: the count and the insert cannot interleave. */
export const lockCustomerWindows = (tx: Tx, customerId: number) =>
  sql`select pg_advisory_xact_lock(hashtext('relevo.maintenance'), ${customerId}::integer)`.execute(tx);

export async function countWindows(tx: Tx, customerId: number): Promise<number> {
  const row = await tx
    .selectFrom('maintenance_windows')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('customer_id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the module (or the application) is the customer's. */
export function ownsTarget(
  tx: Tx,
  customerId: number,
  target: { module_id: number | null; application_id: number | null },
): Promise<boolean> {
  return target.module_id !== null
    ? recordExists(tx, customerId, 'modules', target.module_id)
    : recordExists(tx, customerId, 'applications', target.application_id ?? 0);
}

export interface WindowValues {
  window_name: string;
  module_id: number | null;
  application_id: number | null;
  start_at: Date;
  end_at: Date;
  recurrence: 'none' | 'weekly';
  release: 'escalate' | 'quiet';
}

export async function insertWindow(
  tx: Tx,
  customerId: number,
  values: WindowValues & { window_createby: string; window_createdt: Date },
): Promise<number> {
  const made = await tx
    .insertInto('maintenance_windows')
    .values({ customer_id: customerId, ...values })
    .returning('maintenance_window_id')
    .executeTakeFirstOrThrow();
  return made.maintenance_window_id;
}

export const updateWindow = (
  tx: Tx,
  customerId: number,
  id: number,
  values: WindowValues & { window_updateby: string; window_updatedt: Date },
) =>
  tx
    .updateTable('maintenance_windows')
    .set(values)
    .where('customer_id', '=', customerId)
    .where('maintenance_window_id', '=', id)
    .execute();

/** The events a window still holds: open, arrived in it, their timer waiting for its end and not taken by a worker. */
export const heldEvents = (tx: Tx, customerId: number, windowId: number) =>
  tx
    .selectFrom('events as e')
    .innerJoin('engine_timers as t', 't.event_id', 'e.event_id')
    .select(['e.event_id', 'e.module_id', 'e.application_id'])
    .where('e.customer_id', '=', customerId)
    .where('e.maintenance_window_id', '=', windowId)
    .where('e.event_status', '=', 'open')
    .where('t.status', '=', 'pending')
    .where(sql<boolean>`t.state -> 'maintenance' ->> 'ended' = 'false'`)
    .execute();

/**
 * The held events' timers given a new end and release (docs/product.md#maintenance-windows): due
 * at `until`, when the engine lets them go as `release` says. Guarded as the select was, so a timer
 * a worker took meanwhile is left to it.
 */
export const retimeHeld = (
  tx: Tx,
  customerId: number,
  eventIds: readonly number[],
  until: Date,
  release: 'escalate' | 'quiet',
) =>
  tx
    .updateTable('engine_timers')
    .set({
      state: sql<string>`jsonb_set(jsonb_set(state, '{maintenance,until}', to_jsonb(${until.getTime()}::bigint)), '{maintenance,release}', to_jsonb(${release}::text))`,
      due_at: until,
    })
    .where('customer_id', '=', customerId)
    .where('event_id', '=', sql<number>`any(${eventIds}::integer[])`)
    .where('status', '=', 'pending')
    .where(sql<boolean>`state -> 'maintenance' ->> 'ended' = 'false'`)
    .executeTakeFirst();

export const deleteWindow = (tx: Tx, customerId: number, id: number) =>
  tx
    .deleteFrom('maintenance_windows')
    .where('customer_id', '=', customerId)
    .where('maintenance_window_id', '=', id)
    .execute();
