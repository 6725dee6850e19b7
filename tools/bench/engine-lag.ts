/**
 * The escalation engine's lag (issue "Incidents in, people contacted", speed): from the moment an
 * event's timer comes due until its contact is handed to the channel, with 10,000 active events,
 * on PostgreSQL only (the engine's workers are separate processes sharing one database). Aim: p99
 * under 1 s with 1, 2 and 4 worker processes, and more workers carrying more.
 *
 *   npx tsx tools/bench/engine-lag.ts --postgres postgres://...    (or BENCH_DATABASE_URL)
 *
 * The built server (apps/server/dist) makes a database with the demo data. Then, for each number of
 * workers (`--workers 1,2,4`), that many `ROLE=worker` processes of the same build run against it,
 * with SMTP_URL and SMS_WEBHOOK_URL pointing at receivers in this process (an SMTP server, an HTTP
 * server) that note when each message arrives, by its idempotency key. Two rounds per count:
 *
 * - steady: 10,000 open events of the demo module are written as the ingest path leaves them after
 *   a first contact (event row, the timer with its state: the steps copied, step 1 contacted five
 *   minutes before), each escalating to its step 2 at a known time, spread evenly over `SPREAD`
 *   seconds (25) from a few seconds after the write. Step 2's channel is e-mail, SMS or voice in
 *   turn, each event with its own address. Lag = arrival at the receiver minus the timer's due_at.
 * - backlog: 10,000 such events all due at one instant; the contacts per second from that instant
 *   until the last one arrived are what the workers carry (the throughput column), with the ratio
 *   against one worker measured in the same run.
 *
 * Every expected contact must arrive; one arriving twice is a re-send (counted). Exits 1 when a
 * steady round's p99 is 1 s or more, or a contact is missing. The table goes to stdout; a line per
 * round on stderr tells where the lag is (the engine's part, each channel) and the CPU it took.
 *
 * `--events N` (10,000) and `--workers 1,2,4` change the rounds; SPREAD (seconds, 25) the steady
 * round's length; GATEWAY_MS (0) has the receivers answer each message that much later, as a real
 * gateway or relay does (the arrival is still noted when the message is in), so that each worker's
 * sends take that long; RECALL=1 makes each contact a recall (step 1's second call to the person
 * the event is already assigned to, on the channels in turn) instead of step 2's first; WORKER_NODE_OPTIONS is the workers' NODE_OPTIONS (`--cpu-prof` to profile
 * them).
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import {
  newEngineState,
  type EngineChannel,
  type EngineState,
  type EngineStep,
} from '../../libs/domain/src/engine/escalation-engine';
import {
  asOwner,
  cpuMicros,
  demoBench,
  fmt,
  messageReceivers,
  named,
  startServer,
  startWorker,
  type Query,
  type Worker,
} from './lib';

const { values: args } = parseArgs({
  options: { postgres: { type: 'string' }, workers: { type: 'string' }, events: { type: 'string' } },
});
const postgres = args.postgres || process.env.BENCH_DATABASE_URL || undefined;
if (!postgres) {
  console.error(
    'engine-lag measures the engine on PostgreSQL only (its workers are separate processes sharing one database): pass --postgres postgres://... or set BENCH_DATABASE_URL.',
  );
  process.exit(2);
}
const WORKERS = (args.workers ?? '1,2,4').split(',').map(Number);
const EVENTS = Number(args.events ?? 10_000);
const SPREAD_MS = Number(process.env.SPREAD ?? 25) * 1000;
/** how long the receivers take to answer each message, as a gateway or an SMTP relay does */
const GATEWAY_MS = Number(process.env.GATEWAY_MS ?? 0);
/** the contact due is a recall of the person the event was last assigned to (its row then changes nothing) */
const RECALL = process.env.RECALL === '1';
/** from the write of a round's events to their first due time */
const LEAD_MS = 3_000;
/** how long after the last due time a contact may still arrive before it counts as missing */
const GRACE_MS = 120_000;
const AIM_P99_MS = 1_000;
const CHANNELS: EngineChannel[] = ['email', 'sms', 'voice'];
const MINUTE = 60_000;
/** step 1's wait: the escalation to step 2 comes due this long after step 1's contact */
const STEP_1_MINUTES = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** When each message arrived at a receiver, by idempotency key (more than one: a re-send). */
class Arrivals {
  readonly times = new Map<string, number[]>();
  note(key: string, at: number): void {
    const seen = this.times.get(key);
    if (seen) seen.push(at);
    else this.times.set(key, [at]);
  }
  /** waits until every key arrived or the deadline (clock ms) passed; answers the missing keys */
  async waitFor(keys: readonly string[], deadline: number): Promise<string[]> {
    for (;;) {
      const missing = keys.filter((key) => !this.times.has(key));
      if (missing.length === 0 || Date.now() > deadline) return missing;
      await sleep(100);
    }
  }
}

