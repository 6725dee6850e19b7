/**
 * A large history of incidents for one customer, written straight into the database as its owner
 * in a few set-based statements (generate_series, no insert per event): the benchmarks of the
 * events list, its CSV export and the dashboard load it (`events-filters.ts`,
 * `dashboard-summaries.ts`), and it runs alone:
 *
 *   npx tsx tools/bench/events-data.ts --postgres postgres://.../db --customer 2 [--events 1000000]
 *   npx tsx tools/bench/events-data.ts --pglite /path/to/DATA_DIR/db --customer 2 [--events 1000000]
 *
 * What it writes, for the customer: 6 applications of 3 or 4 modules each (20 modules, each on an
 * SLA of 15, 30 or 60 minutes), then N events spread evenly over the 730 days before `now`, their
 * ids rising with their creation as the ingest API writes them, the busiest module about five
 * times as busy as the quietest; older events mostly completed (85 %),
 * canceled (10 %), some left open or in progress; the last day's events still mostly open or in
 * progress. SLA compliance YES or NO by the minutes to acceptance against the module's SLA, left
 * undecided (null) for half of the canceled events and for open events still inside their SLA.
 * About a third of the events get 1 to 3 event log rows. Case IDs are the product's 8 characters,
 * distinct for every event of a run. The values come from a hash of each event's number, so a run
 * of the same size writes the same history (only `now` moves).
 *
 * The rollups stay consistent because the events go in through ordinary inserts: the statement
 * triggers of migrations 0012 (event_day_counts and their changes) and 0013 (event_counts) add
 * each batch's counts, as they do for the ingest API. `verifyRollups` compares what they hold with
 * direct counts of the events.
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  asOwner,
  demoBench,
  fmt,
  load,
  PEOPLE,
  signInBeforeSeeding,
  startFloor,
  startServer,
  type Query,
  type Started,
} from './lib';

/** rows per insert statement: each is one transaction and one run of the rollup triggers */
const BATCH = 100_000;
const DAYS = 730;

const APPLICATIONS: [string, string[]][] = [
  ['Store', ['Checkout', 'Catalogue', 'Search']],
  ['Billing', ['Invoices', 'Payments', 'Refunds', 'Taxes']],
  ['Warehouse', ['Stock', 'Picking', 'Shipping']],
  ['Support desk', ['Tickets', 'Chat', 'Phone line', 'Knowledge base']],
  ['Mobile app', ['Sign-in', 'Push notifications', 'Offline sync']],
  ['Reports', ['Nightly export', 'Dashboards', 'Data warehouse']],
];
const RESPONDERS = ['Carlos Méndez', 'Ana Torres', ...PEOPLE];
const PROBLEMS = [
  'Disk almost full on',
  'CPU above 90% on',
  'Latency above 2 s on',
  'Error rate above 5% on',
  'Certificate expires soon on',
  'Queue backlog on',
  'Memory pressure on',
  'Health check failing on',
];
const HOSTS = ['db', 'web', 'api', 'cache', 'worker', 'queue'];
const CASE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const lit = (text: string) => `'${text.replace(/'/g, "''")}'`;
const array = (values: string[]) => `array[${values.map(lit).join(', ')}]`;

/** A uniform number in [0, 1) from the event's number `g` and a salt. */
const r = (salt: number) => `((hashint8extended(g, ${salt}) & 1048575) / 1048576.0)`;

/**
 * The case ID of event number `g`: g scrambled by a multiplication that is a bijection modulo 31^8
 * (the factor is prime to 31), written in the 31 letters and digits of the product's case IDs.
 */
const caseId = (salt: number) => {
  const x = `((g + ${salt}::bigint * 1000003) * 387420489 % 852891037441)`;
  return Array.from(
    { length: 8 },
    (_, d) => `substr(${lit(CASE_ALPHABET)}, (${x} / ${31 ** d}::bigint % 31)::integer + 1, 1)`,
  ).join(' || ');
};

export interface EventsData {
  customerId: number;
  applications: { id: number; name: string }[];
  modules: { id: number; applicationId: number; name: string }[];
  events: number;
  logs: number;
  /** milliseconds: the catalogue and events, then the vacuum and statistics */
  insertMs: number;
  analyzeMs: number;
}

