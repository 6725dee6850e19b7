/**
 * The soak (issue "Production hardening"): the built server under steady load on PostgreSQL for
 * `--minutes` (10): incidents in through the ingest API at RATE a second (200, each with its own
 * dedup key), responders accepting and resolving through the responder API from the links of the
 * messages they get, and USERS (50) people signed in reading the dashboard, the events list and
 * the other lists. Reports each endpoint's p50/p99, the errors (any answer but the expected one, or
 * a failed request: must be 0), each server process's memory every 10 s, the database's growth and
 * the engine's lag (a contact's due time → the message at the receiver).
 *
 *   npx tsx tools/bench/soak.ts --postgres postgres://...    (or BENCH_DATABASE_URL)
 *   npx tsx tools/bench/soak.ts --postgres postgres://... --minutes 1
 *
 * Set-up: a fresh database (`relevo_soak_…`) with the demo data, made by the built server
 * (ROLE=all), where the demo Customer Root makes the demo module a credential key and moves its
 * escalation's first step (the on-call agent) from a voice call to SMS without recalls, so its
 * message carries the responder link (step 2 stays the supervisor's e-mail notice, with a link
 * too); the sessions are signed in through both steps there. Then the soak runs one `ROLE=api`
 * and one `ROLE=worker` process of the same build against it, with CONTACT_WINDOW_SECONDS=0, the
 * customer's message cap and the ingest limit raised, and ESCALATION_TIME_SCALE=SCALE (30: the
 * agent's 15 minutes are 30 s), so that unaccepted events reach their supervisor during the run.
 *
 * Responders: the SMTP and webhook receivers (in this process) note each message; of the agents'
 * first SMS, ACCEPT_SHARE (0.8) are accepted 1-3 s after they arrive and resolved 2-8 s after
 * that; of the supervisors' notices, SUPERVISOR_SHARE (0.5) are resolved 1-3 s after they arrive;
 * the other events stay open. When the engine is late, an event's SMS and its supervisor's notice
 * come together and the two people act on it at once: the later one's link answers 410 (closed),
 * which is right and counted apart, not as an error. Users: each of the USERS loops over a view, then waits 1-3 s (a
 * person reading): the dashboard (its seven summaries at once), the events list (filters, paging,
 * orders, a case ID search), an event's log, or a catalogue list. SESSIONS (4) sessions, shared
 * among the users. The clients keep their connections: the ingest side 50 (a monitoring system's
 * few), the responders 100, the users 6 each (a browser's); a request waiting for a connection
 * counts its wait.
 *
 * Autovacuum is turned on for the run when the server has it off (and set back after): the run
 * measures the system as a production server runs it.
 *
 * Exits 1 on any error, or when an event never got its first contact.
 */
import { Agent, request as httpRequest } from 'node:http';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { stepSchedule, type EngineStep } from '../../libs/domain/src/engine/escalation-engine';
import {
  asOwner,
  cpuMicros,
  databaseCpu,
  DEMO_ROOT,
  demoBench,
  demoIncidentSource,
  fmt,
  load,
  messageReceivers,
  named,
  percentile,
  rss,
  signIn,
  startServer,
  startWorker,
  type ReceivedMessage,
  type Started,
  type Worker,
} from './lib';

