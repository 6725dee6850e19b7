import type { Migration } from '../migrate';

/**
 * The dashboard (spec 2.7, 3 Dashboard data, 7 Dashboard summaries; docs/perf.md "Dashboard"):
 *
 * - customers.customer_time_zone: the IANA zone a customer's days, weeks, months and years are
 *   counted in (default UTC).
 * - event_day_counts: how many events each module of a customer received on each of the
 *   customer's calendar days. It is kept by the database itself, in the transaction that adds,
 *   moves or removes an event, so it is never behind: an insert adds its events by statement
 *   (one upsert per statement, in key order, so concurrent statements lock rows in the same
 *   order); a delete takes them off; an update that moves an event to another day, module or
 *   customer moves its count (a row trigger whose condition is false for every other update, so
 *   the engine's status changes cost nothing); a new time zone counts the customer's days again.
 *   Only the creation counts are kept: they change when events come in, which the ingest already
 *   serialises, whereas statuses change all the time and are counted from the events themselves.
 *   The rows of a customer go with it.
 * - two partial indexes for the profile's counts over all time (spec 2.8): the events that are not
 *   completed, by status, and the events that missed their SLA. Completed events are the day
 *   counts' total less the others.
 *
 * The triggers run as the role that changed the events (no security definer): a customer's unit
 * of work keeps its own customer's counts under the same row-level security as every tenant table.
 *
 * Frozen text: this migration imports nothing but the type, and names roles literally.
 */
const own = `customer_id = (select nullif(current_setting('relevo.customer_id', true), '')::integer)`;

export const dashboard: Migration = {
  up: [
    `alter table customers add column customer_time_zone text not null default 'UTC' check (length(customer_time_zone) between 1 and 64)`,

    `create table event_day_counts (
      customer_id integer not null references customers (customer_id) on delete cascade,
      day date not null,
      module_id integer not null,
      num_events integer not null check (num_events >= 0),
      primary key (customer_id, day, module_id)
    )`,
    `alter table event_day_counts enable row level security`,
    `alter table event_day_counts force row level security`,
    `create policy tenant_isolation on event_day_counts to relevo_app using (${own}) with check (${own})`,
    `create policy staff_access on event_day_counts to relevo_staff using (true) with check (true)`,

    // events without a module count under module 0
    `create function relevo_event_days_added() returns trigger language plpgsql as $$
    begin
      insert into event_day_counts as counted (customer_id, day, module_id, num_events)
        select e.customer_id, (e.event_createdt at time zone c.customer_time_zone)::date, coalesce(e.module_id, 0), count(*)
        from added_events e join customers c on c.customer_id = e.customer_id
        group by 1, 2, 3
        order by 1, 2, 3
      on conflict (customer_id, day, module_id) do update set num_events = counted.num_events + excluded.num_events;
      return null;
    end $$`,
    `create function relevo_event_days_removed() returns trigger language plpgsql as $$
    begin
      with removed as (
        select e.customer_id, (e.event_createdt at time zone c.customer_time_zone)::date as day, coalesce(e.module_id, 0) as module_id, count(*) as n
        from removed_events e join customers c on c.customer_id = e.customer_id
        group by 1, 2, 3
      )
      update event_day_counts counted set num_events = counted.num_events - removed.n
      from removed
      where counted.customer_id = removed.customer_id and counted.day = removed.day and counted.module_id = removed.module_id;
      delete from event_day_counts where num_events = 0 and customer_id in (select customer_id from removed_events);
      return null;
    end $$`,
    `create function relevo_event_day_moved() returns trigger language plpgsql as $$
    begin
      update event_day_counts counted set num_events = counted.num_events - 1
      from customers c
      where c.customer_id = old.customer_id and counted.customer_id = old.customer_id
        and counted.day = (old.event_createdt at time zone c.customer_time_zone)::date and counted.module_id = coalesce(old.module_id, 0);
      delete from event_day_counts where num_events = 0 and customer_id = old.customer_id;
      insert into event_day_counts as counted (customer_id, day, module_id, num_events)
        select new.customer_id, (new.event_createdt at time zone c.customer_time_zone)::date, coalesce(new.module_id, 0), 1
        from customers c where c.customer_id = new.customer_id
      on conflict (customer_id, day, module_id) do update set num_events = counted.num_events + 1;
      return null;
    end $$`,
    `create function relevo_event_days_recounted() returns trigger language plpgsql as $$
    begin
      delete from event_day_counts where customer_id = new.customer_id;
      insert into event_day_counts (customer_id, day, module_id, num_events)
        select customer_id, (event_createdt at time zone new.customer_time_zone)::date, coalesce(module_id, 0), count(*)
        from events where customer_id = new.customer_id
        group by 1, 2, 3;
      return null;
    end $$`,
    `create trigger events_day_counts_added after insert on events referencing new table as added_events for each statement execute function relevo_event_days_added()`,
    `create trigger events_day_counts_removed after delete on events referencing old table as removed_events for each statement execute function relevo_event_days_removed()`,
    `create trigger events_day_counts_moved after update of customer_id, module_id, event_createdt on events for each row
      when (old.customer_id is distinct from new.customer_id or old.module_id is distinct from new.module_id or old.event_createdt is distinct from new.event_createdt)
      execute function relevo_event_day_moved()`,
    `create trigger customers_day_counts_recounted after update of customer_time_zone on customers for each row
      when (old.customer_time_zone is distinct from new.customer_time_zone)
      execute function relevo_event_days_recounted()`,

    // the events there are already
    `insert into event_day_counts (customer_id, day, module_id, num_events)
      select e.customer_id, (e.event_createdt at time zone c.customer_time_zone)::date, coalesce(e.module_id, 0), count(*)
      from events e join customers c on c.customer_id = e.customer_id
      group by 1, 2, 3`,

    `create index events_unfinished on events (customer_id, event_status) where event_status <> 'completed'`,
    `create index events_non_compliant on events (customer_id) where sla_compliance = 'NO'`,
  ],
};
