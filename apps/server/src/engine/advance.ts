import {
  THROTTLE,
  actionRecordOf,
  contactLanguage,
  contactOf,
  endEntryOf,
  runEngine,
  wakeUpEnd,
  type Contact,
  type ContactAction,
  type EngineAction,
  type EngineInput,
  type EngineOutcome,
  type EngineState,
} from '@relevo/domain';
import type { Tx } from '../db/database';
import { wakeAfterCommit } from '../db/wake';
import {
  cancelEventContacts,
  eventAudioRow,
  placeContact,
  queuePlaced,
  type PlacedContact,
  type ThrottleSettings,
} from '../delivery/queries';
import type { ClaimRef } from '../jobs/lease';
import { queueChatNotices, TEAM_CHAT_CHANNEL } from '../team-chat/notices';
import { cancelStepNotices, queueStepNotices } from '../team-chat/queries';
import { onCallLookup } from './on-call';
import { claimHolds, loadTimer, loggedContactKeys, writeWakeUp, type LoadedTimer, type WakeUpRows } from './queries';

export const ENGINE_CHANNEL = 'relevo_engine';

export interface AdvanceOptions {
  /** ESCALATION_TIME_SCALE: every wait is divided by it */
  scale: number;
  /** the responder page of a step's contact (`PUBLIC_URL/respond/<token>`) */
  link?: (eventId: number, step: number) => string;
  /** CUSTOMER_MESSAGES_PER_MINUTE: the cap that protects the gateways (THROTTLE.customerPerMinute when unset) */
  customerMessagesPerMinute?: number;
  /** CONTACT_WINDOW_SECONDS in ms: one message per person and channel within it (THROTTLE.recipientWindowMs when unset; 0: no throttling) */
  contactWindowMs?: number;
}

/** What became of the input: applied, ignored by the engine (nothing to do), or not ours (the claim was lost). */
export type AdvanceResult = 'applied' | 'ignored' | 'lost' | 'missing';

/**
 * Applies an input to one event in the caller's transaction (docs/product.md#escalation-engine: every step change is one
 * transaction), in three steps: load (the event's state, its timer locked), decide (the domain's
 * `runEngine`, then `wakeUpEnd`) and write (the log rows, the event and its timer, the messages,
 * each with its idempotency key: a re-run after a crash queues none twice). With `claim`, it acts
 * only while that claim holds the timer (a worker that lost its lease changes nothing).
 */
export async function advanceEvent(
  tx: Tx,
  timerId: number,
  input: EngineInput,
  now: Date,
  options: AdvanceOptions,
  claim?: ClaimRef,
): Promise<AdvanceResult> {
  // 1. load
  const timer = await loadTimer(tx, timerId);
  if (!timer) return 'missing';
  if (claim && !claimHolds(timer, claim)) return 'lost';

  // 2. decide
  const throttle: ThrottleSettings = {
    customerCap: options.customerMessagesPerMinute ?? THROTTLE.customerPerMinute,
    windowMs: options.contactWindowMs ?? THROTTLE.recipientWindowMs,
  };
  const decided = await decide(tx, timer, input, now, options, throttle);
  const end = wakeUpEnd(timer.state, decided.first, decided.last, now.getTime(), options.scale);

  // 3. write
  const acted = decided.first.ignored ? null : actionRecordOf(input, timer.state);
  if (acted)
    decided.rows.acted = { ...acted, customer_id: timer.customer_id, event_id: timer.event_id, created_at: now };
  if (end.closes) {
    await cancelQueuedContacts(tx, timer.event_id, decided.rows.logs);
    await cancelStepNotices(tx, timer.event_id);
  }
  const dueAt = end.dueAt === null ? timer.due_at : new Date(end.dueAt);
  await writeWakeUp(tx, timer, decided.rows, end, decided.last.state, decided.lastContacted, dueAt);
  // docs/product.md#team-chat: a new, accepted or closed event is told to the customer's chats
  await queueChatNotices(tx, timer.event_id, timer.state, decided.last.state, input, now);
  // a person's or a gateway's answer that brings the timer forward wakes the workers, which may be
  // asleep until its earlier time; one that puts it later (an acceptance) needs no one woken: a
  // NOTIFY costs a commit of its own in line with every other notifying one (db/wake.ts)
  const sooner =
    end.dueAt !== null && (timer.status !== 'pending' || dueAt.getTime() < new Date(timer.due_at).getTime());
  if (!claim && sooner) wakeAfterCommit(tx, ENGINE_CHANNEL);
  // last: the customer's minute is held from here to the commit only
  await queuePlaced(tx, decided.placed, now, throttle);
  return decided.first.ignored ? 'ignored' : 'applied';
}

