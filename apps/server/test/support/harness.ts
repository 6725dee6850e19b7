import {
  ApiError,
  createApiClient,
  login as loginEndpoint,
  verifyCode as verifyEndpoint,
  type ApiClient,
} from '@relevo/api';
import type { FastifyInstance } from 'fastify';
import { ManualClock, type Clock } from '../../src/clock';
import { loadConfig, type Config } from '../../src/config';
import type { AppContext } from '../../src/context';
import { openDatabase, SYSTEM, type Database } from '../../src/db/database';
import { createSenders } from '../../src/delivery/channels';
import type { OutboxDispatcher } from '../../src/delivery/dispatcher';
import { spokenAudio } from '../../src/delivery/spoken-audio';
import { buildApp } from '../../src/http/app';
import { createLogger } from '../../src/logger';
import { createContext, outboxDispatcher } from '../../src/server';
import { DEFAULT_LIMITS, type Limits } from '../../src/limits';
import { createCustomer, createUser } from '../../src/admin';
import { freshDatabase, type TestDatabase } from './databases';
import { Mailbox, codeIn } from './mailbox';
import { LOGIN_CODE_SUBJECT } from '../../src/delivery/templates';
import { SmsReceiver } from './sms-receiver';
import { sendJournal } from '../../src/delivery/queries';
import type { DestinationStream } from 'pino';
import type { Agent } from 'node:https';
import { pushSender } from '../../src/delivery/push-sender';

export interface RawAnswer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

export interface SignedIn {
  token: string;
  client: ApiClient;
}

