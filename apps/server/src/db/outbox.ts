import { sql } from 'kysely';
import type { OutboxChannel, OutboxRow } from './schema';
import type { Tx } from './database';

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
      next_attempt_at: now,
      created_at: now,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
}

/**
 * Claims due messages for this worker for `leaseSeconds`. A worker that dies leaves its lease to
 * expire and another takes the message over: a message goes out at least once, and its
 * idempotency key lets the gateway recognise a repeat.
 */
export async function claimDue(db: Tx, now: Date, workerId: string, limit: number, leaseSeconds = 60): Promise<OutboxRow[]> {
  const until = new Date(now.getTime() + leaseSeconds * 1000);
  const result = await sql<OutboxRow>`
    update outbox set locked_until = ${until}, locked_by = ${workerId}, attempts = attempts + 1
    where id in (
      select id from outbox
      where status = 'pending' and next_attempt_at <= ${now} and (locked_until is null or locked_until <= ${now})
      order by next_attempt_at, id
      limit ${limit}
      for update skip locked
    )
    returning *`.execute(db);
  // RETURNING keeps no order: send in the order the messages were queued (a resent code after the first)
  return result.rows.sort((a, b) => new Date(a.next_attempt_at).getTime() - new Date(b.next_attempt_at).getTime() || Number(a.id) - Number(b.id));
}

/** Sent: the body (codes, links) is cleared, the record stays. */
export async function markSent(db: Tx, id: number, workerId: string, now: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ status: 'sent', sent_at: now, body: null, html: null, locked_until: null, last_error: null })
    .where('id', '=', id)
    .where('locked_by', '=', workerId)
    .execute();
}

const MAX_ATTEMPTS = 8;

/** Failed: retried with growing delays, then given up (and cleared). */
export async function markFailed(db: Tx, row: OutboxRow, error: string, now: Date): Promise<void> {
  const giveUp = row.attempts >= MAX_ATTEMPTS;
  const delaySeconds = Math.min(3600, 5 * 2 ** Math.max(0, row.attempts - 1));
  await db
    .updateTable('outbox')
    .set({
      status: giveUp ? 'failed' : 'pending',
      last_error: error.slice(0, 500),
      locked_until: null,
      next_attempt_at: new Date(now.getTime() + delaySeconds * 1000),
      ...(giveUp ? { body: null, html: null } : {}),
    })
    .where('id', '=', row.id)
    .execute();
}

/** When the next pending message is due (for the worker's sleep). */
export async function nextDueAt(db: Tx): Promise<Date | null> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.min('next_attempt_at').as('due'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return row?.due ? new Date(row.due as unknown as string) : null;
}
