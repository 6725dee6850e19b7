import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  firstGap,
  gapsOf,
  onCallAt,
  onCallUntil,
  shifts,
  type RotationRule,
  type ScheduleDefinition,
  type Shift,
} from './on-call';
import { OverrideSchema, ScheduleCreateSchema, ShiftRangeQuery } from './schedule';
import { formatInZone } from './zone';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (text: string) => Date.parse(text);
const ANA = 1;
const BRUNO = 2;
const CARLA = 3;
const DIEGO = 4;

const rotation = (patch: Partial<RotationRule> = {}): RotationRule => ({
  participants: [ANA, BRUNO, CARLA],
  shift_length: 1,
  shift_unit: 'W',
  handoff_time: '09:00',
  start: '2026-03-02',
  restrictions: [],
  ...patch,
});
const schedule = (zone: string, patch: Partial<ScheduleDefinition> = {}): ScheduleDefinition => ({
  time_zone: zone,
  rotations: [rotation()],
  overrides: [],
  temporary_schedules: [],
  ...patch,
});
/** Shifts as "person start→end" in the zone's clock, for reading. */
const readable = (zone: string, list: readonly Shift[]) =>
  list.map((shift) => `${shift.resource_id} ${formatInZone(zone, shift.start)} → ${formatInZone(zone, shift.end)}`);

