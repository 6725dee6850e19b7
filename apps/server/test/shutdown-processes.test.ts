import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, SYSTEM, type Database } from '../src/db/database';
import { bundleServerMain } from './support/bundle';
import { DATABASE_KINDS, freshDatabase, POSTGRES_URL, type TestDatabase } from './support/databases';
import { customerWithRunnableModule } from './support/incident-source';
import { Mailbox } from './support/mailbox';
import { SmsReceiver } from './support/sms-receiver';
import { SERVER_READY, UNTHROTTLED, WorkerProcess, freePort, sleep, waitUntil } from './support/worker-process';

/** A GET on a connection of its own (no keep-alive): its status, or 'refused' when nothing listens. */
function newConnection(url: string): Promise<number | 'refused'> {
  return new Promise((resolve) => {
    const call = request(url, { agent: false }, (response) => {
      response.resume();
      resolve(response.statusCode!);
    });
    call.on('error', () => resolve('refused'));
    call.end();
  });
}

/**
 * Issue "Production hardening": SIGTERM stops a process gracefully. The API answers what is in
 * flight and takes no new connection; a worker gives its claimed jobs back at once instead of
 * leaving them to their lease. The processes are the server's own main, bundled.
 */
let main = '';
beforeAll(async () => {
  main = await bundleServerMain('shutdown');
}, 60_000);

/** The environment of a server process on this database. */
function serverEnv(db: TestDatabase, dataDir: string, extra: Record<string, string>): Record<string, string> {
  return {
    DATABASE_URL: db.url ?? '',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
    DEMO_DATA: 'off',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

describe.each(DATABASE_KINDS)('SIGTERM on an API process on %s', (kind) => {
  let db: TestDatabase;
  let dataDir: string;
  let server: WorkerProcess | null = null;
  beforeAll(async () => {
    db = await freshDatabase(kind, 'relevo_scale_');
    dataDir = mkdtempSync(join(tmpdir(), 'relevo-stop-'));
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await db?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a request in flight when SIGTERM arrives, then refuses new connections and exits 0', async () => {
    const port = await freePort();
    // a first start on a new embedded database creates it and runs every migration: allow it a minute on a busy machine
    server = await WorkerProcess.start(
      main,
      serverEnv(db, dataDir, {
        ROLE: kind === 'postgres' ? 'api' : 'all',
        PORT: String(port),
        DELIVERY_LOG_ONLY: 'on',
      }),
      SERVER_READY,
      60_000,
    );
    const base = `http://127.0.0.1:${port}`;
    expect((await fetch(`${base}/api/ready`)).status).toBe(200);

    // a sign-in whose body is still arriving: the server holds the request, not yet answered
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'Not.The.Password1' });
    let answered: { status: number; text: string } | null = null;
    const slow = new Promise<void>((resolveAnswer, reject) => {
      const call = request(
        `${base}/api/login/jwt/`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        },
        (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          response.on('end', () => {
            answered = { status: response.statusCode!, text };
            resolveAnswer();
          });
        },
      );
      call.on('error', reject);
      call.write(body.slice(0, 10));
      setTimeout(() => call.end(body.slice(10)), 2_500);
    });
    // time for the server to take the request's head in, also on a loaded machine (the rest of the
    // body comes well after the signal)
    await sleep(1_000);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    // once the server says it is stopping, its listener closes: a new connection is refused (a
    // request that gets through while it closes is told the server is going away, 503, never
    // answered as usual)
    const stopping = server;
    await waitUntil('the server says it is stopping', async () => stopping.lines('stopping').length > 0, 5_000);
    const seen: (number | 'refused')[] = [];
    await expect
      .poll(
        async () => {
          const answer = await newConnection(`${base}/api/ready`);
          seen.push(answer);
          return answer;
        },
        { timeout: 5_000, interval: 100 },
      )
      .toBe('refused');
    expect(seen.filter((answer) => answer !== 'refused' && answer !== 503)).toEqual([]);
    await slow;
    // the request in flight got its real answer (the same 401 as any wrong sign-in)
    expect(answered).toMatchObject({ status: 401, text: expect.stringContaining('detail') });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(8_000);
    expect(server.lines('stopping')).toEqual([expect.objectContaining({ signal: 'SIGTERM' })]);
    expect(server.lines('stopped')).toEqual([expect.objectContaining({ signal: 'SIGTERM', ms: expect.any(Number) })]);
  }, 90_000);
});

