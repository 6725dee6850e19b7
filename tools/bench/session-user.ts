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
import pg from 'pg';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { fmt, freePort, median, startServer, tempDir } from './lib';

const DURATION = Number(process.env.DURATION ?? 5);
const ROUNDS = Number(process.env.ROUNDS ?? 3);
const CONNECTIONS = 50;

/** CPU time (user + system) a process has used, in microseconds, from /proc. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / 100) * 1_000_000;
}

interface Round {
  rps: number;
  p50: number;
  p99: number;
  cpuPerRequest: number;
}

async function measure(url: string, pid: number, headers: Record<string, string> = {}): Promise<Round> {
  const cpuBefore = cpuMicros(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const cpu = cpuMicros(pid) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpuPerRequest: cpu / result.requests.total };
}

const summary = (rounds: Round[]) => ({
  rps: median(rounds.map((r) => r.rps)),
  p50: median(rounds.map((r) => r.p50)),
  p99: median(rounds.map((r) => r.p99)),
  cpu: median(rounds.map((r) => r.cpuPerRequest)),
});

// a mailbox to read the sign-in code from
const codes: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, done) {
    simpleParser(stream).then((mail) => {
      const code = /\b([1-9]\d{5})\b/.exec(mail.text ?? '')?.[1];
      if (code) codes.push(code);
      done();
    }, done);
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpPort = (smtp.server.address() as AddressInfo).port;

const dataDir = tempDir('relevo-bench-me-');
// BENCH_DATABASE_URL: measure on PostgreSQL instead of PGlite, in a database made for the run
const onPostgres = process.env.BENCH_DATABASE_URL || undefined;
const benchDatabase = `relevo_bench_${randomBytes(6).toString('hex')}`;

/** Runs one statement on the PostgreSQL server of BENCH_DATABASE_URL. */
async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: onPostgres });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

async function cleanUp(): Promise<void> {
  smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (onPostgres) await onServer(`drop database if exists ${benchDatabase} with (force)`);
}

let databaseUrl: string | undefined;
if (onPostgres) {
  await onServer(`create database ${benchDatabase}`);
  const url = new URL(onPostgres);
  url.pathname = `/${benchDatabase}`;
  databaseUrl = url.toString();
}
const server = await startServer({
  DATA_DIR: dataDir,
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  LOG_LEVEL: 'info',
  // codes are read from the SMTP catcher; SMS would go to the log, wanted here
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, DEMO_DATA: 'on', DELIVERY_LOG_ONLY: 'on' } : {}),
}).catch(async (error: unknown) => {
  await cleanUp();
  throw error;
});
const helloPort = await freePort();
const hello = spawn(process.execPath, [join(import.meta.dirname, 'hello.mjs')], { env: { ...process.env, PORT: String(helloPort) }, stdio: ['ignore', 'pipe', 'inherit'] });
await new Promise<void>((resolve) => hello.stdout!.once('data', () => resolve()));

try {
  const login = await fetch(`${server.url}/api/login/jwt/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'user@democompany.demo', password: 'User.Demo.2026' }),
  });
  const { access_token: preauth } = (await login.json()) as { access_token: string };
  while (codes.length === 0) await new Promise((r) => setTimeout(r, 20));
  const tfa = await fetch(`${server.url}/api/login/jwt/tfa`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${preauth}` },
    body: JSON.stringify({ code: Number(codes[0]) }),
  });
  const session = /relevo_token=([^;]+)/.exec(tfa.headers.get('set-cookie') ?? '')?.[1];
  if (!session) throw new Error('no session cookie');

  const helloUrl = `http://127.0.0.1:${helloPort}/hello`;
  const meUrl = `${server.url}/api/users/me`;
  const cookie = { cookie: `relevo_token=${session}` };
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
  console.log(`Database: ${onPostgres ? 'PostgreSQL' : 'PGlite (embedded, in the server process)'}; ${availableParallelism()} cores, Node ${process.versions.node}\n`);
  console.log(`| ${CONNECTIONS} connections, median of ${ROUNDS} alternating ${DURATION} s rounds | req/s | p50 ms | p99 ms | server CPU µs/request |`);
  console.log('|---|---:|---:|---:|---:|');
  console.log(`| bare Fastify hello world | ${fmt(baseline.rps)} | ${baseline.p50} | ${baseline.p99} | ${fmt(baseline.cpu, 1)} |`);
  console.log(`| GET /api/users/me (session cookie) | ${fmt(me.rps)} | ${me.p50} | ${me.p99} | ${fmt(me.cpu, 1)} |`);
  console.log(`\nthroughput ratio: ${fmt((me.rps / baseline.rps) * 100, 1)} % of the hello world (aim ≥ 70 %)`);
  console.log(`CPU ratio: the session read costs ${fmt(me.cpu / baseline.cpu, 2)}× the CPU of a hello world request`);
} finally {
  hello.kill('SIGTERM');
  await server.stop();
  await cleanUp();
}
