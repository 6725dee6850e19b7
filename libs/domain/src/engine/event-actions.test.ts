import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { newEngineState, runEngine, type EngineInput, type EngineState, type Responder } from './escalation-engine';
import {
  EVENT_ACTION_MESSAGES,
  EventNoteSchema,
  ReassignEventSchema,
  eventActionRefusal,
  reassignedStep,
  type ReassignableResource,
} from './event-actions';
import { timelineText } from '../rules/event-timeline';
import { wakeUpEnd } from './wake-up';
import { MIN, T0, agent } from './steps.fixture';

const ana: Responder = { name: 'Ana Root', via: 'dashboard', user_id: 7 };
const due: EngineInput = { kind: 'due' };
const start = (sla: number | null = 30) =>
  newEngineState({ created_at: T0, sla_minutes: sla, steps: [agent(1), agent(2), agent(3)] });

/** Runs inputs at minutes after T0; answers the last state and each input's contacts as "step#attempt status". */
function play(state: EngineState, inputs: [number, EngineInput][]) {
  const contacts: string[][] = [];
  let dueAt: number | null = null;
  for (const [minutes, input] of inputs) {
    const outcome = runEngine(state, input, T0 + minutes * MIN);
    state = outcome.state;
    dueAt = outcome.due_at === null ? null : (outcome.due_at - T0) / MIN;
    contacts.push(
      outcome.actions.map((a) =>
        a.kind === 'contact'
          ? `${state.steps[a.step]!.resource_name}#${a.attempt} ${a.followup_status}`
          : a.followup_status,
      ),
    );
  }
  return { state, contacts, dueAt };
}

describe('acting from the dashboard (docs/product.md#responding)', () => {
  it('an accept by a signed-in person counts for the SLA as one from a link, and names them', () => {
    const { state } = play(start(), [
      [0, due],
      [4, { kind: 'accept', by: { person: ana } }],
    ]);
    expect(state).toMatchObject({ status: 'progress', accepted_at: T0 + 4 * MIN, sla_compliance: 'YES' });
    const end = wakeUpEnd(
      start(),
      { state, actions: [], due_at: null, ignored: false },
      { state, actions: [], due_at: null, ignored: false },
      T0,
      1,
    );
    expect(end.event.accepted_by).toBe('Ana Root');
    expect(end.event.response_minutes).toBe(4);
  });

  it('a person who is one of the steps gets the accepter follow-ups; a user who is not gets none', () => {
    const asAgent2: Responder = { name: 'Agent 2', via: 'slack', resource_id: 102 };
    const followed = play(start(), [
      [0, due],
      [2, { kind: 'accept', by: { person: asAgent2 } }],
      [17, due],
    ]);
    expect(followed.contacts[2]).toEqual(['Agent 2#1 follow-up']);
    const user = play(start(), [
      [0, due],
      [2, { kind: 'accept', by: { person: ana } }],
    ]);
    expect(user.dueAt).toBeNull();
  });

  it('escalate now contacts the next step at once and drops the rest of the wait', () => {
    const { state, contacts, dueAt } = play(start(), [
      [0, due],
      [3, { kind: 'escalate', by: { person: ana } }],
    ]);
    expect(contacts[1]).toEqual(['Agent 2#1 escalation']);
    expect(state.at).toMatchObject({ step: 1, attempt: 1, step_started_at: T0 + 3 * MIN });
    // the SLA deadline (30) comes after the step's wait ends (3 + 15)
    expect(dueAt).toBe(18);
  });

  it('escalating past the last step says nobody was reached; an accepted or exhausted event is not escalated', () => {
    const walked = play(start(), [
      [0, due],
      [1, { kind: 'escalate', by: { person: ana } }],
      [2, { kind: 'escalate', by: { person: ana } }],
      [3, { kind: 'escalate', by: { person: ana } }],
    ]);
    expect(walked.contacts.slice(1)).toEqual([['Agent 2#1 escalation'], ['Agent 3#1 escalation'], ['not reached']]);
    expect(walked.state.exhausted).toBe(true);
    expect(runEngine(walked.state, { kind: 'escalate', by: { person: ana } }, T0 + 4 * MIN).ignored).toBe(true);
    const accepted = play(start(), [
      [0, due],
      [1, { kind: 'accept', by: { step: 0 } }],
    ]).state;
    expect(runEngine(accepted, { kind: 'escalate', by: { person: ana } }, T0 + 2 * MIN).ignored).toBe(true);
  });

  it('reassign contacts the chosen person now and then goes on with the steps after the one it interrupted', () => {
    const chosen = agent(9, { resource_name: 'Chosen', follow_up_minutes: 10 });
    const { state, contacts } = play(start(), [
      [0, due],
      [2, { kind: 'reassign', step: chosen, by: { person: ana } }],
      [12, due],
    ]);
    expect(contacts[1]).toEqual(['Chosen#1 escalation']);
    expect(contacts[2]).toEqual(['Agent 2#1 escalation']);
    // the earlier steps keep their indexes (their links and keys stay theirs)
    expect(state.steps.map((s) => s.resource_name)).toEqual(['Agent 1', 'Agent 2', 'Agent 3', 'Chosen']);
    expect(state.order).toEqual([0, 3, 1, 2]);
  });

  it('reassigning an accepted event opens it again and keeps its first response for the SLA', () => {
    const chosen = agent(9, { resource_name: 'Chosen' });
    const { state } = play(start(), [
      [0, due],
      [5, { kind: 'accept', by: { step: 0 } }],
      [40, { kind: 'reassign', step: chosen, by: { person: ana } }],
      [45, { kind: 'accept', by: { step: 3 } }],
    ]);
    expect(state).toMatchObject({ status: 'progress', accepted_at: T0 + 5 * MIN, sla_compliance: 'YES' });
    expect(state.accepted_by).toEqual({ step: 3 });
  });

  it('a closed event takes no reassignment', () => {
    const closed = play(start(), [
      [0, due],
      [1, { kind: 'resolve', by: { person: ana } }],
    ]).state;
    expect(runEngine(closed, { kind: 'reassign', step: agent(9), by: { person: ana } }, T0 + 2 * MIN).ignored).toBe(
      true,
    );
  });
});

