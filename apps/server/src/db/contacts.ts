import { customerSlot, recipientSlot, type EngineChannel } from '@relevo/domain';
import type { Tx } from './database';
import { OUTBOX_JOBS } from './outbox';
import { cancel } from '../jobs/lease';

/** A contact of the engine to send: the message and what its bundle needs. */
export interface ContactMessage {
  customerId: number;
  channel: EngineChannel;
  recipient: string;
  subject: string | null;
  body: string;
  idempotencyKey: string;
  language: string;
  /** how a bundle names it: "CASE incident", and for an SMS its responder link */
  label: string;
}

export type Queued = 'queued' | 'bundled' | 'opted-out' | 'again';

/**
 * Queues an engine contact in the caller's transaction, throttled (service.md 6): one message per
 * recipient and channel per real minute, across every event and customer. The recipient's slot row
 * is locked, so two workers decide one after the other:
 * - a message of the recipient still waiting (not yet claimed by a sender): the contact goes with
 *   it (bundled);
 * - else a message of its own, at once or when the minute of the last one has passed, and no sooner
 *   than the customer's cap allows (held back, never dropped).
 * An SMS to a number that replied STOP is not queued ('opted-out'). A key queued before (a re-run
 * after a crash) changes nothing ('again').
 */
export interface ThrottleSettings {
  /** CUSTOMER_MESSAGES_PER_MINUTE */
  customerCap: number;
  /** CONTACT_WINDOW_SECONDS in ms: one message per recipient and channel within it; 0 turns throttling off */
  windowMs: number;
}

export async function queueContact(tx: Tx, message: ContactMessage, now: Date, throttle: ThrottleSettings): Promise<Queued> {
  const known = await tx.selectFrom('outbox').select('id').where('idempotency_key', '=', message.idempotencyKey).executeTakeFirst();
  if (known) return 'again';
  if (message.channel === 'sms') {
    const stopped = await tx.selectFrom('sms_opt_outs').select('phone').where('phone', '=', message.recipient).executeTakeFirst();
    if (stopped) return 'opted-out';
  }
  const values = {
    customer_id: message.customerId,
    channel: message.channel,
    recipient: message.recipient,
    subject: message.subject,
    body: message.body,
    idempotency_key: message.idempotencyKey,
    language: message.language,
    bundle_label: message.label.slice(0, 400),
    created_at: now,
  };
  if (throttle.windowMs === 0) {
    await tx.insertInto('outbox').values({ ...values, due_at: now }).execute();
    return 'queued';
  }

  await tx.insertInto('contact_slots').values({ channel: message.channel, recipient: message.recipient, slot_at: new Date(0), head_id: null }).onConflict((c) => c.columns(['channel', 'recipient']).doNothing()).execute();
  const slot = await tx.selectFrom('contact_slots').select(['slot_at', 'head_id']).where('channel', '=', message.channel).where('recipient', '=', message.recipient).forUpdate().executeTakeFirstOrThrow();
  if (slot.head_id !== null) {
    // a waiting message is locked while the contact joins it: a sender cannot claim it meanwhile
    const head = await tx.selectFrom('outbox').select('id').where('id', '=', slot.head_id).where('status', '=', 'pending').forUpdate().executeTakeFirst();
    if (head) {
      await tx.insertInto('outbox').values({ ...values, status: 'bundled', bundled_into: head.id, due_at: now }).execute();
      return 'bundled';
    }
  }

  let at = recipientSlot(slot.slot_at.getTime(), now.getTime(), throttle.windowMs);
  await tx.insertInto('customer_send_windows').values({ customer_id: message.customerId, started_at: new Date(0), count: 0 }).onConflict((c) => c.column('customer_id').doNothing()).execute();
  const window = await tx.selectFrom('customer_send_windows').select(['started_at', 'count']).where('customer_id', '=', message.customerId).forUpdate().executeTakeFirstOrThrow();
  let counted = customerSlot({ started_at: window.started_at.getTime(), count: window.count }, throttle.customerCap, at);
  // held back: counted in the window it goes in
  if (counted.sendAt > at) {
    at = counted.sendAt;
    counted = customerSlot(counted.window, throttle.customerCap, at);
  }
  await tx.updateTable('customer_send_windows').set({ started_at: new Date(counted.window.started_at), count: counted.window.count }).where('customer_id', '=', message.customerId).execute();

  const head = await tx.insertInto('outbox').values({ ...values, due_at: new Date(at) }).returning('id').executeTakeFirstOrThrow();
  await tx.updateTable('contact_slots').set({ slot_at: new Date(at), head_id: head.id }).where('channel', '=', message.channel).where('recipient', '=', message.recipient).execute();
  return 'queued';
}

/**
 * service.md 6.6: an event that closes cancels its contacts still waiting (one under way may still
 * go out). A waiting message that carries other events' contacts hands them to the first of them,
 * which waits in its place; the event's own contacts in other messages' bundles leave them.
 */
export async function cancelEventContacts(tx: Tx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  // out of the bundles still waiting (one already sent or being sent took them along)
  await tx
    .updateTable('outbox')
    .set({ status: 'canceled', bundled_into: null, body: null })
    .where('status', '=', 'bundled')
    .where('idempotency_key', 'in', keys)
    .where('bundled_into', 'in', tx.selectFrom('outbox as head').select('head.id').where('head.status', '=', 'pending'))
    .execute();
  const queued = await tx.selectFrom('outbox').select(['id', 'status', 'due_at', 'channel', 'recipient']).where('status', 'in', ['pending', 'claimed']).where('idempotency_key', 'in', keys).orderBy('id').execute();
  for (const message of queued) {
    const carried = message.status === 'pending' ? await tx.selectFrom('outbox').select('id').where('bundled_into', '=', message.id).where('status', '=', 'bundled').orderBy('id').forUpdate().execute() : [];
    if (!(await cancel(tx, OUTBOX_JOBS, message.id))) continue;
    const [next, ...rest] = carried;
    if (!next) continue;
    await tx.updateTable('outbox').set({ status: 'pending', bundled_into: null, due_at: message.due_at }).where('id', '=', next.id).execute();
    if (rest.length > 0) await tx.updateTable('outbox').set({ bundled_into: next.id }).where('id', 'in', rest.map((r) => r.id)).execute();
    await tx.updateTable('contact_slots').set({ head_id: next.id }).where('channel', '=', message.channel).where('recipient', '=', message.recipient).where('head_id', '=', message.id).execute();
  }
}

/** The contacts that go out with a message, oldest first. */
export function bundledWith(db: Tx, headId: number) {
  return db.selectFrom('outbox').select(['id', 'idempotency_key', 'subject', 'body', 'bundle_label']).where('bundled_into', '=', headId).where('status', '=', 'bundled').orderBy('id');
}

/** After a message went out: its contacts' log rows say sent, and the bundled texts (links) are cleared. */
export function markSent(db: Tx, headKey: string, bundled: readonly { id: number; idempotency_key: string }[]) {
  const keys = [headKey, ...bundled.map((b) => b.idempotency_key)];
  return [
    db.updateTable('event_logs').set({ delivery_status: 'sent' }).where('idempotency_key', 'in', keys).where('delivery_status', '=', 'queued'),
    ...(bundled.length > 0 ? [db.updateTable('outbox').set({ body: null }).where('id', 'in', bundled.map((b) => b.id))] : []),
  ];
}