describe('who is on call (docs/product.md#schedules)', () => {
  it('hands a weekly rotation of three people on at 09:00 local, across the spring change in New York', () => {
    const ny = 'America/New_York';
    const list = shifts(schedule(ny), at('2026-03-02T14:00:00Z'), at('2026-03-23T13:00:00Z'));
    expect(readable(ny, list)).toEqual([
      '1 2026-03-02 09:00 (-05:00) → 2026-03-09 09:00 (-04:00)',
      '2 2026-03-09 09:00 (-04:00) → 2026-03-16 09:00 (-04:00)',
      '3 2026-03-16 09:00 (-04:00) → 2026-03-23 09:00 (-04:00)',
    ]);
    // the shift crossing the change lasts a week less an hour
    expect(list[0]!.end - list[0]!.start).toBe(7 * DAY - HOUR);
    // and a fourth week comes back to the first person
    expect(onCallAt(schedule(ny), at('2026-03-23T13:00:00Z'))?.resource_id).toBe(ANA);
    expect(onCallAt(schedule(ny), at('2026-03-23T12:59:00Z'))?.resource_id).toBe(CARLA);
  });

  it('makes the week across the autumn change in New York an hour longer', () => {
    const ny = 'America/New_York';
    const list = shifts(schedule(ny), at('2026-10-26T13:00:00Z'), at('2026-11-09T14:00:00Z'));
    expect(readable(ny, list)).toEqual([
      '2 2026-10-26 09:00 (-04:00) → 2026-11-02 09:00 (-05:00)',
      '3 2026-11-02 09:00 (-05:00) → 2026-11-09 09:00 (-05:00)',
    ]);
    expect(list[0]!.end - list[0]!.start).toBe(7 * DAY + HOUR);
  });

  it('keeps a daily handoff at its local hour across the autumn change in Madrid', () => {
    const madrid = 'Europe/Madrid';
    const daily = schedule(madrid, {
      rotations: [
        rotation({ participants: [ANA, BRUNO], shift_unit: 'D', handoff_time: '08:00', start: '2026-10-20' }),
      ],
    });
    const list = shifts(daily, at('2026-10-24T06:00:00Z'), at('2026-10-26T07:00:00Z'));
    expect(readable(madrid, list)).toEqual([
      // the 24th (Ana's, the fifth day from the 20th) to the 25th: 25 hours, the clocks went back
      '1 2026-10-24 08:00 (+02:00) → 2026-10-25 08:00 (+01:00)',
      '2 2026-10-25 08:00 (+01:00) → 2026-10-26 08:00 (+01:00)',
    ]);
    expect(list[0]!.end - list[0]!.start).toBe(25 * HOUR);
  });

  it('counts hour shifts in elapsed hours, whatever the clocks do', () => {
    const madrid = 'Europe/Madrid';
    const twelve = schedule(madrid, {
      rotations: [
        rotation({
          participants: [ANA, BRUNO],
          shift_length: 12,
          shift_unit: 'H',
          handoff_time: '08:00',
          start: '2026-03-28',
        }),
      ],
    });
    const list = shifts(twelve, at('2026-03-28T07:00:00Z'), at('2026-03-30T07:00:00Z'));
    expect(list.every((shift, index) => index === 0 || shift.start - list[index - 1]!.start === 12 * HOUR)).toBe(true);
    // after the spring change the handoffs read 09:00 and 21:00
    expect(readable(madrid, list)).toEqual([
      '1 2026-03-28 08:00 (+01:00) → 2026-03-28 20:00 (+01:00)',
      '2 2026-03-28 20:00 (+01:00) → 2026-03-29 09:00 (+02:00)',
      '1 2026-03-29 09:00 (+02:00) → 2026-03-29 21:00 (+02:00)',
      '2 2026-03-29 21:00 (+02:00) → 2026-03-30 09:00 (+02:00)',
    ]);
  });

  it('needs no daylight-saving rule in Puerto Rico: every week is 168 hours', () => {
    const pr = 'America/Puerto_Rico';
    const list = shifts(schedule(pr), at('2026-03-02T13:00:00Z'), at('2026-11-30T13:00:00Z'));
    expect(list.every((shift) => shift.end - shift.start === 7 * DAY)).toBe(true);
    expect(new Set(list.map((shift) => formatInZone(pr, shift.start).slice(11)))).toEqual(new Set(['09:00 (-04:00)']));
  });

  it('covers nothing before a rotation starts', () => {
    const ny = 'America/New_York';
    expect(onCallAt(schedule(ny), at('2026-03-02T13:59:00Z'))).toBeNull();
    expect(
      gapsOf(
        shifts(schedule(ny), at('2026-03-01T00:00:00Z'), at('2026-03-03T00:00:00Z')),
        at('2026-03-01T00:00:00Z'),
        at('2026-03-03T00:00:00Z'),
      ),
    ).toEqual([{ start: at('2026-03-01T00:00:00Z'), end: at('2026-03-02T14:00:00Z') }]);
  });

  it('clips a rotation to its windows of the week (weekdays 09:00-17:00), handoffs unmoved, including a window over midnight', () => {
    const ny = 'America/New_York';
    const office = schedule(ny, {
      rotations: [rotation({ restrictions: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }] })],
    });
    const week = shifts(office, at('2026-03-02T00:00:00Z'), at('2026-03-09T00:00:00Z'));
    expect(readable(ny, week)).toEqual([
      '1 2026-03-02 09:00 (-05:00) → 2026-03-02 17:00 (-05:00)',
      '1 2026-03-03 09:00 (-05:00) → 2026-03-03 17:00 (-05:00)',
      '1 2026-03-04 09:00 (-05:00) → 2026-03-04 17:00 (-05:00)',
      '1 2026-03-05 09:00 (-05:00) → 2026-03-05 17:00 (-05:00)',
      '1 2026-03-06 09:00 (-05:00) → 2026-03-06 17:00 (-05:00)',
    ]);
    const nights = schedule(ny, {
      rotations: [rotation({ restrictions: [{ days: [5], from: '22:00', to: '06:00' }] })],
    });
    expect(readable(ny, shifts(nights, at('2026-03-02T00:00:00Z'), at('2026-03-09T00:00:00Z')))).toEqual([
      '1 2026-03-06 22:00 (-05:00) → 2026-03-07 06:00 (-05:00)',
    ]);
  });

  it('lets a later rotation win where it covers and the one below show through its gaps (work hours against after hours)', () => {
    const ny = 'America/New_York';
    const layered = schedule(ny, {
      rotations: [
        rotation({ participants: [DIEGO], shift_unit: 'D' }),
        rotation({ participants: [ANA], restrictions: [{ days: [1], from: '09:00', to: '17:00' }] }),
      ],
    });
    const monday = shifts(layered, at('2026-03-02T14:00:00Z'), at('2026-03-03T14:00:00Z'));
    expect(readable(ny, monday)).toEqual([
      '1 2026-03-02 09:00 (-05:00) → 2026-03-02 17:00 (-05:00)',
      '4 2026-03-02 17:00 (-05:00) → 2026-03-03 09:00 (-05:00)',
    ]);
    expect(monday.map((shift) => shift.rotation_index)).toEqual([1, 0]);
    expect(gapsOf(monday, at('2026-03-02T14:00:00Z'), at('2026-03-03T14:00:00Z'))).toEqual([]);
  });

  it('puts an override over every rotation; of two over the same moment the later one wins', () => {
    const ny = 'America/New_York';
    const withOverrides = schedule(ny, {
      overrides: [
        { override_id: 2, resource_id: DIEGO, start: at('2026-03-03T15:00:00Z'), end: at('2026-03-03T18:00:00Z') },
        { override_id: 1, resource_id: CARLA, start: at('2026-03-03T14:00:00Z'), end: at('2026-03-03T16:00:00Z') },
      ],
    });
    const list = shifts(withOverrides, at('2026-03-03T13:00:00Z'), at('2026-03-03T20:00:00Z'));
    expect(
      list.map((shift) => [shift.resource_id, shift.source, shift.override_id, new Date(shift.start).toISOString()]),
    ).toEqual([
      [ANA, 'rotation', null, '2026-03-03T13:00:00.000Z'],
      [CARLA, 'override', 1, '2026-03-03T14:00:00.000Z'],
      [DIEGO, 'override', 2, '2026-03-03T15:00:00.000Z'],
      [ANA, 'rotation', null, '2026-03-03T18:00:00.000Z'],
    ]);
    // an override also fills a gap: nobody else covers before the rotation starts
    const early = schedule(ny, {
      overrides: [
        { override_id: 3, resource_id: BRUNO, start: at('2026-03-01T00:00:00Z'), end: at('2026-03-01T02:00:00Z') },
      ],
    });
    expect(onCallAt(early, at('2026-03-01T01:00:00Z'))?.resource_id).toBe(BRUNO);
  });

  it('replaces every rotation with a temporary schedule over its period: its own shifts only, gaps included', () => {
    const ny = 'America/New_York';
    const temporary = schedule(ny, {
      temporary_schedules: [
        {
          start: at('2026-03-04T00:00:00Z'),
          end: at('2026-03-05T00:00:00Z'),
          shifts: [{ resource_id: DIEGO, start: at('2026-03-04T00:00:00Z'), end: at('2026-03-04T12:00:00Z') }],
        },
      ],
      overrides: [
        { override_id: 9, resource_id: CARLA, start: at('2026-03-04T20:00:00Z'), end: at('2026-03-04T21:00:00Z') },
      ],
    });
    const list = shifts(temporary, at('2026-03-03T00:00:00Z'), at('2026-03-06T00:00:00Z'));
    expect(
      list.map((shift) => [
        shift.resource_id,
        shift.source,
        new Date(shift.start).toISOString(),
        new Date(shift.end).toISOString(),
      ]),
    ).toEqual([
      [ANA, 'rotation', '2026-03-03T00:00:00.000Z', '2026-03-04T00:00:00.000Z'],
      [DIEGO, 'temporary', '2026-03-04T00:00:00.000Z', '2026-03-04T12:00:00.000Z'],
      [CARLA, 'override', '2026-03-04T20:00:00.000Z', '2026-03-04T21:00:00.000Z'],
      [ANA, 'rotation', '2026-03-05T00:00:00.000Z', '2026-03-06T00:00:00.000Z'],
    ]);
    expect(gapsOf(list, at('2026-03-03T00:00:00Z'), at('2026-03-06T00:00:00Z'))).toEqual([
      { start: at('2026-03-04T12:00:00Z'), end: at('2026-03-04T20:00:00Z') },
      { start: at('2026-03-04T21:00:00Z'), end: at('2026-03-05T00:00:00Z') },
    ]);
  });

  it("joins one person's adjacent stretches, and says until when someone is on call", () => {
    const ny = 'America/New_York';
    const alone = schedule(ny, { rotations: [rotation({ participants: [ANA], shift_unit: 'D' })] });
    const list = shifts(alone, at('2026-03-03T00:00:00Z'), at('2026-03-10T00:00:00Z'));
    expect(list).toHaveLength(1);
    expect(onCallUntil(schedule(ny), at('2026-03-03T00:00:00Z'))).toMatchObject({
      shift: { resource_id: ANA },
      until: at('2026-03-09T13:00:00Z'),
    });
    expect(onCallUntil(schedule(ny), at('2026-03-01T00:00:00Z'))).toEqual({
      shift: null,
      until: at('2026-03-02T14:00:00Z'),
    });
  });

  it('finds the first gap within 14 days (the list warning and the daily notice)', () => {
    const ny = 'America/New_York';
    const office = schedule(ny, {
      rotations: [rotation({ restrictions: [{ days: [1, 2, 3, 4, 5], from: '09:00', to: '17:00' }] })],
    });
    expect(firstGap(office, at('2026-03-02T15:00:00Z'))).toEqual({
      start: at('2026-03-02T22:00:00Z'),
      end: at('2026-03-03T14:00:00Z'),
    });
    expect(firstGap(schedule(ny), at('2026-03-02T15:00:00Z'))).toBeNull();
  });
});

