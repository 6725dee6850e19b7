import type { Logger } from 'pino';
import type { Clock } from '../clock';
import { bundleMessage } from '@relevo/domain';
import { SYSTEM, type Database } from '../db/database';
import { bundledWith, markSent } from '../db/contacts';
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
 * Sends one message. An engine contact goes with the contacts bundled into it while it waited
 * (throttling, db/contacts.ts), in one text; once it is out, their log rows say sent.
 */
async function send(database: Database, senders: Senders, message: OutboxRow, signal: AbortSignal): Promise<void> {
  if (!message.idempotency_key.startsWith('event:')) return senders[message.channel](message, signal);
  const [bundled] = await database.read(SYSTEM, [bundledWith(database.db, message.id)]);
  const text = bundleMessage(
    message.channel,
    message.language ?? 'ES',
    { subject: message.subject, body: message.body ?? '' },
    bundled.map((b) => ({ label: b.bundle_label ?? b.idempotency_key, subject: b.subject, body: b.body ?? '' })),
  );
  await senders[message.channel]({ ...message, subject: text.subject, body: text.body }, signal);
  await database.write(SYSTEM, markSent(database.db, message.idempotency_key, bundled));
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
      run: (message, signal) => send(options.database, senders, message, signal),
      doneValues: (now) => ({ sent_at: now }),
      serialKey: (message) => `${message.channel}:${message.recipient}`,
      leaseMs: options.leaseMs,
      concurrency: options.concurrency,
      timeoutMs: options.timeoutMs,
      idlePollMs: options.idlePollMs,
    }));
  }
}