// two worker processes need PostgreSQL (the embedded database allows one process)
describe.each(POSTGRES_URL ? ['postgres' as const] : [])('SIGTERM on a worker process on %s', (kind) => {
  let db: TestDatabase;
  let database: Database;
  let sms: SmsReceiver;
  let mailbox: Mailbox;
  const workers: WorkerProcess[] = [];
  beforeAll(async () => {
    db = await freshDatabase(kind, 'relevo_scale_');
    database = await openDatabase({ url: db.url, dataDir: null });
    sms = new SmsReceiver();
    mailbox = new Mailbox();
    await sms.start();
    await mailbox.start();
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.kill('SIGKILL')));
    await database?.close();
    await sms?.stop();
    await mailbox?.stop();
    await db?.drop();
  });

  it('gives its claimed messages back at once: the other worker sends them within a second or two, not after the 30-second lease, each once', async () => {
    const env = serverEnv(db, '', {
      ROLE: 'worker',
      SMS_WEBHOOK_URL: `http://127.0.0.1:${sms.port}/sms`,
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      ...UNTHROTTLED,
    });
    const first = await WorkerProcess.start(main, env, SERVER_READY);
    workers.push(first);

    // eight events call the same person: the messages go out one after another (one recipient, one
    // channel), and the gateway holds the first one unanswered
    const { customerId, module, incidents } = await customerWithRunnableModule(database, 'Stop');
    sms.holdNext = 1;
    const total = 8;
    for (let i = 0; i < total; i++)
      await incidents.simulate(customerId, module.id, {
        incident: `Graceful stop incident ${i}`,
        description: 'Raised by the shutdown test',
      });
    await database.notify('relevo_engine', '');

    const claimed = () =>
      database.scoped(SYSTEM, (tx) =>
        tx
          .selectFrom('outbox')
          .select(['idempotency_key', 'status', 'locked_by', 'attempts'])
          .where('idempotency_key', 'like', 'event:%')
          .execute(),
      );
    await waitUntil(
      'the first worker holds every message',
      async () => (await claimed()).filter((m) => m.status === 'claimed').length === total && sms.held.length === 1,
      15_000,
    );
    const holder = (await claimed())[0]!.locked_by;

    const second = await WorkerProcess.start(main, env, SERVER_READY);
    workers.push(second);
    await sleep(500);
    // the second worker finds nothing to take: every message is under the first one's lease
    expect((await claimed()).every((m) => m.status === 'claimed' && m.locked_by === holder)).toBe(true);
    expect(sms.messages).toHaveLength(1);

    const signalled = Date.now();
    first.child.kill('SIGTERM');
    // the seven waiting behind the held one are given back at once and sent by the other worker
    await waitUntil(
      'the waiting messages are sent by the other worker',
      async () => sms.messages.length >= total,
      3_000,
    );
    const takeover = Date.now() - signalled;
    // the one under way gets the stop's grace (5 s), is cut short and given back, then sent again with the same key
    await waitUntil('every message is sent', async () => (await claimed()).every((m) => m.status === 'sent'), 10_000);
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalled).toBeLessThan(9_000);

    const rows = await claimed();
    expect(rows).toHaveLength(total);
    // a give-back is not counted as an attempt: each message was claimed once for good
    expect(rows.map((m) => m.attempts)).toEqual(Array(total).fill(1));
    const keys = sms.messages.map((m) => m.idempotency_key);
    expect(new Set(keys).size).toBe(total);
    // the only key that arrived twice is the one held when SIGTERM came (never answered the first time)
    expect(keys.filter((key) => key === sms.held[0])).toHaveLength(2);
    expect(keys.length).toBe(total + 1);
    expect(first.lines('stopping: claimed jobs given back')).toEqual([
      expect.objectContaining({ table: 'outbox', released: total - 1 }),
      expect.objectContaining({ table: 'outbox', released: 1 }),
    ]);
    console.log(
      `worker SIGTERM: ${total - 1} waiting messages sent by the other worker ${takeover} ms after the signal; the held one after the grace, ${Date.now() - signalled} ms`,
    );
  }, 60_000);
});
