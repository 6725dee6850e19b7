import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  EVENT_AUDIO_DAYS,
  Role,
  customerSlot,
  recipientSlot,
  type ContactLanguage,
  type CustomerWindow,
  type DeliveryStatus,
  type DisplayLanguage,
  type EngineChannel,
} from '@relevo/domain';
import type { Tx } from '../db/database';
import type { OutboxChannel, OutboxRow } from '../db/schema';
import type { SendOutcome } from './channels';
import type { SendJournal } from './chain-sender';
import type { Database } from '../db/database';
import type { Clock } from '../clock';
import { wakeAfterCommit } from '../db/wake';
import {
  cancel,
  claim,
  exponentialRetry,
  type Claimed,
  type ClaimOptions,
  type ClaimResult,
  type JobTable,
} from '../jobs/lease';

// The delivery area's SQL: the outbox, the engine's contacts and their throttling,
// and the voice calls' audio.

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

/**
 * Queues an e-mail to each active Customer Root of a customer (the notices their organisation's
 * settings call for: a gap in a schedule, a webhook disabled), one key per person so a second run
 * queues nothing more, and wakes the dispatcher after the commit; `compose` writes each in the
 * person's language (docs/product.md#languages). Answers how many were written to.
 */
export async function mailCustomerRoots(
  tx: Tx,
  customerId: number,
  compose: (user: { id: number; name: string; language: DisplayLanguage | null }) => {
    subject: string;
    text: string;
    key: string;
  },
  now: Date,
): Promise<number> {
  const roots = await tx
    .selectFrom('users')
    .select(['id', 'name', 'email', 'language'])
    .where('customer_id', '=', customerId)
    .where('rol_id', '=', Role.CustomerRoot)
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  for (const user of roots) {
    const mail = compose(user);
    await enqueue(
      tx,
      {
        customerId,
        channel: 'email',
        recipient: user.email,
        subject: mail.subject,
        body: mail.text,
        idempotencyKey: mail.key,
      },
      now,
    );
  }
  if (roots.length > 0) wakeAfterCommit(tx, OUTBOX_CHANNEL);
  return roots.length;
}

/** Claims due messages (the dispatcher does this; tests claim by hand to play a worker that dies). */
export function claimMessages(db: Tx, options: ClaimOptions): Promise<ClaimResult<OutboxRow>> {
  return claim<OutboxRow>(db, OUTBOX_JOBS, options);
}

/** A queued message that must not go out (any more): false when it was already sent or ended. */
export async function cancelMessage(db: Tx, idempotencyKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('outbox')
    .select('id')
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row ? cancel(db, OUTBOX_JOBS, row.id) : false;
}

/** A contact of the engine to send: the message and what its bundle needs. */
export interface ContactMessage {
  customerId: number;
  /** a team chat step's contact is no message: it posts through the chats' notices (team-chat/queries.ts) */
  channel: Exclude<EngineChannel, 'chat'>;
  recipient: string;
  subject: string | null;
  body: string;
  idempotencyKey: string;
  language: string;
  /** how a bundle names it: "CASE incident", and for an SMS its responder link */
  label: string;
}

export type Queued = 'queued' | 'bundled' | 'opted-out' | 'again';

/** Throttling's settings (docs/product.md#escalation-engine). */
export interface ThrottleSettings {
  /** CUSTOMER_MESSAGES_PER_MINUTE */
  customerCap: number;
  /** CONTACT_WINDOW_SECONDS in ms: one message per recipient and channel within it; 0 turns throttling off */
  windowMs: number;
}

/** A contact that needs a message of its own, no sooner than `at` (its recipient's minute). */
export interface PlacedContact {
  message: ContactMessage;
  at: number;
}

/** Where a contact goes: nowhere ('again', 'opted-out'), with a waiting message ('bundled'), or a message of its own. */
export type Placement = Exclude<Queued, 'queued'> | PlacedContact;

const outboxValues = (message: ContactMessage, now: Date) => ({
  customer_id: message.customerId,
  channel: message.channel,
  recipient: message.recipient,
  subject: message.subject,
  body: message.body,
  idempotency_key: message.idempotencyKey,
  language: message.language,
  bundle_label: message.label.slice(0, 400),
  created_at: now,
});