/** What the decide step hands to the write step. */
interface Decided {
  /** the outcome of the input, and the last one (after contacts that could not go were decided again) */
  first: EngineOutcome;
  last: EngineOutcome;
  /** the log rows (and voice calls' audio rows) of this wake-up, written with the event's changes */
  rows: WakeUpRows;
  /** the contacts that need a message of their own: queued last, so the customer's row is held shortest */
  placed: PlacedContact[];
  /** whom the wake-up contacted last */
  lastContacted: string | null;
}

/**
 * The domain's step logic applied to the loaded state. Each contact's recipient is placed as it is
 * decided (`placeContact` locks the recipient's slot): a contact that cannot go (an SMS to a number
 * that replied STOP) moves the walk on at once, as a failed delivery does, so the engine decides
 * again; at most one more round per step.
 */
async function decide(
  tx: Tx,
  timer: LoadedTimer,
  input: EngineInput,
  now: Date,
  options: AdvanceOptions,
  throttle: ThrottleSettings,
): Promise<Decided> {
  const previous = timer.state;
  // docs/product.md#schedules: whoever is on call now, for the schedule steps this wake-up may contact
  const onCall = await onCallLookup(tx, timer.customer_id, previous, input, now);
  const first = runEngine(previous, input, now.getTime(), options.scale, onCall);
  const decided: Decided = {
    first,
    last: first,
    rows: { logs: [], audio: [], closing: false },
    placed: [],
    lastContacted: null,
  };
  for (let round = 0; round <= previous.steps.length; round++) {
    let undelivered: { step: number; attempt: number } | null = null;
    for (const action of decided.last.actions) {
      const recorded = await recordAction(tx, timer, decided.last.state, action, now, {
        ...options,
        throttle,
        placed: decided.placed,
        rows: decided.rows,
      });
      decided.lastContacted = recorded.contacted ?? decided.lastContacted;
      if (recorded.undelivered) undelivered = recorded.undelivered;
    }
    if (!undelivered) break;
    decided.last = runEngine(
      decided.last.state,
      { kind: 'undelivered', ...undelivered },
      now.getTime(),
      options.scale,
      onCall,
    );
  }
  return decided;
}

/** docs/product.md#resolution-and-cancel: an event that closes cancels its contacts still waiting in the outbox (one under way may still go out). */
async function cancelQueuedContacts(tx: Tx, eventId: number, unwritten: WakeUpRows['logs']): Promise<void> {
  const logged = await loggedContactKeys(tx, eventId);
  // with this wake-up's own rows, not written yet
  const keys = [...logged, ...unwritten.flatMap((row) => (row.idempotency_key ? [row.idempotency_key] : []))];
  await cancelEventContacts(tx, [...new Set(keys)]);
}

/** What recording an action did: whom it contacted, and the contact that could not be queued. */
interface Recorded {
  contacted: string | null;
  undelivered?: { step: number; attempt: number };
}

const OPTED_OUT = 'The number replied STOP: no SMS goes to it until it replies START';

/** What recording an action needs beside the event: the throttle, and where a contact that needs a message of its own goes. */
interface ActionContext extends AdvanceOptions {
  throttle: ThrottleSettings;
  placed: PlacedContact[];
  rows: WakeUpRows;
}

/** One action recorded for the write step: a log row (written later, with the event), and for a contact its message placed (throttled, delivery/queries.ts). */
async function recordAction(
  tx: Tx,
  event: LoadedTimer,
  state: EngineState,
  action: EngineAction,
  now: Date,
  options: ActionContext,
): Promise<Recorded> {
  if (action.kind === 'log') {
    const entry = endEntryOf(event.event_id, state, action);
    if (entry.closing) options.rows.closing = true;
    options.rows.logs.push({
      customer_id: event.customer_id,
      event_id: event.event_id,
      call_date: now,
      channel: entry.last?.channel ?? 'email',
      followup_status: entry.followup_status,
      resource: entry.resource,
      resource_id: entry.resource_id,
      resolved: entry.resolved,
      event_ind_last_event_log: entry.closing ? 'Y' : 'N',
      idempotency_key: entry.idempotencyKey,
    });
    return { contacted: null };
  }
  return recordContact(tx, event, state, action, now, options);
}

