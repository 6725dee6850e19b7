import type { Migration } from '../migration';

/**
 * The dashboard (docs/product.md#dashboard, #entities Dashboard data, 7 Dashboard summaries; docs/perf.md "Dashboard"):
 *
 * - customers.customer_time_zone: the IANA zone a customer's days, weeks, months and years are
 *   counted in (default UTC).
 * - event_day_counts: per customer, calendar day of the customer (by creation) and module, what
 *   the widgets add up: the events, by status now, by SLA result, and the minutes to acceptance
 *   and to resolution with how many they are over. event_day_responders: per customer, day and
 *   resource, the events last assigned to that resource.
 * - event_day_count_changes and event_day_responder_changes: what changed since those were last
 *   brought up to date. Triggers on events only ever insert here, in the transaction that changes
 *   the events: an insert or a delete adds its events by statement; an update adds the row's old
 *   part taken away and its new part, and only when a counted column changed (a row trigger whose
 *   condition is false for the engine's other updates). Nothing is updated in place, so
 *   concurrent incidents and escalations never wait for each other on a shared counter row.
 *   Readers add the counts and the changes together; the dashboard moves the changes into the
 *   counts from time to time (apps/server/src/dashboard/summaries.ts).
 * - a new time zone counts the customer's days again, from its events.
 *
 * Module 0 holds events without a module. Every table is a tenant table under the same row-level
 * security as the others, and the triggers run as the role that changed the events (no security
 * definer): a customer's unit of work keeps its own customer's counts.
 *
 * Frozen text: this migration imports nothing but the type, and names roles literally.
 */
const own = `customer_id = (select nullif(current_setting('relevo.customer_id', true), '')::integer)`;

const TENANT = ['event_day_counts', 'event_day_count_changes', 'event_day_responders', 'event_day_responder_changes'];

/** The counted columns of event_day_counts and its changes, in order. */
const COUNTED = `num_events integer not null,
      num_open integer not null,
      num_progress integer not null,
      num_completed integer not null,
      num_canceled integer not null,
      num_sla_met integer not null,
      num_sla_missed integer not null,
      num_responded integer not null,
      response_minutes bigint not null,
      num_resolved integer not null,
      resolution_minutes bigint not null`;

/** The key columns the counts and the responders share: per customer and day. */
const PER_DAY = `customer_id integer not null references customers (customer_id) on delete cascade,
      day date not null`;

/** The columns event_day_counts shares with event_day_count_changes, in order. */
const COUNT_COLUMNS = `${PER_DAY},
      module_id integer not null,
      ${COUNTED}`;

/** The columns event_day_responders shares with event_day_responder_changes, in order. */
const RESPONDER_COLUMNS = `${PER_DAY},
      resource text not null,
      num_events integer not null`;

/**
 * A table of counts, keyed by customer, day and `key`, and its table of changes: the same columns
 * without the key (a key has many changes), indexed by customer and day.
 */
const countTables = (table: string, changes: string, columns: string, key: string) => [
  `create table ${table} (
      ${columns},
      primary key (customer_id, day, ${key})
    )`,
  `create table ${changes} (
      ${columns}
    )`,
  `create index ${changes}_customer on ${changes} (customer_id, day)`,
];

/** One event's part of each counted column (`e`: a row of events), times `sign`. */
const parts = (e: string, sign: string) => [
  `${sign}`,
  `${sign} * (${e}.event_status = 'open')::integer`,
  `${sign} * (${e}.event_status = 'progress')::integer`,
  `${sign} * (${e}.event_status = 'completed')::integer`,
  `${sign} * (${e}.event_status = 'canceled')::integer`,
  `${sign} * (${e}.sla_compliance is not distinct from 'YES')::integer`,
  `${sign} * (${e}.sla_compliance is not distinct from 'NO')::integer`,
  `${sign} * (${e}.time_response is not null)::integer`,
  `${sign} * coalesce(${e}.time_response, 0)`,
  `${sign} * (${e}.event_status = 'completed' and ${e}.minutes_elapsed is not null)::integer`,
  `${sign} * case when ${e}.event_status = 'completed' then coalesce(${e}.minutes_elapsed, 0) else 0 end`,
];

const part = (e: string, sign: string) => parts(e, sign).join(', ');

/** The same, summed over the rows of `e`. */
const sums = (e: string, sign: string) =>
  parts(e, sign)
    .map((column) => `sum(${column})`)
    .join(', ');

const COLUMNS =
  'num_events, num_open, num_progress, num_completed, num_canceled, num_sla_met, num_sla_missed, num_responded, response_minutes, num_resolved, resolution_minutes';

/** The local day of `e`'s creation in the zone of `c` (a row of customers). */
const day = (e: string, zone: string) => `(${e}.event_createdt at time zone ${zone})::date`;

/** Changes for the rows of a transition table, added (`sign` 1) or taken away (-1). */
const statementChanges = (table: string, sign: string) => `
      insert into event_day_count_changes (customer_id, day, module_id, ${COLUMNS})
        select e.customer_id, ${day('e', 'c.customer_time_zone')}, coalesce(e.module_id, 0), ${sums('e', sign)}
        from ${table} e join customers c on c.customer_id = e.customer_id
        group by 1, 2, 3;
      insert into event_day_responder_changes (customer_id, day, resource, num_events)
        select e.customer_id, ${day('e', 'c.customer_time_zone')}, e.last_resource_assigned, ${sign} * count(*)
        from ${table} e join customers c on c.customer_id = e.customer_id
        where e.last_resource_assigned is not null
        group by 1, 2, 3;`;