/** The customer's extra applications and modules (once: a second run finds them). */
async function catalogue(query: Query, customerId: number): Promise<Pick<EventsData, 'applications' | 'modules'>> {
  const [existing] = await query(
    `select count(*)::int as n from applications where customer_id = $1 and application_createby = 'events-data'`,
    [customerId],
  );
  if (Number(existing!.n) === 0) {
    await query(
      `insert into slas (customer_id, sla_name, sla_desc, sla_active, sla_response_time, sla_response_time_mult, sla_createby, sla_createdt)
       select $1, 'Response ' || m || ' min (events data)', 'Accepted within ' || m || ' minutes', 'Y', m, 'M', 'events-data', now()
       from unnest(array[15, 30, 60]) m`,
      [customerId],
    );
    await query(
      `insert into applications (customer_id, application_name, application_createby, application_createdt)
       select $1, name, 'events-data', now() from unnest(${array(APPLICATIONS.map(([name]) => name))}) name`,
      [customerId],
    );
    const pairs = APPLICATIONS.flatMap(([application, modules]) =>
      modules.map((module) => [application, module] as const),
    );
    await query(
      `insert into modules (customer_id, application_id, module_name, module_desc, sla_id, module_createby, module_createdt)
       select $1, a.application_id, p.module_name, 'Raises the incidents of ' || p.module_name,
              (select sla_id from slas where customer_id = $1 and sla_createby = 'events-data' order by sla_id offset p.k % 3 limit 1), 'events-data', now()
       from unnest(${array(pairs.map(([application]) => application))}, ${array(pairs.map(([, module]) => module))}) with ordinality as p (application_name, module_name, k)
       join applications a on a.customer_id = $1 and a.application_name = p.application_name`,
      [customerId],
    );
  }
  const applications = await query(
    `select application_id as id, application_name as name from applications where customer_id = $1 and application_createby = 'events-data' order by application_id`,
    [customerId],
  );
  const modules = await query(
    `select module_id as id, application_id, module_name as name from modules where customer_id = $1 and module_createby = 'events-data' order by module_id`,
    [customerId],
  );
  return {
    applications: applications.map((a) => ({ id: Number(a.id), name: String(a.name) })),
    modules: modules.map((m) => ({ id: Number(m.id), applicationId: Number(m.application_id), name: String(m.name) })),
  };
}

/**
 * Events number `from` to `from + count - 1` of the history ending at `now` (an instant, ISO),
 * their event logs in the same statement.
 */