/*
 * An engine contact is queued in the caller's transaction, throttled (docs/product.md#escalation-engine): one message per
 * recipient and channel per real minute, across every event and customer, and no more than the
 * customer's cap per minute (held back, never dropped). An SMS to a number that replied STOP is
 * not queued ('opted-out'). A key queued before (a re-run after a crash) changes nothing ('again').
 * In two halves, so that a unit of work holds the customer's row (which every contact of the
 * customer needs) only at its very end: `placeContact` where the contact is decided, then
 * `queuePlaced` last, for every contact placed.
 */

/**
 * The contact's recipient, decided in one statement that locks the recipient's slot (two workers
 * decide one after the other): a message of the recipient still waiting (not yet claimed by a
 * sender) takes the contact along (bundled); else the contact needs a message of its own, at once
 * or when the minute of the last one has passed.
 */
export async function placeContact(
  tx: Tx,
  message: ContactMessage,
  now: Date,
  throttle: ThrottleSettings,
): Promise<Placement> {
  const checks = sql<{ known: number | null; stopped: boolean | null }>`
    select
      (select id from outbox where idempotency_key = ${message.idempotencyKey}) as known,
      (select true from sms_opt_outs where phone = ${message.recipient} and ${message.channel} = 'sms') as stopped`;
  if (throttle.windowMs === 0) {
    const [found] = (await checks.execute(tx)).rows;
    if (found?.known != null) return 'again';
    if (found?.stopped) return 'opted-out';
    return { message, at: now.getTime() };
  }
  // the slot is made or locked (an upsert's update locks the row, and answers its latest version)
  const result = await sql<{ known: number | null; stopped: boolean | null; slot_at: Date; head_id: number | null }>`
    with slot as (
      insert into contact_slots (channel, recipient, slot_at, head_id) values (${message.channel}, ${message.recipient}, ${new Date(0)}, null)
      on conflict (channel, recipient) do update set head_id = contact_slots.head_id
      returning slot_at, head_id
    )
    select checks.known, checks.stopped, slot.slot_at, slot.head_id from slot cross join (${checks}) as checks`.execute(
    tx,
  );
  const row = result.rows[0]!;
  if (row.known != null) return 'again';
  if (row.stopped) return 'opted-out';
  if (row.head_id !== null) {
    // a statement of its own: it must see the message of a unit of work that held the slot just before
    // (committed after this one's first statement began); locked, so a sender cannot claim it meanwhile
    const head = await tx
      .selectFrom('outbox')
      .select('id')
      .where('id', '=', row.head_id)
      .where('status', '=', 'pending')
      .forUpdate()
      .executeTakeFirst();
    if (head) {
      await tx
        .insertInto('outbox')
        .values({ ...outboxValues(message, now), status: 'bundled', bundled_into: head.id, due_at: now })
        .execute();
      return 'bundled';
    }
  }
  return { message, at: recipientSlot(new Date(row.slot_at).getTime(), now.getTime(), throttle.windowMs) };
}

/**
 * The messages of placed contacts (one customer's), last in the unit of work: the customer's
 * minute is locked, each message counted in it (or held back to the next one past the cap), queued,
 * made its recipient's waiting message, and the senders told, each in one statement.
 */
