/**
 * The dashboard's summaries over a large history (issue "The dashboard", speed): with 1,000,000
 * events in one customer (`events-data.ts`), every summary endpoint and the profile's counts p95
 * under 100 ms.
 *
 *   npx tsx tools/bench/dashboard-summaries.ts                              on PGlite
 *   npx tsx tools/bench/dashboard-summaries.ts --postgres postgres://...    on PostgreSQL (or BENCH_DATABASE_URL)
 *
 * The built server starts with the demo data; the events are written into the demo customer as
 * the database's owner (on PGlite while the server is stopped) through the rollup triggers, and
 * the rollups are checked against direct counts. The answers of Events Today, Events Per Module
 * (Month), the chart, SLA performance, the top responders and the profile's counts are compared
 * with the same figures counted directly on the events, as the owner. Each call is then made RUNS
 * times (30) one after another by the signed-in Customer Root after two warm-up passes, beside a
 * bare Fastify hello world (`hello.mjs`) and the product's `GET /api/users/me`, the floor of a
 * request on this machine measured in the same rounds. EVENTS (1,000,000) sets the size.
 */
import { availableParallelism } from 'node:os';
import { isDeepStrictEqual, parseArgs } from 'node:util';
import { fmt, load, percentile, timed, type Query } from './lib';
import { seededEventsBench, seedEvents, verifyRollups } from './events-data';

const { values: args } = parseArgs({ options: { postgres: { type: 'string' } } });
const postgres = args.postgres || process.env.BENCH_DATABASE_URL || undefined;
const EVENTS = Number(process.env.EVENTS ?? 1_000_000);
const RUNS = Number(process.env.RUNS ?? 30);
const AIM_P95_MS = 100;

const CALLS: [string, string][] = [
  ['Events Today', '/api/summary/dashboard/today'],
  ['Events Per Module, Today', '/api/summary/dashboard/modules?filter_by=Today'],
  ['Events Per Module, Week', '/api/summary/dashboard/modules?filter_by=Week'],
  ['Events Per Module, Month', '/api/summary/dashboard/modules?filter_by=Month'],
  ['Module Performance MTD', '/api/summary/dashboard/performance'],
  ['SLA Performance MTD', '/api/summary/dashboard/compliance'],
  ['Top 10 Responders', '/api/summary/dashboard/resource'],
  ['Events Line Chart, Year', '/api/summary/dashboard/chart?filter_by=Year'],
  ['Module Events This Month', '/api/summary/dashboard/events'],
  ['Profile counts', '/api/users/user/dashboard/'],
];

/** The same figures, counted directly on the events in the customer's time zone. */
async function directFigures(query: Query, customerId: number) {
  const zone = `(select customer_time_zone from customers where customer_id = $1)`;
  const local = `(event_createdt at time zone ${zone})`;
  const today = `(now() at time zone ${zone})::date`;
  const monthFrom = `date_trunc('month', ${today}::timestamp)`;
  const [counts] = await query(
    `select count(*) filter (where ${local}::date = ${today})::int as count_today,
       count(*) filter (where ${local}::date = ${today} and event_status = 'completed')::int as count_completed,
       count(*) filter (where ${local}::date = ${today} and event_status = 'open')::int as count_open,
       count(*) filter (where ${local}::date = ${today} and event_status = 'progress')::int as count_progress,
       count(*) filter (where ${local}::date = ${today} and event_status = 'canceled')::int as count_canceled,
       count(*) filter (where ${local}::date = ${today} and sla_compliance = 'NO')::int as count_non_compliance,
       count(*) filter (where event_status = 'completed')::int as completed,
       count(*) filter (where sla_compliance = 'NO')::int as non_compliance,
       count(*) filter (where event_status in ('open', 'progress'))::int as open,
       count(*) filter (where ${local} >= ${monthFrom} and sla_compliance = 'YES')::int as met_current,
       count(*) filter (where ${local} >= ${monthFrom} - interval '1 month' and ${local} < ${monthFrom} and sla_compliance = 'YES')::int as met_previous,
       count(*) filter (where ${local} >= ${monthFrom} and sla_compliance = 'NO')::int as missed_current,
       count(*) filter (where ${local} >= ${monthFrom} - interval '1 month' and ${local} < ${monthFrom} and sla_compliance = 'NO')::int as missed_previous
     from events where customer_id = $1`,
    [customerId],
  );
  const modulesMonth = await query(
    `select module_id, count(*)::int as n from events where customer_id = $1 and ${local} >= ${monthFrom} group by 1 order by 1`,
    [customerId],
  );
  const chart = await query(
    `select extract(year from m)::int as years, extract(month from m)::int as months,
       (select count(*) from events where customer_id = $1 and ${local} >= m and ${local} < m + interval '1 month')::int as num_event
     from generate_series(date_trunc('year', ${today}::timestamp) - interval '1 year', ${monthFrom}, interval '1 month') m order by m`,
    [customerId],
  );
  const responders = await query(
    `select last_resource_assigned as resource, count(*)::int as n from events
     where customer_id = $1 and ${local} >= ${monthFrom} and last_resource_assigned is not null group by 1 order by 2 desc, 1 limit 10`,
    [customerId],
  );
  return { counts: counts!, modulesMonth, chart, responders };
}

type Figures = Awaited<ReturnType<typeof directFigures>>;