function batchStatement(
  customerId: number,
  from: number,
  count: number,
  total: number,
  now: string,
  salt: number,
): string {
  // minutes before now: event g of `total` at its share of the history, the oldest first (ids rise with time, as the ingest API writes them)
  const age = `greatest(0.5, ${DAYS} * 1440 * (1 - (g + ${r(1)}) / ${total}))`;
  const recent = `(age < 1440)`;
  return `
  with modules_in_turn as (
    select m.module_id, m.escalation_id, s.sla_response_time as sla, (row_number() over (order by m.module_id) - 1)::integer as k, count(*) over ()::integer as n
    from modules m join slas s on s.customer_id = m.customer_id and s.sla_id = m.sla_id
    where m.customer_id = ${customerId} and m.module_createby = 'events-data'
  ),
  drawn as (
    select g, ${age} as age, ${r(2)} as r_module, ${r(3)} as r_status, ${r(4)} as r_accept, ${r(5)} as r_resolve, ${r(6)} as r_who, ${r(7)} as r_sla
    from generate_series(${from}::bigint, ${from + count - 1}::bigint) g
  ),
  shaped as (
    select d.*, m.module_id, m.escalation_id, m.sla,
      ${lit(now)}::timestamptz - d.age * interval '1 minute' as created,
      case when ${recent.replace('age', 'd.age')}
        then (case when d.r_status < 0.35 then 'open' when d.r_status < 0.65 then 'progress' when d.r_status < 0.92 then 'completed' else 'canceled' end)
        else (case when d.r_status < 0.02 then 'open' when d.r_status < 0.05 then 'progress' when d.r_status < 0.90 then 'completed' else 'canceled' end)
      end as status,
      -- minutes to acceptance: most within the SLA, a long tail beyond it
      1 + floor(-ln(1 - d.r_accept) * m.sla * 0.6)::integer as accept_minutes
    from drawn d
    -- the busiest module about five times as busy as the quietest
    join modules_in_turn m on m.k = least(m.n - 1, floor(m.n * (0.1 + 0.9 * d.r_module) ^ 2 / 1.0)::integer)
  ),
  valued as (
    select s.*,
      case when s.status in ('progress', 'completed') and s.accept_minutes < s.age then s.accept_minutes end as time_response,
      case when s.status = 'completed' then s.accept_minutes + 5 + floor(s.r_resolve * 240)::integer end as resolve_minutes,
      (${array(RESPONDERS)})[1 + floor(s.r_who * ${RESPONDERS.length})::integer] as responder
    from shaped s
  ),
  rows as (
    select v.*,
      case
        when v.status = 'canceled' and v.r_sla < 0.5 then null
        when v.time_response is not null then (case when v.time_response <= v.sla then 'YES' else 'NO' end)
        when v.age > v.sla then 'NO'
        else null
      end as compliance
    from valued v
    where v.status <> 'completed' or v.resolve_minutes < v.age
  ),
  made as (
    insert into events (customer_id, case_id, module_id, escalation_id, sla_response, event_status, sla_compliance, short_event_subject, short_event_body,
                        event_createdt, accepteddt, event_closedt, last_resource_assigned, accepted_by, time_response, minutes_elapsed, event_cause, event_resolution, resolution)
    select ${customerId}, ${caseId(salt)}, module_id, escalation_id, sla, status, compliance,
      (${array(PROBLEMS)})[1 + (hashint8extended(g, 8) & 1023) % ${PROBLEMS.length}] || ' ' || (${array(HOSTS)})[1 + (hashint8extended(g, 9) & 1023) % ${HOSTS.length}] || '-' || (hashint8extended(g, 10) & 1023) % 40,
      'Raised by the monitoring of module ' || module_id || ' after three failed checks in a row.',
      created,
      created + time_response * interval '1 minute',
      case when status = 'completed' then created + resolve_minutes * interval '1 minute'
           when status = 'canceled' then created + (5 + floor(r_resolve * 60)) * interval '1 minute' end,
      case when time_response is not null or compliance = 'NO' then responder end,
      case when time_response is not null then responder end,
      time_response,
      resolve_minutes,
      case when status = 'completed' then (array['A full disk', 'A stuck deploy', 'An expired certificate', 'A noisy neighbour', 'A failed failover'])[1 + (hashint8extended(g, 11) & 1023) % 5] end,
      case when status = 'completed' then 'Fixed and watched for an hour' end,
      case when status = 'completed' then 'Resolved' when status = 'canceled' then 'Canceled: a false alarm' end
    from rows
    order by g
    returning event_id, customer_id, event_createdt, event_status, last_resource_assigned
  ),
  logged as (
    insert into event_logs (customer_id, event_id, call_date, channel, called_number, followup_status, resource, resource_phone, next_resource, next_assigned_date, resolved, event_ind_last_event_log, delivery_status)
    select made.customer_id, made.event_id, made.event_createdt + (n * 5) * interval '1 minute',
      (array['voice', 'sms', 'email'])[1 + (made.event_id + n) % 3],
      '+1787555' || lpad(((made.event_id * 7 + n) % 10000)::text, 4, '0'),
      case when n = steps and made.event_status = 'completed' then 'completed' when n = 1 then 'open' else 'escalation' end,
      coalesce(made.last_resource_assigned, 'Carlos Méndez'), '7875550142',
      case when n < steps then 'Ana Torres' end,
      case when n < steps then made.event_createdt + ((n + 1) * 5) * interval '1 minute' end,
      case when n = steps and made.event_status = 'completed' then 'Y' else 'N' end,
      case when n = steps then 'Y' else 'N' end,
      'delivered'
    from made
    cross join lateral generate_series(1, 1 + (made.event_id % 3)) as n
    cross join lateral (select 1 + (made.event_id % 3) as steps) s
    where made.event_id % 3 = 0
    returning 1
  )
  select (select count(*) from made)::int as events, (select count(*) from logged)::int as logs`;
}

/**
 * Writes `events` events (default 1,000,000) for the customer, in batches, then vacuums and
 * analyzes; `salt` keeps the case IDs of separate runs apart.
 */
