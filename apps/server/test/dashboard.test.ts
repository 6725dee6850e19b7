import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { dashboardEndpoints, simulateIncident, userDashboard, type ApiClient } from '@relevo/api';
import { DASHBOARD_MESSAGES, dashboardPeriods, type EventStatusValue } from '@relevo/domain';
import { ManualClock } from '../src/clock';
import { dashboardService } from '../src/dashboard/summaries';
import { insertRunnableModule } from './support/catalogue';
import { DATABASE_KINDS } from './support/databases';
import { asSystem, failure, startTestApp, type TestApp } from './support/harness';

/**
 * Issue 15: the dashboard's summaries over known events, placed on both sides of the day, week,
 * month and year boundaries of the customer's time zone, with exact numbers for every widget.
 */
interface Generated {
  at: string;
  module?: string;
  status?: EventStatusValue;
  sla?: 'YES' | 'NO' | null;
  response?: number | null;
  resolution?: number | null;
  assigned?: string | null;
}

/** 04:30 UTC on 1 January 2027 is still 23:30 on Thursday 31 December 2026 in New York. */
const NOW = new Date('2027-01-01T04:30:00Z');

/** Alpha's events (New York, UTC-5 in winter, UTC-4 until 1 November 2026 02:00), and the local time each happened at. */
const ALPHA_EVENTS: Generated[] = [
  // today, 31 December: 23:00 and 00:00 exactly
  {
    at: '2027-01-01T04:00:00Z',
    module: 'Billing',
    status: 'completed',
    sla: 'YES',
    response: 4,
    resolution: 30,
    assigned: 'Ana Torres',
  },
  { at: '2026-12-31T05:00:00Z', module: 'Search', status: 'open', sla: 'NO', assigned: 'Carlos Méndez' },
  // 30 December 23:59:59: this week, not today
  {
    at: '2026-12-31T04:59:59Z',
    module: 'Billing',
    status: 'progress',
    sla: 'YES',
    response: 10,
    assigned: 'Ana Torres',
  },
  // Monday 28 December 00:00: the week's first instant; canceled (its minutes are no resolution)
  { at: '2026-12-28T05:00:00Z', module: 'Login', status: 'canceled', sla: null, resolution: 50, assigned: null },
  // Sunday 27 December 23:59: this month, not this week
  {
    at: '2026-12-28T04:59:00Z',
    module: 'Search',
    status: 'completed',
    sla: 'YES',
    response: 2,
    resolution: 20,
    assigned: 'Carlos Méndez',
  },
  // 1 December 00:00: the month's first instant
  {
    at: '2026-12-01T05:00:00Z',
    module: 'Billing',
    status: 'completed',
    sla: 'NO',
    response: 40,
    resolution: 100,
    assigned: 'Ana Torres',
  },
  // 30 November 23:59: the previous month
  {
    at: '2026-12-01T04:59:00Z',
    module: 'Billing',
    status: 'completed',
    sla: 'YES',
    response: 5,
    resolution: 10,
    assigned: 'Ana Torres',
  },
  // 1 November 00:00 (still summer time): the previous month's first instant
  {
    at: '2026-11-01T04:00:00Z',
    module: 'Search',
    status: 'completed',
    sla: 'NO',
    response: 50,
    resolution: 60,
    assigned: 'Luis Rivera',
  },
  // 31 October 23:59: October
  { at: '2026-11-01T03:59:00Z', module: 'Search', status: 'completed', sla: 'YES' },
  // 1 January 2026 00:00: this year's first month
  { at: '2026-01-01T05:00:00Z', module: 'Login', status: 'completed', sla: 'YES' },
  // 31 December 2025 23:59: the previous year's last month
  { at: '2026-01-01T04:59:00Z', module: 'Login', status: 'completed', sla: 'YES' },
  // 1 January 2025 00:00: the previous year's first month
  { at: '2025-01-01T05:00:00Z', module: 'Billing', status: 'completed', sla: 'YES' },
  // 31 December 2024 23:59: before the chart
  { at: '2025-01-01T04:59:00Z', module: 'Billing', status: 'completed', sla: 'YES' },
];