/** What the events are made of: the demo customer's module, escalation and its two people. */
interface Demo {
  customerId: number;
  moduleId: number;
  escalationId: number;
  people: { escalation_resource_id: number; resource_id: number; resource_fullname: string }[];
}

async function demoCatalogue(query: Query): Promise<Demo> {
  const [module] = await query(
    `select m.customer_id, m.module_id, m.escalation_id from modules m where m.module_name = 'Checkout'`,
  );
  if (!module) throw new Error('the demo module "Checkout" is missing');
  const people = await query(
    `select s.escalation_resource_id, r.resource_id, r.resource_fullname from escalation_resources s join resources r using (customer_id, resource_id)
     where s.escalation_id = $1 order by s.escalation_priority_orden`,
    [module.escalation_id],
  );
  if (people.length < 2) throw new Error('the demo escalation has fewer than two steps');
  return {
    customerId: Number(module.customer_id),
    moduleId: Number(module.module_id),
    escalationId: Number(module.escalation_id),
    people: people as Demo['people'],
  };
}

const addressOn = (channel: EngineChannel, n: number) =>
  channel === 'email' ? `on-call-${n}@lag.bench.test` : `+1555${String(n).padStart(7, '0')}`;

/**
 * One open event as the engine leaves it after step 1's contact (five minutes before `dueAt`): its
 * state with both steps copied, step 2 due at `dueAt` on `channel`, each step its own address.
 */
function stateOf(demo: Demo, n: number, channel: EngineChannel, dueAt: number): EngineState {
  const step = (index: 0 | 1, stepChannel: EngineChannel, minutes: number, recalls = 0): EngineStep => ({
    escalation_resource_id: demo.people[index]!.escalation_resource_id,
    participation: 'agent',
    channel: stepChannel,
    resource_id: demo.people[index]!.resource_id,
    resource_name: demo.people[index]!.resource_fullname,
    address: addressOn(stepChannel, n * 2 + index),
    language: 'EN',
    recalls,
    follow_up_minutes: minutes,
  });
  const contactedAt = dueAt - STEP_1_MINUTES * MINUTE;
  // RECALL: step 1 contacts its person twice over twice its wait, the second time at `dueAt`;
  // else step 2 comes due then, and waits an hour: its timer is not due again within the run
  const steps = RECALL
    ? [step(0, channel, 2 * STEP_1_MINUTES, 1), step(1, 'email', 60)]
    : [step(0, 'voice', STEP_1_MINUTES), step(1, channel, 60)];
  const state = newEngineState({ created_at: contactedAt, sla_minutes: null, steps });
  return { ...state, at: { step: 0, attempt: 1, step_started_at: contactedAt } };
}

/** The idempotency key of the contact due (libs/domain/src/engine/wake-up.ts `contactKey`): step 2's first, or step 1's recall. */
const dueKey = (eventId: number) =>
  RECALL ? `event:${eventId}:step:1:attempt:2` : `event:${eventId}:step:2:attempt:1`;

let serial = 0;

/**
 * Writes `count` events and their timers in one transaction (due at `dueTimes`), then notifies the
 * engine's channel as the ingest path does; answers each event's key and due time (as stored).
 */
