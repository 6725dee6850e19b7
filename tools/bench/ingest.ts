/**
 * The ingest API's throughput (issue "Incidents in, people contacted", speed): `POST
 * /api/v1/incidents` with the demo module's credentials at 50 connections, each request a new
 * incident (distinct dedup keys), so each one is a durable event and its first engine timer. The
 * server runs the API role only (the engine's work is measured apart) with the module's limit raised.
 * Aim: 2,000 incidents/s on PostgreSQL, 300/s on PGlite.
 *
 *   npx tsx tools/bench/ingest.ts                              on PGlite
 *   npx tsx tools/bench/ingest.ts --postgres postgres://...    on PostgreSQL (or BENCH_DATABASE_URL)
 *
 * DURATION (seconds, 10) sets the length of the run.
 */
import autocannon from 'autocannon';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { asOwner, cpuMicros, demoBench, demoModuleKey, fmt, signInDemoRoot, startServer, type Started } from './lib';

const { values: args } = parseArgs({ options: { postgres: { type: 'string' } } });
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = 50;
const postgres = args.postgres || process.env.BENCH_DATABASE_URL || undefined;
const AIM = postgres ? 2_000 : 300;

const bench = await demoBench('relevo-bench-ingest-', postgres);
const { database, dataDir } = bench;
const serverEnv = { ...bench.serverEnv, ROLE: 'api', INGEST_LIMIT_PER_MINUTE: '10000000', LOG_LEVEL: 'warn' };

let server: Started | undefined;
try {
  server = await startServer({ ...bench.serverEnv, LOG_LEVEL: 'warn' });
  const { cookie } = await signInDemoRoot(server.url, bench.mailbox);
  const { authorization } = await demoModuleKey(server.url, cookie);
  await server.stop();
  server = await startServer(serverEnv);

  let n = 0;
  const cpuBefore = cpuMicros(server.child.pid!);
  const result = await autocannon({
    url: `${server.url}/api/v1/incidents`,
    connections: CONNECTIONS,
    duration: DURATION,
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ incident: `Benchmark incident ${++n}`, description: 'Raised by the ingest benchmark', dedup_key: `bench-${n}` }),
        }),
      },
    ],
  });
  const cpu = cpuMicros(server.child.pid!) - cpuBefore;
  await server.stop();
  server = undefined;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);

  // every answered request is a stored event with its timer (plus at most one request in flight per
  // connection when the run ended, answered after autocannon stopped counting)
  const [stored] = await asOwner({ url: database?.url, dataDir }, (query) =>
    query(`select (select count(*) from events where dedup_key like 'bench-%')::int as events, (select count(*) from engine_timers t join events e using (event_id) where e.dedup_key like 'bench-%')::int as timers`),
  );
  const events = Number(stored!.events);
  if (events < result.requests.total || events > result.requests.total + CONNECTIONS || Number(stored!.timers) !== events) {
    throw new Error(`${result.requests.total} answers but ${stored!.events} events and ${stored!.timers} timers stored`);
  }

  const rps = result.requests.total / DURATION;
  console.log(`Database: ${database ? 'PostgreSQL' : 'PGlite (embedded, in the server process)'}; ${availableParallelism()} cores, Node ${process.versions.node}\n`);
  console.log(`| POST /api/v1/incidents, ${CONNECTIONS} connections, ${DURATION} s | incidents/s | p50 ms | p99 ms | server CPU µs/incident | events stored | aim |`);
  console.log('|---|---:|---:|---:|---:|---:|---|');
  console.log(
    `| ${database ? 'PostgreSQL' : 'PGlite'} | ${fmt(rps)} | ${fmt(result.latency.p50)} | ${fmt(result.latency.p99)} | ${fmt(cpu / result.requests.total)} | ${fmt(Number(stored!.events))} | ≥ ${fmt(AIM)}/s: ${rps >= AIM ? 'meets' : 'MISSES'} |`,
  );
  if (rps < AIM) process.exitCode = 1;
} finally {
  await server?.stop();
  await bench.close();
}
