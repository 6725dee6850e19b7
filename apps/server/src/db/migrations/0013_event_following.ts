import type { Migration } from '../migration';

/**
 * Following events (docs/product.md#events, #http-calls; issue 14): filters that stay fast over years of history, their
 * totals, and word of changes.
 *
 * - events.application_id: the application of the event's module, set when the event is written
 *   (a module's application never changes, docs/product.md#modules), so the application filter reads one index.
 * - event_counts: how many events each customer has per UTC month, application, module, status and
 *   SLA compliance, kept by the triggers below in the transaction that changes the events. A list's
 *   total is a sum over these rows (and an exact count of the partial months at the ends of a
 *   date range) instead of a count over a million events.
 * - Every insert, and every update of what the list shows, notifies channel `relevo_events` with
 *   the customer's id, so the screens of that customer can read their page again (server-sent
 *   events). PostgreSQL sends notifications when the transaction commits, once per payload.
 * - Indexes that serve each filter in the list's default order (newest first), and trigram search
 *   of the incident text.
 *
 * The trigger functions run as the owner (security definer): a customer's unit of work and the
 * engine (staff) change events; only the owner writes event_counts. Deltas are applied in the
 * order of their group's key, so concurrent changes lock the same rows in the same order.
 *
 * Frozen text: this migration imports nothing but the type, and names roles literally.
 */
const month = `date_trunc('month', event_createdt, 'UTC')`;
const group = `customer_id, ${month}, application_id, module_id, event_status, sla_compliance`;

export const eventFollowing: Migration = {
  up: [
    `alter table events add column application_id integer`,
    `update events e set application_id = m.application_id from modules m where m.customer_id = e.customer_id and m.module_id = e.module_id`,
    `create function relevo_event_application() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
      begin
        new.application_id := (select m.application_id from modules m where m.customer_id = new.customer_id and m.module_id = new.module_id);
        return new;
      end $$`,
    `create trigger events_application before insert or update of module_id, customer_id on events for each row execute function relevo_event_application()`,

    `create table event_counts (
      customer_id integer not null references customers (customer_id) on delete cascade,
      month timestamptz not null,
      application_id integer,
      module_id integer,
      event_status text not null,
      sla_compliance text,
      events integer not null,
      constraint event_counts_group unique nulls not distinct (customer_id, month, application_id, module_id, event_status, sla_compliance)
    )`,
    `alter table event_counts enable row level security`,
    `create policy tenant_isolation on event_counts to relevo_app using (customer_id = (select nullif(current_setting('relevo.customer_id', true), '')::integer))`,
    `create policy staff_access on event_counts to relevo_staff using (true)`,
    `insert into event_counts (customer_id, month, application_id, module_id, event_status, sla_compliance, events)
      select ${group}, count(*) from events group by 1, 2, 3, 4, 5, 6`,

    `create function relevo_events_added() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
      begin
        insert into event_counts as c (customer_id, month, application_id, module_id, event_status, sla_compliance, events)
          select ${group}, count(*) from added group by 1, 2, 3, 4, 5, 6 order by 1, 2, 3, 4, 5, 6
          on conflict on constraint event_counts_group do update set events = c.events + excluded.events;
        perform pg_notify('relevo_events', changed.customer_id::text) from (select distinct customer_id from added) changed;
        return null;
      end $$`,
    `create trigger events_added after insert on events referencing new table as added for each statement execute function relevo_events_added()`,

    `create function relevo_event_changed() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
      begin
        if (old.customer_id, old.event_createdt, old.application_id, old.module_id, old.event_status, old.sla_compliance)
           is distinct from (new.customer_id, new.event_createdt, new.application_id, new.module_id, new.event_status, new.sla_compliance) then
          -- the old and the new group may be one (a move within its month): one change per group
          insert into event_counts as c (customer_id, month, application_id, module_id, event_status, sla_compliance, events)
            select customer_id, month, application_id, module_id, event_status, sla_compliance, sum(events) from (values
              (old.customer_id, date_trunc('month', old.event_createdt, 'UTC'), old.application_id, old.module_id, old.event_status, old.sla_compliance, -1),
              (new.customer_id, date_trunc('month', new.event_createdt, 'UTC'), new.application_id, new.module_id, new.event_status, new.sla_compliance, 1)
            ) as delta (customer_id, month, application_id, module_id, event_status, sla_compliance, events)
            group by 1, 2, 3, 4, 5, 6
            having sum(events) <> 0
            order by 1, 2, 3, 4, 5, 6
            on conflict on constraint event_counts_group do update set events = c.events + excluded.events;
        end if;
        perform pg_notify('relevo_events', new.customer_id::text);
        if old.customer_id <> new.customer_id then perform pg_notify('relevo_events', old.customer_id::text); end if;
        return null;
      end $$`,
    `create trigger events_changed after update on events for each row
      when ((old.customer_id, old.event_createdt, old.module_id, old.event_status, old.sla_compliance, old.accepteddt, old.event_closedt, old.last_resource_assigned)
            is distinct from (new.customer_id, new.event_createdt, new.module_id, new.event_status, new.sla_compliance, new.accepteddt, new.event_closedt, new.last_resource_assigned))
      execute function relevo_event_changed()`,

    `create function relevo_events_removed() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
      begin
        update event_counts c set events = c.events - gone.events
          from (select ${group}, count(*) from removed group by 1, 2, 3, 4, 5, 6) gone (customer_id, month, application_id, module_id, event_status, sla_compliance, events)
          where c.customer_id = gone.customer_id and c.month = gone.month and c.application_id is not distinct from gone.application_id
            and c.module_id is not distinct from gone.module_id and c.event_status = gone.event_status and c.sla_compliance is not distinct from gone.sla_compliance;
        perform pg_notify('relevo_events', changed.customer_id::text) from (select distinct customer_id from removed) changed;
        return null;
      end $$`,
    `create trigger events_removed after delete on events referencing old table as removed for each statement execute function relevo_events_removed()`,

    // newest first, for every customer, filtered or not; the filters ride along for index-only counts of a range's ends
    `drop index events_customer_created`,
    `create index events_customer_created on events (customer_id, event_createdt desc, event_id desc) include (application_id, module_id, event_status, sla_compliance)`,
    `create index events_application_created on events (customer_id, application_id, event_createdt desc, event_id desc)`,
    `create index events_status_created on events (customer_id, event_status, event_createdt desc, event_id desc)`,
    `create index events_sla_created on events (customer_id, sla_compliance, event_createdt desc, event_id desc)`,
    `create index events_subject_trigrams on events using gin (short_event_subject gin_trgm_ops)`,
  ],
};
