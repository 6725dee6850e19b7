import { sql, type RawBuilder } from 'kysely';
import {
  MONTH_LABELS,
  TOP_RESPONDERS,
  type CompliancePerformance,
  type DashboardToday,
  type EventChartRow,
  type ModuleEventCount,
  type ModuleEventTimes,
  type ModulePerformance,
  type ModulePeriod,
  type ResponderCount,
} from '@relevo/domain';
import type { UserDashboard } from '@relevo/api';
import type { Principal } from '../auth/principals';
import type { AppContext } from '../context';

/**
 * The dashboard's summaries (spec 2.7, 3 Dashboard data, 7 Dashboard summaries) and the profile's
 * counts (spec 2.8): each one statement, aggregated by the database, read in the caller's scope
 * in one round trip (`Database.read`) and filtered by the caller's own customer as well.
 *
 * Periods are the customer's calendar days (customers.customer_time_zone), worked out in the same
 * statement from the request's time: `today` is the date the customer's clocks show, and a day
 * begins at `day::timestamp at time zone tz`, as `dashboardPeriods` of the domain reads it.
 *
 * Counts of events by creation come from event_day_counts (kept by triggers, migration 0012): a
 * year of a busy customer is a few thousand rows there instead of hundreds of thousands of events.
 * What depends on an event's status, SLA, responder or times is read from the events of the
 * month, through the index on (customer_id, event_createdt). docs/perf.md "Dashboard".
 */

/** The customer's zone and today's date there, and the first days of the periods around it. */
const periods = (customerId: number, now: Date) => sql`
  select tz, today,
    today - (extract(isodow from today)::integer - 1) as week_from,
    date_trunc('month', today::timestamp)::date as month_from,
    (date_trunc('month', today::timestamp) - interval '1 month')::date as previous_month_from,
    (date_trunc('month', today::timestamp) + interval '1 month')::date as next_month_from,
    (date_trunc('year', today::timestamp) - interval '1 year')::date as previous_year_from
  from (
    select customer_time_zone as tz, (${now}::timestamptz at time zone customer_time_zone)::date as today
    from customers where customer_id = ${customerId}
  ) zone`;

/** The instant a calendar day of the customer begins (a column of `periods`, or a day expression). */
const startOf = (day: RawBuilder<unknown>) => sql`(${day}::timestamp at time zone p.tz)`;
const column = (name: string) => sql.raw(`p.${name}`);

/** The first day of a module period (spec 2.7 Events Per Module): today, Monday of this week, the 1st of this month. */
const PERIOD_FROM: Record<ModulePeriod, string> = { Today: 'today', Week: 'week_from', Month: 'month_from' };

const MODULE_NAME = sql`coalesce(m.module_name, case when counted.module_id = 0 then 'No module' else 'Deleted module' end)`;

export type ProfileCounts = UserDashboard;