const { values: args } = parseArgs({ options: { postgres: { type: 'string' }, minutes: { type: 'string' } } });
const postgres = args.postgres || process.env.BENCH_DATABASE_URL || undefined;
if (!postgres) {
  console.error(
    'soak runs on PostgreSQL only (an API and a worker process share the database): pass --postgres postgres://... or set BENCH_DATABASE_URL.',
  );
  process.exit(2);
}
const MINUTES = Number(args.minutes ?? 10);
const RATE = Number(process.env.RATE ?? 200);
const USERS = Number(process.env.USERS ?? 50);
const SESSIONS = Number(process.env.SESSIONS ?? 4);
const SCALE = Number(process.env.SCALE ?? 30);
const ACCEPT_SHARE = Number(process.env.ACCEPT_SHARE ?? 0.8);
const SUPERVISOR_SHARE = Number(process.env.SUPERVISOR_SHARE ?? 0.5);
const SAMPLE_MS = 10_000;
/** after the load stops: how long the first contacts of the last incidents and the responders' last actions may take */
const DRAIN_MS = 120_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const between = (low: number, high: number) => low + Math.random() * (high - low);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** One request over `agent`'s connections: its status and body, or the failure. */
function send(
  agent: Agent,
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; text: string }> {
  return new Promise((resolveAnswer, reject) => {
    const request = httpRequest(
      url,
      { agent, method: options.method ?? 'GET', headers: options.headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolveAnswer({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/**
 * The clients' connections: a monitoring system's few (50, as the ingest benchmark), the
 * responders' phones and the users' browsers (one each, at most 6 at a time as a browser does).
 * A request waits for a free connection, and its time counts from when it was meant to leave.
 */
const AGENTS = {
  ingest: new Agent({ keepAlive: true, maxSockets: 50 }),
  responders: new Agent({ keepAlive: true, maxSockets: 100 }),
  users: new Agent({ keepAlive: true, maxSockets: 6 * USERS }),
};

/** Every request's time by endpoint, and every error (an unexpected status or a failed request). */
class Tally {
  readonly times = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  readonly examples: string[] = [];
  errorCount = 0;

  /** one request: answers its status and body, or undefined when it failed or its status was not `expected` (counted) */
  async call(
    endpoint: string,
    agent: Agent,
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string },
    expected: (status: number) => boolean,
  ): Promise<{ status: number; text: string } | undefined> {
    const started = performance.now();
    const what = `${init.method ?? 'GET'} ${url.replace(/^http:\/\/[^/]+/, '')}`;
    try {
      const answer = await send(agent, url, init);
      const ms = performance.now() - started;
      if (!expected(answer.status))
        return this.#failed(endpoint, `${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
      const list = this.times.get(endpoint);
      if (list) list.push(ms);
      else this.times.set(endpoint, [ms]);
      return answer;
    } catch (error) {
      return this.#failed(endpoint, `${what}: ${(error as Error).message}`);
    }
  }

  #failed(endpoint: string, example: string): undefined {
    this.errorCount++;
    this.errors.set(endpoint, (this.errors.get(endpoint) ?? 0) + 1);
    if (this.examples.length < 10) this.examples.push(example);
    return undefined;
  }
}

/** A contact as it arrived: the event, its step and attempt (from the idempotency key), when. */
interface Contact {
  eventId: number;
  step: number;
  attempt: number;
  at: number;
}

const tally = new Tally();
const contacts: Contact[] = [];
const seen = new Set<string>();
let resent = 0;
let followUps = 0;
let accepted = 0;
let resolved = 0;
/** responder actions scheduled or on their way */
const pendingActions = new Set<Promise<unknown>>();
let apiUrl = '';
let running = false;

/** The responder link's token in a message (an e-mail's quoted-printable soft line breaks removed). */
const tokenIn = (text: string) =>
  /\/respond\/([0-9]+\.[0-9]+\.[A-Za-z0-9_-]{43})/.exec(text.replace(/=\r?\n/g, ''))?.[1];

/** how many responders have sent a resolve for each event: another responder's link may then rightly answer 410 (closed) */
const resolving = new Map<number, number>();
/** actions answered 410 because the other responder of the event had resolved it first */
let closedFirst = 0;

function responder(eventId: number, token: string, actions: { action: 'accept' | 'resolve'; after: number }[]): void {
  const done = (async () => {
    let resolvedHere = false;
    for (const { action, after } of actions) {
      await sleep(after);
      if (action === 'resolve') {
        resolvedHere = true;
        resolving.set(eventId, (resolving.get(eventId) ?? 0) + 1);
      }
      // the agent's accept or resolve and the supervisor's resolve of one event may cross: the later one finds it closed
      const closedByOther = () => (resolving.get(eventId) ?? 0) > (resolvedHere ? 1 : 0);
      const answer = await tally.call(
        `POST /api/v1/respond/:token/${action}`,
        AGENTS.responders,
        `${apiUrl}/api/v1/respond/${token}/${action}`,
        { method: 'POST' },
        (status) => status === 200 || (status === 410 && closedByOther()),
      );
      if (answer === undefined) return;
      if (answer.status === 410) {
        closedFirst++;
        return;
      }
      if (action === 'accept') accepted++;
      else resolved++;
    }
  })();
  pendingActions.add(done);
  void done.finally(() => pendingActions.delete(done));
}

/** Each message the engine sends: noted; some of them answered by their person through the link. */
function received(message: ReceivedMessage): void {
  if (seen.has(message.key)) {
    resent++;
    return;
  }
  seen.add(message.key);
  const step = /^event:(\d+):step:(\d+):attempt:(\d+)$/.exec(message.key);
  if (!step) {
    if (/^event:\d+:follow-up:/.test(message.key)) followUps++;
    return;
  }
  const contact = { eventId: Number(step[1]), step: Number(step[2]), attempt: Number(step[3]), at: message.at };
  contacts.push(contact);
  if (!running) return;
  const token = tokenIn(message.text);
  if (!token) return;
  if (contact.step === 1 && contact.attempt === 1 && Math.random() < ACCEPT_SHARE) {
    responder(contact.eventId, token, [
      { action: 'accept', after: between(1_000, 3_000) },
      { action: 'resolve', after: between(2_000, 8_000) },
    ]);
  } else if (contact.step === 2 && Math.random() < SUPERVISOR_SHARE) {
    responder(contact.eventId, token, [{ action: 'resolve', after: between(1_000, 3_000) }]);
  }
}

/** The incidents made so far: their ids and case IDs, for the users' event log and search reads. */
const recent: { event_id: number; case_id: string }[] = [];

async function ingest(n: number, authorization: string): Promise<void> {
  const body = JSON.stringify({
    incident: `Soak incident ${n}`,
    description: 'Raised by the soak benchmark',
    dedup_key: `soak-${n}`,
  });
  const answer = await tally.call(
    'POST /api/v1/incidents',
    AGENTS.ingest,
    `${apiUrl}/api/v1/incidents`,
    { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body },
    (status) => status === 201,
  );
  if (answer === undefined) return;
  recent.push(JSON.parse(answer.text) as { event_id: number; case_id: string });
  if (recent.length > 1_000) recent.splice(0, 500);
}

const today = () => new Date().toISOString().slice(0, 10);

/** What the users look at: each view is the requests its screen makes. */
function views(ids: { applicationId: number; moduleId: number; escalationId: number }) {
  const get = (cookie: string, endpoint: string, path: string) =>
    tally.call(
      `GET ${endpoint}`,
      AGENTS.users,
      `${apiUrl}${path}`,
      { headers: { cookie } },
      (status) => status === 200,
    );
  const eventFilters: Record<string, string | number>[] = [
    {},
    { page_num: 2 },
    { page_num: 5 },
    { page_size: 50 },
    { event_status: 'open' },
    { event_status: 'progress' },
    { event_status: 'completed' },
    { sla_compliance: 'YES' },
    { sla_compliance: 'NO' },
    { module_id: ids.moduleId },
    { application_id: ids.applicationId, event_status: 'completed' },
    { start_date: today(), end_date: today(), search_by_date: 'event_createdt' },
    { order_by_column: 'event_createdt', order_by_direction: 'asc' },
    { order_by_column: 'case_id', order_by_direction: 'desc', page_num: 3 },
    { order_by_column: 'accepteddt', order_by_direction: 'desc' },
  ];
  const query = (params: Record<string, string | number>) =>
    new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return [
    // the dashboard: its widgets ask at once
    {
      weight: 3,
      view: (cookie: string) =>
        Promise.all([
          get(cookie, '/api/summary/dashboard/today', '/api/summary/dashboard/today'),
          get(
            cookie,
            '/api/summary/dashboard/modules',
            `/api/summary/dashboard/modules?filter_by=${pick(['Today', 'Week', 'Month'])}`,
          ),
          get(cookie, '/api/summary/dashboard/performance', '/api/summary/dashboard/performance'),
          get(cookie, '/api/summary/dashboard/compliance', '/api/summary/dashboard/compliance'),
          get(cookie, '/api/summary/dashboard/resource', '/api/summary/dashboard/resource'),
          get(cookie, '/api/summary/dashboard/chart', '/api/summary/dashboard/chart?filter_by=Year'),
          get(cookie, '/api/summary/dashboard/events', '/api/summary/dashboard/events'),
        ]),
    },
    {
      weight: 3,
      view: (cookie: string) => get(cookie, '/api/events/filters', `/api/events/filters?${query(pick(eventFilters))}`),
    },
    {
      weight: 1,
      view: (cookie: string) =>
        recent.length > 0
          ? get(cookie, '/api/events/filters (case ID search)', `/api/events/filters?search=${pick(recent).case_id}`)
          : undefined,
    },
    {
      weight: 1,
      view: (cookie: string) =>
        recent.length > 0 ? get(cookie, '/api/events/log/:id', `/api/events/log/${pick(recent).event_id}`) : undefined,
    },
    {
      weight: 2,
      view: (cookie: string) =>
        pick([
          () => get(cookie, '/api/procedures/get/application', '/api/procedures/get/application'),
          () => get(cookie, '/api/modules/module', `/api/modules/module?application_id=${ids.applicationId}`),
          () => get(cookie, '/api/procedures/get/escalation', '/api/procedures/get/escalation'),
          () => get(cookie, '/api/escalation/resource', `/api/escalation/resource?escalation_id=${ids.escalationId}`),
          () => get(cookie, '/api/procedures/get/resource', '/api/procedures/get/resource'),
          () => get(cookie, '/api/procedures/get/sla', '/api/procedures/get/sla'),
        ])(),
    },
  ].flatMap(({ weight, view }) => Array.from({ length: weight }, () => view));
}

/** One person at the screens: a view, then 1-3 s reading it, until the run ends. */
async function user(cookie: string, screens: ReturnType<typeof views>): Promise<void> {
  await sleep(between(0, 3_000));
  while (running) {
    await pick(screens)(cookie);
    await sleep(between(1_000, 3_000));
  }
}

interface Sample {
  second: number;
  apiRss: number;
  workerRss: number;
  databaseBytes: number;
  incidents: number;
  contacts: number;
  load: string;
}

const mb = (bytes: number) => fmt(bytes / 1024 / 1024, 1);
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;

/**
 * Autovacuum as a production server has it: a server with it off (a CI machine's, for repeatable
 * tests) keeps every dead row of the engine's timers, the events and the outbox for the whole run,
 * and each claim and read walks over them. Turned on for the run when the role may (superuser),
 * and back as it was at the end or on Ctrl-C; the report says which.
 */
async function serverAutovacuum(url: string): Promise<{ note: string; restore: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ autovacuum: string }>('show autovacuum');
    if (rows[0]?.autovacuum === 'on') return { note: 'autovacuum on', restore: async () => undefined };
    await admin.query('alter system set autovacuum = on');
    await admin.query('select pg_reload_conf()');
  } catch (error) {
    return {
      note: `autovacuum off on this server, and not turned on (${error instanceof Error ? error.message : String(error)})`,
      restore: async () => undefined,
    };
  } finally {
    await admin.end();
  }
  let restored = false;
  const restore = async () => {
    if (restored) return;
    restored = true;
    const again = new pg.Client({ connectionString: url });
    await again.connect();
    try {
      await again.query('alter system reset autovacuum');
      await again.query('select pg_reload_conf()');
    } finally {
      await again.end();
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void restore().finally(() => process.exit(130)));
  return { note: 'autovacuum on for the run (the server had it off; set back at the end)', restore };
}
const autovacuum = await serverAutovacuum(postgres);

const bench = await demoBench('relevo-bench-soak-', postgres, undefined, 'relevo_soak_');
const databaseUrl = bench.database!.url;
const receiving = await messageReceivers(received);
let api: Started | undefined;
let worker: Worker | undefined;
let failed = false;
try {
  // the set-up, on the server with every role and the mailbox of the sign-in codes
  const setup = await startServer({ ...bench.serverEnv, LOG_LEVEL: 'warn' });
  const { cookie, escalationId, ...ids } = await demoIncidentSource(setup.url, bench.mailbox, true);
  const sessions = [cookie.cookie];
  // the demo Customer and its Customer Root in turn
  const people = [{ email: 'user@democompany.demo', password: 'User.Demo.2026' }, DEMO_ROOT];
  for (let i = 1; i < SESSIONS; i++)
    sessions.push(await signIn(setup.url, bench.mailbox, people[(i - 1) % 2]!.email, people[(i - 1) % 2]!.password));
  await setup.stop();

  const engine = {
    ESCALATION_TIME_SCALE: String(SCALE),
    CONTACT_WINDOW_SECONDS: '0',
    CUSTOMER_MESSAGES_PER_MINUTE: '100000',
    INGEST_LIMIT_PER_MINUTE: '10000000',
  };
  const common = {
    DATA_DIR: bench.dataDir,
    DEMO_DATA: 'off',
    SMTP_URL: receiving.smtpUrl,
    SMS_WEBHOOK_URL: receiving.webhookUrl,
    LOG_LEVEL: 'warn',
    ...engine,
  };
  api = await startServer({ ...common, ROLE: 'api', DATABASE_URL: named(databaseUrl, 'relevo-soak-api') });
  worker = await startWorker({ ...common, DATABASE_URL: named(databaseUrl, 'relevo-soak-worker') });
  apiUrl = api.url;
  /** CPU time (µs) so far: each server process, its PostgreSQL connections, and this process (the load and the receivers) */
  const cpu = async () => ({
    api: cpuMicros(api!.child.pid!),
    apiDatabase: await databaseCpu(databaseUrl, 'relevo-soak-api'),
    worker: cpuMicros(worker!.child.pid!),
    workerDatabase: await databaseCpu(databaseUrl, 'relevo-soak-worker'),
    bench: process.cpuUsage().user + process.cpuUsage().system,
  });

  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const samples: Sample[] = [];
  let sent = 0;
  /** the incidents sent and not yet answered */
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  const sample = async () => {
    const [size] = (await admin.query<{ bytes: string }>('select pg_database_size(current_database()) as bytes')).rows;
    samples.push({
      second: Math.round((performance.now() - started) / 1000),
      apiRss: rss(api!.child.pid!),
      workerRss: rss(worker!.child.pid!),
      databaseBytes: Number(size!.bytes),
      incidents: sent,
      contacts: contacts.length,
      load: load(),
    });
  };
  console.error(
    `soak: ${MINUTES} min, ${RATE} incidents/s, ${USERS} users on ${SESSIONS} sessions, ESCALATION_TIME_SCALE ${SCALE}; load average ${load()}`,
  );
  running = true;
  const cpuBefore = await cpu();
  await sample();
  const sampler = setInterval(() => {
    void sample().then(() => {
      const last = samples.at(-1)!;
      console.error(
        `  ${last.second} s: ${fmt(last.incidents)} incidents, ${fmt(last.contacts)} contacts, ${accepted} accepted, ${resolved} resolved, ${tally.errorCount} errors; RSS api ${mb(last.apiRss)} MB, worker ${mb(last.workerRss)} MB; database ${mb(last.databaseBytes)} MB; load ${last.load}`,
      );
    });
  }, SAMPLE_MS);
  const incidents = setInterval(() => {
    const due = Math.min(Math.floor(((performance.now() - started) / 1000) * RATE), RATE * MINUTES * 60);
    while (sent < due) {
      const answered = ingest(++sent, ids.authorization);
      inFlight.add(answered);
      void answered.finally(() => inFlight.delete(answered));
    }
  }, 5);
  const screens = views({ ...ids, escalationId: escalationId! });
  const users = Array.from({ length: USERS }, (_, i) => user(sessions[i % sessions.length]!, screens));
  await sleep(MINUTES * 60_000);
  running = false;
  clearInterval(incidents);
  clearInterval(sampler);
  await sample();
  const cpuUsed = await cpu();
  const endedAt = Date.now();
  await Promise.all([...users, ...inFlight]);

  // the last incidents' first contacts, and the responders' last actions
  const [{ events: stored }] = (
    await admin.query<{ events: number }>(`select count(*)::int as events from events where dedup_key like 'soak-%'`)
  ).rows as [{ events: number }];
  const firstContacts = () => contacts.filter((c) => c.step === 1 && c.attempt === 1).length;
  const drainUntil = Date.now() + DRAIN_MS;
  while ((firstContacts() < stored || pendingActions.size > 0) && Date.now() < drainUntil) await sleep(200);
  await Promise.all(pendingActions);

  // each contact's due time: the event's creation plus the schedule of the steps it copied
  const { created, eventSteps } = await asOwner({ url: databaseUrl, dataDir: bench.dataDir }, async (query) => {
    const rows = await query(
      `select event_id, (extract(epoch from event_createdt) * 1000)::float8 as created from events where dedup_key like 'soak-%'`,
    );
    const [timer] = await query(
      `select t.state -> 'steps' as steps from engine_timers t join events e using (event_id) where e.dedup_key like 'soak-%' limit 1`,
    );
    return {
      created: new Map(rows.map((row) => [Number(row.event_id), Number(row.created)])),
      eventSteps: (timer?.steps ?? []) as EngineStep[],
    };
  });
  const stepStarts: number[] = [];
  eventSteps.reduce((start, step) => (stepStarts.push(start), start + stepSchedule(step, SCALE).ends), 0);
  const dueOf = (c: Contact) =>
    created.get(c.eventId)! +
    stepStarts[c.step - 1]! +
    stepSchedule(eventSteps[c.step - 1]!, SCALE).contacts[c.attempt - 1]!;
  const lags = contacts
    .filter((c) => created.has(c.eventId) && dueOf(c) <= endedAt)
    .map((c) => ({
      ...c,
      lag: c.at - dueOf(c),
      first: c.step === 1 && c.attempt === 1,
      minute: Math.floor((dueOf(c) - (endedAt - MINUTES * 60_000)) / 60_000),
    }));
  const missing = stored - firstContacts();
  await admin.end();

  // --- the report ---
  const seconds = MINUTES * 60;
  console.log(
    `Database: PostgreSQL (${autovacuum.note}), one ROLE=api and one ROLE=worker process; ${availableParallelism()} cores, Node ${process.versions.node}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${load()} at the end.`,
  );
  console.log(
    `${MINUTES} min: ${fmt(sent)} incidents sent (${fmt(sent / seconds, 1)}/s), ${fmt(stored)} stored; ${fmt(contacts.length)} contacts and ${fmt(followUps)} follow-ups received (${fmt(contacts.length / seconds, 1)}/s), ${resent} twice; ${fmt(accepted)} accepted and ${fmt(resolved)} resolved through the responder API (${fmt(closedFirst)} more answered 410, the event resolved by its other responder a moment before); ${USERS} users on ${SESSIONS} sessions; ESCALATION_TIME_SCALE ${SCALE}.\n`,
  );
  const cores = (key: keyof typeof cpuUsed) => fmt((cpuUsed[key] - cpuBefore[key]) / (seconds * 1_000_000), 2);
  console.log(
    `CPU during the run, in cores: api ${cores('api')} + its PostgreSQL connections ${cores('apiDatabase')}; worker ${cores('worker')} + its PostgreSQL connections ${cores('workerDatabase')}; this process (load and receivers) ${cores('bench')}.\n`,
  );
  console.log('| endpoint | requests | p50 ms | p99 ms | max ms | errors |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const endpoint of [...new Set([...tally.times.keys(), ...tally.errors.keys()])].sort()) {
    const times = tally.times.get(endpoint) ?? [];
    const max = times.reduce((m, t) => Math.max(m, t), 0);
    console.log(
      `| ${endpoint} | ${fmt(times.length)} | ${times.length ? fmt(percentile(times, 50), 1) : '–'} | ${times.length ? fmt(percentile(times, 99), 1) : '–'} | ${fmt(max)} | ${tally.errors.get(endpoint) ?? 0} |`,
    );
  }
  console.log(
    `\nErrors: ${tally.errorCount}${tally.examples.length ? ` (first: ${tally.examples.join(' / ')})` : ''}. Events whose first contact had not arrived ${DRAIN_MS / 1000} s after the load stopped: ${missing}.\n`,
  );

  const lagLine = (label: string, list: number[]) =>
    `| ${label} | ${fmt(list.length)} | ${list.length ? fmt(percentile(list, 50)) : '–'} | ${list.length ? fmt(percentile(list, 99)) : '–'} | ${fmt(list.reduce((m, t) => Math.max(m, t), 0))} |`;
  console.log('| engine lag (due → received) | contacts | p50 ms | p99 ms | max ms |');
  console.log('|---|---:|---:|---:|---:|');
  console.log(
    lagLine(
      'every contact',
      lags.map((l) => l.lag),
    ),
  );
  console.log(
    lagLine(
      'first contacts (agent SMS)',
      lags.filter((l) => l.first).map((l) => l.lag),
    ),
  );
  console.log(
    lagLine(
      'escalations (supervisor e-mail)',
      lags.filter((l) => !l.first).map((l) => l.lag),
    ),
  );
  for (let minute = 0; minute < MINUTES; minute++) {
    console.log(
      lagLine(
        `due in minute ${minute + 1}`,
        lags.filter((l) => l.minute === minute).map((l) => l.lag),
      ),
    );
  }

  const inMinute = (from: number) => samples.filter((s) => s.second >= from && s.second <= from + 60);
  const firstMinute = inMinute(0);
  const lastMinute = inMinute(seconds - 60);
  const growth = (value: (s: Sample) => number) =>
    `${mb(mean(firstMinute.map(value)))} → ${mb(mean(lastMinute.map(value)))} MB`;
  console.log('\n| s | api RSS MB | worker RSS MB | database MB | incidents | contacts | load average |');
  console.log('|---:|---:|---:|---:|---:|---:|---|');
  for (const s of samples)
    console.log(
      `| ${s.second} | ${mb(s.apiRss)} | ${mb(s.workerRss)} | ${mb(s.databaseBytes)} | ${fmt(s.incidents)} | ${fmt(s.contacts)} | ${s.load} |`,
    );
  console.log(
    `\nMemory, mean of the first minute's samples → the last minute's: api ${growth((s) => s.apiRss)}, worker ${growth((s) => s.workerRss)}; database ${mb(samples[0]!.databaseBytes)} → ${mb(samples.at(-1)!.databaseBytes)} MB.`,
  );
  const logged = [api.output(), worker.output()].flatMap((output) =>
    output.split('\n').filter((line) => /"level":(4|5|6)0/.test(line)),
  );
  if (logged.length > 0)
    console.log(`\nThe server processes logged ${logged.length} warnings or errors; the first: ${logged[0]}`);
  if (tally.errorCount > 0 || missing > 0) failed = true;
} finally {
  running = false;
  for (const agent of Object.values(AGENTS)) agent.destroy();
  await worker?.stop();
  await api?.stop();
  await receiving.close();
  await bench.close();
  await autovacuum.restore();
}
if (failed) process.exitCode = 1;
