import type { Migration } from '../migration';

/**
 * How many events each incident text has, per customer (issue "Following incidents", speed; docs/perf.md
 * "Events list and CSV").
 *
 * A search of the events list answers its exact total (docs/product.md#events "Show X to Y of Z records"). For a
 * common word that meant counting every matching event: 125,000 or 270,000 of a million, 0.6 to 2 s
 * whatever the index. Monitoring systems repeat their texts ("Disk almost full on db-7" comes back
 * every time the disk fills), so a customer has far fewer distinct texts than events. A search with
 * no other filter adds up the counts of the texts that match; with other filters, the events of
 * the matching texts are counted in `events_customer_subject`, which carries the filters' columns
 * (an index-only count, and equality is leakproof: row-level security lets it search the index);
 * plus, either way, the event of a matching case ID whose text does not match. The count through
 * the search function of migration 0015 is no longer used, and goes.
 *
 * Kept as event_counts is (migration 0016): the events' triggers insert each change as a row of its
 * own into event_subject_count_changes (no shared row for concurrent incidents of one text to wait
 * on), readers add both tables, and `relevo_fold_event_counts` (redefined here) moves these changes
 * too, in the same transaction as the others.
 *
 * Frozen text: this migration imports nothing but the type, and names roles literally.
 */
export const eventSubjectCounts: Migration = {
  up: [
    `create table event_subject_counts (
      customer_id integer not null references customers (customer_id) on delete cascade,
      subject text not null,
      events integer not null,
      constraint event_subject_counts_subject unique (customer_id, subject))`,
    `create table event_subject_count_changes (like event_subject_counts, foreign key (customer_id) references customers (customer_id) on delete cascade)`,
    `create index event_subject_count_changes_customer on event_subject_count_changes (customer_id)`,
    `alter table event_subject_counts enable row level security`,
    `alter table event_subject_count_changes enable row level security`,
    `create policy tenant_isolation on event_subject_counts to relevo_app using (customer_id = (select nullif(current_setting('relevo.customer_id', true), '')::integer))`,
    `create policy staff_access on event_subject_counts to relevo_staff using (true)`,
    `create policy tenant_isolation on event_subject_count_changes to relevo_app using (customer_id = (select nullif(current_setting('relevo.customer_id', true), '')::integer))`,
    `create policy staff_access on event_subject_count_changes to relevo_staff using (true)`,

    `create index events_customer_subject on events (customer_id, short_event_subject) include (event_status, sla_compliance, module_id, application_id, event_createdt)`,
    `drop function relevo_event_search_count(integer, text, text, integer, integer, text, text, timestamptz, timestamptz)`,

    // the events already there
    `insert into event_subject_counts (customer_id, subject, events)
      select customer_id, short_event_subject, count(*) from events group by 1, 2`,

    // events added or removed, one statement at a time (both triggers name their rows `subject_rows`);
    // the events of a customer being deleted go with its counts (no customer, nothing to count)
    `create function relevo_event_subjects_counted() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
      begin
        insert into event_subject_count_changes (customer_id, subject, events)
          select customer_id, short_event_subject, case when tg_op = 'INSERT' then count(*) else -count(*) end from subject_rows r
          where tg_op = 'INSERT' or exists (select from customers c where c.customer_id = r.customer_id)
          group by 1, 2;
        return null;
      end $$`,
    `create trigger events_subjects_added after insert on events referencing new table as subject_rows for each statement execute function relevo_event_subjects_counted()`,
    `create trigger events_subjects_removed after delete on events referencing old table as subject_rows for each statement execute function relevo_event_subjects_counted()`,

    // the product never rewrites an incident's text; an owner's correction is counted all the same
    `create function relevo_event_subject_changed() returns trigger language plpgsql security definer set search_path = public, pg_temp as $$
      begin
        insert into event_subject_count_changes (customer_id, subject, events)
          values (old.customer_id, old.short_event_subject, -1), (new.customer_id, new.short_event_subject, 1);
        return null;
      end $$`,
    `create trigger events_subject_changed after update of customer_id, short_event_subject on events for each row
      when ((old.customer_id, old.short_event_subject) is distinct from (new.customer_id, new.short_event_subject))
      execute function relevo_event_subject_changed()`,

    // Migration 0016's fold keeps moving the monthly changes, under a name of its own for the owner
    // alone; the fold the worker calls takes the same lock, calls it, and moves the texts' changes
    // too, in the same transaction; it answers how many change rows it moved.
    `alter function relevo_fold_event_counts() rename to relevo_fold_event_month_counts`,
    `revoke all on function relevo_fold_event_month_counts() from public, relevo_staff`,
    `create function relevo_fold_event_counts() returns integer language plpgsql security definer set search_path = public, pg_temp as $$
      declare
        moved_subjects integer;
        emptied_customers integer[];
        emptied_subjects text[];
      begin
        if not pg_try_advisory_xact_lock(7245016) then
          return 0;
        end if;
        with gone as (delete from event_subject_count_changes returning *),
        summed as (
          select customer_id, subject, sum(events)::integer as events from gone group by 1, 2 having sum(events) <> 0),
        added as (
          insert into event_subject_counts as s (customer_id, subject, events)
          select * from summed order by 1, 2
          on conflict on constraint event_subject_counts_subject do update set events = s.events + excluded.events
          returning s.customer_id, s.subject, s.events)
        select (select count(*) from gone), array_agg(a.customer_id), array_agg(a.subject)
          into moved_subjects, emptied_customers, emptied_subjects from added a where a.events = 0;
        -- texts no event has any more
        delete from event_subject_counts s using unnest(emptied_customers, emptied_subjects) as z (customer_id, subject)
          where s.customer_id = z.customer_id and s.subject = z.subject and s.events = 0;
        -- the same session holds the lock already: the monthly fold takes it again
        return relevo_fold_event_month_counts() + moved_subjects;
      end $$`,
    `revoke all on function relevo_fold_event_counts() from public`,
  ],
};