export function dashboardService(ctx: AppContext) {
  const database = ctx.database;
  const read = async <Row>(principal: Principal, statement: RawBuilder<Row>): Promise<Row[]> => {
    const [rows] = await database.read(principal.scope, [{ compile: () => statement.compile(database.db) }]);
    return rows;
  };
  const now = () => ctx.clock.now();

  return {
    /** Events Today: today's events by their status now, and those that missed their SLA. */
    async today(principal: Principal): Promise<DashboardToday> {
      const c = principal.customerId;
      const [row] = await read(
        principal,
        sql<DashboardToday>`
        with p as (${periods(c, now())})
        select count(e.event_id)::integer as count_today,
          count(e.event_id) filter (where e.event_status = 'completed')::integer as count_completed,
          count(e.event_id) filter (where e.event_status = 'open')::integer as count_open,
          count(e.event_id) filter (where e.event_status = 'progress')::integer as count_progress,
          count(e.event_id) filter (where e.event_status = 'canceled')::integer as count_canceled,
          count(e.event_id) filter (where e.sla_compliance = 'NO')::integer as count_non_compliance
        from p join events e on e.customer_id = ${c}
          and e.event_createdt >= ${startOf(column('today'))} and e.event_createdt < ${startOf(sql`(p.today + 1)`)}`,
      );
      return row ?? { count_today: 0, count_completed: 0, count_open: 0, count_progress: 0, count_canceled: 0, count_non_compliance: 0 };
    },

    /** Events Per Module over today, this week or this month, most events first. */
    modules(principal: Principal, period: ModulePeriod): Promise<ModuleEventCount[]> {
      const c = principal.customerId;
      return read(
        principal,
        sql<ModuleEventCount>`
        with p as (${periods(c, now())}),
        counted as (
          select d.module_id, sum(d.num_events)::integer as num_events
          from p join event_day_counts d on d.customer_id = ${c} and d.day >= ${column(PERIOD_FROM[period])} and d.day <= p.today
          group by d.module_id
        )
        select nullif(counted.module_id, 0) as module_id, ${MODULE_NAME} as module_name, counted.num_events
        from counted left join modules m on m.customer_id = ${c} and m.module_id = counted.module_id
        where counted.num_events > 0
        order by counted.num_events desc, module_name, counted.module_id`,
      );
    },

    /** Module Performance MTD: each module's events this month and in the whole previous month. */
    performance(principal: Principal): Promise<ModulePerformance[]> {
      const c = principal.customerId;
      return read(
        principal,
        sql<ModulePerformance>`
        with p as (${periods(c, now())}),
        counted as (
          select d.module_id,
            coalesce(sum(d.num_events) filter (where d.day >= p.month_from), 0)::integer as num_events_month,
            coalesce(sum(d.num_events) filter (where d.day < p.month_from), 0)::integer as num_events_previous_month
          from p join event_day_counts d on d.customer_id = ${c} and d.day >= p.previous_month_from and d.day < p.next_month_from
          group by d.module_id
        )
        select nullif(counted.module_id, 0) as module_id, ${MODULE_NAME} as module_name, counted.num_events_month, counted.num_events_previous_month
        from counted left join modules m on m.customer_id = ${c} and m.module_id = counted.module_id
        where counted.num_events_month + counted.num_events_previous_month > 0
        order by counted.num_events_month desc, counted.num_events_previous_month desc, module_name, counted.module_id`,
      );
    },

    /** SLA Performance MTD: events that met (YES) and missed (NO) their SLA, this month and the previous one. */
    compliance(principal: Principal): Promise<CompliancePerformance[]> {
      const c = principal.customerId;
      return read(
        principal,
        sql<CompliancePerformance>`
        with p as (${periods(c, now())}),
        counted as (
          select e.sla_compliance,
            count(*) filter (where e.event_createdt >= ${startOf(column('month_from'))})::integer as current_month,
            count(*) filter (where e.event_createdt < ${startOf(column('month_from'))})::integer as preview_month
          from p join events e on e.customer_id = ${c}
            and e.event_createdt >= ${startOf(column('previous_month_from'))} and e.event_createdt < ${startOf(column('next_month_from'))}
          where e.sla_compliance is not null
          group by e.sla_compliance
        )
        select status.compliance_status, coalesce(counted.current_month, 0) as current_month, coalesce(counted.preview_month, 0) as preview_month
        from (values ('YES', 1), ('NO', 2)) as status (compliance_status, position)
        left join counted on counted.sla_compliance = status.compliance_status
        order by status.position`,
      );
    },

    /** Top 10 Responders of the Month: whom this month's events were last assigned to. */
    responders(principal: Principal): Promise<ResponderCount[]> {
      const c = principal.customerId;
      return read(
        principal,
        sql<ResponderCount>`
        with p as (${periods(c, now())})
        select e.last_resource_assigned as resource, count(*)::integer as num_assigned_month
        from p join events e on e.customer_id = ${c}
          and e.event_createdt >= ${startOf(column('month_from'))} and e.event_createdt < ${startOf(column('next_month_from'))}
        where e.last_resource_assigned is not null
        group by e.last_resource_assigned
        order by num_assigned_month desc, resource
        limit ${TOP_RESPONDERS}`,
      );
    },

    /** Events Line Chart: every month of the previous year and of this year up to this month, empty months as 0. */
    async chart(principal: Principal): Promise<EventChartRow[]> {
      const c = principal.customerId;
      const rows = await read(
        principal,
        sql<Omit<EventChartRow, 'months_desc'>>`
        with p as (${periods(c, now())}),
        month_starts as (
          select m::date as month_from, (m + interval '1 month')::date as month_to
          from p, generate_series(p.previous_year_from::timestamp, p.month_from::timestamp, interval '1 month') as m
        )
        select extract(year from s.month_from)::integer as years, extract(month from s.month_from)::integer as months,
          coalesce(sum(d.num_events), 0)::integer as num_event
        from month_starts s
        left join event_day_counts d on d.customer_id = ${c} and d.day >= s.month_from and d.day < s.month_to
        group by s.month_from
        order by s.month_from`,
      );
      return rows.map((row) => ({ years: row.years, months: row.months, months_desc: MONTH_LABELS[row.months - 1]!, num_event: row.num_event }));
    },

    /**
     * Module Events This Month: each module's events, the average minutes to acceptance of those
     * accepted, and the average minutes to resolution of those resolved (canceled ones are not
     * resolutions), to one decimal.
     */
    moduleEvents(principal: Principal): Promise<ModuleEventTimes[]> {
      const c = principal.customerId;
      return read(
        principal,
        sql<ModuleEventTimes>`
        with p as (${periods(c, now())}),
        counted as (
          select coalesce(e.module_id, 0) as module_id, count(*)::integer as events,
            round(avg(e.time_response), 1)::float8 as avg_incident_response_time,
            round(avg(e.minutes_elapsed) filter (where e.event_status = 'completed'), 1)::float8 as avg_incident_resolution_time
          from p join events e on e.customer_id = ${c}
            and e.event_createdt >= ${startOf(column('month_from'))} and e.event_createdt < ${startOf(column('next_month_from'))}
          group by 1
        )
        select nullif(counted.module_id, 0) as module_id, ${MODULE_NAME} as name, counted.events,
          counted.avg_incident_response_time, counted.avg_incident_resolution_time
        from counted left join modules m on m.customer_id = ${c} and m.module_id = counted.module_id
        order by counted.events desc, name, counted.module_id`,
      );
    },

    /**
     * The profile's counts (spec 2.8) over every event of the user's own customer: completed, non
     * compliance (SLA missed), open (open or in progress) and created today. Completed ones are
     * the day counts' total less the events not completed (a partial index holds those): a
     * customer's completed events are nearly all of them, and counting them one by one would
     * read them all. Staff belong to the provider, which receives no events.
     */
    async profile(principal: Principal): Promise<ProfileCounts> {
      const c = principal.customerId;
      const [row] = await read(
        principal,
        sql<ProfileCounts>`
        with p as (${periods(c, now())}),
        unfinished as (
          select count(*) as all_unfinished, count(*) filter (where event_status in ('open', 'progress')) as open
          from events where customer_id = ${c} and event_status <> 'completed'
        )
        select
          ((select coalesce(sum(num_events), 0) from event_day_counts where customer_id = ${c}) - unfinished.all_unfinished)::integer as completed,
          (select count(*) from events where customer_id = ${c} and sla_compliance = 'NO')::integer as non_compliance,
          unfinished.open::integer as open,
          (select count(*) from p join events e on e.customer_id = ${c}
            and e.event_createdt >= ${startOf(column('today'))} and e.event_createdt < ${startOf(sql`(p.today + 1)`)})::integer as today
        from unfinished`,
      );
      return row ?? { completed: 0, non_compliance: 0, open: 0, today: 0 };
    },
  };
}