export async function seedEvents(
  query: Query,
  customerId: number,
  options: { events?: number; now?: Date; salt?: number; log?: (line: string) => void } = {},
): Promise<EventsData> {
  const wanted = options.events ?? 1_000_000;
  const now = (options.now ?? new Date()).toISOString();
  const log = options.log ?? (() => {});
  const started = performance.now();
  const made = await catalogue(query, customerId);
  let events = 0;
  let logs = 0;
  // completed events not yet resolved at `now` are left out of a batch: draw until there are enough
  for (let g = 0; events < wanted;) {
    const count = Math.min(BATCH, Math.ceil((wanted - events) * 1.02) + 16);
    const [row] = await query(batchStatement(customerId, g, count, wanted, now, options.salt ?? 0));
    g += count;
    const batchEvents = Number(row!.events);
    if (events + batchEvents > wanted) {
      // the last batch overshot: the newest extras go (the delete trigger takes them out of the rollups)
      await query(
        `delete from events where event_id in (select event_id from events where customer_id = $1 order by event_id desc limit $2)`,
        [customerId, events + batchEvents - wanted],
      );
    }
    events = Math.min(wanted, events + batchEvents);
    logs += Number(row!.logs);
    log(`  ${fmt(events)} events, ${fmt((performance.now() - started) / 1000, 1)} s`);
  }
  const insertMs = performance.now() - started;
  const analyzing = performance.now();
  await query('vacuum analyze');
  const [counted] = await query(`select count(*)::int as logs from event_logs where customer_id = $1`, [customerId]);
  return {
    customerId,
    ...made,
    events,
    logs: Number(counted?.logs ?? logs),
    insertMs,
    analyzeMs: performance.now() - analyzing,
  };
}

/** An events benchmark's bench once its events are written (`seededEventsBench`). */
export interface SeededEvents<S> {
  /** what `seed` answered */
  seeded: S;
  cookie: { cookie: string };
  customerId: number;
  /** the database made for the run on PostgreSQL; undefined on the embedded one */
  database: { url: string } | undefined;
  /** the server as it runs now (`asOwner` starts it again on the embedded database) */
  server(): Started;
  /** the bare Fastify hello world beside it, the floor of every answer */
  floorUrl: string;
  /** reads as the database's owner; on the embedded database the server is stopped meanwhile (one process at a time) */
  asOwner<T>(work: (query: Query) => Promise<T>): Promise<T>;
  /** stops the server and the floor and removes the bench */
  close(): Promise<void>;
}

/**
 * The start both events benchmarks share: a demo bench with quiet logs, its Customer Root signed
 * in, `events` events written as the database's owner by `seed` (which also reads whatever it
 * needs meanwhile) and their rollups checked against them, then the server running and the
 * hello-world floor beside it. A failure on the way removes everything it made.
 */
