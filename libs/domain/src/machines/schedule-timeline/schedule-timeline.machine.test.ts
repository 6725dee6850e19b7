import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ScheduleShift, ShiftsAnswer } from '../../schedules/schedule';
import { deferredActor, tick } from '../test-actors';
import {
  periodAt,
  periodMoved,
  periodTitle,
  scheduleTimelineMachine,
  timelineLanes,
  type ShiftsRange,
} from './schedule-timeline.machine';

const NY = 'America/New_York';
const HOUR = 3_600_000;
/** Wednesday 11 March 2026, 15:00 in New York */
const NOW = Date.parse('2026-03-11T19:00:00Z');

const answer = (range: ShiftsRange, shifts: ScheduleShift[] = []): ShiftsAnswer => ({
  schedule_id: 7,
  time_zone: NY,
  from: range.from,
  to: range.to,
  shifts,
  gaps: [],
});

function start(now = NOW) {
  const load = deferredActor<ShiftsAnswer, ShiftsRange>();
  const actor = createActor(scheduleTimelineMachine.provide({ actors: { loadShifts: load.actor } }), {
    input: { zone: NY, now },
  }).start();
  return { actor, load };
}

describe('timeline periods (docs/product.md#schedules)', () => {
  it('cuts the week Monday to Sunday in the zone, with the spring change’s 23-hour day', () => {
    const week = periodAt(NY, 'week', Date.parse('2026-03-05T12:00:00Z'));
    expect(week.days.map((day) => day.day)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(new Date(week.from).toISOString()).toBe('2026-03-02T05:00:00.000Z');
    expect(new Date(week.to).toISOString()).toBe('2026-03-09T04:00:00.000Z');
    const sunday = week.days[6]!;
    expect(sunday.weekday).toBe(7);
    expect(sunday.end - sunday.start).toBe(23 * HOUR);
    expect(periodTitle(week)).toBe('2 – 8 Mar 2026');
  });

  it('cuts a month from its first day, every day of it', () => {
    const february = periodAt(NY, 'month', Date.parse('2026-02-14T12:00:00Z'));
    expect(february.days).toHaveLength(28);
    expect(new Date(february.from).toISOString()).toBe('2026-02-01T05:00:00.000Z');
    expect(new Date(february.to).toISOString()).toBe('2026-03-01T05:00:00.000Z');
    expect(periodTitle(february)).toBe('February 2026');
  });

  it('moves by a week or a month, across the year’s end', () => {
    const week = periodAt(NY, 'week', Date.parse('2026-12-30T12:00:00Z'));
    expect(periodTitle(week)).toBe('28 Dec 2026 – 3 Jan 2027');
    expect(periodTitle(periodMoved(NY, week, -1))).toBe('21 – 27 Dec 2026');
    expect(periodTitle(periodMoved(NY, periodMoved(NY, week, -1), -1))).toBe('14 – 20 Dec 2026');
    const december = periodAt(NY, 'month', week.from);
    expect(periodTitle(periodMoved(NY, december, 1))).toBe('January 2027');
    expect(periodTitle(periodMoved(NY, december, -1))).toBe('November 2026');
    const april = periodAt(NY, 'week', Date.parse('2026-03-31T12:00:00Z'));
    expect(periodTitle(april)).toBe('30 Mar – 5 Apr 2026');
  });

  it('lays each person in one lane, in the order they first come on call', () => {
    const shift = (id: number, name: string, start: string, end: string): ScheduleShift => ({
      resource_id: id,
      resource_fullname: name,
      start,
      end,
      source: 'rotation',
      rotation_id: 1,
      override_id: null,
    });
    const lanes = timelineLanes([
      shift(2, 'Luis Soto', '2026-03-04T00:00:00Z', '2026-03-05T00:00:00Z'),
      shift(1, 'Ana Torres', '2026-03-03T00:00:00Z', '2026-03-04T00:00:00Z'),
      shift(1, 'Ana Torres', '2026-03-05T00:00:00Z', '2026-03-06T00:00:00Z'),
    ]);
    expect(lanes.map((lane) => [lane.resource_fullname, lane.shifts.length])).toEqual([
      ['Ana Torres', 2],
      ['Luis Soto', 1],
    ]);
  });
});

describe('schedule timeline machine (docs/product.md#schedules)', () => {
  it('loads the week holding now and shows it', async () => {
    const { actor, load } = start();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.calls).toEqual([{ from: '2026-03-09T04:00:00.000Z', to: '2026-03-16T04:00:00.000Z' }]);
    load.resolve(answer(load.calls[0]!));
    await tick();
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(actor.getSnapshot().context.answer?.from).toBe('2026-03-09T04:00:00.000Z');
  });

  it('fails with no shifts and loads again on RELOAD', async () => {
    const { actor, load } = start();
    load.reject(new Error('We have a problem'));
    await tick();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.answer).toBeNull();
    actor.send({ type: 'RELOAD' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(load.calls).toHaveLength(2);
    load.resolve(answer(load.calls[1]!));
    await tick();
    expect(actor.getSnapshot().value).toBe('loaded');
  });

  it('moves to the next and previous period, and back to today', async () => {
    const { actor, load } = start();
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'PREVIOUS' });
    expect(periodTitle(actor.getSnapshot().context.period)).toBe('16 – 22 Mar 2026');
    actor.send({ type: 'TODAY', now: NOW + 40 * 24 * HOUR });
    expect(periodTitle(actor.getSnapshot().context.period)).toBe('20 – 26 Apr 2026');
    expect(load.calls.map((call) => call.from)).toEqual([
      '2026-03-09T04:00:00.000Z',
      '2026-03-16T04:00:00.000Z',
      '2026-03-23T04:00:00.000Z',
      '2026-03-16T04:00:00.000Z',
      '2026-04-20T04:00:00.000Z',
    ]);
  });

  it('drops the answer of a period left before it came', async () => {
    const load: { range: ShiftsRange; resolve: (value: ShiftsAnswer) => void }[] = [];
    const actor = createActor(
      scheduleTimelineMachine.provide({
        actors: {
          loadShifts: fromPromise<ShiftsAnswer, ShiftsRange>(
            ({ input }) => new Promise((resolve) => load.push({ range: input, resolve })),
          ),
        },
      }),
      { input: { zone: NY, now: NOW } },
    ).start();
    actor.send({ type: 'NEXT' });
    load[0]!.resolve(answer(load[0]!.range));
    await tick();
    expect(actor.getSnapshot().value).toBe('loading');
    load[1]!.resolve(answer(load[1]!.range));
    await tick();
    expect(actor.getSnapshot().context.answer?.from).toBe('2026-03-16T04:00:00.000Z');
  });

  it('switches to the month holding now, and keeps the month shown when now is elsewhere', () => {
    const { actor } = start();
    actor.send({ type: 'VIEW', view: 'month' });
    expect(periodTitle(actor.getSnapshot().context.period)).toBe('March 2026');
    actor.send({ type: 'NEXT' });
    actor.send({ type: 'VIEW', view: 'week' });
    // the week of the month's first day, not of now
    expect(periodTitle(actor.getSnapshot().context.period)).toBe('30 Mar – 5 Apr 2026');
  });

  it('cuts the days in another zone when asked, around the same instant', () => {
    const { actor, load } = start();
    actor.send({ type: 'ZONE', zone: 'Asia/Tokyo' });
    const { context } = actor.getSnapshot();
    expect(context.zone).toBe('Asia/Tokyo');
    // Thursday 12 March 04:00 in Tokyo: the week of 9 March, from its midnight in Tokyo
    expect(load.calls[1]).toEqual({ from: '2026-03-08T15:00:00.000Z', to: '2026-03-15T15:00:00.000Z' });
  });

  it('moves the now-line without loading', () => {
    const { actor, load } = start();
    actor.send({ type: 'TICK', now: NOW + HOUR });
    expect(actor.getSnapshot().context.now).toBe(NOW + HOUR);
    expect(load.calls).toHaveLength(1);
  });
});
