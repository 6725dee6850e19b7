import autocannon from 'autocannon';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
/** the built server; BENCH_SERVER_MAIN points at another build (an earlier commit's) to compare */
export const SERVER_MAIN = process.env.BENCH_SERVER_MAIN || join(ROOT, 'apps/server/dist/main.js');
/** Node's options for the server, as `npm start` gives them (the `serve` script of apps/server/package.json; docs/operations.md) */
export const SERVER_NODE_FLAGS: string[] = (() => {
  const serve: string = JSON.parse(readFileSync(join(ROOT, 'apps/server/package.json'), 'utf8')).scripts.serve;
  return /\bnode ((?:--\S+ )*)dist\/main\.js/.exec(serve)![1]!.trim().split(' ').filter(Boolean);
})();

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

export interface Started {
  child: ChildProcess;
  url: string;
  /** milliseconds from spawn to the first successful GET /api/health */
  readyMs: number;
  output: () => string;
  stop(): Promise<void>;
}

/** Stops a child process with SIGTERM and waits for it to exit (at once if it already has). */
function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

/** Starts the built server (or the build `main`) and waits for its first answer. */
export async function startServer(env: Record<string, string>, main = SERVER_MAIN): Promise<Started> {
  const port = await freePort();
  // with TLS_CERT_FILE the server answers HTTPS (this process must trust the certificate:
  // NODE_EXTRA_CA_CERTS, see withTrustedCertificate)
  const url = `${env.TLS_CERT_FILE ? 'https' : 'http'}://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, main], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const readyMs = performance.now() - started;
  return {
    child,
    url,
    readyMs,
    output: () => output,
    stop: () => stopChild(child),
  };
}

/**
 * The test certificate for 127.0.0.1 and its key (apps/server/test/fixtures), for a benchmark that
 * runs the server over HTTPS.
 */
export const TEST_TLS = {
  TLS_CERT_FILE: join(ROOT, 'apps/server/test/fixtures/push-service.crt'),
  TLS_KEY_FILE: join(ROOT, 'apps/server/test/fixtures/push-service.key'),
};

/**
 * Node reads NODE_EXTRA_CA_CERTS only as it starts: a benchmark that calls the server over HTTPS
 * runs itself again with the test certificate trusted, and exits with that run's status.
 */
export function withTrustedCertificate(): void {
  if (process.env.NODE_EXTRA_CA_CERTS === TEST_TLS.TLS_CERT_FILE) return;
  const run = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_EXTRA_CA_CERTS: TEST_TLS.TLS_CERT_FILE },
  });
  process.exit(run.status ?? 1);
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** CPU time (user + system) a process has used, in microseconds, from /proc. */
export function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks / 100) * 1_000_000;
}

/** One autocannon round against one process: throughput, latency and that process's CPU per request. */
export interface Round {
  rps: number;
  p50: number;
  p99: number;
  cpuPerRequest: number;
}

export async function measureRound(opts: {
  url: string;
  pid: number;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}): Promise<Round> {
  const cpuBefore = cpuMicros(opts.pid);
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.duration,
    headers: opts.headers ?? {},
  });
  const cpu = cpuMicros(opts.pid) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${opts.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequest: cpu / result.requests.total,
  };
}

/** The medians of a set of rounds. */
export const summary = (rounds: Round[]) => ({
  rps: median(rounds.map((r) => r.rps)),
  p50: median(rounds.map((r) => r.p50)),
  p99: median(rounds.map((r) => r.p99)),
  cpu: median(rounds.map((r) => r.cpuPerRequest)),
});

/** A local SMTP catcher: the server e-mails the sign-in code here. */
export class Mailbox {
  #codes: string[] = [];
  #smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (stream, _session, done) => {
      simpleParser(stream).then((mail) => {
        const code = /\b([1-9]\d{5})\b/.exec(mail.text ?? '')?.[1];
        if (code) this.#codes.push(code);
        done();
      }, done);
    },
  });

  async start(): Promise<string> {
    await new Promise<void>((resolveListen) => this.#smtp.listen(0, '127.0.0.1', resolveListen));
    return `smtp://127.0.0.1:${(this.#smtp.server.address() as AddressInfo).port}`;
  }

  async nextCode(): Promise<string> {
    while (this.#codes.length === 0) await new Promise((r) => setTimeout(r, 20));
    return this.#codes.shift()!;
  }

  close(): void {
    this.#smtp.close();
  }
}

