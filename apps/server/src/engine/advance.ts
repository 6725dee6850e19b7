import { sql, type Insertable, type SqlBool } from 'kysely';
import { THROTTLE, contactLanguage, contactText, runEngine, responseMinutes, spokenMessage, type ContactAction, type ContactFacts, type EngineAction, type EngineInput, type EngineState } from '@relevo/domain';
import type { Tx } from '../db/database';
import type { EventLogsTable } from '../db/schema';
import { cancelEventContacts, placeContact, queuePlaced, type PlacedContact, type ThrottleSettings, eventAudioRow } from '../delivery/queries';
import { wakeAfterCommit } from '../db/wake';
import type { ClaimRef } from '../jobs/lease';

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

const MINUTE = 60_000;
/** How soon a wake-up that changed nothing but is due at once looks again. */
const STUCK_RETRY_MS = 1_000;

/** The idempotency key of a contact: the same action computed again after a crash has the same key. */
export const contactKey = (eventId: number, action: ContactAction) =>
  action.to_accepter ? `event:${eventId}:follow-up:${action.attempt}` : `event:${eventId}:step:${action.step + 1}:attempt:${action.attempt}`;

/**
 * Applies an input to one event in the caller's transaction (service.md 6: every step change is one
 * transaction): locks the event's timer, runs the domain's step logic, writes the log rows, queues
 * the messages (each with its idempotency key: a re-run after a crash queues none twice), updates the
 * event, and reschedules the timer or ends it. With `claim`, it acts only while that claim holds the
 * timer (a worker that lost its lease changes nothing).
 */