export interface TestApp {
  kind: 'pglite' | 'postgres';
  baseUrl: string;
  ctx: AppContext;
  database: Database;
  clock: ManualClock;
  mailbox: Mailbox;
  sms: SmsReceiver;
  app: FastifyInstance;
  dispatcher: OutboxDispatcher;
  /** the typed client of libs/api, with a bearer token if given */
  client(token?: string): ApiClient;
  /** a plain HTTP call, for what the typed client cannot send (bad JSON, foreign origins, cookies) */
  raw<T = unknown>(
    method: string,
    path: string,
    init?: { body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<RawAnswer<T>>;
  createCustomer(name: string, qtyResources?: number): Promise<number>;
  createUser(opts: {
    role: string;
    email?: string;
    password?: string;
    customer?: string;
    phone?: string;
    force?: boolean;
    name?: string;
    lastName?: string;
  }): Promise<TestUser>;
  /** Waits until every queued message has been delivered (or given up): earlier mail cannot arrive later. */
  settleOutbox(timeoutMs?: number): Promise<void>;
  /** e-mail + password + the code read from the delivered e-mail */
  signIn(email: string, password: string): Promise<SignedIn>;
  close(): Promise<void>;
}

let userCounter = 0;
export const STRONG_PASSWORD = 'Strong.Pass1';

/** A server on a fresh database, listening on a free port, with real SMTP and SMS receivers. */
export async function startTestApp(opts: {
  kind: 'pglite' | 'postgres';
  limits?: Partial<Limits>;
  config?: Partial<Config>;
  clock?: Clock;
  /** where the server's log lines go (a test that reads them) */
  logSink?: DestinationStream;
  /** the https agent of push notifications (push.test.ts trusts its local push service with it) */
  pushAgent?: Agent;
}): Promise<TestApp> {
  const testDb: TestDatabase = await freshDatabase(opts.kind);
  const mailbox = new Mailbox();
  const sms = new SmsReceiver();
  const smtpUrl = await mailbox.start();
  const smsUrl = await sms.start();
  const config: Config = {
    ...loadConfig({ LOG_LEVEL: 'silent' }),
    databaseUrl: testDb.url,
    smtpUrl,
    smsWebhookUrl: smsUrl,
    publicUrl: 'http://127.0.0.1:3000',
    ...opts.config,
  };
  const log = createLogger(config, opts.logSink);
  const database = await openDatabase({ url: testDb.url, dataDir: null });
  const clock = (opts.clock as ManualClock | undefined) ?? new ManualClock(Date.now());
  const ctx = await createContext({ config, database, log, clock, limits: { ...DEFAULT_LIMITS, ...opts.limits } });
  const app = await buildApp(ctx);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const dispatcher = outboxDispatcher(
    ctx,
    database,
    createSenders(
      config,
      log,
      ctx.delivery,
      spokenAudio({ database, clock, log, publicUrl: config.publicUrl }),
      sendJournal(database, clock),
      pushSender({
        database,
        clock,
        log,
        keys: ctx.push,
        subject: config.vapidSubject,
        hosts: config.pushServiceHosts,
        agent: opts.pushAgent,
      }),
    ),
    { workerId: 'test-worker' },
  );
  await dispatcher.start();

  const t: TestApp = {
    kind: opts.kind,
    baseUrl: address,
    ctx,
    database,
    clock,
    mailbox,
    sms,
    app,
    dispatcher,
    client(token) {
      return createApiClient({ baseURL: address, headers: token ? { authorization: `Bearer ${token}` } : {} });
    },
    async raw(method, path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      let body: string | undefined = init.rawBody;
      if (init.body !== undefined) {
        body = JSON.stringify(init.body);
        headers['content-type'] ??= 'application/json';
      }
      if (init.rawBody !== undefined) headers['content-type'] ??= 'application/json';
      const response = await fetch(`${address}${path}`, { method, headers, body });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        // not JSON
      }
      return { status: response.status, body: parsed as never, headers: response.headers, text };
    },
    createCustomer(name, qtyResources = 10) {
      return createCustomer(database, clock, { name, qtyResources });
    },
    async createUser(u) {
      const email = u.email ?? `user${++userCounter}.${Math.random().toString(36).slice(2, 7)}@example.test`;
      const password = u.password ?? STRONG_PASSWORD;
      const id = await createUser(database, clock, {
        role: u.role,
        email,
        password,
        name: u.name ?? 'Test',
        lastName: u.lastName ?? `User${userCounter}`,
        customer: u.customer,
        phone: u.phone,
        forceChangePassword: u.force ?? false,
      });
      return { id, email, password };
    },
    async settleOutbox(timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      // the moved clock made messages due that the sender sleeps past: it looks at once
      dispatcher.wake();
      for (;;) {
        const waiting = await database.scoped(SYSTEM, (tx) =>
          // a message held back to a later minute (throttling) is not due yet: moving the clock sends it
          tx
            .selectFrom('outbox')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', 'in', ['pending', 'claimed'])
            .where('due_at', '<=', clock.now())
            .executeTakeFirstOrThrow(),
        );
        if (Number(waiting.n) === 0) return;
        if (Date.now() > deadline) throw new Error(`${waiting.n} messages still queued after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async signIn(email, password) {
      // other mail (a reset notice...) may reach the same address meanwhile: count the code mails only
      const before = mailbox.to(email, LOGIN_CODE_SUBJECT).length;
      const first = await t.client().call(loginEndpoint, { body: { email, password } });
      const mail = await mailbox.waitFor(email, before + 1, 10_000, LOGIN_CODE_SUBJECT);
      const answer = await t.client(first.access_token).call(verifyEndpoint, { body: { code: codeIn(mail.text) } });
      return { token: answer.access_token, client: t.client(answer.access_token) };
    },
    async close() {
      await dispatcher.stop();
      await app.close();
      await database.close();
      await mailbox.stop();
      await sms.stop();
      await testDb.drop();
    },
  };
  return t;
}

/**
 * Rows as the database owner sees them: every row and column (tests assert on what is stored,
 * password hashes and session rows included, which no app role may read).
 */
export function asSystem<T>(
  t: TestApp,
  work: Parameters<Database['asOwner']>[0] extends (tx: infer X) => Promise<unknown> ? (tx: X) => Promise<T> : never,
) {
  return t.database.asOwner(work);
}

/** The cookies a response set, by name, with their attributes. */
export function cookiesOf(headers: Headers): Record<string, { value: string; attributes: string[] }> {
  const out: Record<string, { value: string; attributes: string[] }> = {};
  for (const line of headers.getSetCookie()) {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const [name, ...value] = pair!.split('=');
    out[name!] = { value: value.join('='), attributes: attributes.map((a) => a.toLowerCase()) };
  }
  return out;
}

export { codeIn };

/** The ApiError a call fails with; fails the test when the call succeeds. */
export async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}