export async function seededEventsBench<S extends { data: EventsData; problems: string[] }>(
  options: { prefix: string; postgres: string | undefined; events: number },
  seed: (query: Query, customerId: number) => Promise<S>,
): Promise<SeededEvents<S>> {
  const bench = await demoBench(options.prefix, options.postgres);
  // the dashboard's and the lists' reads only: no deliveries, quiet logs
  const serverEnv = { ...bench.serverEnv, LOG_LEVEL: 'warn' };
  const target = { url: bench.database?.url, dataDir: bench.dataDir };
  let server: Started | undefined;
  let hello: ChildProcess | undefined;
  const close = async () => {
    hello?.kill('SIGTERM');
    await server?.stop();
    await bench.close();
  };
  try {
    const { server: first, cookie, customerId } = await signInBeforeSeeding(bench, serverEnv);
    server = first;
    console.log(`writing ${fmt(options.events)} events (load ${load()})`);
    const seeded = await asOwner(target, (query) => seed(query, customerId));
    const { data, problems } = seeded;
    console.log(
      `${fmt(data.events)} events, ${fmt(data.logs)} event log rows: written in ${fmt(data.insertMs / 1000, 1)} s, vacuum and analyze ${fmt(data.analyzeMs / 1000, 1)} s`,
    );
    if (problems.length > 0) throw new Error(`the rollups differ from the events:\n${problems.join('\n')}`);
    console.log('rollups (event_counts, event_day_counts) equal to direct counts of the events');
    if (!bench.database) server = await startServer(serverEnv);
    const floor = await startFloor(join(import.meta.dirname, 'hello.mjs'), {});
    hello = floor.child;
    return {
      seeded,
      cookie,
      customerId,
      database: bench.database,
      server: () => server!,
      floorUrl: floor.url,
      async asOwner(work) {
        if (!bench.database) await server!.stop();
        const answer = await asOwner(target, work);
        if (!bench.database) server = await startServer(serverEnv);
        return answer;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The rollups against the events they count, for the whole customer: every group of event_counts
 * (migration 0013) with its pending changes (0016), every day and module of event_day_counts with its pending changes
 * (migration 0012), in the customer's time zone, and every incident text's count (migration 0017). Answers the differences (none when consistent).
 */
export async function verifyRollups(query: Query, customerId: number): Promise<string[]> {
  const problems: string[] = [];
  const monthly = await query(
    `with direct as (
       select date_trunc('month', event_createdt, 'UTC') as month, application_id, module_id, event_status, sla_compliance, count(*)::int as n
       from events where customer_id = $1 group by 1, 2, 3, 4, 5),
     rolled as (
       select month, application_id, module_id, event_status, sla_compliance, sum(events)::int as n
       from (select * from event_counts where customer_id = $1 union all select * from event_count_changes where customer_id = $1) x
       group by 1, 2, 3, 4, 5 having sum(events) <> 0)
     select coalesce(d.month, r.month) as month, coalesce(d.module_id, r.module_id) as module_id, coalesce(d.event_status, r.event_status) as status, d.n as direct, r.n as rolled
     from direct d full join rolled r
       on r.month = d.month and r.application_id is not distinct from d.application_id and r.module_id is not distinct from d.module_id
      and r.event_status = d.event_status and r.sla_compliance is not distinct from d.sla_compliance
     where d.n is distinct from r.n limit 5`,
    [customerId],
  );
  for (const row of monthly) problems.push(`event_counts ${JSON.stringify(row)}`);
  const daily = await query(
    `with direct as (
       select (e.event_createdt at time zone c.customer_time_zone)::date as day, coalesce(e.module_id, 0) as module_id,
              count(*)::int as events, count(*) filter (where e.event_status = 'completed')::int as completed,
              count(*) filter (where e.sla_compliance = 'NO')::int as missed, coalesce(sum(e.time_response), 0)::bigint as response
       from events e join customers c on c.customer_id = e.customer_id where e.customer_id = $1 group by 1, 2),
     rolled as (
       select day, module_id, sum(num_events)::int as events, sum(num_completed)::int as completed, sum(num_sla_missed)::int as missed, sum(response_minutes)::bigint as response
       from (select * from event_day_counts where customer_id = $1 union all select * from event_day_count_changes where customer_id = $1) x
       group by 1, 2 having sum(num_events) <> 0)
     select coalesce(d.day, r.day)::text as day, coalesce(d.module_id, r.module_id) as module_id, d.events, r.events as rolled_events
     from direct d full join rolled r on r.day = d.day and r.module_id = d.module_id
     where (d.events, d.completed, d.missed, d.response) is distinct from (r.events, r.completed, r.missed, r.response) limit 5`,
    [customerId],
  );
  for (const row of daily) problems.push(`event_day_counts ${JSON.stringify(row)}`);
  const texts = await query(
    `with direct as (select short_event_subject as subject, count(*)::int as n from events where customer_id = $1 group by 1),
     rolled as (
       select subject, sum(events)::int as n
       from (select * from event_subject_counts where customer_id = $1 union all select * from event_subject_count_changes where customer_id = $1) x
       group by 1 having sum(events) <> 0)
     select coalesce(d.subject, r.subject) as subject, d.n as direct, r.n as rolled
     from direct d full join rolled r on r.subject = d.subject
     where d.n is distinct from r.n limit 5`,
    [customerId],
  );
  for (const row of texts) problems.push(`event_subject_counts ${JSON.stringify(row)}`);
  return problems;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { values: args } = parseArgs({
    options: {
      postgres: { type: 'string' },
      pglite: { type: 'string' },
      customer: { type: 'string' },
      events: { type: 'string' },
      salt: { type: 'string' },
    },
  });
  if (!args.customer || (!args.postgres && !args.pglite)) {
    console.error(
      'usage: npx tsx tools/bench/events-data.ts (--postgres URL | --pglite DIR) --customer ID [--events 1000000] [--salt 0]',
    );
    process.exit(2);
  }
  await asOwner({ url: args.postgres, dataDir: args.pglite ?? '' }, async (query) => {
    const data = await seedEvents(query, Number(args.customer), {
      events: args.events ? Number(args.events) : undefined,
      salt: Number(args.salt ?? 0),
      log: console.log,
    });
    console.log(
      `${fmt(data.events)} events and ${fmt(data.logs)} event log rows in ${fmt(data.insertMs / 1000, 1)} s, vacuum and analyze ${fmt(data.analyzeMs / 1000, 1)} s`,
    );
    const problems = await verifyRollups(query, data.customerId);
    console.log(
      problems.length === 0 ? 'rollups consistent with the events' : `rollups DIFFER:\n${problems.join('\n')}`,
    );
    if (problems.length > 0) process.exitCode = 1;
  });
}
