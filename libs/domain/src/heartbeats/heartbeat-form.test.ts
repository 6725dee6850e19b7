import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { HEARTBEAT_MESSAGES, type Heartbeat } from './heartbeat';
import {
  HEARTBEAT_STATE_BADGES,
  agoText,
  emptyHeartbeatForm,
  heartbeatCreateBody,
  heartbeatFormErrors,
  heartbeatFormFields,
  heartbeatFormFromHeartbeat,
  heartbeatFormInput,
  heartbeatFormMachine,
  heartbeatTimesText,
  heartbeatUpdateBody,
  secondsInWords,
} from './heartbeat-form';

const T0 = Date.parse('2026-03-10T12:00:00.000Z');
const monitor = {
  heartbeat_name: 'Nightly backup',
  interval_seconds: 86_400,
  grace_seconds: 1_800,
  heartbeat_active: 'N',
} as Heartbeat;

describe('the heartbeats window (docs/product.md#heartbeat-monitors)', () => {
  it('says the times in words', () => {
    expect(heartbeatTimesText({ interval_seconds: 300, grace_seconds: 60 })).toBe('every 5 minutes, 1 minute of grace');
    expect(heartbeatTimesText({ interval_seconds: 5_400, grace_seconds: 0 })).toBe('every 1 hour 30 minutes, no grace');
    expect(secondsInWords(' 90 ')).toBe('1 minute 30 seconds');
    expect(secondsInWords('soon')).toBeNull();
    expect(secondsInWords('')).toBeNull();
  });

  it('says how long ago the last beat came', () => {
    expect(agoText(T0, T0 + 59_000)).toBe('just now');
    expect(agoText(T0, T0 + 180_000)).toBe('3 minutes ago');
    expect(agoText(T0, T0 + 60_000)).toBe('1 minute ago');
    expect(agoText(T0, T0 + 2 * 3_600_000 + 59_000)).toBe('2 hours ago');
    expect(agoText(T0, T0 + 86_400_000)).toBe('1 day ago');
    // a clock a little behind the server's
    expect(agoText(T0, T0 - 5_000)).toBe('just now');
  });

  it('warns on a missed beat and never by colour alone', () => {
    expect(HEARTBEAT_STATE_BADGES.missed).toEqual({ tone: 'warning', label: 'Missed' });
    expect(HEARTBEAT_STATE_BADGES.up).toEqual({ tone: 'success', label: 'Up' });
    expect(HEARTBEAT_STATE_BADGES.waiting.label).toBe('Waiting for the first beat');
  });

  it('checks the form with the contract messages, the status only when editing', () => {
    expect(heartbeatFormFields('create')).toEqual(['heartbeat_name', 'interval_seconds', 'grace_seconds']);
    expect(heartbeatFormFields('edit')).toContain('heartbeat_active');
    expect(heartbeatFormErrors(emptyHeartbeatForm(), 'create')).toEqual({
      heartbeat_name: [HEARTBEAT_MESSAGES.nameRequired],
    });
    expect(
      heartbeatFormErrors(
        { heartbeat_name: 'Backup', interval_seconds: '59', grace_seconds: '86401', heartbeat_active: 'Y' },
        'create',
      ),
    ).toEqual({ interval_seconds: [HEARTBEAT_MESSAGES.intervalMin], grace_seconds: [HEARTBEAT_MESSAGES.graceMax] });
    expect(
      heartbeatFormErrors(
        { heartbeat_name: 'Backup', interval_seconds: '5 min', grace_seconds: '', heartbeat_active: 'Y' },
        'edit',
      ),
    ).toEqual({
      interval_seconds: [HEARTBEAT_MESSAGES.intervalRequired],
      grace_seconds: [HEARTBEAT_MESSAGES.graceRequired],
    });
  });

  it('makes the bodies the contract takes', () => {
    const values = { ...emptyHeartbeatForm(), heartbeat_name: ' Backup ' };
    expect(heartbeatCreateBody(7, values)).toEqual({
      module_id: 7,
      heartbeat_name: 'Backup',
      interval_seconds: 300,
      grace_seconds: 60,
      heartbeat_active: 'Y',
    });
    const edited = heartbeatFormFromHeartbeat(monitor);
    expect(edited).toEqual({
      heartbeat_name: 'Nightly backup',
      interval_seconds: '86400',
      grace_seconds: '1800',
      heartbeat_active: 'N',
    });
    expect(heartbeatUpdateBody(edited)).toEqual({
      heartbeat_name: 'Nightly backup',
      interval_seconds: 86_400,
      grace_seconds: 1_800,
      heartbeat_active: 'N',
    });
    expect(() => heartbeatUpdateBody({ ...edited, interval_seconds: '10' })).toThrow(HEARTBEAT_MESSAGES.intervalMin);
  });

  it('saves only valid values and keeps a 422 on its field', async () => {
    const saved: unknown[] = [];
    const machine = heartbeatFormMachine.provide({
      actors: {
        save: fromPromise(async ({ input }) => {
          saved.push(input);
          if (input.heartbeat_name === 'Taken') throw new Error('taken');
          return monitor;
        }),
      },
    });
    const actor = createActor(machine, {
      input: heartbeatFormInput('create', emptyHeartbeatForm(), () => ({
        heartbeat_name: [HEARTBEAT_MESSAGES.nameTaken],
      })),
    }).start();
    actor.send({ type: 'SUBMIT' });
    expect(saved).toEqual([]);
    actor.send({ type: 'CHANGE', field: 'heartbeat_name', value: 'Taken' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (state) => state.matches('failed'));
    expect(actor.getSnapshot().context.serverErrors).toEqual({ heartbeat_name: [HEARTBEAT_MESSAGES.nameTaken] });
    actor.send({ type: 'CHANGE', field: 'heartbeat_name', value: 'Backup' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (state) => state.matches('saved'));
    expect(saved).toHaveLength(2);
  });
});
