import { sql, type RawBuilder } from 'kysely';
import { MONTH_LABELS, TOP_RESPONDERS, type ModulePeriod } from '@relevo/domain';
import type { dashboardEndpoints, ResponseOf, UserDashboard } from '@relevo/api';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';
import { COUNTED, foldDayCounts } from './day-counts';

/** What a summary endpoint of the contract answers, and one row of it. */
type Answer<K extends keyof typeof dashboardEndpoints> = ResponseOf<(typeof dashboardEndpoints)[K]>;
type RowOf<K extends keyof typeof dashboardEndpoints> = Answer<K> extends readonly (infer R)[] ? R : never;

/**
 * The dashboard's summaries (docs/product.md#dashboard, #entities Dashboard data, 7 Dashboard summaries) and the profile's
 * counts (docs/product.md#profile): each one statement, aggregated by the database, read in the caller's scope
 * in one round trip (`Database.read`) and filtered by the caller's own customer as well.
 *
 * Periods are the customer's calendar days (customers.customer_time_zone), worked out in the same
 * statement from the request's time: `today` is the date the customer's clocks show, and a day
 * begins at `day::timestamp at time zone tz`, as `dashboardPeriods` of the domain reads it.
 *
 * What spans days is added up from the day counts (migration 0012): per day and module, the
 * events by status, SLA result and times, plus the changes written since they were last brought up
 * to date; a year of a busy customer is a few thousand rows there instead of hundreds of thousands
 * of events; today's too, so a storm of incidents does not slow the dashboard down as the day
 * fills (the worker folds the changes every 10 s). docs/perf.md "Dashboard".
 */

/**
 * The customer's zone and today's date there, and the first days of the periods around it.
 * Statements read them as scalar subqueries, `(select month_from from p)`: a plain value to the
 * planner, which then bounds the index walk of the day counts by it.
 */
const periods = (customerId: number, now: Date) => sql`
  select tz, today, today + 1 as tomorrow,
    today - (extract(isodow from today)::integer - 1) as week_from,
    date_trunc('month', today::timestamp)::date as month_from,
    (date_trunc('month', today::timestamp) - interval '1 month')::date as previous_month_from,
    (date_trunc('month', today::timestamp) + interval '1 month')::date as next_month_from,
    (date_trunc('year', today::timestamp) - interval '1 year')::date as previous_year_from
  from (
    select customer_time_zone as tz, (${now}::timestamptz at time zone customer_time_zone)::date as today
    from customers where customer_id = ${customerId}
  ) zone`;

/** One column of the periods, as a value. */
const bound = (name: string) => sql.raw(`(select ${name} from p)`);

/** The day counts of the customer from day `from` up to (not including) day `to`, with the changes not yet moved in: rows to add up. */
const dayCounts = (customerId: number, from?: RawBuilder<unknown>, to?: RawBuilder<unknown>) => {
  const days = from && to ? sql`and day >= ${from} and day < ${to}` : sql``;
  return sql`(
    select day, module_id, ${COUNTED} from event_day_counts where customer_id = ${customerId} ${days}
    union all
    select day, module_id, ${COUNTED} from event_day_count_changes where customer_id = ${customerId} ${days}
  ) d`;
};

/** The same for the responders of each day. */
const dayResponders = (customerId: number, from: RawBuilder<unknown>, to: RawBuilder<unknown>) => sql`(
    select resource, num_events from event_day_responders where customer_id = ${customerId} and day >= ${from} and day < ${to}
    union all
    select resource, num_events from event_day_responder_changes where customer_id = ${customerId} and day >= ${from} and day < ${to}
  ) r`;

/** The first day of a module period (docs/product.md#dashboard Events Per Module): today, Monday of this week, the 1st of this month. */
const PERIOD_FROM: Record<ModulePeriod, string> = { Today: 'today', Week: 'week_from', Month: 'month_from' };

const MODULE_NAME = sql`coalesce(m.module_name, case when counted.module_id = 0 then 'No module' else 'Deleted module' end)`;

