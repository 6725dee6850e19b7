import { describe, expect, it } from 'vitest';
import { contactText, spokenMessage } from './contact-message';
import { newEngineState, runEngine, type ContactAction, type EngineState, type EngineStep } from './escalation-engine';
import { MIN, T0, agent } from './steps.fixture';
import { STUCK_RETRY_MS, contactKey, contactOf, endEntryOf, wakeUpEnd } from './wake-up';

/** a step of these tests, in English */
const step = (id: number, patch: Partial<EngineStep> = {}): EngineStep => agent(id, { language: 'EN', ...patch });
const start = (steps: EngineStep[]) => newEngineState({ created_at: T0, sla_minutes: 30, steps });
const event = {
  event_id: 7,
  case_id: 'ABC123',
  short_event_subject: 'Disk full',
  short_event_body: 'The disk of db-1 is full',
};
const contact = (patch: Partial<ContactAction> = {}): ContactAction => ({
  kind: 'contact',
  step: 0,
  attempt: 1,
  followup_status: 'open',
  next: null,
  to_accepter: false,
  ...patch,
});

describe('a contact key', () => {
  it('names the event, the step (from 1) and the attempt, or the follow-up to the accepter', () => {
    expect(contactKey(7, contact({ step: 1, attempt: 2 }))).toBe('event:7:step:2:attempt:2');
    expect(contactKey(7, contact({ attempt: 3, to_accepter: true }))).toBe('event:7:follow-up:3');
  });
});

describe('the log entry of an action without a contact', () => {
  it('names the step last walked and, for a close, says resolved when the event completed', () => {
    const walked: EngineState = {
      ...start([step(1), step(2, { channel: 'voice' })]),
      at: { step: 1, attempt: 1, step_started_at: T0 },
    };
    expect(endEntryOf(7, { ...walked, status: 'completed' }, { kind: 'log', followup_status: 'completed' })).toEqual({
      closing: true,
      last: walked.steps[1],
      resource: walked.steps[1]!.resource_name,
      resource_id: walked.steps[1]!.resource_id,
      followup_status: 'completed',
      resolved: 'Y',
      idempotencyKey: 'event:7:closed',
    });
    expect(
      endEntryOf(7, { ...walked, status: 'canceled' }, { kind: 'log', followup_status: 'completed' }),
    ).toMatchObject({ closing: true, resolved: 'N' });
    expect(endEntryOf(7, walked, { kind: 'log', followup_status: 'not reached' })).toMatchObject({
      closing: false,
      resolved: 'N',
      idempotencyKey: 'event:7:not-reached',
    });
  });

  it('names no step before any was walked', () => {
    expect(endEntryOf(7, start([step(1)]), { kind: 'log', followup_status: 'completed' }).last).toBeUndefined();
  });
});

describe('the message of a contact', () => {
  const state = start([
    step(1),
    step(2, { channel: 'email', address: 'two@example.test' }),
    step(3, { channel: 'voice' }),
  ]);
  const facts = {
    language: 'EN',
    caseId: 'ABC123',
    incident: 'Disk full',
    attempt: 1,
    toAccepter: false,
    notice: false,
  };

  it('sends an SMS its text with the link, and names it by case, incident and link in a bundle', () => {
    const made = contactOf(
      event,
      state,
      contact({ next: { step: 1, at: T0 + 15 * MIN } }),
      'https://relevo.test/respond/x',
    );
    expect(made).toEqual({
      step: state.steps[0],
      nextStep: state.steps[1],
      nextAt: T0 + 15 * MIN,
      idempotencyKey: 'event:7:step:1:attempt:1',
      subject: null,
      body: contactText({
        ...facts,
        channel: 'sms',
        description: event.short_event_body,
        link: 'https://relevo.test/respond/x',
      }).body,
      label: 'ABC123 Disk full https://relevo.test/respond/x',
      spoken: null,
    });
  });

  it('gives an e-mail its subject, and its bundle label no link', () => {
    const made = contactOf(event, state, contact({ step: 1 }), 'https://relevo.test/respond/y');
    const text = contactText({
      ...facts,
      channel: 'email',
      description: event.short_event_body,
      link: 'https://relevo.test/respond/y',
    });
    expect(made).toMatchObject({
      subject: text.subject,
      body: text.body,
      label: 'ABC123 Disk full',
      nextStep: null,
      nextAt: null,
      spoken: null,
    });
  });

  it('gives a call its spoken text', () => {
    expect(contactOf(event, state, contact({ step: 2, attempt: 2 }), null).spoken).toBe(
      spokenMessage({ ...facts, attempt: 2 }),
    );
  });
});

describe('the end of a wake-up', () => {
  const state = start([step(1), step(2)]);

  it("reschedules the timer at the outcome's time and keeps the event open", () => {
    const first = runEngine(state, { kind: 'due' }, T0, 1);
    expect(wakeUpEnd(state, first, first, T0, 1)).toEqual({
      closes: false,
      dueAt: first.due_at,
      event: {
        status: 'open',
        sla_compliance: null,
        accepted_at: null,
        accepted_by: null,
        response_minutes: null,
        closed_at: null,
        elapsed_minutes: null,
      },
    });
  });

  it('names the person who accepted and rounds the minutes, scaled', () => {
    const walked = runEngine(state, { kind: 'due' }, T0, 10).state;
    const accepted = runEngine(walked, { kind: 'accept', by: { step: 0 } }, T0 + 0.25 * MIN, 10);
    const resolved = runEngine(accepted.state, { kind: 'resolve', by: { step: 0 } }, T0 + 0.56 * MIN, 10);
    const end = wakeUpEnd(accepted.state, resolved, resolved, T0 + 0.56 * MIN, 10);
    expect(end.closes).toBe(true);
    expect(end.dueAt).toBeNull();
    expect(end.event).toMatchObject({
      status: 'completed',
      accepted_by: 'Agent 1',
      accepted_at: T0 + 0.25 * MIN,
      response_minutes: 3,
      closed_at: T0 + 0.56 * MIN,
      elapsed_minutes: 6,
    });
  });

  it('names the integration when it accepted, and does not close an event closed before', () => {
    const walked = runEngine(state, { kind: 'due' }, T0, 1).state;
    const canceled = runEngine(walked, { kind: 'cancel' }, T0 + MIN, 1);
    expect(wakeUpEnd(canceled.state, canceled, canceled, T0 + MIN, 1).closes).toBe(false);
    const accepted = runEngine(walked, { kind: 'accept', by: 'integration' }, T0 + MIN, 1);
    expect(wakeUpEnd(walked, accepted, accepted, T0 + MIN, 1).event.accepted_by).toBe('integration');
  });

  it('looks again a second later when an ignored input says it is due already', () => {
    const stuck = { state, actions: [], due_at: T0 - MIN, ignored: true };
    expect(wakeUpEnd(state, stuck, stuck, T0, 1).dueAt).toBe(T0 + STUCK_RETRY_MS);
    // not when the walk moved on after an undelivered contact (another outcome), nor when it is due later
    expect(wakeUpEnd(state, stuck, { ...stuck }, T0, 1).dueAt).toBe(T0 - MIN);
    expect(wakeUpEnd(state, { ...stuck, due_at: T0 + MIN }, { ...stuck, due_at: T0 + MIN }, T0, 1).dueAt).toBe(
      T0 + MIN,
    );
  });
});
