import type { Migration } from '../migration';

/**
 * Two changes found by the soak (issue "Production hardening"; docs/perf.md "Soak").
 *
 * The tables of passing rows (the changes the worker folds every 10 s, the marks it announces) are
 * vacuumed without truncation: a vacuum that finds empty pages at a table's end takes the table's
 * exclusive lock to hand them back, and every unit of work that changes an event writes to these
 * tables (the events' triggers), so each such vacuum (the worker's or autovacuum's) held up the
 * incidents, the answers and the engine while it waited for and held that lock, only to give back
 * pages the next seconds' rows fill again.
 *
 * The incident texts a search matches are found through a trigram index. A search's total adds up the counts of the texts that match (migration 0017). A customer whose
 * monitoring systems name each incident apart (a host, a time, a number in every text) has about
 * as many texts as events, and `ilike` then read each of them: 100 ms at 120,000 texts for a case
 * ID that matches none. A trigram index finds them; under row-level security `ilike` cannot use
 * it (not leakproof, migration 0015), so this function runs as the owner and applies the caller's
 * customer itself, as the events search does: a customer's unit of work only the customer of its
 * session (anything else is refused), staff any customer, no other role. It answers the matching
 * texts with their counts and with the changes not yet folded (a text may come twice, once from
 * each). While texts keep coming (the index's list of pending entries grows between vacuums) the
 * planner priced the index above a read of every text and chose the read: 31 ms at 30,000 texts
 * for a case ID, against 2.7 ms through the index. The function turns that choice off for its own
 * query (`enable_seqscan`); a word in every text then costs a little more through the index than
 * by a read (63 to 69 ms against 48 to 51 ms at 120,000 texts).
 *
 * Frozen text: this migration imports nothing but the type, and names roles literally.
 */
export const subjectSearchAndVacuum: Migration = {
  up: [
    ...[
      'event_count_changes',
      'event_subject_count_changes',
      'event_change_marks',
      'event_day_count_changes',
      'event_day_responder_changes',
    ].map((table) => `alter table ${table} set (vacuum_truncate = false)`),
    `create index event_subject_counts_trigrams on event_subject_counts using gin (subject gin_trgm_ops)`,
    `create function relevo_event_subject_search(p_customer_id integer, p_pattern text)
     returns table (subject text, events integer)
     language plpgsql stable security definer set search_path = public, pg_temp set enable_seqscan = off rows 100 as $fn$
     declare
       caller text := current_setting('role', true);
     begin
       if caller = 'relevo_app' then
         if p_customer_id is distinct from nullif(current_setting('relevo.customer_id', true), '')::integer then
           raise exception 'events of another customer' using errcode = '42501';
         end if;
       elsif caller is distinct from 'relevo_staff' then
         raise exception 'events search is for customers and staff' using errcode = '42501';
       end if;
       return query execute
         'select s.subject, s.events from event_subject_counts s where s.customer_id = $1 and s.subject ilike $2
          union all
          select s.subject, s.events from event_subject_count_changes s where s.customer_id = $1 and s.subject ilike $2'
         using p_customer_id, p_pattern;
     end
     $fn$`,
    `revoke all on function relevo_event_subject_search(integer, text) from public`,
  ],
};
