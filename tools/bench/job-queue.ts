/**
 * The outbox's job layer (apps/server/src/jobs) beside pg-boss 12 on the same kind of database
 * (docs/architecture.md "Messages and the worker"), on PGlite and, with `--postgres URL` or
 * TEST_DATABASE_URL, on PostgreSQL. Each side runs one worker process-alike with 8 jobs at a time
 * and a handler that only notes when it ran, so the figures are the queue's own:
 * - due-to-send: one job queued (committed, then NOTIFY) while the worker idles, until its handler
 *   starts; p50, p95 and max of `--runs` jobs;
 * - burst: 1,000 jobs queued in one transaction (ours one insert each, as requests queue them;
 *   pg-boss one `insert` of all), then from the commit until the last handler started;
 * - takeover: a job claimed by a worker that then dies (it never finishes nor renews), until a live
 *   worker runs it; each side with the shortest takeover it allows (our lease 1 s; pg-boss
 *   `expireInSeconds` 1 with `superviseIntervalSeconds` and `monitorIntervalSeconds` 1).
 *
 *   npx tsx tools/bench/job-queue.ts [--postgres postgres://...] [--runs 50]
 */
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { PgBoss, fromPglite } from 'pg-boss';
import { fmt } from './lib';

const { values: args } = parseArgs({ options: { postgres: { type: 'string' }, runs: { type: 'string' } } });
// the test support reads the PostgreSQL address when it is loaded: set it before the imports below
if (args.postgres) process.env.TEST_DATABASE_URL = args.postgres;

const { systemClock } = await import('../../apps/server/src/clock');
const { openDatabase, SYSTEM } = await import('../../apps/server/src/db/database');
const { claimMessages, enqueue, OUTBOX_CHANNEL } = await import('../../apps/server/src/delivery/queries');
const { OutboxDispatcher } = await import('../../apps/server/src/delivery/dispatcher');
const { createLogger } = await import('../../apps/server/src/logger');
const { DATABASE_KINDS, freshDatabase } = await import('../../apps/server/test/support/databases');

const RUNS = Number(args.runs ?? 50);
const BURST = 1000;
const TAKEOVERS = 5;
const CONCURRENCY = 8;
const log = createLogger({ logLevel: 'silent' });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One side of the comparison: a queue with a worker whose handler reports each job's key. */
interface Contender {
  name: string;
  /** starts the live worker */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** queues jobs in one transaction and wakes the workers */
  queue(keys: string[]): Promise<void>;
  /** queues a job and has a worker claim it and die; the live worker must not be running */
  abandon(key: string): Promise<void>;
  close(): Promise<void>;
}

