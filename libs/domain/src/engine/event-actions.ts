import * as v from 'valibot';
import { MAX_LONG_TEXT, form, idField, optionalText } from '../rules/fields';
import type { EventStatusValue } from '../entities/event';
import { addressOf, type EnginePerson } from './event-steps';
import {
  actorName,
  type EngineActor,
  type EngineChannel,
  type EngineInput,
  type EngineState,
  type EngineStep,
  type ResponseVia,
  type StepVia,
} from './escalation-engine';

/**
 * docs/product.md#responding: what a person does to an event from the dashboard (and from a chat or a
 * push notification, through the same rules): accept, resolve, reassign, escalate now, add a note.
 * The server refuses with these messages; the screens hide or disable the buttons with them.
 */

export const EVENT_ACTIONS = ['accept', 'resolve', 'reassign', 'escalate', 'note'] as const;
export type EventAction = (typeof EVENT_ACTIONS)[number];

/** A note's length (docs/product.md#responding). */
export const NOTE_MAX = 2000;

export const EVENT_ACTION_MESSAGES = {
  alreadyAccepted: (by: string | null) =>
    by ? `This event was already accepted by ${by}` : 'This event was already accepted',
  closed: (status: 'completed' | 'canceled') =>
    status === 'completed' ? 'This event is already resolved' : 'This event was canceled',
  escalateAccepted: 'An accepted event is not escalated: reassign it, or resolve it',
  escalateExhausted: 'Every step of this escalation was already contacted',
  noteRequired: 'Note is required',
  noteTooLong: `Must be at most ${NOTE_MAX} characters`,
  resourceRequired: 'Resource is required',
  resourceNotFound: 'Resource not found',
  resourceInactive: 'This resource is inactive',
  resourceUnreachable: (channel: EngineChannel) =>
    channel === 'email' ? 'This resource has no e-mail address' : 'This resource has no phone number',
  badChannel: 'Must be voice, sms or email',
  unchanged: 'Nothing changed: the event moved on meanwhile',
  /** the toasts of the buttons */
  accepted: 'Event accepted',
  resolved: 'Event resolved',
  reassigned: (name: string) => `Event reassigned to ${name}`,
  escalated: 'Escalated to the next step',
  noted: 'Note added',
} as const;

/** The state an action is judged on: the event's status, who accepted it, and whether its walk ended. */
export interface ActionableEvent {
  event_status: EventStatusValue;
  accepted_by: string | null;
  /** every step was contacted and nobody accepted (`not reached`) */
  exhausted?: boolean;
}

/**
 * Why an action may not be taken on the event now, or null when it may (the server answers 409 with
 * it). Every action, a note included, is refused on a closed event: its record is final.
 */
export function eventActionRefusal(action: EventAction, event: ActionableEvent): string | null {
  const { event_status: status } = event;
  if (status === 'completed' || status === 'canceled') return EVENT_ACTION_MESSAGES.closed(status);
  switch (action) {
    case 'accept':
      return status === 'progress' ? EVENT_ACTION_MESSAGES.alreadyAccepted(event.accepted_by) : null;
    case 'escalate':
      if (status === 'progress') return EVENT_ACTION_MESSAGES.escalateAccepted;
      return event.exhausted ? EVENT_ACTION_MESSAGES.escalateExhausted : null;
    default:
      return null;
  }
}

/** The resolution a person writes: cause, resolution, other comments (the event's own fields). */
export const ResolveEventSchema = form({
  event_cause: optionalText(MAX_LONG_TEXT),
  event_resolution: optionalText(MAX_LONG_TEXT),
  resolution: optionalText(MAX_LONG_TEXT),
});
export type ResolveEvent = v.InferOutput<typeof ResolveEventSchema>;

export const REASSIGN_CHANNELS = ['sms', 'voice', 'email'] as const satisfies readonly EngineChannel[];

/** Reassign: to whom, and how they are reached (an SMS when they have a phone, else an e-mail). */
export const ReassignEventSchema = form({
  resource_id: idField(EVENT_ACTION_MESSAGES.resourceRequired),
  channel: v.optional(v.picklist(REASSIGN_CHANNELS, EVENT_ACTION_MESSAGES.badChannel)),
});
export type ReassignEvent = v.InferOutput<typeof ReassignEventSchema>;

export const EventNoteSchema = form({
  text: v.pipe(
    v.string(EVENT_ACTION_MESSAGES.noteRequired),
    v.trim(),
    v.nonEmpty(EVENT_ACTION_MESSAGES.noteRequired),
    v.maxLength(NOTE_MAX, EVENT_ACTION_MESSAGES.noteTooLong),
  ),
});
export type EventNote = v.InferOutput<typeof EventNoteSchema>;

