import type { OutboxChannel, OutboxRow } from './schema';
import type { Tx } from './database';
import { cancel, claim, exponentialRetry, type ClaimOptions, type ClaimResult, type JobTable } from '../jobs/lease';

export interface OutgoingMessage {
  customerId?: number | null;
  channel: OutboxChannel;
  recipient: string;
  subject?: string | null;
  body: string;
  html?: string | null;
  /** the same key twice is one message: a retried request cannot send twice */
  idempotencyKey: string;
}

export const OUTBOX_CHANNEL = 'relevo_outbox';

/**
 * The outbox as a job table: a message is done when `sent`; after 8 claims without a send it is
 * dead. Its body and HTML (codes, links) are cleared once it is sent, dead or canceled.
 */
export const OUTBOX_JOBS: JobTable = {
  name: 'outbox',
  doneStatus: 'sent',
  maxAttempts: 8,
  clearOnEnd: ['body', 'html'],
  retryDelayMs: exponentialRetry(5_000, 3_600_000),
};

/** Queues a message in the caller's transaction: it goes out only if the transaction commits. */
export async function enqueue(db: Tx, message: OutgoingMessage, now: Date): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      customer_id: message.customerId ?? null,
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: message.body,
      html: message.html ?? null,
      idempotency_key: message.idempotencyKey,
      due_at: now,
      created_at: now,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
}

/** Claims due messages (the dispatcher does this; tests claim by hand to play a worker that dies). */
export function claimMessages(db: Tx, options: ClaimOptions): Promise<ClaimResult<OutboxRow>> {
  return claim<OutboxRow>(db, OUTBOX_JOBS, options);
}

/** A queued message that must not go out (any more): false when it was already sent or ended. */
export async function cancelMessage(db: Tx, idempotencyKey: string): Promise<boolean> {
  const row = await db.selectFrom('outbox').select('id').where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
  return row ? cancel(db, OUTBOX_JOBS, row.id) : false;
}