/** Beta's events (UTC): never in Alpha's numbers. */
const BETA_EVENTS: Generated[] = [
  { at: '2027-01-01T04:10:00Z', module: 'Checkout', status: 'open', sla: 'NO', assigned: 'Beta Person' },
  {
    at: '2026-12-31T12:00:00Z',
    module: 'Checkout',
    status: 'completed',
    sla: 'YES',
    response: 1,
    resolution: 2,
    assigned: 'Beta Person',
  },
  {
    at: '2026-12-15T12:00:00Z',
    module: 'Checkout',
    status: 'completed',
    sla: 'NO',
    response: 9,
    resolution: 9,
    assigned: 'Beta Person',
  },
  { at: '2026-11-15T12:00:00Z', module: 'Checkout', status: 'completed', sla: 'YES' },
];

/** The chart's 24 months, 0 where no row is given. */
function months(
  values: Record<string, number>,
  from = 2025,
): { years: number; months: number; months_desc: string; num_event: number }[] {
  const labels = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return [from, from + 1].flatMap((year) =>
    labels.map((label, i) => ({
      years: year,
      months: i + 1,
      months_desc: label,
      num_event: values[`${year}-${i + 1}`] ?? 0,
    })),
  );
}

describe.each(DATABASE_KINDS)('dashboard summaries on %s', (kind) => {
  let t: TestApp;
  let alpha: number;
  let beta: number;
  let alphaClient: ApiClient;
  let alphaToken: string;
  let betaClient: ApiClient;
  const modules = new Map<string, number>();
  /** A row of Module Performance MTD for one of Alpha's modules. */
  const performanceOf = (name: string, month: number, previousMonth: number) => ({
    module_id: modules.get(`${alpha}:${name}`),
    module_name: name,
    num_events_month: month,
    num_events_previous_month: previousMonth,
  });
  let seq = 0;

  const addModule = async (customerId: number, name: string) => {
    const made = await asSystem(t, (tx) => insertRunnableModule(tx, customerId));
    await asSystem(t, (tx) =>
      tx.updateTable('modules').set({ module_name: name }).where('module_id', '=', made.id).execute(),
    );
    modules.set(`${customerId}:${name}`, made.id);
    return made.id;
  };
  const insertEvents = (customerId: number, events: Generated[]) =>
    asSystem(t, (tx) =>
      tx
        .insertInto('events')
        .values(
          events.map((event) => ({
            customer_id: customerId,
            case_id: `D${kind === 'pglite' ? 'G' : 'P'}${String(++seq).padStart(6, '0')}`,
            module_id: event.module ? modules.get(`${customerId}:${event.module}`)! : null,
            event_status: event.status ?? 'open',
            sla_compliance: event.sla ?? null,
            time_response: event.response ?? null,
            minutes_elapsed: event.resolution ?? null,
            last_resource_assigned: event.assigned ?? null,
            short_event_subject: 'Generated for the dashboard',
            short_event_body: 'Known numbers',
            event_createdt: new Date(event.at),
          })),
        )
        .returning('event_id')
        .execute(),
    );
  const setZone = (customerId: number, zone: string) =>
    asSystem(t, (tx) =>
      tx.updateTable('customers').set({ customer_time_zone: zone }).where('customer_id', '=', customerId).execute(),
    );
  /** Every day count of the customer with its changes added: what a reader adds up. */
  const dayCounts = (customerId: number) =>
    asSystem(t, async (tx) => ({
      counts: (
        await sql<Record<string, unknown>>`
          select day::text, module_id, sum(num_events)::int as events, sum(num_completed)::int as completed, sum(num_sla_missed)::int as missed,
            sum(response_minutes)::int as response
          from (select * from event_day_counts union all select * from event_day_count_changes) d
          where customer_id = ${customerId}
          group by 1, 2 having sum(num_events) <> 0 or sum(num_completed) <> 0 or sum(response_minutes) <> 0
          order by 1, 2`.execute(tx)
      ).rows,
      responders: (
        await sql<Record<string, unknown>>`
          select day::text, resource, sum(num_events)::int as events
          from (select * from event_day_responders union all select * from event_day_responder_changes) r
          where customer_id = ${customerId}
          group by 1, 2 having sum(num_events) <> 0
          order by 1, 2`.execute(tx)
      ).rows,
    }));
  /** Every summary of the customer, as its user reads them. */
  const everything = async (client: ApiClient) => ({
    today: await client.call(dashboardEndpoints.summaryToday),
    modules: await Promise.all(
      (['Today', 'Week', 'Month'] as const).map((filter_by) =>
        client.call(dashboardEndpoints.summaryModules, { query: { filter_by } }),
      ),
    ),
    performance: await client.call(dashboardEndpoints.summaryPerformance),
    compliance: await client.call(dashboardEndpoints.summaryCompliance),
    responders: await client.call(dashboardEndpoints.summaryResource),
    chart: await client.call(dashboardEndpoints.summaryChart),
    events: await client.call(dashboardEndpoints.summaryEvents),
    profile: await client.call(userDashboard),
  });

  beforeAll(async () => {
    t = await startTestApp({ kind, clock: new ManualClock(NOW) });
    alpha = await t.createCustomer('Alpha');
    beta = await t.createCustomer('Beta');
    await setZone(alpha, 'America/New_York');
    for (const name of ['Billing', 'Search', 'Login']) await addModule(alpha, name);
    await addModule(beta, 'Checkout');
    await insertEvents(alpha, ALPHA_EVENTS);
    await insertEvents(beta, BETA_EVENTS);
    const alphaUser = await t.createUser({ role: 'Customer', customer: 'Alpha' });
    const betaUser = await t.createUser({ role: 'CustomerRoot', customer: 'Beta' });
    ({ client: alphaClient, token: alphaToken } = await t.signIn(alphaUser.email, alphaUser.password));
    betaClient = (await t.signIn(betaUser.email, betaUser.password)).client;
  }, 60_000);
  afterAll(async () => t?.close());

  it('counts today in the customer zone, by status now (Events Today)', async () => {
    expect(await alphaClient.call(dashboardEndpoints.summaryToday)).toEqual({
      count_today: 2,
      count_completed: 1,
      count_open: 1,
      count_progress: 0,
      count_canceled: 0,
      count_non_compliance: 1,
    });
    // Beta counts in UTC, where today is already 1 January 2027
    expect(await betaClient.call(dashboardEndpoints.summaryToday)).toEqual({
      count_today: 1,
      count_completed: 0,
      count_open: 1,
      count_progress: 0,
      count_canceled: 0,
      count_non_compliance: 1,
    });
  });

  it('counts events per module today, this week from Monday and this month, Month by default', async () => {
    const by = (rows: { module_name: string; num_events: number }[]) =>
      rows.map((row) => [row.module_name, row.num_events]);
    expect(by(await alphaClient.call(dashboardEndpoints.summaryModules, { query: { filter_by: 'Today' } }))).toEqual([
      ['Billing', 1],
      ['Search', 1],
    ]);
    expect(by(await alphaClient.call(dashboardEndpoints.summaryModules, { query: { filter_by: 'Week' } }))).toEqual([
      ['Billing', 2],
      ['Login', 1],
      ['Search', 1],
    ]);
    const month = await alphaClient.call(dashboardEndpoints.summaryModules, { query: { filter_by: 'Month' } });
    expect(month).toEqual([
      { module_id: modules.get(`${alpha}:Billing`), module_name: 'Billing', num_events: 3 },
      { module_id: modules.get(`${alpha}:Search`), module_name: 'Search', num_events: 2 },
      { module_id: modules.get(`${alpha}:Login`), module_name: 'Login', num_events: 1 },
    ]);
    expect(await alphaClient.call(dashboardEndpoints.summaryModules)).toEqual(month);
  });

  it('compares each module this month with the whole previous month (Module Performance MTD)', async () => {
    expect(await alphaClient.call(dashboardEndpoints.summaryPerformance)).toEqual([
      performanceOf('Billing', 3, 1),
      performanceOf('Search', 2, 1),
      performanceOf('Login', 1, 0),
    ]);
  });

  it('compares SLA met and missed this month with the previous month (SLA Performance MTD)', async () => {
    expect(await alphaClient.call(dashboardEndpoints.summaryCompliance)).toEqual([
      { compliance_status: 'YES', current_month: 3, preview_month: 1 },
      { compliance_status: 'NO', current_month: 2, preview_month: 1 },
    ]);
    // Beta's month (UTC) is already January 2027
    expect(await betaClient.call(dashboardEndpoints.summaryCompliance)).toEqual([
      { compliance_status: 'YES', current_month: 0, preview_month: 1 },
      { compliance_status: 'NO', current_month: 1, preview_month: 1 },
    ]);
  });

  it('ranks the resources this month’s events were assigned to (Top 10 Responders)', async () => {
    expect(await alphaClient.call(dashboardEndpoints.summaryResource)).toEqual([
      { resource: 'Ana Torres', num_assigned_month: 3 },
      { resource: 'Carlos Méndez', num_assigned_month: 2 },
    ]);
  });

  it('charts every month of the previous and the current year, empty months as 0', async () => {
    expect(await alphaClient.call(dashboardEndpoints.summaryChart, { query: { filter_by: 'Year' } })).toEqual(
      months({ '2025-1': 1, '2025-12': 1, '2026-1': 1, '2026-10': 1, '2026-11': 2, '2026-12': 6 }),
    );
  });

  it('averages response and resolution minutes per module this month, leaving canceled events out (Module Events)', async () => {
    expect(await alphaClient.call(dashboardEndpoints.summaryEvents)).toEqual([
      {
        module_id: modules.get(`${alpha}:Billing`),
        name: 'Billing',
        events: 3,
        avg_incident_response_time: 18,
        avg_incident_resolution_time: 65,
      },
      {
        module_id: modules.get(`${alpha}:Search`),
        name: 'Search',
        events: 2,
        avg_incident_response_time: 2,
        avg_incident_resolution_time: 20,
      },
      {
        module_id: modules.get(`${alpha}:Login`),
        name: 'Login',
        events: 1,
        avg_incident_response_time: null,
        avg_incident_resolution_time: null,
      },
    ]);
  });

  it('answers the profile counts over every event of the own customer, today in its zone', async () => {
    expect(await alphaClient.call(userDashboard)).toEqual({ completed: 10, non_compliance: 3, open: 2, today: 2 });
    expect(await betaClient.call(userDashboard)).toEqual({ completed: 3, non_compliance: 2, open: 1, today: 1 });
  });

  it('counts again in a new time zone', async () => {
    await setZone(alpha, 'UTC');
    try {
      // 04:30 UTC on 1 January 2027: a new day, month and year
      expect(await alphaClient.call(dashboardEndpoints.summaryToday)).toMatchObject({
        count_today: 1,
        count_completed: 1,
      });
      expect(await alphaClient.call(dashboardEndpoints.summaryPerformance)).toEqual([
        performanceOf('Billing', 1, 3),
        performanceOf('Search', 0, 2),
        performanceOf('Login', 0, 1),
      ]);
      const chart = await alphaClient.call(dashboardEndpoints.summaryChart);
      expect(chart).toEqual(months({ '2026-1': 2, '2026-11': 2, '2026-12': 6, '2027-1': 1 }, 2026).slice(0, 13));
    } finally {
      await setZone(alpha, 'America/New_York');
    }
    expect((await alphaClient.call(dashboardEndpoints.summaryToday)).count_today).toBe(2);
  });

  it('keeps the day counts with the events: added, moved and removed', async () => {
    const before = await dayCounts(alpha);
    const [added] = await insertEvents(alpha, [{ at: '2026-12-31T06:00:00Z', module: 'Login', status: 'open' }]);
    expect(
      (await alphaClient.call(dashboardEndpoints.summaryModules, { query: { filter_by: 'Today' } })).map(
        (row) => row.num_events,
      ),
    ).toEqual([1, 1, 1]);
    // moved back to 15 December: out of today, still this month
    await asSystem(t, (tx) =>
      tx
        .updateTable('events')
        .set({ event_createdt: new Date('2026-12-15T12:00:00Z') })
        .where('event_id', '=', added!.event_id)
        .execute(),
    );
    expect(
      (await alphaClient.call(dashboardEndpoints.summaryModules, { query: { filter_by: 'Today' } })).map(
        (row) => row.module_name,
      ),
    ).toEqual(['Billing', 'Search']);
    expect(
      (await alphaClient.call(dashboardEndpoints.summaryModules)).find((row) => row.module_name === 'Login')
        ?.num_events,
    ).toBe(2);
    await asSystem(t, (tx) => tx.deleteFrom('events').where('event_id', '=', added!.event_id).execute());
    expect(await dayCounts(alpha)).toEqual(before);
  });

  it('follows an event through acceptance, its SLA and resolution', async () => {
    const before = await everything(alphaClient);
    const [added] = await insertEvents(alpha, [
      { at: '2026-12-31T07:00:00Z', module: 'Login', status: 'open', assigned: 'Ana Torres' },
    ]);
    const change = (values: Record<string, unknown>) =>
      asSystem(t, (tx) => tx.updateTable('events').set(values).where('event_id', '=', added!.event_id).execute());
    expect(await alphaClient.call(userDashboard)).toEqual({
      ...before.profile,
      open: before.profile.open + 1,
      today: before.profile.today + 1,
    });
    // the engine contacts someone else, then Luis accepts after 12 minutes, late
    await change({ last_resource_assigned: 'Luis Rivera' });
    await change({ event_status: 'progress', sla_compliance: 'NO', time_response: 12 });
    expect(
      (await alphaClient.call(dashboardEndpoints.summaryResource)).find((row) => row.resource === 'Luis Rivera')
        ?.num_assigned_month,
    ).toBe(1);
    expect(await alphaClient.call(dashboardEndpoints.summaryResource)).toContainEqual(
      before.responders.find((row) => row.resource === 'Ana Torres'),
    );
    expect((await alphaClient.call(dashboardEndpoints.summaryCompliance))[1]).toEqual({
      ...before.compliance[1],
      current_month: before.compliance[1]!.current_month + 1,
    });
    // resolved 90 minutes after it came in
    await change({ event_status: 'completed', minutes_elapsed: 90 });
    expect((await alphaClient.call(dashboardEndpoints.summaryEvents)).find((row) => row.name === 'Login')).toEqual({
      module_id: modules.get(`${alpha}:Login`),
      name: 'Login',
      events: 2,
      avg_incident_response_time: 12,
      avg_incident_resolution_time: 90,
    });
    expect(await alphaClient.call(userDashboard)).toEqual({
      completed: before.profile.completed + 1,
      non_compliance: before.profile.non_compliance + 1,
      open: before.profile.open,
      today: before.profile.today + 1,
    });
    await asSystem(t, (tx) => tx.deleteFrom('events').where('event_id', '=', added!.event_id).execute());
    expect(await everything(alphaClient)).toEqual(before);
  });

  it('answers the same once the changes are moved into the day counts', async () => {
    const before = await everything(alphaClient);
    const counts = await dayCounts(alpha);
    const [principal] = [{ scope: { kind: 'customer' as const, customerId: alpha }, customerId: alpha }];
    await dashboardService(t.ctx).compact(principal as never);
    const left = await asSystem(t, (tx) =>
      tx
        .selectFrom('event_day_count_changes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('customer_id', '=', alpha)
        .executeTakeFirstOrThrow(),
    );
    expect(Number(left.n)).toBe(0);
    expect(await dayCounts(alpha)).toEqual(counts);
    expect(await everything(alphaClient)).toEqual(before);
  });

  it('counts an incident simulated by a customer user at once', async () => {
    const root = await t.createUser({ role: 'CustomerRoot', customer: 'Alpha' });
    const { client } = await t.signIn(root.email, root.password);
    await client.call(simulateIncident, {
      params: { id: modules.get(`${alpha}:Search`)! },
      body: { incident: 'Search is down for all users', description: 'Raised from the dashboard test' },
    });
    try {
      expect(await client.call(dashboardEndpoints.summaryToday)).toMatchObject({ count_today: 3 });
      expect(
        (await client.call(dashboardEndpoints.summaryModules, { query: { filter_by: 'Today' } })).map((row) => [
          row.module_name,
          row.num_events,
        ]),
      ).toEqual([
        ['Search', 2],
        ['Billing', 1],
      ]);
    } finally {
      await asSystem(t, async (tx) => {
        const raised = tx
          .selectFrom('events')
          .select('event_id')
          .where('short_event_subject', '=', 'Search is down for all users');
        // the raised event's timers and log rows first, then the event
        for (const table of ['engine_timers', 'event_logs'] as const)
          await tx.deleteFrom(table).where('customer_id', '=', alpha).where('event_id', 'in', raised).execute();
        await tx.deleteFrom('events').where('short_event_subject', '=', 'Search is down for all users').execute();
      });
    }
    expect((await alphaClient.call(dashboardEndpoints.summaryToday)).count_today).toBe(2);
  });

  it('refuses a period it does not know', async () => {
    const refused = await failure(
      alphaClient.call(dashboardEndpoints.summaryModules, { query: { filter_by: 'Year' as 'Month' } }),
    );
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      detail: [{ loc: ['query', 'filter_by'], msg: DASHBOARD_MESSAGES.badModulePeriod }],
    });
  });

  it('answers only the caller’s customer, whatever the query names', async () => {
    const named = await t.raw('GET', `/api/summary/dashboard/modules?filter_by=Month&customer_id=${beta}`, {
      headers: { authorization: `Bearer ${alphaToken}` },
    });
    expect(named.status).toBe(200);
    expect((named.body as { module_name: string }[]).map((row) => row.module_name)).toEqual([
      'Billing',
      'Search',
      'Login',
    ]);
    expect((await betaClient.call(dashboardEndpoints.summaryResource)).map((row) => row.resource)).toEqual([
      'Beta Person',
    ]);
  });
});

