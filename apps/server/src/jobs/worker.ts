import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { SYSTEM, type Database } from '../db/database';
import type { Compilable } from 'kysely';
import {
  claimStatement,
  compiled,
  completeStatement,
  failStatement,
  nextWakeStatement,
  releaseStatement,
  renewStatement,
  type Claimed,
  type JobRow,
  type JobStatement,
  type JobTable,
} from './lease';

export interface JobWorkerOptions<Row extends JobRow> {
  database: Database;
  clock: Clock;
  log: Logger;
  /** this process's name in `locked_by` */
  workerId: string;
  table: JobTable;
  /** NOTIFY channel that says a job was queued */
  channel: string;
  /** runs one job; throws when it failed. The signal aborts when the claim was lost or the job ran too long. */
  run(job: Claimed<Row>, signal: AbortSignal): Promise<void>;
  /**
   * `run` writes the job's outcome itself, in its own transaction under the claim's fence (the
   * engine reschedules a timer or ends it with the event's changes): no completion is written after it.
   */
  settlesItself?: boolean;
  /** columns set beside the done status (the outbox's `sent_at`) */
  doneValues?(now: Date): Record<string, unknown>;
  /** statements written with a finished job's completion, in its transaction (the outbox's log rows say sent) */
  completionStatements?(job: Claimed<Row>): Compilable<unknown>[];
  /**
   * runs after jobs were given up (failed on their last attempt, or found abandoned past it by a
   * claim), once their `dead` status is written (the chats' step posts fail their contact); a
   * worker that dies in between leaves it unsaid
   */
  onDead?(jobs: Row[]): Promise<void>;
  /** runs once per claim with the jobs it took, before they start (the outbox reads their bundles together) */
  prepare?(jobs: Claimed<Row>[]): Promise<void>;
  /** jobs with the same key run one after another, in queue order (a resent code after the first) */
  serialKey?(job: Row): string;
  /** jobs run at the same time */
  concurrency?: number;
  /** the lease of each claimed job; renewed every third of it while the job runs */
  leaseMs?: number;
  /** a job running this long is aborted and counted as failed */
  timeoutMs?: number;
  /** the longest sleep without a NOTIFY (a missed notification costs at most this) */
  idlePollMs?: number;
}

interface Running<Row extends JobRow> {
  job: Claimed<Row>;
  controller: AbortController;
  /** `run` was called (a job may wait behind another of its serial key first) */
  started: boolean;
  /** settles when the job's outcome is written */
  settled?: Promise<boolean>;
}

export const JOB_DEFAULTS = { concurrency: 8, leaseMs: 30_000, timeoutMs: 60_000, idlePollMs: 5_000 };

/**
 * How long a stopping worker lets its running jobs finish before it aborts them and gives them
 * back; within the 10 s a process allows itself to stop (main.ts).
 */
export const STOP_GRACE_MS = 5_000;

/** Shortest sleep while something is due but held by another claimer's open transaction. */
const MIN_SLEEP_MS = 50;

/**
 * Shortest time between two claims after a wake-up while the last claim came back less than full:
 * a burst of NOTIFYs (one per queued message or due timer, hundreds a second in a storm) becomes
 * one claim of many rows instead of one claim each (docs/perf.md, "Engine lag"). A worker with a
 * backlog claims again as soon as half its slots are free.
 */
const CLAIM_GAP_MS = 25;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

class LeaseLost extends Error {
  constructor() {
    super('the lease of this job was lost');
  }
}

/** Why a job of a stopping worker was cut short: it is given back, not counted as failed. */
class Stopping extends Error {
  constructor() {
    super('the worker is stopping');
  }
}

/** Settles when `signal` aborts (never otherwise). */
const abortedBy = (signal: AbortSignal) =>
  new Promise<void>((resolve) =>
    signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true }),
  );

/**
 * Runs the jobs of one job table (src/jobs/lease.ts): claims due jobs while it has free slots, runs
 * each under its own lease (renewed while it runs, so a slow far end cannot outlive it), and
 * records the outcome through the fenced writes. Between claims it sleeps until the earliest due
 * time or someone else's lease expiry, capped by the idle poll, and a NOTIFY on its channel (or a
 * reconnect of the listener, which may have missed one) wakes it at once.
 */
