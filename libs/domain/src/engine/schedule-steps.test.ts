import { describe, expect, it } from 'vitest';
import { newEngineState, runEngine, type EngineStep, type OnCallLookup } from './escalation-engine';
import { engineStepsOf, type StepRowForEngine } from './event-steps';
import { endEntryOf } from './wake-up';
import { MIN, T0, agent } from './steps.fixture';

/** A step calling schedule 9 ("Primary") by SMS, 15 minutes, one recall. */
const onSchedule = (id: number, patch: Partial<EngineStep> = {}): EngineStep =>
  agent(id, {
    resource_id: 0,
    resource_name: 'Primary',
    address: '',
    recalls: 1,
    schedule: { schedule_id: 9, schedule_name: 'Primary' },
    ...patch,
  });

const person = (id: number) => ({
  resource_id: id,
  resource_name: `Person ${id}`,
  address: `+1787555${id}`,
  language: 'EN',
});

/** Who is on call: person 1 until T0 + 10 minutes, person 2 after (a handoff), per the lookup's own clock. */
function handoffAt(minutes: number, clock: { now: number }): OnCallLookup {
  return (step) => (step.schedule?.schedule_id === 9 ? person(clock.now < T0 + minutes * MIN ? 1 : 2) : null);
}

describe('a step that calls a schedule (docs/product.md#schedules)', () => {
  it('contacts whoever is on call at each contact: a handoff between two contacts of one event', () => {
    const clock = { now: T0 };
    const onCall = handoffAt(10, clock);
    let state = newEngineState({ created_at: T0, sla_minutes: 30, steps: [onSchedule(1), agent(2)] });
    const first = runEngine(state, { kind: 'due' }, T0, 1, onCall);
    expect(first.actions).toMatchObject([{ kind: 'contact', step: 0, attempt: 1 }]);
    expect(first.state.steps[0]).toMatchObject({ resource_id: 1, resource_name: 'Person 1', address: '+17875551' });
    state = first.state;
    // the recall, halfway through the 15 minutes, comes after the handoff at 10 minutes
    clock.now = T0 + 7.5 * MIN;
    const early = runEngine(state, { kind: 'due' }, clock.now, 1, onCall);
    expect(early.state.steps[0]!.resource_name).toBe('Person 1');
    clock.now = T0 + 12 * MIN;
    const recall = runEngine(state, { kind: 'due' }, clock.now, 1, onCall);
    expect(recall.actions).toMatchObject([{ kind: 'contact', step: 0, attempt: 2, followup_status: 'follow-up' }]);
    expect(recall.state.steps[0]).toMatchObject({ resource_id: 2, resource_name: 'Person 2', address: '+17875552' });
    // the step keeps its schedule, and the person who accepts by the step's link is the one reached last
    expect(recall.state.steps[0]!.schedule).toEqual({ schedule_id: 9, schedule_name: 'Primary' });
    const accepted = runEngine(recall.state, { kind: 'accept', by: { step: 0 } }, clock.now, 1, onCall);
    expect(accepted.state.accepted_by).toEqual({ step: 0 });
  });

  it('skips the step with a "nobody on call" row when nobody is, and walks on at once', () => {
    const state = newEngineState({ created_at: T0, sla_minutes: 30, steps: [onSchedule(1), agent(2)] });
    const outcome = runEngine(state, { kind: 'due' }, T0, 1, () => null);
    expect(outcome.actions).toEqual([
      { kind: 'log', followup_status: 'nobody on call', step: 0, attempt: 1 },
      expect.objectContaining({ kind: 'contact', step: 1, attempt: 1, followup_status: 'escalation' }),
    ]);
    const entry = endEntryOf(5, outcome.state, outcome.actions[0] as never);
    expect(entry).toMatchObject({
      resource: 'Primary',
      resource_id: null,
      followup_status: 'nobody on call',
      closing: false,
      idempotencyKey: 'event:5:step:1:attempt:1:nobody-on-call',
    });
  });

  it('counts as not reached when the schedule step is the last and nobody is on call', () => {
    const state = newEngineState({ created_at: T0, sla_minutes: 30, steps: [agent(1), onSchedule(2)] });
    const first = runEngine(state, { kind: 'due' }, T0, 1, () => null);
    const later = runEngine(first.state, { kind: 'due' }, T0 + 15 * MIN, 1, () => null);
    expect(later.actions).toEqual([
      { kind: 'log', followup_status: 'nobody on call', step: 1, attempt: 1 },
      { kind: 'log', followup_status: 'not reached' },
    ]);
    expect(later.state.exhausted).toBe(true);
    expect(later.due_at).toBe(T0 + 30 * MIN); // the SLA's deadline only
    // the closing row names the schedule, no resource
    expect(endEntryOf(5, later.state, { kind: 'log', followup_status: 'not reached' })).toMatchObject({
      resource: 'Primary',
      resource_id: null,
    });
  });

  it('ends the step at a recall nobody is on call for, and the next step comes then', () => {
    const clock = { now: T0 };
    const lookup: OnCallLookup = () => (clock.now < T0 + 5 * MIN ? person(1) : null);
    const state = newEngineState({ created_at: T0, sla_minutes: null, steps: [onSchedule(1), agent(2)] });
    const first = runEngine(state, { kind: 'due' }, T0, 1, lookup);
    clock.now = T0 + 8 * MIN;
    const recall = runEngine(first.state, { kind: 'due' }, clock.now, 1, lookup);
    expect(recall.actions).toEqual([
      { kind: 'log', followup_status: 'nobody on call', step: 0, attempt: 2 },
      expect.objectContaining({ kind: 'contact', step: 1, attempt: 1 }),
    ]);
  });

  it('is copied at creation with its schedule, and dropped while the schedule is inactive', () => {
    const row = (patch: Partial<StepRowForEngine>): StepRowForEngine => ({
      escalation_resource_id: 4,
      escalation_priority_orden: 1,
      escalation_active: 'Y',
      participation_type_id: 1,
      channel_id: 2,
      ind_call_again: 'N',
      max_attemp_number: 0,
      next_followup_time: 15,
      next_followup_time_mult: 'M',
      resource_id: 0,
      resource_fullname: '',
      resource_active: 'N',
      resource_email: null,
      resource_phone1_e164: null,
      resource_phone2_e164: null,
      language_id: 'ES',
      schedule: { schedule_id: 9, schedule_name: 'Primary', schedule_active: 'Y' },
      ...patch,
    });
    expect(engineStepsOf([row({})])).toEqual([
      expect.objectContaining({
        escalation_resource_id: 4,
        channel: 'sms',
        resource_id: 0,
        resource_name: 'Primary',
        schedule: { schedule_id: 9, schedule_name: 'Primary' },
      }),
    ]);
    expect(
      engineStepsOf([row({ schedule: { schedule_id: 9, schedule_name: 'Primary', schedule_active: 'N' } })]),
    ).toEqual([]);
  });
});
