/**
 * The ingest API's throughput (issue "Incidents in, people contacted", speed): `POST
 * /api/v1/incidents` with the demo module's credentials at 50 connections, each request a new
 * incident (distinct dedup keys), so each one is a durable event and its first engine timer. The
 * server runs with the module's limit raised.
 *
 * `--role api` (the default): the server runs the API role only (the engine's work is measured
 * apart). Aim: 2,000 incidents/s on PostgreSQL, 300/s on PGlite.
 *
 * `--role all`: the server runs every role in one process, as `npm start` does (on PGlite the API
 * and the engine share the one connection), with its SMTP and SMS gateways pointing at receivers in
 * this process; the demo escalation's first step is an SMS without recalls (as in the soak) and
 * CONTACT_WINDOW_SECONDS=0, so each incident is one message, counted by its idempotency key. After
 * the storm the benchmark waits until every stored incident's first contact has arrived (at most
 * DRAIN seconds, 300) and says when the last one did. Aim on PGlite: 200 incidents/s with p99 under
 * 1 s while the engine works, and every incident contacted afterwards.
 *
 *   npx tsx tools/bench/ingest.ts                              on PGlite
 *   npx tsx tools/bench/ingest.ts --postgres postgres://...    on PostgreSQL (or BENCH_DATABASE_URL)
 *   npx tsx tools/bench/ingest.ts --role all --baseline /tmp/main/apps/server/dist/main.js
 *
 * `--baseline` is another build of the server (an earlier commit's `apps/server/dist/main.js`):
 * measured first, the same way on a fresh database, and the figures compared with it. DURATION
 * (seconds, 10) sets the length of the run.
 */
import autocannon from 'autocannon';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import {
  asOwner,
  cpuMicros,
  demoBench,
  demoIncidentSource,
  fmt,
  load,
  messageReceivers,
  SERVER_MAIN,
  startServer,
  type Started,
} from './lib';

const { values: args } = parseArgs({
  options: { postgres: { type: 'string' }, role: { type: 'string' }, baseline: { type: 'string' } },
});
const DURATION = Number(process.env.DURATION ?? 10);
const DRAIN_MS = Number(process.env.DRAIN ?? 300) * 1000;
const CONNECTIONS = 50;
const postgres = args.postgres || process.env.BENCH_DATABASE_URL || undefined;
const role = args.role ?? 'api';
if (role !== 'api' && role !== 'all') {
  console.error('--role is api or all');
  process.exit(2);
}
const withEngine = role === 'all';
/** incidents/s, and with the engine the p99 in ms */
const AIM = withEngine ? (postgres ? null : { rps: 200, p99: 1_000 }) : { rps: postgres ? 2_000 : 300, p99: null };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** the idempotency key of an event's first contact (libs/domain/src/engine/wake-up.ts `contactKey`) */
const firstContact = (eventId: number) => `event:${eventId}:step:1:attempt:1`;

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  cpuPerIncident: number;
  events: number;
  /** requests that failed or were not answered within autocannon's timeout */
  errors: number;
  /** with the engine: stored events whose first contact arrived, and when the last one did after the storm */
  contacted?: number;
  lastContactS?: number;
}