async function recordContact(
  tx: Tx,
  event: LoadedTimer,
  state: EngineState,
  action: ContactAction,
  now: Date,
  options: ActionContext,
): Promise<Recorded> {
  const contact = contactOf(event, state, action, options.link ? options.link(event.event_id, action.step) : null);
  const { step, nextStep: next, idempotencyKey: key } = contact;
  const channel = step.channel;
  if (channel === 'chat') return recordChatContact(tx, event, action, contact, now, options);
  const phone = (channel: string, address: string | undefined) =>
    channel === 'email' || channel === 'chat' ? null : (address ?? null);
  const placement = await placeContact(
    tx,
    {
      customerId: event.customer_id,
      channel,
      recipient: step.address,
      subject: contact.subject,
      body: contact.body,
      idempotencyKey: key,
      language: step.language,
      label: contact.label,
    },
    now,
    options.throttle,
  );
  const optedOut = placement === 'opted-out';
  const log: WakeUpRows['logs'][number] = {
    customer_id: event.customer_id,
    event_id: event.event_id,
    call_date: now,
    channel: step.channel,
    // a push step's address names the person, not a number or mailbox they were reached at
    called_number: step.channel === 'push' ? null : step.address,
    followup_status: action.followup_status,
    resource: step.resource_name,
    resource_id: step.resource_id,
    resource_phone: phone(step.channel, step.address),
    next_resource: next?.resource_name ?? null,
    next_resource_phone: next ? phone(next.channel, next.address) : null,
    next_assigned_date: contact.nextAt === null ? null : new Date(contact.nextAt),
    idempotency_key: key,
    ...(optedOut ? { delivery_status: 'failed', delivery_detail: OPTED_OUT } : { delivery_status: 'queued' }),
  };
  if (contact.spoken !== null && !optedOut) {
    // the text only: the outbox's voice sender makes the sound, outside this transaction
    options.rows.audio.push(
      eventAudioRow(
        {
          customerId: event.customer_id,
          eventId: event.event_id,
          idempotencyKey: key,
          language: contactLanguage(step.language),
          text: contact.spoken,
          eventCreatedAt: new Date(state.created_at),
        },
        now,
      ),
    );
  }
  options.rows.logs.push(log);
  if (typeof placement === 'object') options.placed.push(placement);
  if (optedOut)
    return {
      contacted: step.resource_name,
      ...(action.to_accepter ? {} : { undelivered: { step: action.step, attempt: action.attempt } }),
    };
  return { contacted: step.resource_name };
}

const NO_CHAT = 'No team chat posts for this module any more: it was turned off or the module removed from it';

/**
 * docs/product.md#team-chat ("A chat as a step"): a chat step's contact is no outbox message: it
 * queues a post for each chat that posts for the event's module (a `step` notice, keyed by the
 * contact and the chat, so a re-run queues nothing twice), and its log row says queued until the
 * chat worker posts it (sent) or every chat gave it up (failed, and the walk moves on). A module
 * no chat posts for any more fails the contact at once, as an SMS to a number that replied STOP.
 */
async function recordChatContact(
  tx: Tx,
  event: LoadedTimer,
  action: ContactAction,
  contact: Contact,
  now: Date,
  options: ActionContext,
): Promise<Recorded> {
  const { step, nextStep: next, idempotencyKey: key } = contact;
  const { chats, queued } = await queueStepNotices(
    tx,
    event.event_id,
    { contactKey: key, text: contact.body, person: step.resource_name },
    now,
  );
  if (queued > 0) wakeAfterCommit(tx, TEAM_CHAT_CHANNEL);
  options.rows.logs.push({
    customer_id: event.customer_id,
    event_id: event.event_id,
    call_date: now,
    channel: 'chat',
    called_number: null,
    followup_status: action.followup_status,
    resource: step.resource_name,
    resource_id: step.resource_id,
    resource_phone: null,
    next_resource: next?.resource_name ?? null,
    next_resource_phone: next && next.channel !== 'email' && next.channel !== 'chat' ? next.address : null,
    next_assigned_date: contact.nextAt === null ? null : new Date(contact.nextAt),
    idempotency_key: key,
    ...(chats === 0 ? { delivery_status: 'failed', delivery_detail: NO_CHAT } : { delivery_status: 'queued' }),
  });
  if (chats === 0)
    return {
      contacted: step.resource_name,
      ...(action.to_accepter ? {} : { undelivered: { step: action.step, attempt: action.attempt } }),
    };
  return { contacted: step.resource_name };
}
