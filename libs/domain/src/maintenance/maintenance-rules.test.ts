import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { newEngineState, responseMinutes, runEngine, type EngineState } from '../engine/escalation-engine';
import { MIN, T0, agent } from '../engine/steps.fixture';
import { formatInZone } from '../schedules/zone';
import {
  currentOrNextOccurrence,
  holdingWindow,
  inMaintenance,
  maintenanceStatus,
  windowEnd,
  type MaintenanceTimes,
} from './maintenance-rules';
import { MAINTENANCE_MESSAGES, MaintenanceWindowSchema } from './maintenance-window';

const NY = 'America/New_York';
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

const window = (patch: Partial<MaintenanceTimes>): MaintenanceTimes => ({
  maintenance_window_id: 1,
  module_id: 10,
  application_id: null,
  start: Date.parse('2026-03-01T10:00:00Z'),
  end: Date.parse('2026-03-01T12:00:00Z'),
  recurrence: 'none',
  release: 'escalate',
  ...patch,
});
const checkout = { module_id: 10, application_id: 7 };
const at = (text: string) => Date.parse(text);

describe('a one-time window', () => {
  const once = window({});

  it('holds from its start (included) to its end (excluded)', () => {
    expect(inMaintenance([once], checkout, at('2026-03-01T09:59:59Z'), NY)).toBe(false);
    expect(inMaintenance([once], checkout, at('2026-03-01T10:00:00Z'), NY)).toBe(true);
    expect(inMaintenance([once], checkout, at('2026-03-01T11:59:59Z'), NY)).toBe(true);
    expect(inMaintenance([once], checkout, at('2026-03-01T12:00:00Z'), NY)).toBe(false);
    expect(windowEnd(once, at('2026-03-01T11:00:00Z'), NY)).toBe(once.end);
    expect(windowEnd(once, at('2026-03-01T13:00:00Z'), NY)).toBeNull();
  });

  it('covers its module, or every module of its application, and no other', () => {
    const ofApplication = window({ module_id: null, application_id: 7 });
    const noon = at('2026-03-01T11:00:00Z');
    expect(inMaintenance([ofApplication], checkout, noon, NY)).toBe(true);
    expect(inMaintenance([ofApplication], { module_id: 11, application_id: 7 }, noon, NY)).toBe(true);
    expect(inMaintenance([once], { module_id: 11, application_id: 7 }, noon, NY)).toBe(false);
    expect(inMaintenance([ofApplication], { module_id: 10, application_id: 8 }, noon, NY)).toBe(false);
  });

  it('is upcoming, on, then past for good', () => {
    expect(maintenanceStatus(once, at('2026-02-28T00:00:00Z'), NY)).toBe('upcoming');
    expect(maintenanceStatus(once, at('2026-03-01T10:30:00Z'), NY)).toBe('now');
    expect(maintenanceStatus(once, at('2026-03-01T12:00:00Z'), NY)).toBe('past');
    expect(currentOrNextOccurrence(once, at('2026-03-02T00:00:00Z'), NY)).toBeNull();
  });

  it('an incident under two windows waits for the one ending last', () => {
    const later = window({
      maintenance_window_id: 2,
      module_id: null,
      application_id: 7,
      end: at('2026-03-01T15:00:00Z'),
    });
    const holding = holdingWindow([once, later], checkout, at('2026-03-01T11:00:00Z'), NY);
    expect(holding).toEqual({ window: later, until: later.end });
  });
});