async function measure(main: string): Promise<Measured> {
  const bench = await demoBench('relevo-bench-ingest-', postgres);
  const { database, dataDir } = bench;
  const arrivals = new Map<string, number>();
  const receiving = withEngine ? await messageReceivers(({ key, at }) => arrivals.set(key, at)) : undefined;
  let server: Started | undefined;
  try {
    server = await startServer({ ...bench.serverEnv, LOG_LEVEL: 'warn' }, main);
    const { authorization } = await demoIncidentSource(server.url, bench.mailbox, withEngine);
    await server.stop();
    const gateways: Record<string, string> = receiving
      ? {
          SMTP_URL: receiving.smtpUrl,
          SMS_WEBHOOK_URL: receiving.webhookUrl,
          DELIVERY_LOG_ONLY: 'off',
          CONTACT_WINDOW_SECONDS: '0',
          CUSTOMER_MESSAGES_PER_MINUTE: '100000',
        }
      : {};
    server = await startServer(
      { ...bench.serverEnv, ...gateways, ROLE: role, INGEST_LIMIT_PER_MINUTE: '10000000', LOG_LEVEL: 'warn' },
      main,
    );

    let n = 0;
    const answered: number[] = [];
    const cpuBefore = cpuMicros(server.child.pid!);
    const result = await autocannon({
      url: `${server.url}/api/v1/incidents`,
      connections: CONNECTIONS,
      duration: DURATION,
      // a request unanswered this long counts as an error (an answer that late is a failure too)
      timeout: 30,
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({
              incident: `Benchmark incident ${++n}`,
              description: 'Raised by the ingest benchmark',
              dedup_key: `bench-${n}`,
            }),
          }),
          onResponse: (status, body) => {
            if (status === 201) answered.push((JSON.parse(body) as { event_id: number }).event_id);
          },
        },
      ],
    });
    const cpu = cpuMicros(server.child.pid!) - cpuBefore;
    const stormEnded = Date.now();
    if (result.non2xx > 0) throw new Error(`${result.non2xx} non-2xx answers`);

    let lastContactS: number | undefined;
    if (withEngine) {
      // every answered incident's first contact, then until no more come (the requests in flight when the run ended)
      const deadline = stormEnded + DRAIN_MS;
      while (answered.some((id) => !arrivals.has(firstContact(id))) && Date.now() < deadline) await sleep(100);
      for (let seen = -1; seen !== arrivals.size && Date.now() < deadline;) {
        seen = arrivals.size;
        await sleep(3_000);
      }
      lastContactS = (Math.max(...arrivals.values()) - stormEnded) / 1000;
    }
    await server.stop();
    server = undefined;

    // every answered request is a stored event with its timer (plus at most one request in flight per
    // connection when the run ended, answered after autocannon stopped counting)
    const stored = await asOwner({ url: database?.url, dataDir }, (query) =>
      query(
        `select e.event_id, (select count(*) from engine_timers t where t.event_id = e.event_id)::int as timers from events e where e.dedup_key like 'bench-%'`,
      ),
    );
    const events = stored.length;
    if (
      events < result.requests.total ||
      events > result.requests.total + CONNECTIONS + result.errors ||
      stored.some((row) => Number(row.timers) !== 1)
    ) {
      throw new Error(`${result.requests.total} answers but ${events} events stored (each must have one timer)`);
    }
    const contacted = withEngine
      ? stored.filter((row) => arrivals.has(firstContact(Number(row.event_id)))).length
      : undefined;
    return {
      rps: result.requests.total / DURATION,
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpuPerIncident: cpu / result.requests.total,
      events,
      errors: result.errors,
      contacted,
      lastContactS,
    };
  } finally {
    await server?.stop();
    await receiving?.close();
    await bench.close();
  }
}

const builds: [string, string][] = [
  ...(args.baseline ? [['baseline', args.baseline] as [string, string]] : []),
  ['this build', SERVER_MAIN],
];
const rows: [string, Measured][] = [];
for (const [label, main] of builds) rows.push([label, await measure(main)]);

const databaseName = postgres ? 'PostgreSQL' : 'PGlite';
console.log(
  `Database: ${postgres ? 'PostgreSQL' : 'PGlite (embedded, in the server process)'}; ROLE=${role}${withEngine ? ' (API and engine in one process, gateways in the benchmark)' : ''}; ${availableParallelism()} cores, Node ${process.versions.node}; load average ${load()} at the end\n`,
);
const engineHeader = withEngine ? ' contacted | last contact after the storm, s |' : '';
console.log(
  `| ${databaseName}, POST /api/v1/incidents, ${CONNECTIONS} connections, ${DURATION} s | incidents/s | p50 ms | p99 ms | server CPU µs/incident | events stored | timeouts |${engineHeader} aim |`,
);
console.log(`|---|---:|---:|---:|---:|---:|---:|${withEngine ? '---:|---:|' : ''}---|`);
const baseline = rows.length > 1 ? rows[0]![1] : undefined;
let missed = false;
for (const [label, m] of rows) {
  const against = baseline && m !== baseline ? ` (× ${fmt(m.rps / baseline.rps, 2)})` : '';
  const p99Against = baseline && m !== baseline ? ` (÷ ${fmt(baseline.p99 / Math.max(1, m.p99), 1)})` : '';
  const allContacted = m.contacted === undefined || m.contacted === m.events;
  const meets =
    m.errors === 0 && (AIM === null ? true : m.rps >= AIM.rps && (AIM.p99 === null || m.p99 < AIM.p99) && allContacted);
  const aim =
    AIM === null
      ? 'every incident contacted: ' + (allContacted ? 'yes' : 'NO')
      : `≥ ${fmt(AIM.rps)}/s${AIM.p99 ? `, p99 < ${fmt(AIM.p99)} ms, every incident contacted` : ''}: ${meets ? 'meets' : 'MISSES'}`;
  if (label === 'this build' && (!meets || !allContacted)) missed = true;
  const engineCells = withEngine ? ` ${fmt(m.contacted!)} | ${fmt(m.lastContactS!, 1)} |` : '';
  console.log(
    `| ${label} | ${fmt(m.rps)}${against} | ${fmt(m.p50)} | ${fmt(m.p99)}${p99Against} | ${fmt(m.cpuPerIncident)} | ${fmt(m.events)} | ${fmt(m.errors)} |${engineCells} ${aim} |`,
  );
}
if (missed) process.exitCode = 1;
