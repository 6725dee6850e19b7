import type { Migration } from '../migration';

/**
 * The events search (docs/product.md#http-calls `search`: a case ID, or words of the incident) through its indexes
 * (issue "Following incidents", speed; docs/perf.md "Events list and CSV").
 *
 * Under row-level security PostgreSQL uses an index only for conditions it knows cannot leak
 * (leakproof operators); `ilike` is not one, so a customer's search read every event of the
 * customer, and the OR with the case ID kept the case ID's index out as well. This function runs
 * as the owner (security definer), outside the customers' policy, and applies the caller's
 * customer itself, exactly as the policy would: a customer's unit of work (`relevo_app`) may
 * search only the customer of its session (anything else is refused), staff any customer, no other
 * role at all. They answer the ids of the matching events or how many there are, the other filters of the list applied
 * in the same statement (each only when given, so the planner picks the index that narrows most:
 * the case ID's, the trigram index of the incident text, or a module's or date range's). The
 * trigram index is offered only for words the planner expects in at most 50,000 events: its cost
 * model prices the bitmap of a common word far below the recheck of every match it makes.
 *
 * Frozen text: this migration imports nothing but the type, and names roles literally.
 */
/** The parameters the three search functions share: the customer, the words or case ID, and the list's filters. */
const PARAMETERS = `p_customer_id integer, p_case_id text, p_pattern text,
       p_application_id integer, p_module_id integer, p_status text, p_sla text,
       p_from timestamptz, p_until timestamptz`;
/** Their types, which name a function in a revoke. */
const TYPES = 'integer, text, text, integer, integer, text, text, timestamptz, timestamptz';
/** The same parameters as arguments: passed on to relevo_event_search_from and bound to its $1 to $9. */
const ARGUMENTS =
  'p_customer_id, p_case_id, p_pattern, p_application_id, p_module_id, p_status, p_sla, p_from, p_until';

export const eventSearch: Migration = {
  up: [
    // The FROM and WHERE of a search, after checking who asks. Only the owner may call it (no grant):
    // the two functions below, which run as the owner.
    `create function relevo_event_search_from(
       ${PARAMETERS})
     returns text
     language plpgsql volatile set search_path = public, pg_temp as $fn$
     declare
       caller text := current_setting('role', true);
       plan json;
       words text := 'e.short_event_subject';
       q text;
     begin
       if caller = 'relevo_app' then
         if p_customer_id is distinct from nullif(current_setting('relevo.customer_id', true), '')::integer then
           raise exception 'events of another customer' using errcode = '42501';
         end if;
       elsif caller is distinct from 'relevo_staff' then
         raise exception 'events search is for customers and staff' using errcode = '42501';
       end if;
       -- the trigram index pays for words matching few events; for common ones its bitmap costs more
       -- than the planner thinks (a recheck of each match), and another filter's index or a scan does better
       execute 'explain (format json) select 1 from events e where e.short_event_subject ilike $1' into plan using p_pattern;
       if (plan->0->'Plan'->>'Plan Rows')::numeric > 50000 then words := '(e.short_event_subject || '''')'; end if;
       q := ' from events e where e.customer_id = $1 and (e.case_id = $2 or ' || words || ' ilike $3)';
       if p_application_id is not null then q := q || ' and e.application_id = $4'; end if;
       if p_module_id is not null then q := q || ' and e.module_id = $5'; end if;
       if p_status is not null then q := q || ' and e.event_status = $6'; end if;
       if p_sla is not null then q := q || ' and e.sla_compliance = $7'; end if;
       if p_from is not null then q := q || ' and e.event_createdt >= $8'; end if;
       if p_until is not null then q := q || ' and e.event_createdt < $9'; end if;
       return q;
     end
     $fn$`,
    `revoke all on function relevo_event_search_from(${TYPES}) from public`,
    // the matching events' ids (a page of rare matches is sorted from them)
    `create function relevo_event_search(
       ${PARAMETERS})
     returns setof integer
     language plpgsql volatile security definer set search_path = public, pg_temp rows 100 as $fn$
     begin
       return query execute 'select e.event_id' || relevo_event_search_from(${ARGUMENTS})
         using ${ARGUMENTS};
     end
     $fn$`,
    `revoke all on function relevo_event_search(${TYPES}) from public`,
    // how many match (the list's total), counted without gathering them
    `create function relevo_event_search_count(
       ${PARAMETERS})
     returns bigint
     language plpgsql volatile security definer set search_path = public, pg_temp as $fn$
     declare
       n bigint;
     begin
       execute 'select count(*)' || relevo_event_search_from(${ARGUMENTS})
         into n using ${ARGUMENTS};
       return n;
     end
     $fn$`,
    `revoke all on function relevo_event_search_count(${TYPES}) from public`,
  ],
};