describe('a weekly window repeats at the same weekday and time of the customer’s zone', () => {
  // Saturday 2026-03-07 22:00 to Sunday 02:00 in New York (EST, -05:00); the clocks go forward
  // on Sunday 2026-03-08 at 02:00, and back on Sunday 2026-11-01 at 02:00
  const weekly = window({
    recurrence: 'weekly',
    start: at('2026-03-07T22:00:00-05:00'),
    end: at('2026-03-08T03:00:00-04:00'),
  });

  it('the first occurrence straddles the change of the clocks: five hours of the wall clock, four elapsed', () => {
    expect(inMaintenance([weekly], checkout, at('2026-03-08T02:30:00-04:00'), NY)).toBe(true);
    expect(windowEnd(weekly, at('2026-03-08T01:00:00-05:00'), NY)).toBe(at('2026-03-08T03:00:00-04:00'));
  });

  it('the next occurrences start at 22:00 local, now in daylight time (-04:00)', () => {
    const second = at('2026-03-14T22:00:00-04:00');
    expect(inMaintenance([weekly], checkout, second - 1, NY)).toBe(false);
    expect(inMaintenance([weekly], checkout, second, NY)).toBe(true);
    expect(formatInZone(NY, currentOrNextOccurrence(weekly, second - HOUR, NY)!.start)).toBe(
      '2026-03-14 22:00 (-04:00)',
    );
    expect(windowEnd(weekly, second + HOUR, NY)).toBe(at('2026-03-15T03:00:00-04:00'));
    // the same elapsed week after the first start is 23:00 local: not a start
    expect(maintenanceStatus(weekly, at('2026-03-14T23:30:00-04:00'), NY)).toBe('now');
    expect(maintenanceStatus(weekly, at('2026-03-15T03:00:00-04:00'), NY)).toBe('upcoming');
  });

  it('keeps its wall-clock times back in standard time, months later', () => {
    const november = at('2026-11-07T22:00:00-05:00');
    expect(inMaintenance([weekly], checkout, november - MIN, NY)).toBe(false);
    expect(inMaintenance([weekly], checkout, november, NY)).toBe(true);
    // the night the clocks go back: Sunday 01:00-02:00 happens twice; 03:00 local is still the end
    expect(windowEnd(weekly, november + HOUR, NY)).toBe(at('2026-11-08T03:00:00-05:00'));
    expect(currentOrNextOccurrence(weekly, at('2026-11-09T12:00:00Z'), NY)).toEqual({
      start: at('2026-11-14T22:00:00-05:00'),
      end: at('2026-11-15T03:00:00-05:00'),
    });
  });

  it('is never past, and nothing before its first start', () => {
    expect(maintenanceStatus(weekly, at('2030-01-01T00:00:00Z'), NY)).toBe('upcoming');
    expect(inMaintenance([weekly], checkout, weekly.start - 7 * DAY, NY)).toBe(false);
  });

  it('a week-long window covers every instant, each occurrence ending as the next begins', () => {
    const always = window({
      recurrence: 'weekly',
      start: at('2026-03-02T09:00:00-05:00'),
      end: at('2026-03-09T09:00:00-04:00'),
    });
    expect(windowEnd(always, at('2026-03-09T09:00:00-04:00'), NY)).toBe(at('2026-03-16T09:00:00-04:00'));
    expect(inMaintenance([always], checkout, at('2026-04-20T12:00:00Z'), NY)).toBe(true);
  });
});

describe('the window’s body', () => {
  const body = {
    window_name: 'Upgrade',
    module_id: 10,
    start: '2026-03-01T10:00:00Z',
    end: '2026-03-01T12:00:00Z',
  };
  const issues = (input: object) =>
    (v.safeParse(MaintenanceWindowSchema, input).issues ?? []).map((issue) => [
      issue.path?.map((item) => item.key).join('.'),
      issue.message,
    ]);

  it('takes a module, once, escalating by default', () => {
    expect(v.parse(MaintenanceWindowSchema, body)).toEqual({
      ...body,
      application_id: null,
      start: '2026-03-01T10:00:00.000Z',
      end: '2026-03-01T12:00:00.000Z',
      recurrence: 'none',
      release: 'escalate',
    });
  });

  it('says what is wrong on its field', () => {
    expect(issues({ ...body, module_id: null })).toEqual([['module_id', MAINTENANCE_MESSAGES.targetRequired]]);
    expect(issues({ ...body, application_id: 3 })).toEqual([['module_id', MAINTENANCE_MESSAGES.targetBoth]]);
    expect(issues({ ...body, end: body.start })).toEqual([['end', MAINTENANCE_MESSAGES.endAfterStart]]);
    expect(issues({ ...body, end: '2026-04-02T10:00:01Z' })).toEqual([['end', MAINTENANCE_MESSAGES.tooLong]]);
    expect(issues({ ...body, recurrence: 'weekly', end: '2026-03-08T10:00:01Z' })).toEqual([
      ['end', MAINTENANCE_MESSAGES.weeklyTooLong],
    ]);
    expect(issues({ ...body, window_name: ' ' })).toEqual([['window_name', MAINTENANCE_MESSAGES.nameRequired]]);
    expect(issues({ ...body, release: 'loud' })).toEqual([['release', MAINTENANCE_MESSAGES.releaseRequired]]);
  });
});