export async function queuePlaced(
  tx: Tx,
  placed: readonly PlacedContact[],
  now: Date,
  throttle: ThrottleSettings,
): Promise<void> {
  if (placed.length === 0) return;
  if (throttle.windowMs === 0) {
    await sql`
      with queued as (
        insert into outbox (customer_id, channel, recipient, subject, body, idempotency_key, language, bundle_label, created_at, due_at)
        select * from jsonb_to_recordset(${JSON.stringify(placed.map(({ message }) => ({ ...outboxValues(message, now), due_at: now })))}::jsonb)
          as m(customer_id integer, channel text, recipient text, subject text, body text, idempotency_key text, language text, bundle_label text, created_at timestamptz, due_at timestamptz)
        returning id
      )
      select count(*) from queued`.execute(tx);
    wakeAfterCommit(tx, OUTBOX_CHANNEL);
    return;
  }
  const customerId = placed[0]!.message.customerId;
  const locked = await sql<{ started_at: Date; count: number }>`
    insert into customer_send_windows (customer_id, started_at, count) values (${customerId}, ${new Date(0)}, 0)
    on conflict (customer_id) do update set count = customer_send_windows.count
    returning started_at, count`.execute(tx);
  let window: CustomerWindow = {
    started_at: new Date(locked.rows[0]!.started_at).getTime(),
    count: Number(locked.rows[0]!.count),
  };
  for (const [index, { message, at: recipientAt }] of placed.entries()) {
    let at = recipientAt;
    let counted = customerSlot(window, throttle.customerCap, at);
    // held back: counted in the window it goes in
    if (counted.sendAt > at) {
      at = counted.sendAt;
      counted = customerSlot(counted.window, throttle.customerCap, at);
    }
    window = counted.window;
    const last = index === placed.length - 1;
    await sql`
      with queued as (
        insert into outbox (customer_id, channel, recipient, subject, body, idempotency_key, language, bundle_label, created_at, due_at)
        values (${message.customerId}, ${message.channel}, ${message.recipient}, ${message.subject}, ${message.body}, ${message.idempotencyKey}, ${message.language}, ${message.label.slice(0, 400)}, ${now}, ${new Date(at)})
        returning id
      ),
      slot as (
        update contact_slots set slot_at = ${new Date(at)}, head_id = (select id from queued)
        where channel = ${message.channel} and recipient = ${message.recipient}
        returning 1
      ),
      counted as (
        update customer_send_windows set started_at = ${new Date(window.started_at)}, count = ${window.count}
        where customer_id = ${customerId} and ${last}
        returning 1
      )
      -- (data-modifying parts run whether or not the answer names them)
      select 1`.execute(tx);
  }
  wakeAfterCommit(tx, OUTBOX_CHANNEL);
}

/**
 * docs/product.md#resolution-and-cancel: an event that closes cancels its contacts still waiting (one under way may still
 * go out). A waiting message that carries other events' contacts hands them to the first of them,
 * which waits in its place; the event's own contacts in other messages' bundles leave them.
 */
export async function cancelEventContacts(tx: Tx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  // the recipients' slots first, in one order, as placing a contact takes them (its slot, then the
  // waiting message it joins): a close that took a waiting message first and its slot after, to
  // hand the message's bundle over, deadlocked with the engine placing a contact in that bundle.
  // Bundled contacts' slots too: another close may hand a bundle over to one of them meanwhile.
  await tx
    .selectFrom('contact_slots')
    .select('head_id')
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('channel', 'recipient'),
        'in',
        selectFrom('outbox')
          .select(['channel', 'recipient'])
          .where('status', 'in', ['pending', 'claimed', 'bundled'])
          .where('idempotency_key', 'in', keys)
          .$asTuple('channel', 'recipient'),
      ),
    )
    .orderBy('channel')
    .orderBy('recipient')
    .forUpdate()
    .execute();
  // out of the bundles still waiting (one already sent or being sent took them along)
  await tx
    .updateTable('outbox')
    .set({ status: 'canceled', bundled_into: null, body: null })
    .where('status', '=', 'bundled')
    .where('idempotency_key', 'in', keys)
    .where('bundled_into', 'in', tx.selectFrom('outbox as head').select('head.id').where('head.status', '=', 'pending'))
    .execute();
  const queued = await tx
    .selectFrom('outbox')
    .select(['id', 'status', 'due_at', 'channel', 'recipient'])
    .where('status', 'in', ['pending', 'claimed'])
    .where('idempotency_key', 'in', keys)
    .orderBy('id')
    .execute();
  for (const message of queued) {
    const carried =
      message.status === 'pending'
        ? await tx
            .selectFrom('outbox')
            .select('id')
            .where('bundled_into', '=', message.id)
            .where('status', '=', 'bundled')
            .orderBy('id')
            .forUpdate()
            .execute()
        : [];
    if (!(await cancel(tx, OUTBOX_JOBS, message.id))) continue;
    const [next, ...rest] = carried;
    if (!next) continue;
    await tx
      .updateTable('outbox')
      .set({ status: 'pending', bundled_into: null, due_at: message.due_at })
      .where('id', '=', next.id)
      .execute();
    if (rest.length > 0)
      await tx
        .updateTable('outbox')
        .set({ bundled_into: next.id })
        .where(
          'id',
          'in',
          rest.map((r) => r.id),
        )
        .execute();
    await tx
      .updateTable('contact_slots')
      .set({ head_id: next.id })
      .where('channel', '=', message.channel)
      .where('recipient', '=', message.recipient)
      .where('head_id', '=', message.id)
      .execute();
  }
}

