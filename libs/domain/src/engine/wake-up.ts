import {
  chatStepText,
  contactText,
  pushNotification,
  spokenMessage,
  type ContactFacts,
  type ContactText,
} from './contact-message';
import {
  actorName,
  responseMinutes,
  type ContactAction,
  type EngineOutcome,
  type EngineState,
  type EngineStep,
  type LogAction,
} from './escalation-engine';

/**
 * What one wake-up of an event decides beside `runEngine`'s outcome, as plain data for the server
 * to write (docs/architecture.md, "The escalation engine"): each action's log entry and message,
 * the event's new facts, and when its timer comes due again. Nothing here reads a clock or a
 * database.
 */

const MINUTE = 60_000;
/** How soon a wake-up that changed nothing but is due at once looks again. */
export const STUCK_RETRY_MS = 1_000;

/** The idempotency key of a contact: the same action computed again after a crash has the same key. */
export const contactKey = (eventId: number, action: ContactAction) =>
  action.to_accepter
    ? `event:${eventId}:follow-up:${action.attempt}`
    : `event:${eventId}:step:${action.step + 1}:attempt:${action.attempt}`;

/** The event a wake-up contacts about, as its messages name it. */
export interface ContactedEvent {
  event_id: number;
  case_id: string;
  short_event_subject: string;
  short_event_body: string;
}

/** The log entry of an action without a contact: nobody was reached, or the event closed. */
export interface EndEntry {
  /** the event closes: its earlier log rows stop being its last */
  closing: boolean;
  /** the step last walked, if any (its channel names the row) */
  last: EngineStep | undefined;
  /** whom the row names: the step's person, or a schedule's name; and the resource, if a person */
  resource: string | null;
  resource_id: number | null;
  followup_status: LogAction['followup_status'];
  resolved: 'Y' | 'N';
  idempotencyKey: string;
}

export function endEntryOf(eventId: number, state: EngineState, action: LogAction): EndEntry {
  if (action.followup_status === 'nobody on call') {
    // docs/product.md#schedules: the row names the schedule, no person
    const step = state.steps[action.step];
    return {
      closing: false,
      last: step,
      resource: step?.schedule?.schedule_name ?? step?.resource_name ?? null,
      resource_id: null,
      followup_status: action.followup_status,
      resolved: 'N',
      idempotencyKey: `event:${eventId}:step:${action.step + 1}:attempt:${action.attempt}:nobody-on-call`,
    };
  }
  const closing = action.followup_status === 'completed';
  const last = state.at ? state.steps[state.at.step] : undefined;
  // a schedule step nobody was ever reached at names its schedule and no resource
  const reached = last && !(last.schedule && last.resource_id === 0);
  return {
    closing,
    last,
    resource: last?.resource_name ?? null,
    resource_id: reached ? last.resource_id : null,
    followup_status: action.followup_status,
    resolved: closing && state.status === 'completed' ? 'Y' : 'N',
    idempotencyKey: `event:${eventId}:${action.followup_status === 'completed' ? 'closed' : 'not-reached'}`,
  };
}

/** A contact to make: whom, what it says, and whom the engine contacts after it. */
export interface Contact {
  step: EngineStep;
  /** the step contacted next, if any, and when (null: nobody planned) */
  nextStep: EngineStep | null;
  nextAt: number | null;
  idempotencyKey: string;
  /** an e-mail's subject (null for an SMS or a call) and the text (a team chat step's: its post's line) */
  subject: string | null;
  body: string;
  /** how a bundle names it: "CASE incident", and for an SMS its responder link */
  label: string;
  /** a call's spoken text (the audio the voice gateway plays), null for e-mail and SMS */
  spoken: string | null;
}

/** The message of a contact action; `link` is the responder page of the step, when the server has one. */
export function contactOf(
  event: ContactedEvent,
  state: EngineState,
  action: ContactAction,
  link: string | null,
): Contact {
  const step = state.steps[action.step]!;
  const nextStep = action.next ? state.steps[action.next.step] : undefined;
  const facts: ContactFacts = {
    language: step.language,
    caseId: event.case_id,
    incident: event.short_event_subject,
    attempt: action.attempt,
    toAccepter: action.to_accepter,
    notice: step.participation === 'supervisor',
  };
  const text: ContactText = contactText({ ...facts, channel: step.channel, description: event.short_event_body, link });
  return {
    step,
    nextStep: nextStep ?? null,
    nextAt: action.next ? action.next.at : null,
    idempotencyKey: contactKey(event.event_id, action),
    subject: step.channel === 'email' ? text.subject : null,
    body: bodyOf(step, action, facts, text, { description: event.short_event_body, link }),
    label: `${event.case_id} ${event.short_event_subject}${step.channel === 'sms' && link ? ` ${link}` : ''}`,
    spoken: step.channel === 'voice' ? spokenMessage(facts) : null,
  };
}

/** A contact's text as its channel carries it. */
function bodyOf(
  step: EngineStep,
  action: ContactAction,
  facts: ContactFacts,
  text: ContactText,
  more: { description: string; link: string | null },
): string {
  // a push contact's message is its notification, as JSON (the sender adds the actions' addresses)
  if (step.channel === 'push') return JSON.stringify(pushNotification({ ...facts, ...more }));
  // docs/product.md#team-chat: a chat step's post names its person; its buttons act as whoever presses them
  if (step.channel === 'chat')
    return chatStepText({ ...facts, person: step.resource_name, firstOfWalk: action.followup_status === 'open' });
  return text.body;
}

/** How a wake-up leaves the event and its timer. */
export interface WakeUpEnd {
  /** the event closed with this wake-up: its contacts still waiting are canceled */
  closes: boolean;
  /** when the timer comes due again (ms), or null: the walk ended, the timer is done */
  dueAt: number | null;
  /** the event's facts after the wake-up (times in ms, minutes rounded) */
  event: {
    status: EngineState['status'];
    sla_compliance: EngineState['sla_compliance'];
    accepted_at: number | null;
    /** the name of the person who accepted, or 'integration' */
    accepted_by: string | null;
    response_minutes: number | null;
    closed_at: number | null;
    elapsed_minutes: number | null;
  };
}

/**
 * The end of a wake-up: `first` is the outcome of its input, `last` the outcome after contacts that
 * could not go were decided again (the same as `first` when none). A wake-up that changed nothing
 * yet says it is due again already would wake the worker again at once, for ever: it looks again
 * STUCK_RETRY_MS later (a rule that disagrees with itself, not a state).
 */
export function wakeUpEnd(
  previous: EngineState,
  first: EngineOutcome,
  last: EngineOutcome,
  now: number,
  scale: number,
): WakeUpEnd {
  const { state } = last;
  const response = responseMinutes(state, scale);
  const stuck = last.due_at !== null && first.ignored && last === first && last.due_at <= now;
  return {
    closes: (state.status === 'completed' || state.status === 'canceled') && state.status !== previous.status,
    dueAt: last.due_at === null ? null : stuck ? now + STUCK_RETRY_MS : last.due_at,
    event: {
      status: state.status,
      sla_compliance: state.sla_compliance,
      accepted_at: state.accepted_at,
      accepted_by: actorName(state, state.accepted_by),
      response_minutes: response === null ? null : Math.round(response),
      closed_at: state.closed_at,
      elapsed_minutes:
        state.closed_at === null ? null : Math.round(((state.closed_at - state.created_at) * scale) / MINUTE),
    },
  };
}
