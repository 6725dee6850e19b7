import type { Migration } from '../migration';

/**
 * The events' totals without a shared row to wait on (issue "Production hardening", soak).
 *
 * Migration 0013 kept event_counts by adding each change to its group's row (customer, month,
 * application, module, status, SLA) in the transaction that changed the events. All the events of
 * one module in one month share a handful of such rows, so every acceptance, resolution and batch
 * of new incidents of that module waited for the commit of the one before it.
 *
 * Now the triggers only ever insert their change as a row of its own into event_count_changes, as
 * the day counts of migration 0012 do; readers add event_counts and the changes together, and the
 * worker moves the changes into event_counts every few seconds (`relevo_fold_event_counts`), in
 * one transaction that deletes what it adds, so a reader sees either the changes or their sum.
 *
 * Word of the changes, for the screens that follow them: migration 0013's triggers notified
 * `relevo_events` in every transaction that changed an event. PostgreSQL lets one notifying
 * transaction commit at a time (it holds a lock of the whole cluster's notification queue from
 * before its commit record to after that record is on disk), so every incident, acceptance,
 * resolution and engine step waited in one line for the disk, one commit after the other. Now the
 * triggers write the customer's id into event_change_marks, and `relevo_announce_event_changes`,
 * called every quarter of a second by the processes whose screens listen (and by the worker),
 * notifies once per customer for all the marks since, in one transaction.
 *
 * The functions run as the owner (security definer): the customers' units of work and staff read
 * the count changes, only the owner writes them; no app role reads the marks; staff (the worker
 * and the processes that serve the screens) may call the fold and the announcement.
 *
 * Frozen text: this migration imports nothing but the type, and names roles literally.
 */
const month = `date_trunc('month', event_createdt, 'UTC')`;
const group = `customer_id, ${month}, application_id, module_id, event_status, sla_compliance`;
const columns = 'customer_id, month, application_id, module_id, event_status, sla_compliance, events';

export const eventCountChanges: Migration = {
  up: [
    // the columns of event_counts (not its unique group: a group has many changes)
    `create table event_count_changes (like event_counts, foreign key (customer_id) references customers (customer_id) on delete cascade)`,
    `create index event_count_changes_customer on event_count_changes (customer_id, month)`,
    `alter table event_count_changes enable row level security`,
    `create policy tenant_isolation on event_count_changes to relevo_app using (customer_id = (select nullif(current_setting('relevo.customer_id', true), '')::integer))`,
    `create policy staff_access on event_count_changes to relevo_staff using (true)`,
    `create table event_change_marks (customer_id integer not null)`,
    `alter table event_change_marks enable row level security`,

    `create or replace function relevo_events_added() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
      begin
        insert into event_count_changes (${columns})
          select ${group}, count(*) from added group by 1, 2, 3, 4, 5, 6;
        insert into event_change_marks (customer_id) select distinct customer_id from added;
        return null;
      end $$`,

    `create or replace function relevo_event_changed() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
      begin
        if (old.customer_id, old.event_createdt, old.application_id, old.module_id, old.event_status, old.sla_compliance)
           is distinct from (new.customer_id, new.event_createdt, new.application_id, new.module_id, new.event_status, new.sla_compliance) then
          -- the old and the new group may be one (a move within its month): nothing to write then
          insert into event_count_changes (${columns})
            select customer_id, month, application_id, module_id, event_status, sla_compliance, sum(events) from (values
              (old.customer_id, date_trunc('month', old.event_createdt, 'UTC'), old.application_id, old.module_id, old.event_status, old.sla_compliance, -1),
              (new.customer_id, date_trunc('month', new.event_createdt, 'UTC'), new.application_id, new.module_id, new.event_status, new.sla_compliance, 1)
            ) as delta (customer_id, month, application_id, module_id, event_status, sla_compliance, events)
            group by 1, 2, 3, 4, 5, 6
            having sum(events) <> 0;
        end if;
        insert into event_change_marks (customer_id) values (new.customer_id);
        if old.customer_id <> new.customer_id then insert into event_change_marks (customer_id) values (old.customer_id); end if;
        return null;
      end $$`,

    `create or replace function relevo_events_removed() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
      begin
        -- the events of a customer being deleted go with its counts (no customer, nothing to count)
        insert into event_count_changes (${columns})
          select ${group}, -count(*) from removed r where exists (select from customers c where c.customer_id = r.customer_id)
          group by 1, 2, 3, 4, 5, 6;
        insert into event_change_marks (customer_id) select distinct customer_id from removed;
        return null;
      end $$`,

    // Moves the committed changes into event_counts and answers how many rows it moved. One fold at
    // a time (another answers 0 at once); groups are written in the order of their key.
    `create function relevo_fold_event_counts() returns integer language plpgsql security definer set search_path = public, pg_temp as $$
      declare
        moved integer;
      begin
        if not pg_try_advisory_xact_lock(7245016) then
          return 0;
        end if;
        with gone as (delete from event_count_changes returning *),
        summed as (
          select customer_id, month, application_id, module_id, event_status, sla_compliance, sum(events)::integer as events
          from gone group by 1, 2, 3, 4, 5, 6 having sum(events) <> 0),
        added as (
          insert into event_counts as c (${columns})
          select * from summed order by 1, 2, 3, 4, 5, 6
          on conflict on constraint event_counts_group do update set events = c.events + excluded.events
          returning 1)
        select count(*) into moved from gone;
        return moved;
      end $$`,
    `revoke all on function relevo_fold_event_counts() from public`,

    // Notifies relevo_events once for each customer marked since, and answers how many marks it
    // took. One announcement at a time (another answers 0 at once).
    `create function relevo_announce_event_changes() returns integer language plpgsql security definer set search_path = public, pg_temp as $$
      declare
        taken integer;
        marked integer[];
      begin
        if not pg_try_advisory_xact_lock(7245017) then
          return 0;
        end if;
        with gone as (delete from event_change_marks returning customer_id)
        select count(*), array_agg(distinct customer_id) into taken, marked from gone;
        perform pg_notify('relevo_events', customer_id::text) from unnest(marked) as customer_id;
        return taken;
      end $$`,
    `revoke all on function relevo_announce_event_changes() from public`,
  ],
};