/** The contacts that go out with these messages, oldest first. */
export function bundledWith(db: Tx, headIds: readonly number[]) {
  return db
    .selectFrom('outbox')
    .select(['id', 'bundled_into', 'idempotency_key', 'subject', 'body', 'bundle_label'])
    .where('bundled_into', 'in', headIds)
    .where('status', '=', 'bundled')
    .orderBy('id');
}

/** After a message went out: its contacts' log rows say sent, and the bundled texts (links) are cleared. */
export function markSent(
  db: Tx,
  headKey: string,
  bundled: readonly { id: number; idempotency_key: string }[],
  outcome?: SendOutcome,
) {
  const keys = [headKey, ...bundled.map((b) => b.idempotency_key)];
  return [
    db
      .updateTable('event_logs')
      .set({
        delivery_status: 'sent',
        ...(outcome
          ? { provider: outcome.provider, provider_message_id: outcome.messageId, delivery_detail: outcome.detail }
          : {}),
      })
      .where('idempotency_key', 'in', keys)
      .where('delivery_status', '=', 'queued'),
    ...(bundled.length > 0
      ? [
          db
            .updateTable('outbox')
            .set({ body: null })
            .where(
              'id',
              'in',
              bundled.map((b) => b.id),
            ),
        ]
      : []),
  ];
}

/**
 * What a provider did with a message, written with its completion (docs/product.md#delivery-providers):
 * the provider, its message id, the providers tried and the delivery so far. An engine contact
 * that may still go to the next provider keeps its text (`failover_body`) until its delivery is known.
 */
export function recordOutcome(db: Tx, message: OutboxRow, outcome: SendOutcome, contact: boolean) {
  const keep = contact && outcome.status === 'sent' && outcome.failoverLeft;
  return [
    db
      .updateTable('outbox')
      .set({
        provider: outcome.provider,
        provider_message_id: outcome.messageId,
        providers_tried: outcome.tried,
        delivery_status: outcome.status,
        delivery_detail: outcome.detail,
        failover_body: keep ? message.body : null,
        failover_subject: keep ? message.subject : null,
        sending_provider: null,
        sending_since: null,
      })
      .where('id', '=', message.id),
  ];
}

/** A sent message that an undelivered report may move to the next provider: it kept its text. */
export function failoverCandidate(db: Tx, idempotencyKey: string) {
  return db
    .selectFrom('outbox')
    .select(['id', 'customer_id', 'channel', 'recipient', 'provider', 'providers_tried'])
    .where('idempotency_key', '=', idempotencyKey)
    .where('status', '=', 'sent')
    .where('failover_body', 'is not', null)
    .executeTakeFirst();
}

/**
 * Queues a sent message again, with its kept text, for the next provider (docs/product.md#delivery-providers);
 * its log row says queued with the failover's note. Answers the event the contact belongs to.
 */
export async function requeueToNextProvider(
  db: Tx,
  id: number,
  idempotencyKey: string,
  note: string,
  now: Date,
): Promise<{ eventId: number | null }> {
  await db
    .updateTable('outbox')
    .set((eb) => ({
      status: 'pending',
      due_at: now,
      attempts: 0,
      sent_at: null,
      body: eb.ref('failover_body'),
      subject: eb.ref('failover_subject'),
      failover_body: null,
      failover_subject: null,
      // the first provider's later reports of this message name a message no longer in play
      provider_message_id: null,
      sending_provider: null,
      sending_since: null,
      delivery_status: 'queued',
      delivery_detail: note,
    }))
    .where('id', '=', id)
    .execute();
  const logged = await db
    .updateTable('event_logs')
    .set({ delivery_status: 'queued', delivery_detail: note })
    .where('idempotency_key', '=', idempotencyKey)
    .returning('event_id')
    .executeTakeFirst();
  wakeAfterCommit(db, OUTBOX_CHANNEL);
  return { eventId: logged?.event_id ?? null };
}