/** The columns whose change changes a count. */
const COUNTED_CHANGE = ['event_status', 'sla_compliance', 'time_response', 'minutes_elapsed']
  .map((column) => `old.${column} is distinct from new.${column}`)
  .join(' or ');
const MOVED = ['customer_id', 'module_id', 'event_createdt']
  .map((column) => `old.${column} is distinct from new.${column}`)
  .join(' or ');
const REASSIGNED = `old.last_resource_assigned is distinct from new.last_resource_assigned`;

export const dashboard: Migration = {
  up: [
    `alter table customers add column customer_time_zone text not null default 'UTC' check (length(customer_time_zone) between 1 and 64)`,

    ...countTables('event_day_counts', 'event_day_count_changes', COUNT_COLUMNS, 'module_id'),
    ...countTables('event_day_responders', 'event_day_responder_changes', RESPONDER_COLUMNS, 'resource'),
    ...TENANT.flatMap((table) => [
      `alter table ${table} enable row level security`,
      `alter table ${table} force row level security`,
      `create policy tenant_isolation on ${table} to relevo_app using (${own}) with check (${own})`,
      `create policy staff_access on ${table} to relevo_staff using (true) with check (true)`,
    ]),

    `create function relevo_event_days_added() returns trigger language plpgsql as $$
    begin${statementChanges('added_events', '1')}
      return null;
    end $$`,
    `create function relevo_event_days_removed() returns trigger language plpgsql as $$
    begin${statementChanges('removed_events', '-1')}
      return null;
    end $$`,
    `create function relevo_event_day_changed() returns trigger language plpgsql as $$
    declare
      old_day date;
      new_day date;
    begin
      select ${day('old', 'customer_time_zone')} into old_day from customers where customer_id = old.customer_id;
      select ${day('new', 'customer_time_zone')} into new_day from customers where customer_id = new.customer_id;
      if ${MOVED} or ${COUNTED_CHANGE} then
        insert into event_day_count_changes (customer_id, day, module_id, ${COLUMNS})
        values (old.customer_id, old_day, coalesce(old.module_id, 0), ${part('old', '-1')}),
               (new.customer_id, new_day, coalesce(new.module_id, 0), ${part('new', '1')});
      end if;
      if ${MOVED} or ${REASSIGNED} then
        insert into event_day_responder_changes (customer_id, day, resource, num_events)
        select * from (values (old.customer_id, old_day, old.last_resource_assigned, -1), (new.customer_id, new_day, new.last_resource_assigned, 1)) as changed (customer_id, day, resource, num_events)
        where changed.resource is not null;
      end if;
      return null;
    end $$`,
    `create function relevo_event_days_recounted() returns trigger language plpgsql as $$
    begin
      delete from event_day_counts where customer_id = new.customer_id;
      delete from event_day_count_changes where customer_id = new.customer_id;
      delete from event_day_responders where customer_id = new.customer_id;
      delete from event_day_responder_changes where customer_id = new.customer_id;
      insert into event_day_counts (customer_id, day, module_id, ${COLUMNS})
        select e.customer_id, ${day('e', 'new.customer_time_zone')}, coalesce(e.module_id, 0), ${sums('e', '1')}
        from events e where e.customer_id = new.customer_id
        group by 1, 2, 3;
      insert into event_day_responders (customer_id, day, resource, num_events)
        select e.customer_id, ${day('e', 'new.customer_time_zone')}, e.last_resource_assigned, count(*)
        from events e where e.customer_id = new.customer_id and e.last_resource_assigned is not null
        group by 1, 2, 3;
      return null;
    end $$`,
    `create trigger events_day_counts_added after insert on events referencing new table as added_events for each statement execute function relevo_event_days_added()`,
    `create trigger events_day_counts_removed after delete on events referencing old table as removed_events for each statement execute function relevo_event_days_removed()`,
    `create trigger events_day_counts_changed after update on events for each row
      when (${MOVED} or ${COUNTED_CHANGE} or ${REASSIGNED})
      execute function relevo_event_day_changed()`,
    `create trigger customers_day_counts_recounted after update of customer_time_zone on customers for each row
      when (old.customer_time_zone is distinct from new.customer_time_zone)
      execute function relevo_event_days_recounted()`,

    // the events there are already
    `insert into event_day_counts (customer_id, day, module_id, ${COLUMNS})
      select e.customer_id, ${day('e', 'c.customer_time_zone')}, coalesce(e.module_id, 0), ${sums('e', '1')}
      from events e join customers c on c.customer_id = e.customer_id
      group by 1, 2, 3`,
    `insert into event_day_responders (customer_id, day, resource, num_events)
      select e.customer_id, ${day('e', 'c.customer_time_zone')}, e.last_resource_assigned, count(*)
      from events e join customers c on c.customer_id = e.customer_id
      where e.last_resource_assigned is not null
      group by 1, 2, 3`,
  ],
};