/** Signs a user in through both steps (password, then the e-mailed code); answers the session cookie. */
export async function signIn(serverUrl: string, mailbox: Mailbox, email: string, password: string): Promise<string> {
  const login = await fetch(`${serverUrl}/api/login/jwt/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`sign-in of ${email}: ${login.status} ${await login.text()}`);
  const { access_token: preauth } = (await login.json()) as { access_token: string };
  const tfa = await fetch(`${serverUrl}/api/login/jwt/tfa`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${preauth}` },
    body: JSON.stringify({ code: Number(await mailbox.nextCode()) }),
  });
  // over HTTPS the cookie's name carries the __Host- prefix (apps/server/src/http/cookies.ts)
  const session = /((?:__Host-)?relevo_token)=([^;]+)/.exec(tfa.headers.get('set-cookie') ?? '');
  if (!session) throw new Error(`sign-in of ${email}: no session cookie (${tfa.status})`);
  return `${session[1]}=${session[2]}`;
}

/**
 * A PostgreSQL database made for one run on the server of `serverUrl` (BENCH_DATABASE_URL), its
 * name `prefix` and a random part, dropped by `drop()`.
 */
export async function benchDatabase(
  serverUrl: string,
  prefix = 'relevo_bench_',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}${randomBytes(6).toString('hex')}`;
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`drop database if exists ${name} with (force)`) };
}

/** A database address with an application name, so each side's connections can be told apart. */
export function named(url: string, application: string): string {
  const address = new URL(url);
  address.searchParams.set('application_name', application);
  return address.toString();
}

/**
 * PostgreSQL's CPU time (µs) in the connections of one application name (none without an
 * address). Its backends run on the same cores, so a side's cost is its server's CPU and its
 * database's.
 */
export async function databaseCpu(databaseUrl: string | undefined, application: string): Promise<number> {
  if (!databaseUrl) return 0;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [application],
    );
    return rows.reduce((sum, { pid }) => {
      try {
        return sum + cpuMicros(pid);
      } catch {
        return sum; // ended meanwhile
      }
    }, 0);
  } finally {
    await admin.end();
  }
}

/** A round of `measureRound`, with the CPU the side's database connections used per request. */
export async function measureSide(
  databaseUrl: string | undefined,
  application: string,
  round: Parameters<typeof measureRound>[0],
): Promise<Round & { dbPerRequest: number }> {
  const before = await databaseCpu(databaseUrl, application);
  const result = await measureRound(round);
  const requests = result.rps * round.duration;
  return { ...result, dbPerRequest: ((await databaseCpu(databaseUrl, application)) - before) / requests };
}

export async function getJson<T>(url: string, headers: Record<string, string>): Promise<T> {
  const answer = await fetch(url, { headers });
  if (!answer.ok) throw new Error(`GET ${url}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** Starts a floor script (a bare Fastify) on a free port and waits until it listens; answers its address. */