describe('the schedule form rules (docs/product.md#schedules)', () => {
  const body = {
    schedule_name: 'Primary',
    time_zone: 'America/New_York',
    rotations: [{ participants: [1, 2], shift_length: 1, shift_unit: 'W', handoff_time: '09:00', start: '2026-03-02' }],
  };
  const messages = (schema: v.GenericSchema, input: unknown) => {
    const result = v.safeParse(schema, input);
    return result.success ? [] : result.issues.map((issue) => [v.getDotPath(issue), issue.message]);
  };

  it('accepts a schedule and fills its defaults', () => {
    const parsed = v.parse(ScheduleCreateSchema, body);
    expect(parsed).toMatchObject({ schedule_desc: '', handoff_notices: 'N', temporary_schedules: [] });
    expect(parsed.rotations[0]).toMatchObject({ rotation_name: '', restrictions: [] });
  });

  it('names each bad field with its message', () => {
    expect(messages(ScheduleCreateSchema, { ...body, time_zone: 'Mars/Olympus' })).toEqual([
      ['time_zone', 'Must be a time zone such as America/New_York'],
    ]);
    expect(messages(ScheduleCreateSchema, { ...body, schedule_name: ' ' })).toEqual([
      ['schedule_name', 'Name is required'],
    ]);
    const rotation = body.rotations[0]!;
    expect(
      messages(ScheduleCreateSchema, {
        ...body,
        rotations: [{ ...rotation, participants: [], handoff_time: '25:00', start: '2026-13-01', shift_unit: 'M' }],
      }).map(([path]) => path),
    ).toEqual(['rotations.0.participants', 'rotations.0.shift_unit', 'rotations.0.handoff_time', 'rotations.0.start']);
    expect(
      messages(ScheduleCreateSchema, { ...body, rotations: [{ ...rotation, shift_unit: 'W', shift_length: 53 }] }),
    ).toEqual([['rotations.0.shift_length', 'A shift is at most 52 weeks']]);
    expect(messages(ScheduleCreateSchema, { ...body, surprise: 1 })).toEqual([['surprise', 'Unknown field']]);
  });

  it('wants an end after the start, at most a year apart, as instants with their offsets', () => {
    expect(
      messages(OverrideSchema, {
        resource_id: 1,
        start: '2026-03-02T10:00:00-05:00',
        end: '2026-03-02T09:00:00-05:00',
      }),
    ).toEqual([['end', 'End must be after start']]);
    expect(
      messages(OverrideSchema, { resource_id: 1, start: '2026-03-02 10:00', end: '2026-03-02T11:00:00Z' }),
    ).toEqual([['start', 'Must be a date and time with its offset (ISO 8601)']]);
    expect(
      v.parse(OverrideSchema, { resource_id: 1, start: '2026-03-02T10:00:00-05:00', end: '2026-03-02T11:00:00-05:00' }),
    ).toEqual({
      resource_id: 1,
      start: '2026-03-02T15:00:00.000Z',
      end: '2026-03-02T16:00:00.000Z',
    });
    expect(messages(ShiftRangeQuery, { from: '2026-01-01T00:00:00Z', to: '2027-01-03T00:00:00Z' })).toEqual([
      ['to', 'At most one year at a time'],
    ]);
  });
});
