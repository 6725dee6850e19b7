import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { EngineTimersTable } from '../db/schema';
import { exponentialRetry, type JobRow, type JobTable } from '../jobs/lease';
import { JobRunner, JobWorker } from '../jobs/worker';
import { advanceEvent, ENGINE_CHANNEL } from './advance';

/** The engine's timers as a job table: one row per event, claimed when due (docs/product.md#escalation-engine). */
export const ENGINE_JOBS: JobTable = {
  name: 'engine_timers',
  doneStatus: 'done',
  // failed wake-ups in a row (a database error, a bug); each success starts the count again
  maxAttempts: 10,
  retryDelayMs: exponentialRetry(1_000, 300_000),
};

type TimerRow = JobRow & Pick<EngineTimersTable, 'event_id'>;

export interface EngineWorkerOptions {
  database: Database;
  clock: Clock;
  log: Logger;
  workerId: string;
  /** ESCALATION_TIME_SCALE */
  scale: number;
  /** the responder page of a step's contact */
  link?: (eventId: number, step: number) => string;
  /** CUSTOMER_MESSAGES_PER_MINUTE */
  customerMessagesPerMinute?: number;
  /** CONTACT_WINDOW_SECONDS in ms */
  contactWindowMs?: number;
  concurrency?: number;
  leaseMs?: number;
  idlePollMs?: number;
}

/**
 * The escalation engine's worker: claims the timers that came due (any number of workers share
 * them; a crashed one's claims are taken over when their lease runs out) and applies each in one
 * transaction under its claim's fence.
 */
export class EngineWorker extends JobRunner<TimerRow> {
  constructor(options: EngineWorkerOptions) {
    const { database, clock, scale } = options;
    super(
      new JobWorker<TimerRow>({
        database,
        clock,
        log: options.log,
        workerId: options.workerId,
        table: ENGINE_JOBS,
        channel: ENGINE_CHANNEL,
        settlesItself: true,
        run: async (timer) => {
          const result = await database.scopedPrepared({ kind: 'staff' }, (tx) =>
            advanceEvent(
              tx,
              timer.id,
              { kind: 'due' },
              clock.now(),
              {
                scale,
                link: options.link,
                customerMessagesPerMinute: options.customerMessagesPerMinute,
                contactWindowMs: options.contactWindowMs,
              },
              timer,
            ),
          );
          if (result === 'lost')
            options.log.warn({ timer: timer.id, event: timer.event_id }, 'engine wake-up dropped: its claim was lost');
        },
        concurrency: options.concurrency,
        leaseMs: options.leaseMs,
        idlePollMs: options.idlePollMs,
      }),
    );
  }
}
