import { describe, expect, it } from 'vitest';
import {
  newEngineState,
  responseMinutes,
  runEngine,
  stepSchedule,
  type EngineInput,
  type EngineState,
  type EngineStep,
} from './escalation-engine';
import { MIN, T0, agent, supervisor } from './steps.fixture';

/** Applies inputs at times (minutes after T0) and collects what the engine did. */
function play(state: EngineState, events: [minutes: number, input: EngineInput][], scale = 1) {
  const log: { at: number; actions: string[]; due: number | null }[] = [];
  for (const [minutes, input] of events) {
    const outcome = runEngine(state, input, T0 + minutes * MIN, scale);
    state = outcome.state;
    log.push({
      at: minutes,
      actions: outcome.actions.map((a) =>
        a.kind === 'contact'
          ? `${a.followup_status} step ${a.step + 1}#${a.attempt}${a.to_accepter ? ' (accepter)' : ''}`
          : a.followup_status,
      ),
      due: outcome.due_at === null ? null : (outcome.due_at - T0) / MIN,
    });
  }
  return { state, log };
}
const start = (steps: EngineStep[], sla: number | null = 30) =>
  newEngineState({ created_at: T0, sla_minutes: sla, steps });
const due: EngineInput = { kind: 'due' };

describe('the escalation engine (docs/product.md#escalation-engine)', () => {
  it('contacts the first step at once, escalates after its follow-up time, and is accepted at step 1', () => {
    const { state, log } = play(start([agent(1), agent(2)]), [
      [0, due],
      [3, { kind: 'accept', by: { step: 0 } }],
    ]);
    expect(log).toEqual([
      { at: 0, actions: ['open step 1#1'], due: 15 },
      // accepted: later waits cancelled; the accepter is followed up every follow-up time
      { at: 3, actions: [], due: 18 },
    ]);
    expect(state).toMatchObject({
      status: 'progress',
      accepted_at: T0 + 3 * MIN,
      accepted_by: { step: 0 },
      sla_compliance: 'YES',
    });
    expect(responseMinutes(state, 1)).toBe(3);
  });

  it('walks to step 3 and is accepted there, each contact naming who comes next and when', () => {
    const steps = [agent(1), agent(2, { follow_up_minutes: 30 }), agent(3)];
    let state = start(steps, 60);
    const first = runEngine(state, due, T0);
    expect(first.actions).toEqual([
      {
        kind: 'contact',
        step: 0,
        attempt: 1,
        followup_status: 'open',
        next: { step: 1, at: T0 + 15 * MIN },
        to_accepter: false,
      },
    ]);
    state = first.state;
    const { state: end, log } = play(state, [
      [15, due],
      [45, due],
      [50, { kind: 'accept', by: { step: 2 } }],
      [65, due],
    ]);
    expect(log).toEqual([
      { at: 15, actions: ['escalation step 2#1'], due: 45 },
      { at: 45, actions: ['escalation step 3#1'], due: 60 },
      { at: 50, actions: [], due: 65 },
      { at: 65, actions: ['follow-up step 3#1 (accepter)'], due: 80 },
    ]);
    expect(end).toMatchObject({ status: 'progress', sla_compliance: 'YES', follow_ups: 1 });
  });

  it('says `not reached` when nobody accepted after the last step, and stays open', () => {
    const { state, log } = play(start([agent(1), agent(2)], null), [
      [0, due],
      [15, due],
      [30, due],
      [45, due],
    ]);
    expect(log).toEqual([
      { at: 0, actions: ['open step 1#1'], due: 15 },
      { at: 15, actions: ['escalation step 2#1'], due: 30 },
      { at: 30, actions: ['not reached'], due: null },
      { at: 45, actions: [], due: null },
    ]);
    expect(state).toMatchObject({ status: 'open', exhausted: true, sla_compliance: null });
  });

  it('calls again up to the max attempts, spread over the follow-up time, before moving on', () => {
    expect(stepSchedule(agent(1, { recalls: 3, follow_up_minutes: 20 }), 1)).toEqual({
      contacts: [0, 5 * MIN, 10 * MIN, 15 * MIN],
      ends: 20 * MIN,
    });
    const { log } = play(start([agent(1, { recalls: 3, follow_up_minutes: 20 }), agent(2)], null), [
      [0, due],
      [5, due],
      [10, due],
      [15, due],
      [20, due],
    ]);
    expect(log.map((entry) => [entry.at, entry.actions, entry.due])).toEqual([
      [0, ['open step 1#1'], 5],
      [5, ['follow-up step 1#2'], 10],
      [10, ['follow-up step 1#3'], 15],
      [15, ['follow-up step 1#4'], 20],
      [20, ['escalation step 2#1'], 35],
    ]);
  });

  it("moves on at once when the contact it waits on could not be delivered, dropping that step's recalls", () => {
    const { state, log } = play(start([agent(1, { recalls: 2 }), agent(2)], null), [
      [0, due],
      // a report about another contact (an earlier attempt, another step) changes nothing
      [2, { kind: 'undelivered', step: 0, attempt: 2 }],
      [3, { kind: 'undelivered', step: 0, attempt: 1 }],
      [4, { kind: 'undelivered', step: 0, attempt: 1 }],
      [5, { kind: 'undelivered', step: 1, attempt: 1 }],
    ]);
    expect(log).toEqual([
      { at: 0, actions: ['open step 1#1'], due: 5 },
      { at: 2, actions: [], due: 5 },
      // step 2 at once instead of the recalls at 5 and 10 and the end of the wait at 15
      { at: 3, actions: ['escalation step 2#1'], due: 18 },
      { at: 4, actions: [], due: 18 },
      // the last step cannot be reached either: nobody is left
      { at: 5, actions: ['not reached'], due: null },
    ]);
    expect(state).toMatchObject({ status: 'open', exhausted: true });
    // once accepted, a failed delivery moves nothing
    const accepted = play(start([agent(1), agent(2)], null), [
      [0, due],
      [1, { kind: 'accept', by: { step: 0 } }],
      [2, { kind: 'undelivered', step: 0, attempt: 1 }],
    ]);
    expect(accepted.log[2]).toEqual({ at: 2, actions: [], due: 16 });
  });

  it('sends a supervisor a notice and moves on at once', () => {
    const { log } = play(start([agent(1), supervisor(2), agent(3)], null), [
      [0, due],
      [15, due],
    ]);
    expect(log).toEqual([
      { at: 0, actions: ['open step 1#1'], due: 15 },
      { at: 15, actions: ['escalation step 2#1', 'escalation step 3#1'], due: 30 },
    ]);
  });

  it('catches up after the worker was away: every contact due since, once each, in order', () => {
    const { log } = play(start([agent(1, { recalls: 1, follow_up_minutes: 10 }), agent(2), agent(3)], null), [
      [40, due],
    ]);
    expect(log).toEqual([
      {
        at: 40,
        actions: ['open step 1#1', 'follow-up step 1#2', 'escalation step 2#1', 'escalation step 3#1', 'not reached'],
        due: null,
      },
    ]);
  });

  it('completes an event resolved while waiting: pending contacts cancelled, the last log row written', () => {
    const { state, log } = play(start([agent(1), agent(2)]), [
      [0, due],
      [4, { kind: 'resolve', by: { step: 0 } }],
      [15, due],
    ]);
    expect(log).toEqual([
      { at: 0, actions: ['open step 1#1'], due: 15 },
      { at: 4, actions: ['completed'], due: null },
      { at: 15, actions: [], due: null },
    ]);
    // the resolver responded: it counts as the acceptance
    expect(state).toMatchObject({
      status: 'completed',
      closed_at: T0 + 4 * MIN,
      accepted_at: T0 + 4 * MIN,
      sla_compliance: 'YES',
    });
  });

  it('leaves the response undecided when the integration resolves before anyone answered', () => {
    const { state } = play(start([agent(1)]), [
      [0, due],
      [10, { kind: 'resolve', by: 'integration' }],
    ]);
    expect(state).toMatchObject({ status: 'completed', accepted_at: null, sla_compliance: null });
  });

  it('cancels: nothing more happens, and later inputs are ignored', () => {
    let state = play(start([agent(1), agent(2)]), [[0, due]]).state;
    const canceled = runEngine(state, { kind: 'cancel' }, T0 + 2 * MIN);
    expect(canceled).toMatchObject({
      actions: [],
      due_at: null,
      ignored: false,
      state: { status: 'canceled', closed_at: T0 + 2 * MIN },
    });
    state = canceled.state;
    for (const input of [
      due,
      { kind: 'accept', by: { step: 0 } },
      { kind: 'resolve', by: 'integration' },
      { kind: 'cancel' },
    ] as EngineInput[]) {
      expect(runEngine(state, input, T0 + 20 * MIN)).toMatchObject({ ignored: true, actions: [], state });
    }
  });

  it('marks the SLA NO as soon as its time passes without acceptance, and a late acceptance stays NO', () => {
    const { state, log } = play(start([agent(1, { follow_up_minutes: 60 })], 30), [
      [0, due],
      [30, due],
      [40, { kind: 'accept', by: { step: 0 } }],
    ]);
    expect(log[0]!.due).toBe(30);
    expect(log[1]).toEqual({ at: 30, actions: [], due: 60 });
    expect(state).toMatchObject({ sla_compliance: 'NO', status: 'progress' });
    // accepted one minute before the SLA: YES
    expect(
      play(start([agent(1)], 30), [
        [0, due],
        [29, { kind: 'accept', by: 'integration' }],
      ]).state.sla_compliance,
    ).toBe('YES');
  });

  it('divides every wait by ESCALATION_TIME_SCALE', () => {
    const { log, state } = play(
      start([agent(1, { recalls: 1, follow_up_minutes: 10 }), agent(2)], 30),
      [
        [0, due],
        [5 / 60, due],
        [10 / 60, due],
        [0.5, due],
      ],
      60,
    );
    // step 2 (15 minutes) ends 25 s in: 30 s in, nobody was reached, and the 30-minute SLA has passed
    expect(log.map((entry) => entry.actions)).toEqual([
      ['open step 1#1'],
      ['follow-up step 1#2'],
      ['escalation step 2#1'],
      ['not reached'],
    ]);
    expect(state.sla_compliance).toBe('NO');
  });

  it('does not follow up an accepter without a follow-up time, nor the integration', () => {
    expect(
      play(start([supervisor(1)], null), [
        [0, due],
        [1, { kind: 'accept', by: { step: 0 } }],
      ]).log[1]!.due,
    ).toBeNull();
    expect(
      play(start([agent(1)], null), [
        [0, due],
        [1, { kind: 'accept', by: 'integration' }],
      ]).log[1]!.due,
    ).toBeNull();
  });

  it('ignores an accept of an accepted event and a due with nothing due', () => {
    const accepted = play(start([agent(1)]), [
      [0, due],
      [1, { kind: 'accept', by: { step: 0 } }],
    ]).state;
    expect(runEngine(accepted, { kind: 'accept', by: { step: 0 } }, T0 + 2 * MIN)).toMatchObject({
      ignored: true,
      state: accepted,
    });
    const open = play(start([agent(1), agent(2)], null), [[0, due]]).state;
    expect(runEngine(open, due, T0 + 5 * MIN)).toMatchObject({ ignored: true, actions: [], due_at: T0 + 15 * MIN });
  });

  it('accepts after `not reached` (someone answers late) and completes from there', () => {
    const { state, log } = play(start([agent(1)], null), [
      [0, due],
      [15, due],
      [20, { kind: 'accept', by: { step: 0 } }],
      [25, { kind: 'resolve', by: { step: 0 } }],
    ]);
    expect(log.map((entry) => entry.actions)).toEqual([['open step 1#1'], ['not reached'], [], ['completed']]);
    expect(state).toMatchObject({ status: 'completed', accepted_at: T0 + 20 * MIN, closed_at: T0 + 25 * MIN });
  });

  it('has nothing to do for an escalation without steps but the SLA clock', () => {
    expect(runEngine(start([], 30), due, T0)).toMatchObject({ actions: [], due_at: T0 + 30 * MIN });
  });
});
