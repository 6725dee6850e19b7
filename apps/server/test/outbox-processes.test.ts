import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ManualClock, systemClock } from '../src/clock';
import { openDatabase, SYSTEM, type Database } from '../src/db/database';
import { enqueue, OUTBOX_CHANNEL } from '../src/delivery/queries';
import { webhookSender } from '../src/delivery/channels';
import { OutboxDispatcher } from '../src/delivery/dispatcher';
import { createLogger } from '../src/logger';
import { freshDatabase, POSTGRES_URL, type TestDatabase } from './support/databases';
import { SmsReceiver } from './support/sms-receiver';
import { bundleForTest } from './support/bundle';
import { WorkerProcess as Worker, sleep, waitUntil } from './support/worker-process';

const log = createLogger({ logLevel: 'silent' });
// bundled once: a start costs node's, not a compile's
let WORKER_BUNDLE = '';

beforeAll(async () => {
  WORKER_BUNDLE = await bundleForTest('test/support/outbox-worker.ts', 'outbox-worker');
});

/** A worker process of test/support/outbox-worker.ts. */
const WorkerProcess = { start: (env: Record<string, string>) => Worker.start(WORKER_BUNDLE, env) };
type WorkerProcess = Worker;

async function queueMany(database: Database, prefix: string, count: number): Promise<void> {
  await database.scoped(SYSTEM, async (tx) => {
    for (let i = 0; i < count; i++) {
      // one recipient each: the dispatcher sends one recipient's messages one after another
      const recipient = `+1787${String(5_000_000 + i).padStart(7, '0')}`;
      await enqueue(
        tx,
        { channel: 'sms', recipient, body: `${prefix} message ${i}`, idempotencyKey: `${prefix}-${i}` },
        systemClock.now(),
      );
    }
  });
  await database.notify(OUTBOX_CHANNEL, '');
}

const statusCounts = async (database: Database) =>
  Object.fromEntries(
    (
      await database.scoped(SYSTEM, (tx) =>
        tx
          .selectFrom('outbox')
          .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy('status')
          .execute(),
      )
    ).map((r) => [r.status, Number(r.n)]),
  ) as Record<string, number>;

describe('a worker process on the embedded database', () => {
  let dataDir: string;
  let sms: SmsReceiver;
  let worker: WorkerProcess | null = null;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'relevo-worker-'));
    sms = new SmsReceiver();
    await sms.start();
  });
  afterAll(async () => {
    await worker?.kill('SIGKILL');
    await sms?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends every queued message once and stops cleanly on SIGTERM, holding nothing', async () => {
    const database = await openDatabase({ url: null, dataDir });
    await queueMany(database, 'embedded', 40);
    await database.close();
    worker = await WorkerProcess.start({ DATA_DIR: dataDir, SMS_WEBHOOK_URL: `http://127.0.0.1:${sms.port}/sms` });
    await waitUntil('40 messages arrived', async () => sms.messages.length >= 40, 20_000);
    await worker.kill('SIGTERM');
    expect((await worker.exited).code).toBe(0);
    expect(new Set(sms.messages.map((m) => m.idempotency_key)).size).toBe(40);
    expect(sms.messages).toHaveLength(40);
    const reopened = await openDatabase({ url: null, dataDir });
    try {
      expect(await statusCounts(reopened)).toEqual({ sent: 40 });
    } finally {
      await reopened.close();
    }
  }, 60_000);
});

