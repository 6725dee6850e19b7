import type { Logger } from 'pino';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { OUTBOX_CHANNEL, OUTBOX_JOBS } from '../db/outbox';
import type { OutboxRow } from '../db/schema';
import { JobRunner, JobWorker } from '../jobs/worker';
import type { Senders } from './channels';

export interface DispatcherOptions {
  database: Database;
  clock: Clock;
  senders: Senders;
  log: Logger;
  workerId: string;
  /** each claimed message's lease (default 30 s, renewed while it is sent) */
  leaseMs?: number;
  /** messages sent at the same time (default 8) */
  concurrency?: number;
  /** a send taking longer is aborted and retried (default 60 s; the senders time out sooner) */
  timeoutMs?: number;
  idlePollMs?: number;
}

/**
 * The worker side of the outbox: claims due messages, sends each under its own lease, and records
 * the outcome through fenced writes. Woken at once by NOTIFY when a message is queued, so a
 * message queued by any process is sent by some worker. Messages to one recipient on one channel
 * go out in queue order (a resent code arrives after the code it replaces).
 */
export class OutboxDispatcher extends JobRunner<OutboxRow> {
  constructor(options: DispatcherOptions) {
    const { senders } = options;
    super(new JobWorker<OutboxRow>({
      database: options.database,
      clock: options.clock,
      log: options.log,
      workerId: options.workerId,
      table: OUTBOX_JOBS,
      channel: OUTBOX_CHANNEL,
      run: (message, signal) => senders[message.channel](message, signal),
      doneValues: (now) => ({ sent_at: now }),
      serialKey: (message) => `${message.channel}:${message.recipient}`,
      leaseMs: options.leaseMs,
      concurrency: options.concurrency,
      timeoutMs: options.timeoutMs,
      idlePollMs: options.idlePollMs,
    }));
  }
}