async function writeEvents(query: Query, demo: Demo, dueTimes: number[]): Promise<{ key: string; dueAt: number }[]> {
  const cases: string[] = [];
  const subjects: string[] = [];
  const created: Date[] = [];
  const states: string[] = [];
  const dues: Date[] = [];
  dueTimes.forEach((dueAt, i) => {
    const n = ++serial;
    cases.push(`LAG${String(n).padStart(7, '0')}`);
    subjects.push(`Engine lag incident ${n}`);
    created.push(new Date(dueAt - STEP_1_MINUTES * MINUTE));
    states.push(JSON.stringify(stateOf(demo, n, CHANNELS[i % CHANNELS.length]!, dueAt)));
    dues.push(new Date(dueAt));
  });
  const rows = await query(
    `with made as (
       insert into events (customer_id, case_id, module_id, escalation_id, short_event_subject, short_event_body, event_createdt, last_resource_assigned)
       select $1, c, $2, $3, s, 'Raised by the engine lag benchmark', t, $9 from unnest($4::text[], $5::text[], $6::timestamptz[]) as u(c, s, t)
       returning event_id, case_id
     ),
     timers as (
       insert into engine_timers (customer_id, event_id, state, due_at)
       select $1, made.event_id, x.state, x.due from made join unnest($4::text[], $7::jsonb[], $8::timestamptz[]) as x(c, state, due) on x.c = made.case_id
       returning event_id, due_at
     )
     select event_id, due_at from timers`,
    [
      demo.customerId,
      demo.moduleId,
      demo.escalationId,
      cases,
      subjects,
      created,
      states,
      dues,
      RECALL ? demo.people[0]!.resource_fullname : null,
    ],
  );
  await query(`select pg_notify('relevo_engine', '')`);
  return rows.map((row) => ({ key: dueKey(Number(row.event_id)), dueAt: new Date(row.due_at as Date).getTime() }));
}

/**
 * The rows of a round go, and the tables are vacuumed: each round starts with exactly its own
 * active events, and each number of workers with the same tables.
 */
async function clearEvents(query: Query): Promise<void> {
  await query(`delete from events where case_id like 'LAG%'`);
  await query(`delete from outbox where idempotency_key like 'event:%'`);
  await query(`vacuum (analyze) events, engine_timers, event_logs, outbox`);
}