/** A resource as a reassignment reads it. */
export type ReassignableResource = EnginePerson;

/** The wait of a reassigned person when the event has no step to copy it from. */
export const REASSIGN_FOLLOW_UP_MINUTES = 15;

/**
 * The step a reassignment adds to the walk, or why it cannot: the person on the chosen channel
 * (an SMS when they have a phone and no channel was chosen, else an e-mail), contacted once and
 * waited for as long as the step it interrupts waits (15 minutes when that is a notice or none).
 */
export function reassignedStep(
  resource: ReassignableResource,
  chosen: EngineChannel | undefined,
  interrupted: EngineStep | undefined,
): EngineStep | string {
  if (resource.resource_active !== 'Y') return EVENT_ACTION_MESSAGES.resourceInactive;
  // the addresses the escalation's own steps use (engineStepsOf)
  const channel = chosen ?? (addressOf(resource, 'sms') ? 'sms' : 'email');
  const address = addressOf(resource, channel);
  if (!address) return EVENT_ACTION_MESSAGES.resourceUnreachable(channel);
  const wait = interrupted && interrupted.follow_up_minutes > 0 ? interrupted.follow_up_minutes : undefined;
  return {
    escalation_resource_id: 0,
    participation: 'agent',
    channel,
    resource_id: resource.resource_id,
    resource_name: resource.resource_fullname,
    address,
    language: resource.language_id,
    recalls: 0,
    follow_up_minutes: wait ?? REASSIGN_FOLLOW_UP_MINUTES,
  };
}

/** What an action answers: the event as it now is. */
export interface EventActionAnswer {
  case_id: string;
  event_status: EventStatusValue;
  accepted_by: string | null;
}

/** The timeline shows at most this many entries, the latest (docs/product.md#timeline). */
export const TIMELINE_LIMIT = 500;

/** What a person did, as the event's actions record it. */
export const ACTION_KINDS = ['accepted', 'resolved', 'canceled', 'reassigned', 'escalated', 'note'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/** Where an action came from: a responder's place, a step's answer, the integration, or the engine. */
export type ActionVia = ResponseVia | StepVia | 'integration';

/** One line of an event's timeline (docs/product.md#timeline). */
export type TimelineEntry = { at: string } & (
  | { kind: 'created'; incident: string }
  | {
      kind: 'contact';
      /** open, escalation, follow-up */
      status: string;
      channel: string;
      resource: string | null;
      delivery: string | null;
      provider: string | null;
      detail: string | null;
    }
  | { kind: 'not reached' }
  /** docs/product.md#schedules: a schedule step found nobody on call (`schedule`: its name) */
  | { kind: 'nobody on call'; schedule: string | null }
  | { kind: 'reply'; channel: 'sms' | 'voice'; sender: string | null; text: string; result: string }
  | { kind: 'report'; status: string; result: string }
  | { kind: ActionKind; who: string | null; via: ActionVia | null; text: string | null }
);

/** An action as its row records it. */
export interface ActionRecord {
  kind: ActionKind;
  by_name: string | null;
  via: ActionVia | null;
  user_id: number | null;
  resource_id: number | null;
  text: string | null;
}

function actorFacts(state: EngineState, by: EngineActor | undefined) {
  if (by === undefined || by === 'integration')
    return { by_name: 'integration', via: 'integration' as const, user_id: null, resource_id: null };
  if ('person' in by)
    return {
      by_name: by.person.name,
      via: by.person.via,
      user_id: by.person.user_id ?? null,
      resource_id: by.person.resource_id ?? null,
    };
  return {
    by_name: actorName(state, by),
    via: by.via ?? 'link',
    user_id: null,
    resource_id: state.steps[by.step]?.resource_id ?? null,
  };
}

const RECORDED: Partial<Record<EngineInput['kind'], ActionKind>> = {
  accept: 'accepted',
  resolve: 'resolved',
  cancel: 'canceled',
  escalate: 'escalated',
  reassign: 'reassigned',
};

/**
 * The record of an input that changed the event (docs/product.md#timeline): who did what and from
 * where; null for the engine's own inputs (a timer, an undelivered contact). `state` is the
 * event's state before the input (its steps name a step's person).
 */
export function actionRecordOf(input: EngineInput, state: EngineState): ActionRecord | null {
  const kind = RECORDED[input.kind];
  if (!kind || input.kind === 'due' || input.kind === 'undelivered') return null;
  return {
    kind,
    ...actorFacts(state, input.by),
    text: input.kind === 'reassign' ? input.step.resource_name : null,
  };
}

export interface Timeline {
  entries: TimelineEntry[];
  /** older entries were left out (more than TIMELINE_LIMIT) */
  truncated: boolean;
}