/** The answers that must equal the direct figures; answers the differences. */
function compare(direct: Figures, answers: Map<string, unknown>): string[] {
  const out: string[] = [];
  const c = direct.counts;
  const check = (label: string, got: unknown, want: unknown) => {
    if (!isDeepStrictEqual(got, want)) out.push(`${label}: ${JSON.stringify(got)} ≠ direct ${JSON.stringify(want)}`);
  };
  const today = answers.get('Events Today') as Record<string, number>;
  check('Events Today', today, {
    count_today: c.count_today,
    count_completed: c.count_completed,
    count_open: c.count_open,
    count_progress: c.count_progress,
    count_canceled: c.count_canceled,
    count_non_compliance: c.count_non_compliance,
  });
  const profile = answers.get('Profile counts') as Record<string, number>;
  check('Profile counts', profile, {
    completed: c.completed,
    non_compliance: c.non_compliance,
    open: c.open,
    today: c.count_today,
  });
  const modules = (answers.get('Events Per Module, Month') as { module_id: number; num_events: number }[])
    .map((m) => ({ module_id: m.module_id, n: m.num_events }))
    .sort((a, b) => a.module_id - b.module_id);
  check(
    'Events Per Module, Month',
    modules,
    direct.modulesMonth.map((m) => ({ module_id: Number(m.module_id), n: Number(m.n) })),
  );
  const chart = (answers.get('Events Line Chart, Year') as { years: number; months: number; num_event: number }[]).map(
    ({ years, months, num_event }) => ({ years, months, num_event }),
  );
  check('Events Line Chart, Year', chart, direct.chart);
  const sla = answers.get('SLA Performance MTD') as {
    compliance_status: string;
    current_month: number;
    preview_month: number;
  }[];
  check('SLA Performance MTD', sla, [
    { compliance_status: 'YES', current_month: c.met_current, preview_month: c.met_previous },
    { compliance_status: 'NO', current_month: c.missed_current, preview_month: c.missed_previous },
  ]);
  const responders = (answers.get('Top 10 Responders') as { resource: string; num_assigned_month: number }[]).map(
    (r) => ({ resource: r.resource, n: r.num_assigned_month }),
  );
  check('Top 10 Responders', responders, direct.responders);
  return out;
}

const bench = await seededEventsBench(
  { prefix: 'relevo-bench-dashboard-', postgres, events: EVENTS },
  async (query, customerId) => {
    const data = await seedEvents(query, customerId, { events: EVENTS, log: console.log });
    return { data, problems: await verifyRollups(query, customerId) };
  },
);
const { database, cookie, customerId, floorUrl } = bench;
const { data } = bench.seeded;

try {
  // two passes to warm every plan and cache; the first read also moves the rollup's pending changes in
  const answers = new Map<string, unknown>();
  for (let round = 0; round < 2; round++)
    for (const [label, path] of CALLS) answers.set(label, (await timed(`${bench.server().url}${path}`, cookie)).body);

  // the answers against direct counts, with the server stopped on PGlite (one process at a time)
  const direct = await bench.asOwner((query) => directFigures(query, customerId));
  const differences = compare(direct, answers);
  if (differences.length > 0) throw new Error(`summaries differ from direct counts:\n${differences.join('\n')}`);
  if (!database)
    for (let round = 0; round < 2; round++)
      for (const [, path] of CALLS) await timed(`${bench.server().url}${path}`, cookie);

  const loadBefore = load();
  const baseline = { hello: [] as number[], me: [] as number[] };
  const times = new Map<string, number[]>(CALLS.map(([label]) => [label, []]));
  for (let run = 0; run < RUNS; run++) {
    baseline.hello.push((await timed(`${floorUrl}/hello`, {})).ms);
    baseline.me.push((await timed(`${bench.server().url}/api/users/me`, cookie)).ms);
    for (const [label, path] of CALLS) times.get(label)!.push((await timed(`${bench.server().url}${path}`, cookie)).ms);
  }
  const loadAfter = load();

  const meP95 = percentile(baseline.me, 95);
  console.log(
    `\nDatabase: ${database ? 'PostgreSQL' : 'PGlite (embedded, in the server process)'}; ${availableParallelism()} cores, Node ${process.versions.node}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
  );
  console.log(
    `${fmt(data.events)} events of one customer over 730 days; each call ${RUNS} times in turn after 2 warm-up passes; load average ${loadBefore} before, ${loadAfter} after`,
  );
  console.log(
    'Events Today, Events Per Module (Month), the chart, SLA performance, the top responders and the profile counts equal to direct counts of the events\n',
  );
  console.log('| summary | p50 ms | p95 ms | p95 / `/me` p95 |');
  console.log('|---|---:|---:|---:|');
  console.log(
    `| floor: bare Fastify hello world | ${fmt(percentile(baseline.hello, 50), 1)} | ${fmt(percentile(baseline.hello, 95), 1)} | |`,
  );
  console.log(
    `| floor: GET /api/users/me (session read) | ${fmt(percentile(baseline.me, 50), 1)} | ${fmt(meP95, 1)} | 1.0 |`,
  );
  for (const [label, path] of CALLS) {
    const t = times.get(label)!;
    const p95 = percentile(t, 95);
    console.log(
      `| ${label} (\`${path.replace('/api/summary/dashboard/', '…/')}\`) | ${fmt(percentile(t, 50), 1)} | ${p95 < AIM_P95_MS ? '' : '**'}${fmt(p95, 1)}${p95 < AIM_P95_MS ? '' : '**'} | ${fmt(p95 / meP95, 1)} |`,
    );
  }
  const misses = CALLS.filter(([label]) => percentile(times.get(label)!, 95) >= AIM_P95_MS);
  console.log(
    `\n${misses.length === 0 ? `every summary under ${AIM_P95_MS} ms at p95` : `at or over ${AIM_P95_MS} ms at p95: ${misses.map(([label]) => label).join('; ')}`}`,
  );
} finally {
  await bench.close();
}
