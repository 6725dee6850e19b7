import { sql } from 'kysely';
import type { Database, Scope } from '../db/database';

/** The counted columns of the day counts (migration 0012). */
const COUNTED_COLUMNS = [
  'num_events',
  'num_open',
  'num_progress',
  'num_completed',
  'num_canceled',
  'num_sla_met',
  'num_sla_missed',
  'num_responded',
  'response_minutes',
  'num_resolved',
  'resolution_minutes',
] as const;

export const COUNTED = sql.raw(COUNTED_COLUMNS.join(', '));

/**
 * Moves the changes written since into the day counts (one customer's, or every customer's), in
 * one transaction: the changes it reads are deleted as they are added, so a reader sees either
 * them or their sum, never both. Another process doing the same at once waits on the rows and then
 * finds them gone.
 */
function foldStatements(customerId?: number) {
  const only = customerId === undefined ? sql`` : sql`where customer_id = ${customerId}`;
  const also = customerId === undefined ? sql`` : sql`customer_id = ${customerId} and`;
  const sums = sql.raw(COUNTED_COLUMNS.map((column) => `sum(${column})`).join(', '));
  const added = sql.raw(COUNTED_COLUMNS.map((column) => `${column} = kept.${column} + excluded.${column}`).join(', '));
  return [
    sql`with moved as (delete from event_day_count_changes ${only} returning *)
      insert into event_day_counts as kept (customer_id, day, module_id, ${COUNTED})
      select customer_id, day, module_id, ${sums} from moved group by 1, 2, 3 order by 1, 2, 3
      on conflict (customer_id, day, module_id) do update set ${added}`,
    sql`delete from event_day_counts where ${also} num_events = 0`,
    sql`with moved as (delete from event_day_responder_changes ${only} returning *)
      insert into event_day_responders as kept (customer_id, day, resource, num_events)
      select customer_id, day, resource, sum(num_events) from moved group by 1, 2, 3 order by 1, 2, 3
      on conflict (customer_id, day, resource) do update set num_events = kept.num_events + excluded.num_events`,
    sql`delete from event_day_responders where ${also} num_events = 0`,
  ];
}

/**
 * Brings the day counts up to date: every customer's in the worker's fold every 10 s (so the
 * changes a dashboard adds up stay few however busy the day), or one customer's.
 */
export async function foldDayCounts(database: Database, scope: Scope, customerId?: number): Promise<void> {
  await database.write(
    scope,
    foldStatements(customerId).map((statement) => ({ compile: () => statement.compile(database.db) })),
  );
}