export async function advanceEvent(tx: Tx, timerId: number, input: EngineInput, now: Date, options: AdvanceOptions, claim?: ClaimRef): Promise<AdvanceResult> {
  const row = await tx
    .selectFrom('engine_timers as t')
    .innerJoin('events as e', 'e.event_id', 't.event_id')
    .select(['t.id', 't.state', 't.status', 't.claim_token', 't.locked_by', 't.due_at', 'e.event_id', 'e.customer_id', 'e.case_id', 'e.short_event_subject', 'e.short_event_body'])
    .where('t.id', '=', timerId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return 'missing';
  if (claim && (row.status !== 'claimed' || row.claim_token !== claim.claim_token || row.locked_by !== claim.locked_by)) return 'lost';

  const previous = row.state as EngineState;
  const first = runEngine(previous, input, now.getTime(), options.scale);
  const throttle: ThrottleSettings = { customerCap: options.customerMessagesPerMinute ?? THROTTLE.customerPerMinute, windowMs: options.contactWindowMs ?? THROTTLE.recipientWindowMs };
  /** the contacts that need a message of their own: queued last, so the customer's row is held shortest */
  const placed: PlacedContact[] = [];
  /** the log rows (and voice calls' audio rows) of this wake-up, written with the event's changes */
  const rows: Rows = { logs: [], audio: [], closing: false };
  let outcome = first;
  let lastContacted: string | null = null;
  // a contact that cannot go (an SMS to a number that replied STOP) moves the walk on at once, as
  // a failed delivery does: at most one more round per step
  for (let round = 0; round <= previous.steps.length; round++) {
    let undelivered: { step: number; attempt: number } | null = null;
    for (const action of outcome.actions) {
      const written = await writeAction(tx, row, outcome.state, action, now, { ...options, throttle, placed, rows });
      lastContacted = written.contacted ?? lastContacted;
      if (written.undelivered) undelivered = written.undelivered;
    }
    if (!undelivered) break;
    outcome = runEngine(outcome.state, { kind: 'undelivered', ...undelivered }, now.getTime(), options.scale);
  }
  const { state } = outcome;
  const closes = (state.status === 'completed' || state.status === 'canceled') && state.status !== previous.status;
  if (closes) await cancelQueuedContacts(tx, row.event_id, rows.logs);

  const accepter = state.accepted_by === null ? null : state.accepted_by === 'integration' ? 'integration' : (state.steps[state.accepted_by.step]?.resource_name ?? null);
  const response = responseMinutes(state, options.scale);
  const ended = outcome.due_at === null;
  // a wake-up that changed nothing yet says it is due again already would wake the worker again at
  // once, for ever: it looks again a second later (a rule that disagrees with itself, not a state)
  const stuck = !ended && first.ignored && outcome === first && outcome.due_at! <= now.getTime();
  const dueAt = ended ? row.due_at : new Date(stuck ? now.getTime() + STUCK_RETRY_MS : outcome.due_at!);
  // the log rows, the event and its timer in one statement (an earlier log row of the event stops
  // being its last when this wake-up closes it; the statement's snapshot holds the rows before it)
  const { logs, audio } = rows;
  const closing = rows.closing ? tx.with('earlier_logs', (db) => db.updateTable('event_logs').set({ event_ind_last_event_log: 'N' }).where('event_id', '=', row.event_id)) : tx;
  const logged = logs.length > 0 ? (closing as Tx).with('logged', (db) => db.insertInto('event_logs').values(logs).onConflict((conflict) => conflict.column('idempotency_key').doNothing())) : closing;
  const spoken = audio.length > 0 ? (logged as Tx).with('spoken', (db) => db.insertInto('event_audio').values(audio).onConflict((conflict) => conflict.column('idempotency_key').doNothing())) : logged;
  const eventValues = {
    event_status: state.status,
    sla_compliance: state.sla_compliance,
    accepteddt: state.accepted_at === null ? null : new Date(state.accepted_at),
    accepted_by: accepter,
    time_response: response === null ? null : Math.round(response),
    event_closedt: state.closed_at === null ? null : new Date(state.closed_at),
    minutes_elapsed: state.closed_at === null ? null : Math.round(((state.closed_at - state.created_at) * options.scale) / MINUTE),
    ...(lastContacted !== null ? { last_resource_assigned: lastContacted } : {}),
  };
  await (spoken as Tx)
    .with('event_changed', (db) =>
      db
        .updateTable('events')
        .set(eventValues)
        .where('event_id', '=', row.event_id)
        // a wake-up that changes none of them (a recall of the person already contacted) writes no new
        // version of the event: none of its index entries, none of its triggers' rows
        .where(sql<SqlBool>`(${sql.join(Object.keys(eventValues).map((column) => sql.ref(column)))}) is distinct from (${sql.join(Object.values(eventValues))})`),
    )
    .updateTable('engine_timers')
    .set({
      state: JSON.stringify(state),
      status: ended ? 'done' : 'pending',
      due_at: dueAt,
      // a timer is claimed once per wake-up: the attempt cap counts failures in a row, not wake-ups
      attempts: 0,
      locked_by: null,
      locked_until: null,
      claim_token: null,
      last_error: null,
    })
    .where('id', '=', row.id)
    .execute();
  // a person's or a gateway's answer that brings the timer forward wakes the workers, which may be
  // asleep until its earlier time; one that puts it later (an acceptance) needs no one woken: a
  // NOTIFY costs a commit of its own in line with every other notifying one (db/wake.ts)
  const sooner = !ended && (row.status !== 'pending' || dueAt.getTime() < new Date(row.due_at).getTime());
  if (!claim && sooner) wakeAfterCommit(tx, ENGINE_CHANNEL);
  // last: the customer's minute is held from here to the commit only
  await queuePlaced(tx, placed, now, throttle);
  return first.ignored ? 'ignored' : 'applied';
}

/** service.md 6.6: an event that closes cancels its contacts still waiting in the outbox (one under way may still go out). */
async function cancelQueuedContacts(tx: Tx, eventId: number, unwritten: readonly Insertable<EventLogsTable>[]): Promise<void> {
  const logged = await tx.selectFrom('event_logs').select('idempotency_key').where('event_id', '=', eventId).where('idempotency_key', 'is not', null).execute();
  // with this wake-up's own rows, not written yet
  const keys = [...logged.map((row) => row.idempotency_key!), ...unwritten.flatMap((row) => (row.idempotency_key ? [row.idempotency_key] : []))];
  await cancelEventContacts(tx, [...new Set(keys)]);
}

/**
 * What a wake-up writes with the event's changes, in one statement: its log rows (the same key
 * twice, a re-run after a crash, is one row), the voice calls' audio rows, and whether it closes
 * the event (its earlier rows then stop being the last).
 */
interface Rows {
  logs: Insertable<EventLogsTable>[];
  audio: ReturnType<typeof eventAudioRow>[];
  closing: boolean;
}

interface EventFacts {
  event_id: number;
  customer_id: number;
  case_id: string;
  short_event_subject: string;
  short_event_body: string;
}

/** What an action did: whom it contacted, and the contact that could not be queued. */
interface Written {
  contacted: string | null;
  undelivered?: { step: number; attempt: number };
}

const OPTED_OUT = 'The number replied STOP: no SMS goes to it until it replies START';

/** What writing an action needs beside the event: the throttle, and where a contact that needs a message of its own goes. */
interface ActionContext extends AdvanceOptions {
  throttle: ThrottleSettings;
  placed: PlacedContact[];
  rows: Rows;
}

/** One action: a log row (written later, with the event), and for a contact its message (throttled, db/contacts.ts). */
async function writeAction(tx: Tx, event: EventFacts, state: EngineState, action: EngineAction, now: Date, options: ActionContext): Promise<Written> {
  if (action.kind === 'log') {
    const closing = action.followup_status === 'completed';
    if (closing) options.rows.closing = true;
    const last = state.at ? state.steps[state.at.step] : undefined;
    options.rows.logs.push({
        customer_id: event.customer_id,
        event_id: event.event_id,
        call_date: now,
        channel: last?.channel ?? 'email',
        followup_status: action.followup_status,
        resource: last?.resource_name ?? null,
        resource_id: last?.resource_id ?? null,
        resolved: closing && state.status === 'completed' ? 'Y' : 'N',
        event_ind_last_event_log: closing ? 'Y' : 'N',
        idempotency_key: `event:${event.event_id}:${action.followup_status === 'completed' ? 'closed' : 'not-reached'}`,
      });
    return { contacted: null };
  }
  const step = state.steps[action.step]!;
  const next = action.next ? state.steps[action.next.step] : undefined;
  const phone = (channel: string, address: string | undefined) => (channel === 'email' ? null : (address ?? null));
  const key = contactKey(event.event_id, action);
  const link = options.link ? options.link(event.event_id, action.step) : null;
  const facts: ContactFacts = { language: step.language, caseId: event.case_id, incident: event.short_event_subject, attempt: action.attempt, toAccepter: action.to_accepter, notice: step.participation === 'supervisor' };
  const text = contactText({ ...facts, channel: step.channel, description: event.short_event_body, link });
  const placement = await placeContact(
    tx,
    { customerId: event.customer_id, channel: step.channel, recipient: step.address, subject: step.channel === 'email' ? text.subject : null, body: text.body, idempotencyKey: key, language: step.language, label: `${event.case_id} ${event.short_event_subject}${step.channel === 'sms' && link ? ` ${link}` : ''}` },
    now,
    options.throttle,
  );
  const optedOut = placement === 'opted-out';
  const log: Insertable<EventLogsTable> = {
    customer_id: event.customer_id,
    event_id: event.event_id,
    call_date: now,
    channel: step.channel,
    called_number: step.address,
    followup_status: action.followup_status,
    resource: step.resource_name,
    resource_id: step.resource_id,
    resource_phone: phone(step.channel, step.address),
    next_resource: next?.resource_name ?? null,
    next_resource_phone: next ? phone(next.channel, next.address) : null,
    next_assigned_date: action.next ? new Date(action.next.at) : null,
    idempotency_key: key,
    ...(optedOut ? { delivery_status: 'failed', delivery_detail: OPTED_OUT } : { delivery_status: 'queued' }),
  };
  if (step.channel === 'voice' && !optedOut) {
    // the text only: the outbox's voice sender makes the sound, outside this transaction
    options.rows.audio.push(eventAudioRow({ customerId: event.customer_id, eventId: event.event_id, idempotencyKey: key, language: contactLanguage(step.language), text: spokenMessage(facts), eventCreatedAt: new Date(state.created_at) }, now));
  }
  options.rows.logs.push(log);
  if (typeof placement === 'object') options.placed.push(placement);
  if (optedOut) return { contacted: step.resource_name, ...(action.to_accepter ? {} : { undelivered: { step: action.step, attempt: action.attempt } }) };
  return { contacted: step.resource_name };
}