/** PostgreSQL's CPU time (µs) in the bench database's connections other than this one (the workers' pools and listeners). */
async function databaseCpu(query: Query): Promise<number> {
  const rows = await query(
    `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
  );
  return rows.reduce((sum, { pid }) => {
    try {
      return sum + cpuMicros(Number(pid));
    } catch {
      return sum; // ended meanwhile
    }
  }, 0);
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const ascending = (values: number[]) => values.sort((a, b) => a - b);

interface RoundResult {
  contacts: number;
  missing: number;
  resent: number;
  /** each contact's lag (first arrival minus due time), ascending */
  lags: number[];
  /** each contact's engine part (queued in the outbox minus due time), ascending */
  queued: number[];
  /** lags by channel, ascending */
  byChannel: Map<string, number[]>;
  /** from the first due time until the last first arrival */
  spanMs: number;
  /** CPU per contact (µs): the worker processes, their PostgreSQL connections, this process (the receivers) */
  workerCpu: number;
  databaseCpu: number;
  benchCpu: number;
  /** write-ahead log bytes per contact: what the round wrote, its events and timers included */
  walBytes: number;
}

/** Writes the round's events, waits for their contacts, and measures each one's lag. */
async function round(
  target: { query: Query; demo: Demo; arrivals: Arrivals; workers: Worker[] },
  dueTimes: (start: number) => number[],
): Promise<RoundResult> {
  const { query, demo, arrivals, workers } = target;
  const workerCpu = () => workers.reduce((sum, w) => sum + cpuMicros(w.child.pid!), 0);
  const benchCpu = () => process.cpuUsage().user + process.cpuUsage().system;
  const walAt = async () =>
    BigInt((await query(`select (pg_current_wal_lsn() - '0/0'::pg_lsn)::text as at`))[0]!.at as string);
  const before = { worker: workerCpu(), database: await databaseCpu(query), bench: benchCpu(), wal: await walAt() };
  const start = Date.now() + LEAD_MS;
  const expected = await writeEvents(query, demo, dueTimes(start));
  if (Date.now() >= start)
    throw new Error(`writing the events took past their first due time (${Date.now() - start} ms late): raise LEAD_MS`);
  const lastDue = Math.max(...expected.map((e) => e.dueAt));
  const missing = await arrivals.waitFor(
    expected.map((e) => e.key),
    lastDue + GRACE_MS,
  );
  // a re-send would come soon after: wait a little for any
  await sleep(1_000);
  const used = {
    worker: workerCpu() - before.worker,
    database: (await databaseCpu(query)) - before.database,
    bench: benchCpu() - before.bench,
    wal: Number((await walAt()) - before.wal),
  };

  const outbox = await query(
    `select idempotency_key, channel, created_at from outbox where idempotency_key = any($1)`,
    [expected.map((e) => e.key)],
  );
  const queuedAt = new Map(
    outbox.map((row) => [
      row.idempotency_key as string,
      { channel: row.channel as string, at: new Date(row.created_at as Date).getTime() },
    ]),
  );
  const lags: number[] = [];
  const queued: number[] = [];
  const byChannel = new Map<string, number[]>();
  let resent = 0;
  let lastArrival = 0;
  for (const { key, dueAt } of expected) {
    const times = arrivals.times.get(key);
    if (!times) continue;
    resent += times.length - 1;
    lags.push(times[0]! - dueAt);
    lastArrival = Math.max(lastArrival, times[0]!);
    const message = queuedAt.get(key)!;
    queued.push(message.at - dueAt);
    byChannel.set(message.channel, [...(byChannel.get(message.channel) ?? []), times[0]! - dueAt]);
  }
  for (const list of byChannel.values()) ascending(list);
  await clearEvents(query);
  const contacts = lags.length;
  return {
    contacts,
    missing: missing.length,
    resent,
    lags: ascending(lags),
    queued: ascending(queued),
    byChannel,
    spanMs: lastArrival - Math.min(...expected.map((e) => e.dueAt)),
    workerCpu: used.worker / contacts,
    databaseCpu: used.database / contacts,
    walBytes: used.wal / contacts,
    benchCpu: used.bench / contacts,
  };
}

/** One line per round on stderr: where the lag is (the engine's part, each channel) and what the receivers cost. */
function describe(label: string, r: RoundResult): void {
  const channels = [...r.byChannel].map(([channel, list]) => `${channel} p99 ${fmt(percentile(list, 99))}`).join(', ');
  console.error(
    `  ${label}: ${fmt(r.contacts)} contacts in ${fmt(r.spanMs)} ms; lag p50 ${fmt(percentile(r.lags, 50))} p99 ${fmt(percentile(r.lags, 99))} ms (${channels}); ` +
      `due → queued p50 ${fmt(percentile(r.queued, 50))} p99 ${fmt(percentile(r.queued, 99))} ms; CPU µs/contact: workers ${fmt(r.workerCpu)}, PostgreSQL ${fmt(r.databaseCpu)}, receivers ${fmt(r.benchCpu)}; WAL ${fmt(r.walBytes)} bytes/contact`,
  );
}

const bench = await demoBench('relevo-bench-engine-lag-', postgres);
const arrivals = new Arrivals();
const receiving = await messageReceivers(({ key, at }) => arrivals.note(key, at), GATEWAY_MS);
const workers: Worker[] = [];
const rows: { workers: number; steady: RoundResult; backlog: RoundResult }[] = [];
let failed = false;
try {
  // the demo data, made by the API role of the same build
  const api = await startServer({ ...bench.serverEnv, ROLE: 'api', LOG_LEVEL: 'warn' });
  await api.stop();
  const databaseUrl = bench.database!.url;
  await asOwner({ url: databaseUrl, dataDir: bench.dataDir }, async (query) => {
    const demo = await demoCatalogue(query);
    for (const count of WORKERS) {
      for (let i = workers.length; i < count; i++) {
        const environment = {
          DATABASE_URL: named(databaseUrl, `relevo-engine-lag-${i + 1}`),
          DATA_DIR: bench.dataDir,
          DEMO_DATA: 'off',
          SMTP_URL: receiving.smtpUrl,
          SMS_WEBHOOK_URL: receiving.webhookUrl,
          LOG_LEVEL: 'warn',
          // each event has its own address, and the lag is the engine's: no customer cap in the way
          // of 10,000 contacts in 25 s (throttling is measured apart, in throttle.test.ts)
          CUSTOMER_MESSAGES_PER_MINUTE: '100000',
        };
        workers.push(await startWorker(environment));
      }
      while (workers.length > count) await workers.pop()!.stop();
      const target = { query, demo, arrivals, workers };
      console.error(`${count} worker process${count > 1 ? 'es' : ''}:`);
      const steady = await round(target, (start) =>
        Array.from({ length: EVENTS }, (_, i) => start + Math.round((i * SPREAD_MS) / EVENTS)),
      );
      describe(`steady (${fmt(EVENTS)} due over ${SPREAD_MS / 1000} s)`, steady);
      const backlog = await round(target, (start) => Array.from({ length: EVENTS }, () => start));
      describe(`backlog (${fmt(EVENTS)} due at once)`, backlog);
      rows.push({ workers: count, steady, backlog });
    }
  });

  const warnings = workers.flatMap((w) =>
    w
      .output()
      .split('\n')
      .filter((line) => /"level":(4|5|6)0/.test(line)),
  );
  const rate = (r: RoundResult) => r.contacts / (r.spanMs / 1000);
  const baseline = rows.find((r) => r.workers === 1);
  console.log(
    `Database: PostgreSQL; ${availableParallelism()} cores, Node ${process.versions.node}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} at the end.`,
  );
  console.log(
    `Steady: ${fmt(EVENTS)} active events ${RECALL ? 'each due for a recall of its step 1' : 'escalating'} at times spread evenly over ${SPREAD_MS / 1000} s (${fmt(EVENTS / (SPREAD_MS / 1000))}/s); backlog: ${fmt(EVENTS)} due at one instant, carried at the rate shown. ` +
      "Lag: arrival at the local SMTP or webhook receiver minus the timer's due time; e-mail, SMS and voice in turn; " +
      (GATEWAY_MS > 0
        ? `the receivers answer each message ${GATEWAY_MS} ms after it arrived.\n`
        : 'the receivers answer at once.\n'),
  );
  console.log(
    '| workers | contacts | lag p50 ms | lag p99 ms | lag max ms | of which due → queued, p99 ms | backlog contacts/s | vs 1 worker | CPU µs/contact: workers + PostgreSQL | missing | re-sent | p99 < 1 s |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const { workers: count, steady, backlog } of rows) {
    const p99 = steady.lags.length > 0 ? percentile(steady.lags, 99) : Infinity;
    const meets = p99 < AIM_P99_MS && steady.missing === 0;
    if (!meets || backlog.missing > 0) failed = true;
    console.log(
      `| ${count} | ${fmt(steady.contacts)} | ${fmt(percentile(steady.lags, 50))} | ${fmt(p99)} | ${fmt(steady.lags.at(-1)!)} | ${fmt(percentile(steady.queued, 99))} | ${fmt(rate(backlog))} | ${baseline ? `${fmt(rate(backlog) / rate(baseline.backlog), 2)}×` : '–'} | ${fmt(steady.workerCpu)} + ${fmt(steady.databaseCpu)} | ${steady.missing + backlog.missing} | ${steady.resent + backlog.resent} | ${meets ? 'meets' : '**misses**'} |`,
    );
  }
  if (warnings.length > 0)
    console.log(`\nThe workers logged ${warnings.length} warnings or errors; the first: ${warnings[0]}`);
} finally {
  for (const worker of workers) await worker.stop();
  await receiving.close();
  await bench.close();
}
if (failed) process.exitCode = 1;