/** A message's delivery is known: it is recorded, and the text kept for a failover goes. */
export async function deliveryKnown(db: Tx, idempotencyKey: string, status: DeliveryStatus): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ delivery_status: status, failover_body: null, failover_subject: null })
    .where('idempotency_key', '=', idempotencyKey)
    .execute();
}

/**
 * Writes down which provider a message is handed to, before the call (docs/product.md#durability):
 * fenced by the claim, so a worker that lost the message stops, and a worker that takes it over
 * after a crash asks that provider first (`ProviderAdapter.find`).
 */
export function sendJournal(database: Database, clock: Clock): SendJournal {
  return {
    async sending(message, provider, tried) {
      const claim = message as Claimed<OutboxRow>;
      const marked = await database.scoped({ kind: 'staff' }, (tx) =>
        tx
          .updateTable('outbox')
          .set({ sending_provider: provider, sending_since: clock.now(), providers_tried: tried })
          .where('id', '=', claim.id)
          .where('status', '=', 'claimed')
          .where('claim_token', '=', claim.claim_token)
          .executeTakeFirst(),
      );
      if (Number(marked.numUpdatedRows) === 0) throw new Error('the message is no longer this worker’s to send');
    },
  };
}

const DAY = 24 * 60 * 60 * 1000;

/** The address of an audio, under the server's root (the voice gateway gets it after PUBLIC_URL). */
export const audioPath = (token: string) => `/api/v1/audio/${token}.wav`;

/** The token of an address's last segment, or null when it cannot be one. */
export function audioTokenOf(segment: string): string | null {
  return /^([A-Za-z0-9_-]{22})\.wav$/.exec(segment)?.[1] ?? null;
}

export interface NewEventAudio {
  customerId: number;
  eventId: number;
  /** the contact's idempotency key: the same contact written again (after a crash) keeps its first row */
  idempotencyKey: string;
  language: ContactLanguage;
  text: string;
  /** when the event was created: the audio expires EVENT_AUDIO_DAYS later */
  eventCreatedAt: Date;
}

/** The row of a voice contact's audio, text only (the sender makes the sound); insert it with `on conflict (idempotency_key) do nothing`. */
export function eventAudioRow(audio: NewEventAudio, now: Date) {
  return {
    customer_id: audio.customerId,
    event_id: audio.eventId,
    idempotency_key: audio.idempotencyKey,
    // 128 random bits: the address is the credential
    token: randomBytes(16).toString('base64url'),
    language: audio.language,
    text: audio.text,
    created_at: now,
    expires_at: new Date(audio.eventCreatedAt.getTime() + EVENT_AUDIO_DAYS * DAY),
  };
}

export interface StoredAudio {
  id: number;
  token: string;
  language: ContactLanguage;
  text: string;
  mime: string;
  content: Buffer | null;
}

const asBuffer = (bytes: Uint8Array | null) =>
  bytes === null
    ? null
    : Buffer.isBuffer(bytes)
      ? bytes
      : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** The address token of a contact's audio, unless it expired (a statement for `Database.read`). */
export function audioTokenOfContact(db: Tx, idempotencyKey: string, now: Date) {
  return db
    .selectFrom('event_audio')
    .select('token')
    .where('idempotency_key', '=', idempotencyKey)
    .where('expires_at', '>', now);
}

/** The audio at an address, unless it expired. */
export async function audioByToken(db: Tx, token: string, now: Date): Promise<StoredAudio | null> {
  const row = await db
    .selectFrom('event_audio')
    .select(['event_audio_id as id', 'token', 'language', 'text', 'mime', 'content'])
    .where('token', '=', token)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ? { ...row, content: asBuffer(row.content) } : null;
}

/** Keeps the sound made for an audio (the first one made, when two were made at once). */
export async function storeAudioContent(db: Tx, id: number, content: Buffer): Promise<void> {
  await db
    .updateTable('event_audio')
    .set({ content })
    .where('event_audio_id', '=', id)
    .where('content', 'is', null)
    .execute();
}

/** Deletes the audio of events created EVENT_AUDIO_DAYS ago or more; answers how many. */
export async function deleteExpiredAudio(db: Tx, now: Date): Promise<number> {
  const result = await db.deleteFrom('event_audio').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
