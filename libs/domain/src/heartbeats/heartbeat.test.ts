import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  HEARTBEAT_MESSAGES,
  HeartbeatCreateSchema,
  HeartbeatUpdateSchema,
  afterBeat,
  afterDue,
  durationText,
  heartbeatDedupKey,
  missedIncident,
  nextDueAt,
  type HeartbeatWatch,
} from './heartbeat';

const T0 = Date.parse('2026-03-10T12:00:00.000Z');
const watch = (over: Partial<HeartbeatWatch> = {}): HeartbeatWatch => ({
  interval_seconds: 300,
  grace_seconds: 60,
  active: true,
  state: 'up',
  last_beat_at: T0,
  ...over,
});
const messages = (schema: v.GenericSchema, body: unknown) => {
  const result = v.safeParse(schema, body);
  return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message]);
};

describe('heartbeat rules (docs/product.md#heartbeat-monitors)', () => {
  it('is due interval plus grace after the last beat, and only while up and active', () => {
    expect(nextDueAt(watch())).toBe(T0 + 360_000);
    expect(nextDueAt(watch({ grace_seconds: 0 }))).toBe(T0 + 300_000);
    expect(nextDueAt(watch({ state: 'waiting', last_beat_at: null }))).toBeNull();
    expect(nextDueAt(watch({ state: 'missed' }))).toBeNull();
    expect(nextDueAt(watch({ active: false }))).toBeNull();
  });

  it('a beat makes the monitor up and resolves only a missed one', () => {
    const waiting = afterBeat(watch({ state: 'waiting', last_beat_at: null }), T0 + 5_000);
    expect(waiting).toEqual({ watch: watch({ last_beat_at: T0 + 5_000 }), resolves: false });
    expect(nextDueAt(waiting.watch)).toBe(T0 + 365_000);
    expect(afterBeat(watch(), T0 + 100_000).resolves).toBe(false);
    const missed = afterBeat(watch({ state: 'missed' }), T0 + 900_000);
    expect(missed.resolves).toBe(true);
    expect(missed.watch.state).toBe('up');
  });

  it('a due monitor is missed and opens an incident; a beat that moved it later keeps it up', () => {
    expect(afterDue(watch(), T0 + 360_000)).toEqual({ watch: watch({ state: 'missed' }), opens: true });
    expect(afterDue(watch(), T0 + 359_999)).toEqual({ watch: watch(), opens: false });
    expect(afterDue(watch({ last_beat_at: T0 + 200_000 }), T0 + 360_000).opens).toBe(false);
    expect(afterDue(watch({ state: 'missed' }), T0 + 999_000).opens).toBe(false);
    expect(afterDue(watch({ active: false }), T0 + 999_000).opens).toBe(false);
  });

  it('names the incident and its last beat and interval', () => {
    const texts = missedIncident(
      { heartbeat_name: 'Nightly backup', interval_seconds: 86_400, grace_seconds: 1_800, last_beat_at: T0 },
      T0 + 88_200_000,
    );
    expect(texts).toEqual({
      incident: 'Heartbeat Nightly backup missed',
      description:
        'The last beat arrived at 2026-03-10 12:00:00 UTC. A beat is expected every 1 day and 30 minutes of grace; none had come by 2026-03-11 12:30:00 UTC.',
    });
    const long = missedIncident(
      { heartbeat_name: 'x'.repeat(100), interval_seconds: 60, grace_seconds: 0, last_beat_at: null },
      T0,
    );
    expect(long.incident).toHaveLength(100);
    expect(long.incident).toMatch(/^Heartbeat x+… missed$/);
    expect(long.description).toBe(
      'No beat has arrived yet. A beat is expected every 1 minute; none had come by 2026-03-10 12:00:00 UTC.',
    );
    expect(heartbeatDedupKey(7)).toBe('heartbeat:7');
  });

  it('says durations in words', () => {
    expect(durationText(45)).toBe('45 seconds');
    expect(durationText(60)).toBe('1 minute');
    expect(durationText(5_400)).toBe('1 hour 30 minutes');
    expect(durationText(7 * 86_400)).toBe('7 days');
    expect(durationText(0)).toBe('0 seconds');
  });

  it('checks a monitor on its fields with the product messages', () => {
    expect(
      messages(HeartbeatCreateSchema, {
        module_id: 3,
        heartbeat_name: ' Backup ',
        interval_seconds: '300',
        grace_seconds: 0,
      }),
    ).toEqual([]);
    expect(
      v.parse(HeartbeatCreateSchema, {
        module_id: 3,
        heartbeat_name: ' Backup ',
        interval_seconds: '300',
        grace_seconds: 0,
      }),
    ).toEqual({
      module_id: 3,
      heartbeat_name: 'Backup',
      interval_seconds: 300,
      grace_seconds: 0,
      heartbeat_active: 'Y',
    });
    expect(
      messages(HeartbeatCreateSchema, { heartbeat_name: '', interval_seconds: 59, grace_seconds: -1, extra: 1 }),
    ).toEqual([
      ['module_id', HEARTBEAT_MESSAGES.moduleRequired],
      ['heartbeat_name', HEARTBEAT_MESSAGES.nameRequired],
      ['interval_seconds', HEARTBEAT_MESSAGES.intervalMin],
      ['grace_seconds', HEARTBEAT_MESSAGES.graceMin],
      ['extra', 'Unknown field'],
    ]);
    expect(
      messages(HeartbeatUpdateSchema, {
        heartbeat_name: 'Backup',
        interval_seconds: 604_801,
        grace_seconds: 86_401,
        heartbeat_active: 'X',
      }),
    ).toEqual([
      ['interval_seconds', HEARTBEAT_MESSAGES.intervalMax],
      ['grace_seconds', HEARTBEAT_MESSAGES.graceMax],
      ['heartbeat_active', HEARTBEAT_MESSAGES.activeRequired],
    ]);
    expect(
      messages(HeartbeatUpdateSchema, { heartbeat_name: 'B', interval_seconds: 90.5, grace_seconds: 'soon' }),
    ).toEqual([
      ['interval_seconds', HEARTBEAT_MESSAGES.intervalRequired],
      ['grace_seconds', HEARTBEAT_MESSAGES.graceRequired],
    ]);
  });
});
