import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { ManualClock } from '../src/clock';
import { SYSTEM, type Database } from '../src/db/database';
import { cancelMessage, claimMessages, enqueue, OUTBOX_JOBS } from '../src/delivery/queries';
import {
  cancel,
  claim,
  complete,
  completeAll,
  exponentialRetry,
  fail,
  nextWakeAt,
  releaseStatement,
  renew,
  runIn,
  type Claimed,
  type JobRow,
  type JobTable,
} from '../src/jobs/lease';
import { DATABASE_KINDS } from './support/databases';
import { migratedDatabase, type MigratedDatabase } from './support/migrated';

/** An outbox row given up after its 8 attempts: its message and claim dropped. */
const DEAD_AFTER_EIGHT = { status: 'dead', attempts: 8, body: null, html: null, claim_token: null } as const;

const LEASE = 10_000;

describe.each(DATABASE_KINDS)('job leases on %s', (kind) => {
  let fresh: MigratedDatabase;
  let database: Database;
  const clock = new ManualClock(Date.UTC(2030, 0, 1, 12));
  let counter = 0;

  beforeAll(async () => {
    fresh = await migratedDatabase(kind);
    database = fresh.database;
  });
  afterAll(() => fresh?.close());
  beforeEach(async () => {
    // each case starts from an empty queue
    await database.scoped(SYSTEM, (tx) => tx.deleteFrom('outbox').execute());
  });

  const system = <T>(
    work: Parameters<Database['scoped']>[1] extends (tx: infer X) => Promise<unknown> ? (tx: X) => Promise<T> : never,
  ) => database.scoped(SYSTEM, work);

  /** Queues a message due `inMs` from now; answers its key. */
  async function queue(inMs = 0): Promise<string> {
    const key = `lease-${kind}-${++counter}`;
    await system((tx) =>
      enqueue(
        tx,
        { channel: 'sms', recipient: '+17875550100', body: `body of ${key}`, idempotencyKey: key },
        new Date(clock.now().getTime() + inMs),
      ),
    );
    return key;
  }
  const take = (workerId: string, limit = 10, leaseMs = LEASE) =>
    system((tx) => claimMessages(tx, { workerId, now: clock.now(), leaseMs, limit }));
  const row = (key: string) =>
    system((tx) => tx.selectFrom('outbox').selectAll().where('idempotency_key', '=', key).executeTakeFirstOrThrow());

  it('claims due jobs in queue order, each with its own lease and token, and leaves jobs not yet due', async () => {
    const later = await queue(60_000);
    const second = await queue(-1_000);
    const first = await queue(-5_000);
    const third = await queue(0);
    const { jobs, dead } = await take('w1');
    expect(dead).toEqual([]);
    expect(jobs.map((j) => j.idempotency_key)).toEqual([first, second, third]);
    for (const job of jobs) {
      expect(job).toMatchObject({ status: 'claimed', attempts: 1, locked_by: 'w1' });
      expect(job.locked_until.getTime()).toBe(clock.now().getTime() + LEASE);
    }
    expect(new Set(jobs.map((j) => j.claim_token)).size).toBe(3);
    expect((await row(later)).status).toBe('pending');
    expect((await take('w2')).jobs).toEqual([]);
  });

  it('claims no more than asked, and the next claim takes the rest', async () => {
    for (let i = 0; i < 5; i++) await queue();
    expect((await take('w1', 2)).jobs).toHaveLength(2);
    expect((await take('w2', 10)).jobs).toHaveLength(3);
    expect((await take('w3', 10)).jobs).toHaveLength(0);
  });

  it('lets another worker take a job over only once its lease ran out', async () => {
    const key = await queue();
    const [mine] = (await take('stalled')).jobs;
    clock.advance(LEASE - 1);
    expect((await take('other')).jobs).toEqual([]);
    clock.advance(1);
    const [theirs] = (await take('other')).jobs;
    expect(theirs).toMatchObject({ idempotency_key: key, attempts: 2, locked_by: 'other', body: `body of ${key}` });
    expect(theirs!.claim_token).not.toBe(mine!.claim_token);
  });

  it('fences off every late write of a claim that was taken over: nothing changes', async () => {
    const key = await queue();
    const [stale] = (await take('w1')).jobs;
    clock.advance(LEASE);
    const [current] = (await take('w2')).jobs;
    const before = await row(key);

    expect(await system((tx) => complete(tx, OUTBOX_JOBS, stale!, { sent_at: clock.now() }))).toBe(false);
    expect(await system((tx) => fail(tx, OUTBOX_JOBS, stale!, 'late failure', clock.now()))).toBe('fenced');
    expect(await system((tx) => renew(tx, OUTBOX_JOBS, [stale!], clock.now(), LEASE))).toEqual(new Set());
    expect(await row(key)).toEqual(before);
    expect(before).toMatchObject({
      status: 'claimed',
      locked_by: 'w2',
      claim_token: current!.claim_token,
      body: `body of ${key}`,
    });

    // the current claim still writes, and once sent a late failure cannot put it back to pending
    expect(await system((tx) => complete(tx, OUTBOX_JOBS, current!, { sent_at: clock.now() }))).toBe(true);
    expect(await system((tx) => fail(tx, OUTBOX_JOBS, current!, 'late failure', clock.now()))).toBe('fenced');
    expect(await row(key)).toMatchObject({
      status: 'sent',
      body: null,
      html: null,
      claim_token: null,
      locked_until: null,
      last_error: null,
    });
  });

  it('gives a claim back at once (a stopping worker): pending and claimable now, the claim not counted, and only by the claim that holds it', async () => {
    const key = await queue();
    const [given] = (await take('stopping')).jobs;
    expect(await system((tx) => runIn(tx, releaseStatement(OUTBOX_JOBS, given!)))).toBe(true);
    expect(await row(key)).toMatchObject({
      status: 'pending',
      attempts: 0,
      locked_by: null,
      locked_until: null,
      claim_token: null,
      body: `body of ${key}`,
    });
    // another worker takes it without waiting for the lease, as its first attempt
    const [taken] = (await take('other')).jobs;
    expect(taken).toMatchObject({ idempotency_key: key, attempts: 1, locked_by: 'other' });
    // the old claim gives back nothing more: the new claim keeps the job
    expect(await system((tx) => runIn(tx, releaseStatement(OUTBOX_JOBS, given!)))).toBe(false);
    expect(await row(key)).toMatchObject({ status: 'claimed', locked_by: 'other', claim_token: taken!.claim_token });
  });

  it('completes many claims in one statement, only those still held', async () => {
    const [a, b, c] = [await queue(), await queue(), await queue()];
    const first = (await take('w1', 3, 1_000)).jobs;
    clock.advance(1_000);
    // the second message's lease ran out and another worker took it
    const [taken] = (await take('w2', 1)).jobs;
    expect(taken!.idempotency_key).toBe(a);
    const done = await system((tx) => completeAll(tx, OUTBOX_JOBS, first, { sent_at: clock.now() }));
    expect(done).toEqual(new Set(first.filter((j) => j.idempotency_key !== a).map((j) => j.claim_token)));
    expect((await row(a)).status).toBe('claimed');
    expect([(await row(b)).status, (await row(c)).status]).toEqual(['sent', 'sent']);
  });

  it('fences by the claim token, not the worker: the same worker claiming a row twice cannot write with the first claim', async () => {
    const key = await queue();
    const [first] = (await take('w1')).jobs;
    clock.advance(LEASE);
    const [second] = (await take('w1')).jobs;
    expect(second!.locked_by).toBe(first!.locked_by);
    expect(await system((tx) => complete(tx, OUTBOX_JOBS, first!))).toBe(false);
    expect((await row(key)).status).toBe('claimed');
    expect(await system((tx) => complete(tx, OUTBOX_JOBS, second!))).toBe(true);
  });

  it('renews a held lease so no one takes the job over, and answers which claims it still holds', async () => {
    const key = await queue();
    const [held] = (await take('w1')).jobs;
    clock.advance(LEASE - 1000);
    expect(await system((tx) => renew(tx, OUTBOX_JOBS, [held!], clock.now(), LEASE))).toEqual(
      new Set([held!.claim_token]),
    );
    clock.advance(5_000);
    expect((await take('w2')).jobs).toEqual([]);
    expect((await row(key)).locked_until!.getTime()).toBe(clock.now().getTime() - 5_000 + LEASE);
  });

  it('retries a failure after a growing delay and gives up after the cap, clearing the body', async () => {
    const key = await queue();
    let job = (await take('w1')).jobs[0]!;
    expect(await system((tx) => fail(tx, OUTBOX_JOBS, job, 'busy', clock.now()))).toBe('retry');
    expect((await row(key)).due_at.getTime() - clock.now().getTime()).toBe(5_000);
    for (let attempt = 2; attempt <= OUTBOX_JOBS.maxAttempts; attempt++) {
      clock.advance(OUTBOX_JOBS.retryDelayMs(attempt - 1));
      job = (await take('w1')).jobs[0]!;
      expect(job.attempts).toBe(attempt);
      const outcome = await system((tx) => fail(tx, OUTBOX_JOBS, job, `busy ${attempt}`, clock.now()));
      expect(outcome).toBe(attempt === OUTBOX_JOBS.maxAttempts ? 'dead' : 'retry');
    }
    expect(await row(key)).toMatchObject({ ...DEAD_AFTER_EIGHT, last_error: 'busy 8' });
    clock.advance(3_600_000);
    expect(await take('w1')).toEqual({ jobs: [], dead: [] });
  });

  it('moves a job whose last allowed claim ran out to dead in the claim, and never claims it again', async () => {
    const key = await queue();
    for (let attempt = 1; attempt <= OUTBOX_JOBS.maxAttempts; attempt++) {
      const { jobs } = await take(`crashing-${attempt}`);
      expect(jobs.map((j) => j.attempts)).toEqual([attempt]);
      clock.advance(LEASE); // the worker dies holding it
    }
    const { jobs, dead } = await take('w9');
    expect(jobs).toEqual([]);
    expect(dead.map((d) => d.idempotency_key)).toEqual([key]);
    expect(await row(key)).toMatchObject({ ...DEAD_AFTER_EIGHT, locked_until: null });
    expect((await row(key)).last_error).toContain('no result after 8 attempts');
    clock.advance(LEASE);
    expect(await take('w10')).toEqual({ jobs: [], dead: [] });
  });

  it('never claims a canceled job, and a claim canceled under way can no longer write', async () => {
    const waiting = await queue();
    expect(await system((tx) => cancelMessage(tx, waiting))).toBe(true);
    expect(await row(waiting)).toMatchObject({ status: 'canceled', body: null, html: null });
    clock.advance(LEASE);
    expect((await take('w1')).jobs).toEqual([]);

    const underWay = await queue();
    const [job] = (await take('w1')).jobs;
    expect(await system((tx) => cancelMessage(tx, underWay))).toBe(true);
    expect(await system((tx) => renew(tx, OUTBOX_JOBS, [job!], clock.now(), LEASE))).toEqual(new Set());
    expect(await system((tx) => complete(tx, OUTBOX_JOBS, job!))).toBe(false);
    expect(await system((tx) => fail(tx, OUTBOX_JOBS, job!, 'x', clock.now()))).toBe('fenced');
    expect((await row(underWay)).status).toBe('canceled');
    clock.advance(LEASE * 2);
    expect((await take('w2')).jobs).toEqual([]);
    // an ended job cannot be canceled
    expect(await system((tx) => cancelMessage(tx, underWay))).toBe(false);
  });

  it('computes the next wake-up from due times and the leases of other claims', async () => {
    const t0 = clock.now().getTime();
    expect(await system((tx) => nextWakeAt(tx, OUTBOX_JOBS))).toBeNull();
    await queue(30_000);
    expect((await system((tx) => nextWakeAt(tx, OUTBOX_JOBS)))!.getTime()).toBe(t0 + 30_000);
    await queue(0);
    const [held] = (await take('w1', 1)).jobs;
    // someone else's lease runs out before the next due time
    expect((await system((tx) => nextWakeAt(tx, OUTBOX_JOBS)))!.getTime()).toBe(t0 + LEASE);
    // the worker's own claims it renews itself
    expect((await system((tx) => nextWakeAt(tx, OUTBOX_JOBS, [held!.claim_token])))!.getTime()).toBe(t0 + 30_000);
    await queue(-2_000);
    expect((await system((tx) => nextWakeAt(tx, OUTBOX_JOBS)))!.getTime()).toBe(t0 - 2_000);
  });

  it('never gives two concurrent claimers the same row', async () => {
    const total = 120;
    await system(async (tx) => {
      for (let i = 0; i < total; i++) {
        await enqueue(
          tx,
          { channel: 'sms', recipient: '+17875550100', body: `race ${i}`, idempotencyKey: `race-${kind}-${i}` },
          clock.now(),
        );
      }
    });
    const claimer = async (name: string) => {
      const ids: number[] = [];
      for (;;) {
        const { jobs } = await take(name, 3);
        if (jobs.length === 0) return ids;
        ids.push(...jobs.map((j) => j.id));
      }
    };
    const all = (await Promise.all(['a', 'b', 'c', 'd'].map(claimer))).flat();
    expect(all).toHaveLength(total);
    expect(new Set(all).size).toBe(total);
  });

  it('serves any table that has the job columns (as the engine timers do)', async () => {
    const ddl = [
      `create table sample_timers (
        id integer generated by default as identity primary key,
        event_id integer not null,
        status text not null default 'pending' check (status in ('pending', 'claimed', 'fired', 'dead', 'canceled')),
        due_at timestamptz not null,
        attempts integer not null default 0,
        locked_by text,
        locked_until timestamptz,
        claim_token uuid,
        last_error text,
        fired_at timestamptz
      )`,
      `grant select, insert, update, delete on sample_timers to relevo_staff`,
    ];
    await asOwner(ddl);
    const timers: JobTable = {
      name: 'sample_timers',
      doneStatus: 'fired',
      maxAttempts: 3,
      retryDelayMs: exponentialRetry(1_000, 60_000),
    };
    const t0 = clock.now().getTime();
    await system((tx) =>
      sql`insert into sample_timers (event_id, due_at) values (1, ${new Date(t0 + 1_000)}), (2, ${new Date(t0 - 1_000)}), (3, ${new Date(t0 + 5_000)})`.execute(
        tx,
      ),
    );
    type Timer = JobRow & { event_id: number; fired_at: Date | null };
    const claimTimers = () =>
      system((tx) => claim<Timer>(tx, timers, { workerId: 'engine', now: clock.now(), leaseMs: LEASE, limit: 10 }));
    expect((await claimTimers()).jobs.map((j) => j.event_id)).toEqual([2]);
    clock.advance(1_000);
    const [timer] = (await claimTimers()).jobs as Claimed<Timer>[];
    expect(timer!.event_id).toBe(1);
    expect(await system((tx) => complete(tx, timers, timer!, { fired_at: clock.now() }))).toBe(true);
    expect((await system((tx) => nextWakeAt(tx, timers)))!.getTime()).toBe(t0 + 5_000);
    const three = await system((tx) =>
      sql<{ id: number }>`select id from sample_timers where event_id = 3`.execute(tx),
    );
    expect(await system((tx) => cancel(tx, timers, three.rows[0]!.id))).toBe(true);
    const rows = await system((tx) => sql<Timer>`select * from sample_timers order by event_id`.execute(tx));
    expect(rows.rows.map((r) => [r.event_id, r.status])).toEqual([
      [1, 'fired'],
      [2, 'claimed'],
      [3, 'canceled'],
    ]);
    expect(rows.rows[0]!.fired_at!.getTime()).toBe(clock.now().getTime());
  });

  /** DDL as the owner of the database (the app roles own nothing). */
  async function asOwner(statements: string[]): Promise<void> {
    if (fresh.testDb.url) {
      const client = new pg.Client({ connectionString: fresh.testDb.url });
      await client.connect();
      try {
        for (const statement of statements) await client.query(statement);
      } finally {
        await client.end();
      }
      return;
    }
    await sql.raw('reset role').execute(database.db);
    try {
      for (const statement of statements) await sql.raw(statement).execute(database.db);
    } finally {
      await sql.raw('set role relevo_app').execute(database.db);
    }
  }
});
