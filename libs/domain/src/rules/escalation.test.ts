import { describe, expect, it } from 'vitest';
import {
  escalationProblems,
  inPriorityOrder,
  isEscalationValid,
  lastInLineStep,
  reachableOn,
  type StepForValidity,
} from './escalation';

const person = (patch: Partial<StepForValidity['resource']> = {}): StepForValidity['resource'] => ({
  resource_fullname: 'Ana Torres',
  resource_active: 'Y',
  resource_email: 'ana@example.test',
  resource_phone1: '7875550123',
  resource_phone2: null,
  ...patch,
});

let nextId = 1;
const step = (priority: number, patch: Partial<StepForValidity> = {}): StepForValidity => ({
  escalation_resource_id: nextId++,
  escalation_priority_orden: priority,
  escalation_active: 'Y',
  escalation_last_in_line: 'N',
  channel_id: 2,
  resource: person(),
  ...patch,
});

/** Marks the last active step as the server does. */
const marked = (steps: StepForValidity[]) => {
  const last = lastInLineStep(steps);
  return steps.map((s) => ({ ...s, escalation_last_in_line: s === last ? ('Y' as const) : ('N' as const) }));
};

describe('escalation_validate (docs/product.md#escalations, #entities)', () => {
  it('is false without an active step', () => {
    expect(escalationProblems([])).toEqual(['It has no active step.']);
    expect(isEscalationValid(marked([step(1, { escalation_active: 'N' })]))).toBe(false);
  });

  it('is true for active, reachable steps with the last active one last in line', () => {
    const steps = marked([
      step(1, { channel_id: 1 }),
      step(2, { channel_id: 3 }),
      step(3, { escalation_active: 'N', resource: person({ resource_active: 'N' }) }),
    ]);
    expect(escalationProblems(steps)).toEqual([]);
    // an inactive step is skipped by the engine: its inactive resource does not matter
    expect(steps.find((s) => s.escalation_last_in_line === 'Y')?.escalation_priority_orden).toBe(2);
  });

  it("is false when a step's resource is inactive", () => {
    expect(
      escalationProblems(
        marked([step(1), step(2, { resource: person({ resource_active: 'N', resource_fullname: 'Luis Ortiz' }) })]),
      ),
    ).toEqual(['Step 2: Luis Ortiz is inactive.']);
  });

  it('needs a phone for a voice call or an SMS and an address for an e-mail', () => {
    const noPhone = person({ resource_phone1: null, resource_phone2: '  ' });
    const noMail = person({ resource_email: null });
    expect(escalationProblems(marked([step(1, { channel_id: 1, resource: noPhone })]))).toEqual([
      'Step 1: Ana Torres has no phone for a voice call.',
    ]);
    expect(escalationProblems(marked([step(1, { channel_id: 2, resource: noPhone })]))).toEqual([
      'Step 1: Ana Torres has no phone for an SMS.',
    ]);
    expect(escalationProblems(marked([step(1, { channel_id: 3, resource: noMail })]))).toEqual([
      'Step 1: Ana Torres has no e-mail address for an e-mail.',
    ]);
    expect(reachableOn(person({ resource_phone1: null, resource_phone2: '7875550199' }), 2)).toBe(true);
    expect(reachableOn(person(), 9)).toBe(false);
  });

  it('counts a step that calls a schedule while the schedule is active (docs/product.md#schedules)', () => {
    const primary = { schedule_name: 'Primary', schedule_active: 'Y' as const };
    const onSchedule = (priority: number, active: 'Y' | 'N') =>
      step(priority, { resource: null, schedule: { ...primary, schedule_active: active }, channel_id: 1 });
    // whoever is on call is reached as the engine finds them: the channel asks nothing of the schedule
    expect(escalationProblems(marked([step(1), onSchedule(2, 'Y')]))).toEqual([]);
    expect(escalationProblems(marked([step(1), onSchedule(2, 'N')]))).toEqual([
      'Step 2: schedule Primary is inactive.',
    ]);
    expect(isEscalationValid(marked([onSchedule(1, 'N')]))).toBe(false);
    // an inactive step on an inactive schedule is skipped like any inactive step
    expect(escalationProblems(marked([step(1), { ...onSchedule(2, 'N'), escalation_active: 'N' }]))).toEqual([]);
    // a step that names neither (a row the database refuses): never valid
    expect(escalationProblems(marked([step(1, { resource: null })]))).toEqual(['Step 1: it calls nobody.']);
    expect(reachableOn(null, 1)).toBe(false);
  });

  it('is false when the step marked last in line is not the last active one', () => {
    const steps = [step(1, { escalation_last_in_line: 'Y' }), step(2)];
    expect(escalationProblems(steps)).toEqual(['The last active step is not marked last in line.']);
    expect(
      escalationProblems([step(1, { escalation_last_in_line: 'Y' }), step(2, { escalation_last_in_line: 'Y' })]),
    ).toEqual(['The last active step is not marked last in line.']);
  });

  it('walks steps by priority, then by id', () => {
    const a = step(2);
    const b = step(1);
    const c = step(1);
    expect(inPriorityOrder([a, c, b]).map((s) => s.escalation_resource_id)).toEqual([
      b.escalation_resource_id,
      c.escalation_resource_id,
      a.escalation_resource_id,
    ]);
    expect(lastInLineStep([a, b, c])).toBe(a);
    expect(lastInLineStep([step(1, { escalation_active: 'N' })])).toBeNull();
  });
});