describe.each(POSTGRES_URL ? ['postgres' as const] : [])('worker processes on %s', (kind) => {
  let testDb: TestDatabase;
  let database: Database;
  let sms: SmsReceiver;
  let workers: WorkerProcess[] = [];
  const workerEnv = (extra: Record<string, string>) => ({
    DATABASE_URL: testDb.url!,
    SMS_WEBHOOK_URL: `http://127.0.0.1:${sms.port}/sms`,
    ...extra,
  });

  beforeAll(async () => {
    testDb = await freshDatabase(kind);
    database = await openDatabase({ url: testDb.url, dataDir: null });
    sms = new SmsReceiver();
    await sms.start();
  });
  afterEach(async () => {
    await Promise.all(workers.map((w) => w.kill('SIGKILL')));
    workers = [];
    sms.messages.length = 0;
    sms.arrivals.length = 0;
    sms.delayMs = 0;
    await database.scoped(SYSTEM, (tx) => tx.deleteFrom('outbox').execute());
  });
  afterAll(async () => {
    await database?.close();
    await sms?.stop();
    await testDb?.drop();
  });

  it('shares the queue between two competing workers: every message sent exactly once, by both', async () => {
    sms.delayMs = 20;
    workers = await Promise.all(
      [1, 2].map((n) => WorkerProcess.start(workerEnv({ WORKER_ID: `competing-${n}`, CONCURRENCY: '4' }))),
    );
    await queueMany(database, 'compete', 200);
    await waitUntil('200 messages sent', async () => (await statusCounts(database)).sent === 200, 30_000);
    expect(sms.messages).toHaveLength(200);
    expect(new Set(sms.messages.map((m) => m.idempotency_key)).size).toBe(200);
    const byWorker = await database.scoped(SYSTEM, (tx) =>
      tx
        .selectFrom('outbox')
        .select(['locked_by', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('locked_by')
        .execute(),
    );
    expect(byWorker.map((r) => r.locked_by).sort()).toEqual(['competing-1', 'competing-2']);
    console.log(
      `two competing workers: 200 messages, ${sms.messages.length} deliveries, ${byWorker.map((r) => `${r.locked_by} sent ${r.n}`).join(', ')}`,
    );
  }, 60_000);

  it('delivers every one of 500 messages while workers are killed with SIGKILL at random moments; a message is sent twice only around a kill, with the same key', async () => {
    const total = 500;
    const leaseMs = 1_500;
    const concurrency = 4;
    sms.delayMs = 120;
    await queueMany(database, 'chaos', total);
    const start = (n: number) =>
      WorkerProcess.start(
        workerEnv({ WORKER_ID: `chaos-${n}`, LEASE_MS: String(leaseMs), CONCURRENCY: String(concurrency) }),
      );
    let started = 0;
    workers = await Promise.all([++started, ++started].map(start));
    const kills: number[] = [];
    const deadline = Date.now() + 75_000;
    for (;;) {
      await sleep(400 + Math.random() * 900);
      if ((await statusCounts(database)).sent === total) break;
      if (Date.now() > deadline)
        throw new Error(`not every message was sent in time: ${JSON.stringify(await statusCounts(database))}`);
      const slot = Math.floor(Math.random() * workers.length);
      const victim = workers[slot]!;
      // a kill only counts while the victim holds messages or is about to: it is running
      if (!victim.running) continue;
      await victim.kill('SIGKILL');
      kills.push(Date.now());
      workers[slot] = await start(++started);
    }
    await Promise.all(workers.map((w) => w.kill('SIGTERM')));

    const rows = await database.scoped(SYSTEM, (tx) => tx.selectFrom('outbox').selectAll().execute());
    expect(rows).toHaveLength(total);
    for (const row of rows) expect(row).toMatchObject({ status: 'sent', body: null, claim_token: null });

    // every message arrived, with its own body; a key arriving again is a re-send
    const arrivals = new Map<string, number[]>();
    sms.messages.forEach((message, i) => {
      const n = Number(message.idempotency_key.split('-')[1]);
      expect(message.body).toBe(`chaos message ${n}`);
      arrivals.set(message.idempotency_key, [...(arrivals.get(message.idempotency_key) ?? []), sms.arrivals[i]!]);
    });
    expect(arrivals.size).toBe(total);
    let resends = 0;
    for (const times of arrivals.values()) {
      for (let i = 1; i < times.length; i++) {
        resends++;
        // the worker that sent it first was killed after claiming it (its request may land just after the kill)
        expect(kills.some((k) => k >= times[0]! - 1_000 && k <= times[i]!)).toBe(true);
      }
    }
    // a killed worker held at most `concurrency` messages
    expect(resends).toBeLessThanOrEqual(kills.length * concurrency);
    expect(sms.messages.length).toBe(total + resends);
    expect(kills.length).toBeGreaterThanOrEqual(3);
    const dropped = workers.reduce((sum, w) => sum + w.logged('late result dropped'), 0);
    console.log(
      `outbox under kill -9: ${total} messages, ${sms.messages.length} deliveries, ${resends} re-sends (same key), ${kills.length} kills, ${started} worker processes, ${dropped} late results dropped by the survivors`,
    );
    // about 15 s on an idle machine; more beside the other test files
  }, 90_000);

  it('listens again when its connection drops and looks for messages queued meanwhile', async () => {
    const admin = new pg.Client({ connectionString: testDb.url! });
    await admin.connect();
    const url = `http://127.0.0.1:${sms.port}/sms`;
    const send = webhookSender('sms', { smsWebhookUrl: url, inboundWebhookSecret: null }, log);
    // the idle poll is far away: only a NOTIFY or the re-scan after a reconnect can send in time
    const dispatcher = new OutboxDispatcher({
      database,
      clock: new ManualClock(),
      senders: { sms: send, voice: send, email: send },
      log,
      workerId: 'listener',
      idlePollMs: 120_000,
    });
    await dispatcher.start();
    try {
      await sleep(300);
      // queued without a NOTIFY: as if it was sent while the connection was down
      await database.scoped(SYSTEM, (tx) =>
        enqueue(
          tx,
          { channel: 'sms', recipient: '+17875550190', body: 'missed', idempotencyKey: 'missed-1' },
          new Date(0),
        ),
      );
      const ended = await admin.query<{ ended: boolean }>(
        `select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = 'relevo-listener' and datname = current_database()`,
      );
      expect(ended.rows.map((r) => r.ended)).toEqual([true]);
      await sms.waitFor('+17875550190', 1, 5_000);
      // and NOTIFY reaches it again on the new connection
      await database.scoped(SYSTEM, (tx) =>
        enqueue(
          tx,
          { channel: 'sms', recipient: '+17875550191', body: 'notified', idempotencyKey: 'notified-1' },
          new Date(0),
        ),
      );
      await database.notify(OUTBOX_CHANNEL, '');
      await sms.waitFor('+17875550191', 1, 3_000);
    } finally {
      await dispatcher.stop();
      await admin.end();
    }
  });
});