/**
 * The same boundaries in zones with odd offsets and summer-time changes at midnight, placed with
 * the domain's `dashboardPeriods`: the server's periods agree with it to the second.
 */
describe.each(DATABASE_KINDS)('dashboard periods in unusual zones on %s', (kind) => {
  let t: TestApp;
  let seq = 0;
  const cases = [
    // Kathmandu is UTC+5:45
    { zone: 'Asia/Kathmandu', now: '2026-12-01T10:00:00Z' },
    // Chatham is UTC+13:45 in its summer
    { zone: 'Pacific/Chatham', now: '2027-01-03T11:00:00Z' },
    // Santiago skips its midnight on 6 September 2026 (the day begins at 01:00)
    { zone: 'America/Santiago', now: '2026-09-06T12:00:00Z' },
    // Lord Howe changes by half an hour
    { zone: 'Australia/Lord_Howe', now: '2026-10-05T03:00:00Z' },
  ];

  beforeAll(async () => {
    t = await startTestApp({ kind, clock: new ManualClock(new Date(cases[0]!.now)) });
  }, 60_000);
  afterAll(async () => t?.close());

  it.each(cases)('counts $zone at its own boundaries', async ({ zone, now }) => {
    t.clock.set(new Date(now));
    const name = `Zone ${++seq}`;
    const customerId = await t.createCustomer(name);
    await asSystem(t, (tx) =>
      tx.updateTable('customers').set({ customer_time_zone: zone }).where('customer_id', '=', customerId).execute(),
    );
    const module = await asSystem(t, (tx) => insertRunnableModule(tx, customerId));
    const periods = dashboardPeriods(new Date(now), zone);
    const second = 1000;
    // one event at the first instant of each period and one the second before it
    const instants = [periods.today, periods.week, periods.month, periods.previousMonth, periods.previousYear].flatMap(
      (period) => [period.start.getTime(), period.start.getTime() - second],
    );
    await asSystem(t, (tx) =>
      tx
        .insertInto('events')
        .values(
          instants.map((at) => ({
            customer_id: customerId,
            case_id: `Z${kind === 'pglite' ? 'G' : 'P'}${String(++seq).padStart(6, '0')}`,
            module_id: module.id,
            sla_compliance: 'YES' as const,
            short_event_subject: 'At a boundary',
            short_event_body: zone,
            event_createdt: new Date(at),
          })),
        )
        .execute(),
    );
    const user = await t.createUser({ role: 'Customer', customer: name });
    const { client } = await t.signIn(user.email, user.password);
    const within = (period: { start: Date; end: Date }) =>
      instants.filter((at) => at >= period.start.getTime() && at < period.end.getTime()).length;
    const count = async (filter_by: 'Today' | 'Week' | 'Month') =>
      (await client.call(dashboardEndpoints.summaryModules, { query: { filter_by } }))[0]?.num_events ?? 0;

    expect((await client.call(dashboardEndpoints.summaryToday)).count_today).toBe(within(periods.today));
    expect(await count('Today')).toBe(within(periods.today));
    expect(await count('Week')).toBe(within(periods.week));
    expect(await count('Month')).toBe(within(periods.month));
    const [performance] = await client.call(dashboardEndpoints.summaryPerformance);
    expect(performance).toMatchObject({
      num_events_month: within(periods.month),
      num_events_previous_month: within(periods.previousMonth),
    });
    const [met] = await client.call(dashboardEndpoints.summaryCompliance);
    expect(met).toEqual({
      compliance_status: 'YES',
      current_month: within(periods.month),
      preview_month: within(periods.previousMonth),
    });
    const chart = await client.call(dashboardEndpoints.summaryChart);
    expect(chart.reduce((sum, row) => sum + row.num_event, 0)).toBe(
      within({ start: periods.previousYear.start, end: periods.month.end }),
    );
    expect(chart[0]).toMatchObject({ years: Number(periods.previousYear.from.slice(0, 4)), months: 1 });
    expect(chart).toHaveLength(12 + Number(periods.month.from.slice(5, 7)));
  });
});