export async function startFloor(
  script: string,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolveStart, reject) => {
    child.stdout!.once('data', () => resolveStart());
    child.once('exit', (code) => reject(new Error(`the floor server exited (${code})`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/** A query as the database's owner: rows as plain records. */
export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Runs `work` with queries as the bench database's owner: on PostgreSQL at `url`, else on the
 * embedded database in `dataDir` (the server must be stopped: the embedded database allows one
 * process).
 */
export async function asOwner<T>(
  target: { url: string | undefined; dataDir: string },
  work: (query: Query) => Promise<T>,
): Promise<T> {
  if (target.url) {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      return await work(async (text, params) => (await client.query(text, params)).rows);
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const pglite = await PGlite.create(target.dataDir, { extensions: { pg_trgm } });
  try {
    return await work(async (text, params) => (await pglite.query<Record<string, unknown>>(text, params)).rows);
  } finally {
    await pglite.close();
  }
}

/** Ten people's full names, for the resources and responders a benchmark writes beside the demo's. */
export const PEOPLE = [
  'Lucía Vega',
  'Mateo Cruz',
  'Valeria Ortiz',
  'Diego Ramos',
  'Elena Castro',
  'Pablo Flores',
  'Marta Reyes',
  'Jorge Morales',
  'Sofía Torres',
  'Luis García',
];

/** The demo Customer Root (the demo data every benchmark server starts with). */
export const DEMO_ROOT = { email: 'root@democompany.demo', password: 'Root.Demo.2026' };

/**
 * What a benchmark of the built server with the demo data needs: a mailbox for the sign-in codes,
 * a data directory, on PostgreSQL a database made for the run (its connections named
 * `application` when given; its name starting with `databasePrefix`), the server's environment,
 * and `close()` to remove them.
 */
export async function demoBench(
  prefix: string,
  postgres: string | undefined,
  application?: string,
  databasePrefix?: string,
) {
  const mailbox = new Mailbox();
  const smtpUrl = await mailbox.start();
  const dataDir = tempDir(prefix);
  const database = postgres ? await benchDatabase(postgres, databasePrefix) : undefined;
  const serverEnv: Record<string, string> = {
    DATA_DIR: dataDir,
    SMTP_URL: smtpUrl,
    LOG_LEVEL: 'info',
    // the benchmarks measure against the demo catalogue, not a history of incidents made at start
    DEMO_HISTORY_DAYS: '0',
    ...(database
      ? {
          DATABASE_URL: application ? named(database.url, application) : database.url,
          DEMO_DATA: 'on',
          DELIVERY_LOG_ONLY: 'on',
        }
      : {}),
  };
  return {
    mailbox,
    dataDir,
    database,
    serverEnv,
    async close(): Promise<void> {
      mailbox.close();
      rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    },
  };
}

/** Signs the demo Customer Root in: its session cookie header and its customer's id. */
export async function signInDemoRoot(
  serverUrl: string,
  mailbox: Mailbox,
): Promise<{ cookie: { cookie: string }; customerId: number }> {
  const cookie = { cookie: await signIn(serverUrl, mailbox, DEMO_ROOT.email, DEMO_ROOT.password) };
  const users = await getJson<{ list: { customer: { customer_id: number } }[] }>(
    `${serverUrl}/api/user/clients/not_root?page_size=1`,
    cookie,
  );
  return { cookie, customerId: users.list[0]!.customer.customer_id };
}

/**
 * A benchmark's first moves on a demo bench: the server started and the demo Customer Root signed
 * in. On the embedded database the server is stopped again, so that the benchmark may write its
 * data as the database's owner (one process at a time). A failed sign-in stops the server.
 */
export async function signInBeforeSeeding(
  bench: { mailbox: Mailbox; database: unknown },
  serverEnv: Record<string, string>,
): Promise<{ server: Started; cookie: { cookie: string }; customerId: number }> {
  const server = await startServer(serverEnv);
  try {
    const signedIn = await signInDemoRoot(server.url, bench.mailbox);
    if (!bench.database) await server.stop();
    return { server, ...signedIn };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * The demo module "Checkout" of the application "Demo Store", as its Customer Root sees it: its ids
 * and the HTTP Basic authorization of a credential key made for it (the ingest API's).
 */
export async function demoModuleKey(
  serverUrl: string,
  cookie: { cookie: string },
): Promise<{ applicationId: number; moduleId: number; authorization: string }> {
  const apps = await getJson<{ list: { application_id: number; application_name: string }[] }>(
    `${serverUrl}/api/procedures/get/application?search=Demo%20Store`,
    cookie,
  );
  const applicationId = apps.list.find((app) => app.application_name === 'Demo Store')!.application_id;
  const modules = await getJson<{ list: { module_id: number; module_name: string }[] }>(
    `${serverUrl}/api/modules/module?application_id=${applicationId}`,
    cookie,
  );
  const moduleId = modules.list.find((module) => module.module_name === 'Checkout')!.module_id;
  const [credential] = await getJson<[{ body: { credentialKey: string } }]>(
    `${serverUrl}/api/events/module/credential/${moduleId}/${applicationId}`,
    cookie,
  );
  return {
    applicationId,
    moduleId,
    authorization: `Basic ${Buffer.from(`${moduleId}:${credential.body.credentialKey}`).toString('base64')}`,
  };
}

/**
 * Moves the demo escalation's first step (the on-call agent) from a voice call to SMS without
 * recalls, through the Customer Root's API: its message carries the responder link, and a
 * benchmark measures the engine rather than speech synthesis. Step 2 stays the supervisor's e-mail.
 * Answers the escalation's id.
 */
async function demoFirstStepBySms(serverUrl: string, cookie: { cookie: string }): Promise<number> {
  const SMS = 2;
  const escalations = await getJson<{ list: { escalation_id: number; escalation_name: string }[] }>(
    `${serverUrl}/api/procedures/get/escalation`,
    cookie,
  );
  const escalationId = escalations.list.find((e) => e.escalation_name === 'Demo on-call')!.escalation_id;
  const steps = await getJson<{
    list: {
      escalation_resource_id: number;
      escalation_priority_orden: number;
      participation_type: { participation_type_id: number };
      resource: { resource_id: number };
    }[];
  }>(`${serverUrl}/api/escalation/resource?escalation_id=${escalationId}`, cookie);
  const first = steps.list.find((s) => s.escalation_priority_orden === 1)!;
  const saved = await fetch(`${serverUrl}/api/escalation/resource/${first.escalation_resource_id}`, {
    method: 'PUT',
    headers: { ...cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      escalation_id: escalationId,
      participation_type_id: first.participation_type.participation_type_id,
      channel_id: SMS,
      resource_id: first.resource.resource_id,
      escalation_active: 'Y',
      ind_call_again: 'N',
      max_attemp_number: 0,
      next_followup_time: 15,
      next_followup_time_mult: 'M',
    }),
  });
  if (!saved.ok) throw new Error(`the first step's change: ${saved.status} ${await saved.text()}`);
  return escalationId;
}

/**
 * The demo made a source of incidents through its Customer Root's API: the Root signed in (its
 * cookie and customer), a credential key for the demo module (`demoModuleKey`: its ids and the
 * ingest API's authorization) and, with `smsFirstStep`, the demo escalation's first step by SMS
 * (`demoFirstStepBySms`: the escalation's id, undefined without).
 */
export async function demoIncidentSource(serverUrl: string, mailbox: Mailbox, smsFirstStep: boolean) {
  const root = await signInDemoRoot(serverUrl, mailbox);
  const key = await demoModuleKey(serverUrl, root.cookie);
  const escalationId = smsFirstStep ? await demoFirstStepBySms(serverUrl, root.cookie) : undefined;
  return { ...root, ...key, escalationId };
}

/** A worker process of the built server (`ROLE=worker`), started by `startWorker`. */
export interface Worker {
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts one `ROLE=worker` process of the built server on PostgreSQL and waits for its ready line.
 * WORKER_NODE_OPTIONS becomes its NODE_OPTIONS (`--cpu-prof` to profile it).
 */
export async function startWorker(env: Record<string, string>): Promise<Worker> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
    env: {
      ...process.env,
      ...env,
      ROLE: 'worker',
      ...(process.env.WORKER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.WORKER_NODE_OPTIONS } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  while (!/\(worker\) on PostgreSQL, ready in/.test(output)) {
    if (child.exitCode !== null) throw new Error(`worker exited: ${output}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    child,
    output: () => output,
    stop: () => stopChild(child),
  };
}

/** One engine message as a receiver got it: its idempotency key, when it was all in, its channel and its text. */
export interface ReceivedMessage {
  key: string;
  at: number;
  channel: 'email' | 'sms' | 'voice';
  /** the e-mail as sent (headers and MIME parts, undecoded), or the webhook's `body` */
  text: string;
}

/**
 * What the engine's gateways would be, in this process: an SMTP server and an SMS/voice webhook
 * receiver calling `onMessage` with each message once it is all in, answering `answerMs` later (a
 * gateway's own time, which holds the sender's connection).
 */
export async function messageReceivers(onMessage: (message: ReceivedMessage) => void, answerMs = 0) {
  const later = (answer: () => void) => (answerMs > 0 ? setTimeout(answer, answerMs) : answer());
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // the engine's mails, one connection each, with up to 8 per worker at a time
    maxClients: 1_000,
    onData: (stream, _session, done) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const at = Date.now();
        const text = Buffer.concat(chunks).toString('utf8');
        const key = /^X-Relevo-Idempotency-Key: *(.+?)\r?$/im.exec(text)?.[1];
        if (key) onMessage({ key, at, channel: 'email', text });
        later(() => done());
      });
    },
  });
  await new Promise<void>((resolveListen) => smtp.listen(0, '127.0.0.1', resolveListen));
  const webhook = createHttpServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = Date.now();
      const message = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        idempotency_key?: string;
        kind?: 'sms' | 'voice';
        body?: string;
      };
      if (message.idempotency_key)
        onMessage({ key: message.idempotency_key, at, channel: message.kind ?? 'sms', text: message.body ?? '' });
      later(() => response.writeHead(200, { 'content-type': 'application/json' }).end('{"accepted":true}'));
    });
  });
  webhook.keepAliveTimeout = 60_000;
  await new Promise<void>((resolveListen) => webhook.listen(0, '127.0.0.1', resolveListen));
  return {
    smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    webhookUrl: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/messages`,
    async close() {
      await new Promise<void>((done) => smtp.close(() => done()));
      webhook.closeAllConnections();
      await new Promise<void>((done) => webhook.close(() => done()));
    },
  };
}

/** VmRSS of a process, in bytes. */
export function rss(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) * 1024;
}

/** The value under which `p` % of the values lie (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Milliseconds of one GET until its whole body is read, and the body as JSON. */
export async function timed(url: string, headers: Record<string, string>): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const answer = await fetch(url, { headers });
  const text = await answer.text();
  const ms = performance.now() - started;
  if (!answer.ok) throw new Error(`GET ${url}: ${answer.status} ${text}`);
  return { ms, body: JSON.parse(text) };
}

/** The machine's load averages (1, 5, 15 minutes), to print beside the figures. */
export const load = () =>
  loadavg()
    .map((n) => fmt(n, 2))
    .join(', ');