describe('the engine holds an incident that arrived in maintenance', () => {
  const steps = [agent(1), agent(2)];
  const held = (release: 'escalate' | 'quiet') =>
    newEngineState({ created_at: T0, sla_minutes: 10, steps, maintenance: { until: T0 + 60 * MIN, release } });
  const due = (state: EngineState, minutes: number) => runEngine(state, { kind: 'due' }, T0 + minutes * MIN);

  it('contacts nobody and runs no SLA before the window ends', () => {
    const early = due(held('escalate'), 0);
    expect(early.actions).toEqual([]);
    expect(early.due_at).toBe(T0 + 60 * MIN);
    expect(early.ignored).toBe(true);
    expect(due(held('escalate'), 59).state.sla_compliance).toBeNull();
  });

  it('escalate: the walk and the SLA’s clock start at the window’s end', () => {
    const release = due(held('escalate'), 60);
    expect(release.actions).toMatchObject([{ kind: 'contact', step: 0, attempt: 1, followup_status: 'open' }]);
    expect(release.state.walk_from).toBe(T0 + 60 * MIN);
    // the next step 15 minutes after the release; the SLA 10 minutes after it
    expect(release.due_at).toBe(T0 + 70 * MIN);
    const accepted = runEngine(release.state, { kind: 'accept', by: { step: 0 } }, T0 + 65 * MIN);
    expect(accepted.state.sla_compliance).toBe('YES');
    expect(responseMinutes(accepted.state, 1)).toBe(5);
  });

  it('a worker late by an hour still walks from the window’s end, each contact once', () => {
    const late = due(held('escalate'), 120);
    expect(
      late.actions.flatMap((action) => (action.kind === 'contact' ? [String(action.step)] : [action.followup_status])),
    ).toEqual(['0', '1', 'not reached']);
    expect(late.state.sla_compliance).toBe('NO');
  });

  it('the same wake-up applied twice to the same state decides the same contacts', () => {
    const first = due(held('escalate'), 60);
    const again = due(held('escalate'), 60);
    expect(again).toEqual(first);
    // and applied to its own result, nothing more
    expect(due(first.state, 60).actions).toEqual([]);
  });

  it('quiet: the event stays open with nobody contacted and its timer done', () => {
    const release = due(held('quiet'), 60);
    expect(release.actions).toEqual([]);
    expect(release.due_at).toBeNull();
    expect(release.state.status).toBe('open');
    expect(due(release.state, 600).actions).toEqual([]);
    expect(due(release.state, 600).state.sla_compliance).toBeNull();
  });

  it('escalating a held or quiet event by hand starts its walk then, with the first step', () => {
    const quiet = due(held('quiet'), 60).state;
    const escalated = runEngine(quiet, { kind: 'escalate', by: 'integration' }, T0 + 300 * MIN);
    expect(escalated.actions).toMatchObject([{ kind: 'contact', step: 0, attempt: 1 }]);
    expect(escalated.due_at).toBe(T0 + 310 * MIN);
  });

  it('an event resolved during the window is never walked', () => {
    const resolved = runEngine(held('escalate'), { kind: 'resolve', by: 'integration' }, T0 + 30 * MIN);
    expect(resolved.due_at).toBeNull();
    expect(due(resolved.state, 60).actions).toEqual([]);
  });
});