describe('the refusals of the actions', () => {
  it('refuses a second accept with who accepted, and every action on a closed event', () => {
    expect(eventActionRefusal('accept', { event_status: 'progress', accepted_by: 'Ana' })).toBe(
      'This event was already accepted by Ana',
    );
    expect(eventActionRefusal('accept', { event_status: 'open', accepted_by: null })).toBeNull();
    for (const action of ['accept', 'resolve', 'reassign', 'escalate', 'note'] as const) {
      expect(eventActionRefusal(action, { event_status: 'completed', accepted_by: null })).toBe(
        'This event is already resolved',
      );
      expect(eventActionRefusal(action, { event_status: 'canceled', accepted_by: null })).toBe(
        'This event was canceled',
      );
    }
    expect(eventActionRefusal('escalate', { event_status: 'progress', accepted_by: 'Ana' })).toBe(
      EVENT_ACTION_MESSAGES.escalateAccepted,
    );
    expect(eventActionRefusal('escalate', { event_status: 'open', accepted_by: null, exhausted: true })).toBe(
      EVENT_ACTION_MESSAGES.escalateExhausted,
    );
    expect(eventActionRefusal('resolve', { event_status: 'progress', accepted_by: 'Ana' })).toBeNull();
  });

  it('checks a note: required, at most 2,000 characters, trimmed', () => {
    const issues = (body: unknown) => v.safeParse(EventNoteSchema, body).issues?.map((i) => i.message);
    expect(issues({ text: '   ' })).toEqual(['Note is required']);
    expect(issues({})).toEqual(['Note is required']);
    expect(issues({ text: 'x'.repeat(2001) })).toEqual(['Must be at most 2000 characters']);
    expect(v.parse(EventNoteSchema, { text: ` ${'x'.repeat(2000)} ` }).text).toHaveLength(2000);
    expect(v.safeParse(ReassignEventSchema, { resource_id: 'x' }).issues?.[0]?.message).toBe('Resource is required');
    expect(v.safeParse(ReassignEventSchema, { resource_id: 3, channel: 'fax' }).issues?.[0]?.message).toBe(
      'Must be voice, sms or email',
    );
  });

  it('builds the reassigned step: an SMS to a phone, else an e-mail; refused without an address', () => {
    const person: ReassignableResource = {
      resource_id: 5,
      resource_fullname: 'Eva',
      resource_active: 'Y',
      resource_email: 'eva@example.test',
      resource_phone1_e164: null,
      resource_phone2_e164: '+17875550199',
      language_id: 'EN',
    };
    expect(reassignedStep(person, undefined, agent(1, { follow_up_minutes: 20 }))).toMatchObject({
      channel: 'sms',
      address: '+17875550199',
      follow_up_minutes: 20,
      recalls: 0,
    });
    expect(reassignedStep({ ...person, resource_phone2_e164: null }, undefined, undefined)).toMatchObject({
      channel: 'email',
      follow_up_minutes: 15,
    });
    expect(reassignedStep({ ...person, resource_phone2_e164: null }, 'voice', undefined)).toBe(
      'This resource has no phone number',
    );
    expect(reassignedStep({ ...person, resource_active: 'N' }, undefined, undefined)).toBe('This resource is inactive');
  });

  it('says each timeline entry in a sentence', () => {
    const at = '2026-11-29T10:00:00.000Z';
    expect(timelineText({ at, kind: 'accepted', who: 'Ana', via: 'dashboard', text: null })).toBe(
      'Accepted by Ana from the dashboard',
    );
    expect(timelineText({ at, kind: 'reassigned', who: 'Ana', via: 'dashboard', text: 'Eva' })).toBe(
      'Reassigned to Eva by Ana from the dashboard',
    );
    expect(
      timelineText({
        at,
        kind: 'contact',
        status: 'escalation',
        channel: 'sms',
        resource: 'Eva',
        delivery: 'delivered',
        provider: 'twilio',
        detail: null,
      }),
    ).toBe('Escalated: SMS to Eva (delivered via twilio)');
    expect(timelineText({ at, kind: 'reply', channel: 'voice', sender: '+1787', text: '4', result: 'accepted' })).toBe(
      'Key 4 pressed by +1787 (accepted)',
    );
  });
});