export class JobWorker<Row extends JobRow> {
  #o: JobWorkerOptions<Row> & typeof JOB_DEFAULTS;
  #running = false;
  #loop: Promise<void> | null = null;
  #inFlight = new Map<string, Running<Row>>();
  #settled = new Set<Promise<boolean>>();
  #chains = new Map<string, Promise<unknown>>();
  #heartbeat: NodeJS.Timeout | null = null;
  #wakeRequested = false;
  /** the loop's sleep: when it ends (clock time) and how to end it sooner */
  #sleep: { until: number; wakeAt(until: number): void; wake(): void } | null = null;
  /** the last claim filled every slot: finished jobs should look for more */
  #saturated = false;
  /** finished jobs waiting for their completion to be written, and the write under way */
  #completions: { job: Claimed<Row>; settle(done: boolean): void; failed(error: unknown): void }[] = [];
  #writing: Promise<void> | null = null;
  /** jobs given back while stopping */
  #released = 0;

  constructor(options: JobWorkerOptions<Row>) {
    this.#o = {
      ...options,
      concurrency: options.concurrency ?? JOB_DEFAULTS.concurrency,
      leaseMs: options.leaseMs ?? JOB_DEFAULTS.leaseMs,
      timeoutMs: options.timeoutMs ?? JOB_DEFAULTS.timeoutMs,
      idlePollMs: options.idlePollMs ?? JOB_DEFAULTS.idlePollMs,
    };
  }

  async start(): Promise<void> {
    if (this.#running) return;
    await this.#o.database.listen(this.#o.channel, () => this.wake(), {
      onReconnect: () => {
        this.#o.log.info({ table: this.#o.table.name }, 'job listener reconnected; looking for jobs queued meanwhile');
        this.wake();
      },
    });
    this.#running = true;
    this.#loop = this.#run();
  }

  wake(): void {
    this.#wakeRequested = true;
    this.#sleep?.wake();
  }

  /**
   * Stops claiming and gives back what it holds: claimed jobs that have not started are released at
   * once; running jobs get `graceMs` to finish, then are aborted and released (a send cut short may
   * have reached the far end: the next one carries the same idempotency key). Other workers are
   * told at once, so nothing waits for a lease to run out.
   */
  async stop(graceMs = STOP_GRACE_MS): Promise<void> {
    this.#running = false;
    this.wake();
    await this.#loop;
    const stopping = new Stopping();
    const waiting = [...this.#inFlight.values()].filter((running) => !running.started);
    for (const running of waiting) running.controller.abort(stopping);
    const grace = setTimeout(() => {
      for (const running of this.#inFlight.values()) running.controller.abort(stopping);
    }, graceMs);
    // the jobs that had not started are given back now; the others when they end or the grace does
    await Promise.all(waiting.map((running) => running.settled));
    await this.#tellReleased();
    await Promise.all(this.#settled);
    clearTimeout(grace);
    this.#stopHeartbeat();
    await this.#tellReleased();
  }

  /** Wakes the other workers for the jobs given back since the last call. */
  async #tellReleased(): Promise<void> {
    if (this.#released === 0) return;
    this.#o.log.info({ table: this.#o.table.name, released: this.#released }, 'stopping: claimed jobs given back');
    this.#released = 0;
    await this.#o.database.notify(this.#o.channel, '').catch(() => undefined);
  }

  /** Runs everything due now and answers how many jobs finished done (tests and the CLI). */
  async drain(): Promise<number> {
    let done = 0;
    for (;;) {
      const free = this.#o.concurrency - this.#inFlight.size;
      const found = await this.#claimInto(free);
      const outcomes = await Promise.all(this.#settled);
      done += outcomes.filter(Boolean).length;
      if (free > 0 && found === 0 && this.#inFlight.size === 0) return done;
    }
  }

  /** One statement of the job layer as a whole unit of work, in one round trip. */
  async #once<T>(statement: JobStatement<T>, extra: readonly Compilable<unknown>[] = []): Promise<T> {
    const [rows] = await this.#o.database.write(SYSTEM, [compiled(this.#o.database.db, statement), ...extra]);
    return statement.answer(rows as Record<string, unknown>[]);
  }

  /** Claims into `free` slots and starts the jobs; answers how many rows it took (claimed or dead). */
  async #claimInto(free: number): Promise<number> {
    if (free <= 0) return 0;
    const { jobs, dead } = await this.#once(
      claimStatement<Row>(this.#o.table, {
        workerId: this.#o.workerId,
        now: this.#o.clock.now(),
        leaseMs: this.#o.leaseMs,
        limit: free,
      }),
    );
    for (const row of dead)
      this.#o.log.warn(
        { table: this.#o.table.name, id: row.id, attempts: row.attempts, error: row.last_error },
        'job given up after its last attempt',
      );
    if (dead.length > 0) await this.#tellDead(dead);
    if (jobs.length > 0 && this.#o.prepare) {
      try {
        await this.#o.prepare(jobs);
      } catch (error) {
        // each job reads what it needs itself
        this.#o.log.warn({ table: this.#o.table.name, error: message(error) }, 'jobs not prepared together');
      }
    }
    for (const job of jobs) this.#start(job);
    this.#saturated = jobs.length + dead.length >= free;
    return jobs.length + dead.length;
  }

  #start(job: Claimed<Row>): void {
    const controller = new AbortController();
    const running: Running<Row> = { job, controller, started: false };
    this.#inFlight.set(job.claim_token, running);
    this.#startHeartbeat();
    const key = this.#o.serialKey?.(job);
    const before = key !== undefined ? this.#chains.get(key) : undefined;
    // a job waiting behind another of its key is given back at once when the worker stops
    const settled: Promise<boolean> = (
      before ? Promise.race([before, abortedBy(controller.signal)]) : Promise.resolve()
    ).then(() => this.#execute(running));
    running.settled = settled;
    this.#settled.add(settled);
    if (key !== undefined) this.#chains.set(key, settled);
    void settled.finally(() => {
      this.#settled.delete(settled);
      this.#inFlight.delete(job.claim_token);
      if (key !== undefined && this.#chains.get(key) === settled) this.#chains.delete(key);
      if (this.#inFlight.size === 0) this.#stopHeartbeat();
      // refill once half the slots are free: one claim for several jobs, not one per job
      if (this.#saturated && this.#inFlight.size <= Math.floor(this.#o.concurrency / 2)) this.wake();
    });
  }

  /** Runs one job and records its outcome; answers whether it is done. Never throws. */
  async #execute(running: Running<Row>): Promise<boolean> {
    const { job, controller } = running;
    running.started = true;
    const { table, log, clock } = this.#o;
    const context = { table: table.name, id: job.id, attempt: job.attempts, worker: job.locked_by };
    const limit = setTimeout(
      () => controller.abort(new Error(`no result within ${this.#o.timeoutMs} ms`)),
      this.#o.timeoutMs,
    );
    let error: string | null = null;
    try {
      if (controller.signal.aborted) throw controller.signal.reason;
      await this.#o.run(job, controller.signal);
    } catch (thrown) {
      error = message(thrown);
    } finally {
      clearTimeout(limit);
    }
    try {
      if (error !== null && controller.signal.reason instanceof Stopping) {
        if (await this.#once(releaseStatement(table, job))) this.#released++;
        return false;
      }
      if (error === null) {
        if (this.#o.settlesItself) return true;
        if (await this.#complete(job)) return true;
        log.warn(
          context,
          'late result dropped: the claim of this job was lost (its lease ran out and another claim took it, or it was canceled)',
        );
        return false;
      }
      const now = clock.now();
      const outcome = await this.#once(failStatement(table, job, error, now));
      if (outcome === 'fenced')
        log.warn(
          { ...context, error },
          'late failure dropped: the claim of this job was lost (its lease ran out and another claim took it, or it was canceled)',
        );
      else
        log.warn(
          { ...context, error },
          outcome === 'dead' ? 'job failed on its last attempt: given up' : 'job failed; will retry',
        );
      if (outcome === 'dead') await this.#tellDead([{ ...job, status: 'dead', last_error: error.slice(0, 500) }]);
      // the loop may be asleep past the retry
      if (outcome === 'retry') this.#sleep?.wakeAt(now.getTime() + table.retryDelayMs(job.attempts));
    } catch (writeError) {
      // the lease runs out and another claim runs the job again (at least once)
      log.error({ ...context, error: message(writeError) }, 'job outcome not recorded');
    }
    return false;
  }

  /**
   * Writes a finished job's completion together with the others that finish meanwhile (one
   * statement while the previous one runs, not one transaction per job); answers whether the
   * claim still held.
   */
  #complete(job: Claimed<Row>): Promise<boolean> {
    const written = new Promise<boolean>((settle, failed) => this.#completions.push({ job, settle, failed }));
    if (this.#writing) return written; // the write under way takes it next
    this.#writing = (async () => {
      while (this.#completions.length > 0) {
        const batch = this.#completions.splice(0);
        try {
          const now = this.#o.clock.now();
          const jobs = batch.map((b) => b.job);
          const done = await this.#once(
            completeStatement(this.#o.table, jobs, this.#o.doneValues?.(now) ?? {}),
            jobs.flatMap((job) => this.#o.completionStatements?.(job) ?? []),
          );
          for (const b of batch) b.settle(done.has(b.job.claim_token));
        } catch (error) {
          for (const b of batch) b.failed(error);
        }
      }
      this.#writing = null;
    })();
    return written;
  }

  /** `onDead` for jobs given up; never throws (the job stays dead, its hook's failure is logged). */
  async #tellDead(jobs: Row[]): Promise<void> {
    if (!this.#o.onDead) return;
    try {
      await this.#o.onDead(jobs);
    } catch (error) {
      this.#o.log.error({ table: this.#o.table.name, error: message(error) }, 'given-up jobs not followed up');
    }
  }

  #startHeartbeat(): void {
    if (this.#heartbeat) return;
    this.#heartbeat = setInterval(() => void this.#renew(), Math.max(10, Math.floor(this.#o.leaseMs / 3)));
    this.#heartbeat.unref();
  }

  #stopHeartbeat(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
  }

  /** Extends the leases of the jobs under way; a job whose claim is gone is aborted. */
  async #renew(): Promise<void> {
    const running = [...this.#inFlight.values()];
    if (running.length === 0) return;
    try {
      const held = await this.#once(
        renewStatement(
          this.#o.table,
          running.map((r) => r.job),
          this.#o.clock.now(),
          this.#o.leaseMs,
        ),
      );
      for (const { job, controller } of running) {
        if (!held.has(job.claim_token) && this.#inFlight.has(job.claim_token)) controller.abort(new LeaseLost());
      }
    } catch (error) {
      this.#o.log.warn({ table: this.#o.table.name, error: message(error) }, 'lease renewal failed; will try again');
    }
  }

  async #run(): Promise<void> {
    const { database, table, clock, log, idlePollMs, concurrency } = this.#o;
    const { db } = database;
    let lastClaim = -Infinity;
    while (this.#running) {
      // (a worker whose last claim came back full has a backlog: it refills its slots at once)
      const gap = lastClaim + CLAIM_GAP_MS - performance.now();
      if (gap > 0 && !this.#saturated) await new Promise((resolve) => setTimeout(resolve, gap));
      lastClaim = performance.now();
      this.#wakeRequested = false;
      let sleepMs = idlePollMs;
      try {
        // fill the free slots while claims come back full
        while (this.#running && this.#inFlight.size < concurrency) {
          await this.#claimInto(concurrency - this.#inFlight.size);
          if (!this.#saturated) break;
        }
        // a wake-up that came meanwhile claims again at once: no need to know when to wake
        if (this.#inFlight.size < concurrency && !this.#wakeRequested) {
          const next = nextWakeStatement(table, [...this.#inFlight.keys()]);
          const [rows] = await database.read(SYSTEM, [compiled(db, next)]);
          const wakeAt = next.answer(rows as Record<string, unknown>[]);
          if (wakeAt) sleepMs = Math.max(MIN_SLEEP_MS, Math.min(idlePollMs, wakeAt.getTime() - clock.now().getTime()));
        }
        // with every slot busy, a finished job wakes the loop
      } catch (error) {
        log.error({ table: table.name, error: message(error) }, 'job claim failed');
      }
      if (!this.#running) break;
      if (this.#wakeRequested) continue;
      await new Promise<void>((resolve) => {
        let timer = setTimeout(resolve, sleepMs);
        this.#sleep = {
          until: clock.now().getTime() + sleepMs,
          wakeAt: (until) => {
            if (!this.#sleep || until >= this.#sleep.until) return;
            this.#sleep.until = until;
            clearTimeout(timer);
            timer = setTimeout(resolve, Math.max(MIN_SLEEP_MS, until - clock.now().getTime()));
          },
          wake: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      });
      this.#sleep = null;
    }
  }
}

/** A worker of one job table as the process runs it: start, wake at once, stop, or run what is due now. */
export class JobRunner<Row extends JobRow> {
  constructor(private readonly jobs: JobWorker<Row>) {}

  start(): Promise<void> {
    return this.jobs.start();
  }

  wake(): void {
    this.jobs.wake();
  }

  stop(): Promise<void> {
    return this.jobs.stop();
  }

  /** Runs every job due now; answers how many finished (tests and the CLI use it). */
  drain(): Promise<number> {
    return this.jobs.drain();
  }
}