/** When each key's handler first ran, and waiting for keys. */
class Arrivals {
  #times = new Map<string, number>();
  #waiters: (() => void)[] = [];
  ran(key: string): void {
    if (!this.#times.has(key)) this.#times.set(key, performance.now());
    for (const wake of this.#waiters.splice(0)) wake();
  }
  async waitFor(keys: string[], timeoutMs = 120_000): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    while (!keys.every((k) => this.#times.has(k))) {
      if (performance.now() > deadline) throw new Error(`timed out waiting for ${keys.length} jobs`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return Math.max(...keys.map((k) => this.#times.get(k)!));
  }
}

async function ours(kind: 'pglite' | 'postgres', arrivals: Arrivals): Promise<Contender> {
  const testDb = await freshDatabase(kind);
  const database = await openDatabase({ url: testDb.url, dataDir: null });
  const send = async (message: { idempotency_key: string }) => arrivals.ran(message.idempotency_key);
  const senders = { sms: send, voice: send, email: send };
  let dispatcher: InstanceType<typeof OutboxDispatcher> | null = null;
  const queueIn = (keys: string[]) =>
    database.scoped(SYSTEM, async (tx) => {
      // one recipient each: one recipient's messages go out one after another
      for (const key of keys)
        await enqueue(tx, { channel: 'sms', recipient: key, body: key, idempotencyKey: key }, systemClock.now());
    });
  return {
    name: 'Relevo job layer',
    async start() {
      dispatcher = new OutboxDispatcher({
        database,
        clock: systemClock,
        senders,
        log,
        workerId: 'live',
        leaseMs: 1_000,
        concurrency: CONCURRENCY,
      });
      await dispatcher.start();
    },
    async stop() {
      await dispatcher?.stop();
    },
    async queue(keys) {
      await queueIn(keys);
      await database.notify(OUTBOX_CHANNEL, '');
    },
    async abandon(key) {
      await queueIn([key]);
      await database.scoped(SYSTEM, (tx) =>
        claimMessages(tx, { workerId: 'dead', now: systemClock.now(), leaseMs: 1_000, limit: 1 }),
      );
    },
    async close() {
      await database.close();
      await testDb.drop();
    },
  };
}

/** pg-boss as configured out of the box (NOTIFY on, polling 2 s, a 30 s poll while NOTIFY works), or polling every 0.5 s. */
const pgBoss =
  (polling: 'default' | 'fast') =>
  async (kind: 'pglite' | 'postgres', arrivals: Arrivals): Promise<Contender> => {
    const testDb = await freshDatabase(kind);
    const pglite = kind === 'pglite' ? await PGlite.create() : null;
    const connection = pglite
      ? { db: fromPglite(pglite), backend: 'pglite' as const }
      : { connectionString: testDb.url! };
    // expiry runs in the monitor pass: both intervals at their least
    const options = { ...connection, useListenNotify: true, superviseIntervalSeconds: 1, monitorIntervalSeconds: 1 };
    const boss = new PgBoss(options);
    // the worker that dies: a second instance on the same database
    const dead = new PgBoss(options);
    boss.on('error', () => undefined);
    dead.on('error', () => undefined);
    await boss.start();
    await dead.start();
    const queue = 'bench';
    await boss.createQueue(queue, { notify: true, expireInSeconds: 1, retryLimit: 8 });
    let workerId: string | null = null;
    const pollingOptions = polling === 'fast' ? { pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 } : {};
    return {
      name: polling === 'fast' ? 'pg-boss 12, polling every 0.5 s' : 'pg-boss 12',
      async start() {
        workerId = await boss.work<{ key: string }>(
          queue,
          { batchSize: CONCURRENCY, burstWhenBatchFull: true, ...pollingOptions },
          async (jobs) => {
            for (const job of jobs) arrivals.ran(job.data.key);
          },
        );
      },
      async stop() {
        if (workerId) await boss.offWork(queue, { id: workerId });
        workerId = null;
      },
      async queue(keys) {
        await boss.insert(
          queue,
          keys.map((key) => ({ data: { key } })),
        );
      },
      async abandon(key) {
        await dead.send(queue, { key });
        const fetched = await dead.fetch(queue);
        if (fetched.length !== 1) throw new Error('the dying worker fetched nothing');
      },
      async close() {
        await dead.stop({ graceful: false });
        await boss.stop({ graceful: false });
        await pglite?.close();
        await testDb.drop();
      },
    };
  };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function measure(
  make: (kind: 'pglite' | 'postgres', arrivals: Arrivals) => Promise<Contender>,
  kind: 'pglite' | 'postgres',
) {
  const arrivals = new Arrivals();
  const side = await make(kind, arrivals);
  try {
    await side.start();
    await sleep(500);
    const latencies: number[] = [];
    for (let i = 0; i < RUNS + 3; i++) {
      const key = `latency-${i}`;
      const queued = performance.now();
      await side.queue([key]);
      const ran = await arrivals.waitFor([key]);
      if (i >= 3) latencies.push(ran - queued); // the first ones warm up
      await sleep(50 + Math.random() * 50);
    }
    const keys = Array.from({ length: BURST }, (_, i) => `burst-${i}`);
    const burstStarted = performance.now();
    await side.queue(keys);
    const committed = performance.now();
    const burstMs = (await arrivals.waitFor(keys)) - committed;
    const queueMs = committed - burstStarted;
    await side.stop();

    const takeovers: number[] = [];
    for (let i = 0; i < TAKEOVERS; i++) {
      const key = `takeover-${i}`;
      await side.abandon(key);
      const abandoned = performance.now();
      await side.start();
      takeovers.push((await arrivals.waitFor([key])) - abandoned);
      await side.stop();
    }
    return { name: side.name, latencies, burstMs, queueMs, takeovers };
  } finally {
    await side.stop().catch(() => undefined);
    await side.close();
  }
}

console.log(
  `Due-to-send over ${RUNS} single jobs, a burst of ${fmt(BURST)}, ${TAKEOVERS} takeovers; ${CONCURRENCY} jobs at a time.\n`,
);
console.log(
  '| database | queue | due-to-send p50 ms | p95 ms | max ms | 1,000 queued in ms | then run in ms | takeover after a dead worker, median s (runs) |',
);
console.log('|---|---|---:|---:|---:|---:|---:|---|');
for (const kind of DATABASE_KINDS) {
  for (const make of [ours, pgBoss('default'), pgBoss('fast')]) {
    const r = await measure(make, kind);
    const sorted = [...r.takeovers].sort((a, b) => a - b);
    console.log(
      `| ${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} | ${r.name} | ${fmt(percentile(r.latencies, 50), 1)} | ${fmt(percentile(r.latencies, 95), 1)} | ${fmt(Math.max(...r.latencies), 1)} | ${fmt(r.queueMs)} | ${fmt(r.burstMs)} | ${fmt(sorted[Math.floor(sorted.length / 2)]! / 1000, 1)} (${r.takeovers.map((t) => fmt(t / 1000, 1)).join(', ')}) |`,
    );
  }
}
process.exit(0);
