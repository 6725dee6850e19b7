/**
 * Authenticated GET of the session user (GET /api/users/me with the session cookie) against a
 * bare Fastify hello world measured in the same run, both with autocannon at 50 connections.
 * The server runs at its default log level (info).
 *
 *   npx tsx tools/bench/session-user.ts                              on PGlite
 *   BENCH_DATABASE_URL=postgres://... npx tsx tools/bench/session-user.ts   on PostgreSQL
 *
 * DURATION (seconds per round, 5) and ROUNDS (3) set the length of the run.
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import {
  benchDatabase,
  fmt,
  freePort,
  Mailbox,
  measureRound,
  signIn,
  startServer,
  summary,
  tempDir,
  type Round,
} from './lib';

const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = 50;

const measure = (url: string, pid: number, headers: Record<string, string> = {}) =>
  measureRound({ url, pid, connections: CONNECTIONS, duration: DURATION, headers });

// a mailbox to read the sign-in code from
const mailbox = new Mailbox();
const smtpUrl = await mailbox.start();

const dataDir = tempDir('relevo-bench-me-');
// BENCH_DATABASE_URL: measure on PostgreSQL instead of PGlite, in a database made for the run
const onPostgres = process.env.BENCH_DATABASE_URL || undefined;
const database = onPostgres ? await benchDatabase(onPostgres) : undefined;

async function cleanUp(): Promise<void> {
  mailbox.close();
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
}

const server = await startServer({
  DATA_DIR: dataDir,
  SMTP_URL: smtpUrl,
  LOG_LEVEL: 'info',
  // codes are read from the SMTP catcher; SMS would go to the log, wanted here
  ...(database ? { DATABASE_URL: database.url, DEMO_DATA: 'on', DELIVERY_LOG_ONLY: 'on' } : {}),
}).catch(async (error: unknown) => {
  await cleanUp();
  throw error;
});
const helloPort = await freePort();
const hello = spawn(process.execPath, [join(import.meta.dirname, 'hello.mjs')], {
  env: { ...process.env, PORT: String(helloPort) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise<void>((resolve) => hello.stdout!.once('data', () => resolve()));

try {
  const cookie = { cookie: await signIn(server.url, mailbox, 'user@democompany.demo', 'User.Demo.2026') };
  const helloUrl = `http://127.0.0.1:${helloPort}/hello`;
  const meUrl = `${server.url}/api/users/me`;
  // warm both, then alternate rounds so a burst of other load hits both alike
  await autocannon({ url: helloUrl, connections: CONNECTIONS, duration: 2 });
  await autocannon({ url: meUrl, connections: CONNECTIONS, duration: 2, headers: cookie });
  const helloRounds: Round[] = [];
  const meRounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    helloRounds.push(await measure(helloUrl, hello.pid!));
    meRounds.push(await measure(meUrl, server.child.pid!, cookie));
  }
  const baseline = summary(helloRounds);
  const me = summary(meRounds);
  console.log(
    `Database: ${onPostgres ? 'PostgreSQL' : 'PGlite (embedded, in the server process)'}; ${availableParallelism()} cores, Node ${process.versions.node}\n`,
  );
  console.log(
    `| ${CONNECTIONS} connections, median of ${ROUNDS} alternating ${DURATION} s rounds | req/s | p50 ms | p99 ms | server CPU µs/request |`,
  );
  console.log('|---|---:|---:|---:|---:|');
  console.log(
    `| bare Fastify hello world | ${fmt(baseline.rps)} | ${baseline.p50} | ${baseline.p99} | ${fmt(baseline.cpu, 1)} |`,
  );
  console.log(`| GET /api/users/me (session cookie) | ${fmt(me.rps)} | ${me.p50} | ${me.p99} | ${fmt(me.cpu, 1)} |`);
  console.log(`\nthroughput ratio: ${fmt((me.rps / baseline.rps) * 100, 1)} % of the hello world (aim ≥ 70 %)`);
  console.log(`CPU ratio: the session read costs ${fmt(me.cpu / baseline.cpu, 2)}× the CPU of a hello world request`);
} finally {
  hello.kill('SIGTERM');
  await server.stop();
  await cleanUp();
}