export function dashboardService(ctx: AppContext) {
  const database = ctx.database;
  const now = () => ctx.clock.now();

  // the worker folds the day count changes every 10 s (jobs/housekeeping.ts): a read adds up at most those
  const read = async <Row>(principal: Principal, statement: RawBuilder<Row>): Promise<Row[]> => {
    const [rows] = await database.read(principal.scope, [{ compile: () => statement.compile(database.db) }]);
    return rows;
  };

  return {
    /** Brings the customer's day counts up to date, now. */
    compact: (principal: Principal) => foldDayCounts(database, principal.scope, principal.customerId),

    /** Events Today: today's events by their status now, and those that missed their SLA. */
    async today(principal: Principal): Promise<Answer<'summaryToday'>> {
      const c = principal.customerId;
      const [row] = await read(
        principal,
        sql<Answer<'summaryToday'>>`
        with p as (${periods(c, now())})
        select coalesce(sum(d.num_events), 0)::integer as count_today,
          coalesce(sum(d.num_completed), 0)::integer as count_completed,
          coalesce(sum(d.num_open), 0)::integer as count_open,
          coalesce(sum(d.num_progress), 0)::integer as count_progress,
          coalesce(sum(d.num_canceled), 0)::integer as count_canceled,
          coalesce(sum(d.num_sla_missed), 0)::integer as count_non_compliance
        from ${dayCounts(c, bound('today'), bound('tomorrow'))}`,
      );
      // sums without `group by` answer one row, of zeros when no event came today
      return row!;
    },

    /** Events Per Module over today, this week or this month (up to today), most events first. */
    modules(principal: Principal, period: ModulePeriod): Promise<Answer<'summaryModules'>> {
      const c = principal.customerId;
      return read(
        principal,
        sql<RowOf<'summaryModules'>>`
        with p as (${periods(c, now())}),
        counted as (
          select d.module_id, sum(d.num_events)::integer as num_events
          from ${dayCounts(c, bound(PERIOD_FROM[period]), bound('tomorrow'))}
          group by d.module_id
        )
        select nullif(counted.module_id, 0) as module_id, ${MODULE_NAME} as module_name, counted.num_events
        from counted left join modules m on m.customer_id = ${c} and m.module_id = counted.module_id
        where counted.num_events > 0
        order by counted.num_events desc, module_name, counted.module_id`,
      );
    },

    /** Module Performance MTD: each module's events this month and in the whole previous month. */
    performance(principal: Principal): Promise<Answer<'summaryPerformance'>> {
      const c = principal.customerId;
      return read(
        principal,
        sql<RowOf<'summaryPerformance'>>`
        with p as (${periods(c, now())}),
        counted as (
          select d.module_id,
            coalesce(sum(d.num_events) filter (where d.day >= ${bound('month_from')}), 0)::integer as num_events_month,
            coalesce(sum(d.num_events) filter (where d.day < ${bound('month_from')}), 0)::integer as num_events_previous_month
          from ${dayCounts(c, bound('previous_month_from'), bound('next_month_from'))}
          group by d.module_id
        )
        select nullif(counted.module_id, 0) as module_id, ${MODULE_NAME} as module_name, counted.num_events_month, counted.num_events_previous_month
        from counted left join modules m on m.customer_id = ${c} and m.module_id = counted.module_id
        where counted.num_events_month + counted.num_events_previous_month > 0
        order by counted.num_events_month desc, counted.num_events_previous_month desc, module_name, counted.module_id`,
      );
    },

    /** SLA Performance MTD: events that met (YES) and missed (NO) their SLA, this month and the previous one. */
    compliance(principal: Principal): Promise<Answer<'summaryCompliance'>> {
      const c = principal.customerId;
      const month = (column: string, current: boolean) =>
        sql.raw(
          `coalesce(sum(d.${column}) filter (where d.day ${current ? '>=' : '<'} (select month_from from p)), 0)::integer`,
        );
      return read(
        principal,
        sql<RowOf<'summaryCompliance'>>`
        with p as (${periods(c, now())}),
        counted as (
          select ${month('num_sla_met', true)} as met_current, ${month('num_sla_met', false)} as met_previous,
            ${month('num_sla_missed', true)} as missed_current, ${month('num_sla_missed', false)} as missed_previous
          from ${dayCounts(c, bound('previous_month_from'), bound('next_month_from'))}
        )
        select 'YES' as compliance_status, met_current as current_month, met_previous as preview_month from counted
        union all
        select 'NO', missed_current, missed_previous from counted`,
      );
    },

    /** Top 10 Responders of the Month: whom this month's events were last assigned to. */
    responders(principal: Principal): Promise<Answer<'summaryResource'>> {
      const c = principal.customerId;
      return read(
        principal,
        sql<RowOf<'summaryResource'>>`
        with p as (${periods(c, now())})
        select r.resource, sum(r.num_events)::integer as num_assigned_month
        from ${dayResponders(c, bound('month_from'), bound('next_month_from'))}
        group by r.resource
        having sum(r.num_events) > 0
        order by num_assigned_month desc, r.resource
        limit ${TOP_RESPONDERS}`,
      );
    },

    /** Events Line Chart: every month of the previous year and of this year up to this month, empty months as 0. */
    async chart(principal: Principal): Promise<Answer<'summaryChart'>> {
      const c = principal.customerId;
      const rows = await read(
        principal,
        sql<Omit<RowOf<'summaryChart'>, 'months_desc'>>`
        with p as (${periods(c, now())}),
        counted as (
          select date_trunc('month', d.day::timestamp)::date as month_from, sum(d.num_events)::integer as num_event
          from ${dayCounts(c, bound('previous_year_from'), bound('next_month_from'))}
          group by 1
        )
        select extract(year from m)::integer as years, extract(month from m)::integer as months, coalesce(counted.num_event, 0) as num_event
        from p
        cross join generate_series(p.previous_year_from::timestamp, p.month_from::timestamp, interval '1 month') as m
        left join counted on counted.month_from = m::date
        order by m`,
      );
      return rows.map((row) => ({
        years: row.years,
        months: row.months,
        months_desc: MONTH_LABELS[row.months - 1]!,
        num_event: row.num_event,
      }));
    },

    /**
     * Module Events This Month: each module's events, the average minutes to acceptance of those
     * accepted, and the average minutes to resolution of those resolved (canceled ones are not
     * resolutions), to one decimal.
     */
    moduleEvents(principal: Principal): Promise<Answer<'summaryEvents'>> {
      const c = principal.customerId;
      return read(
        principal,
        sql<RowOf<'summaryEvents'>>`
        with p as (${periods(c, now())}),
        counted as (
          select d.module_id, sum(d.num_events)::integer as events,
            round(sum(d.response_minutes)::numeric / nullif(sum(d.num_responded), 0), 1)::float8 as avg_incident_response_time,
            round(sum(d.resolution_minutes)::numeric / nullif(sum(d.num_resolved), 0), 1)::float8 as avg_incident_resolution_time
          from ${dayCounts(c, bound('month_from'), bound('next_month_from'))}
          group by d.module_id
        )
        select nullif(counted.module_id, 0) as module_id, ${MODULE_NAME} as name, counted.events,
          counted.avg_incident_response_time, counted.avg_incident_resolution_time
        from counted left join modules m on m.customer_id = ${c} and m.module_id = counted.module_id
        where counted.events > 0
        order by counted.events desc, name, counted.module_id`,
      );
    },

    /**
     * The profile's counts (docs/product.md#profile) over every event of the user's own customer: completed, non
     * compliance (SLA missed), open (open or in progress) and created today. Staff belong to the
     * provider, which receives no events.
     */
    async profile(principal: Principal): Promise<UserDashboard> {
      const c = principal.customerId;
      const [row] = await read(
        principal,
        sql<UserDashboard>`
        with p as (${periods(c, now())})
        select coalesce(sum(d.num_completed), 0)::integer as completed,
          coalesce(sum(d.num_sla_missed), 0)::integer as non_compliance,
          coalesce(sum(d.num_open + d.num_progress), 0)::integer as open,
          coalesce(sum(d.num_events) filter (where d.day = ${bound('today')}), 0)::integer as today
        from ${dayCounts(c)}`,
      );
      return row ?? { completed: 0, non_compliance: 0, open: 0, today: 0 };
    },
  };
}
