import { assign, setup } from 'xstate';
import { MONTH_NAMES } from '../../rules/schedule-form';
import type { ScheduleShift, ShiftsAnswer } from '../../schedules/schedule';
import { localTime, zonedInstant, type LocalTime } from '../../schedules/zone';
import { notProvided } from '../shared';

/**
 * A schedule's timeline (docs/product.md#schedules): the final layer's shifts over a week or a
 * month, in a zone (the schedule's, or the viewer's when asked), moved by period.
 *
 *   loading ──done──▶ loaded
 *      │  ▲              │
 *      │  └─ VIEW, PREVIOUS, NEXT, TODAY, ZONE, RELOAD (from any state: the load under way is dropped)
 *      └──error──▶ failed (the screen offers Reload)
 *
 * The machine has no clock: its input and TODAY bring the instant that is now. Actor `loadShifts`
 * (`fromPromise<ShiftsAnswer, ShiftsRange>`) asks for [from, to) as ISO instants.
 */

export type TimelineView = 'week' | 'month';
export const TIMELINE_VIEWS: readonly TimelineView[] = ['week', 'month'];

/** One day column: its calendar date in the zone and the instants it spans (23 or 25 hours across a change). */
export interface TimelineDay extends Pick<LocalTime, 'year' | 'month' | 'day' | 'weekday'> {
  start: number;
  end: number;
}

export interface TimelinePeriod {
  view: TimelineView;
  from: number;
  to: number;
  days: TimelineDay[];
}

type CalendarDate = { year: number; month: number; day: number };

function periodFrom(timeZone: string, view: TimelineView, first: CalendarDate): TimelinePeriod {
  const count =
    view === 'week' ? 7 : new Date(Date.UTC(first.year, first.month, 0)).getUTCDate(); /* days of the month */
  const days: TimelineDay[] = [];
  for (let i = 0; i < count; i++) {
    const start = zonedInstant(timeZone, { ...first, day: first.day + i });
    const end = zonedInstant(timeZone, { ...first, day: first.day + i + 1 });
    const { year, month, day, weekday } = localTime(timeZone, start);
    days.push({ start, end, year, month, day, weekday });
  }
  return { view, from: days[0]!.start, to: days[days.length - 1]!.end, days };
}

/** The week (Monday to Sunday) or the month holding the instant, in the zone. */
export function periodAt(timeZone: string, view: TimelineView, at: number): TimelinePeriod {
  const local = localTime(timeZone, at);
  if (view === 'month') return periodFrom(timeZone, view, { year: local.year, month: local.month, day: 1 });
  return periodFrom(timeZone, view, { year: local.year, month: local.month, day: local.day - (local.weekday - 1) });
}

/** The period before (-1) or after (1) it. */
export function periodMoved(timeZone: string, period: TimelinePeriod, by: -1 | 1): TimelinePeriod {
  const first = period.days[0]!;
  if (period.view === 'month') {
    const date = new Date(Date.UTC(first.year, first.month - 1 + by, 1));
    return periodFrom(timeZone, 'month', { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: 1 });
  }
  return periodFrom(timeZone, 'week', { year: first.year, month: first.month, day: first.day + 7 * by });
}

const SHORT_MONTH = (month: number) => MONTH_NAMES[month - 1]!.slice(0, 3);

/** "9 – 15 Mar 2026", "30 Mar – 5 Apr 2026", "29 Dec 2025 – 4 Jan 2026"; a month: "March 2026". */
export function periodTitle(period: TimelinePeriod): string {
  const first = period.days[0]!;
  const last = period.days[period.days.length - 1]!;
  if (period.view === 'month') return `${MONTH_NAMES[first.month - 1]} ${first.year}`;
  if (first.year !== last.year)
    return `${first.day} ${SHORT_MONTH(first.month)} ${first.year} – ${last.day} ${SHORT_MONTH(last.month)} ${last.year}`;
  if (first.month !== last.month)
    return `${first.day} ${SHORT_MONTH(first.month)} – ${last.day} ${SHORT_MONTH(last.month)} ${last.year}`;
  return `${first.day} – ${last.day} ${SHORT_MONTH(last.month)} ${last.year}`;
}

/** One row of the timeline: a person and their shifts in the period. */
export interface TimelineLane {
  resource_id: number;
  resource_fullname: string;
  shifts: ScheduleShift[];
}

/** The shifts per person, a lane each, in the order they first come on call in the period. */
export function timelineLanes(shifts: readonly ScheduleShift[]): TimelineLane[] {
  const lanes = new Map<number, TimelineLane>();
  for (const shift of [...shifts].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    let lane = lanes.get(shift.resource_id);
    if (!lane) {
      lane = { resource_id: shift.resource_id, resource_fullname: shift.resource_fullname, shifts: [] };
      lanes.set(shift.resource_id, lane);
    }
    lane.shifts.push(shift);
  }
  return [...lanes.values()];
}

/** The range the timeline asks for, as the contract's query takes it. */
export interface ShiftsRange {
  from: string;
  to: string;
}

export interface TimelineContext {
  /** the zone the days are cut in and the times read in */
  zone: string;
  period: TimelinePeriod;
  /** the instant the screen last called now (the now-line, Today) */
  now: number;
  answer: ShiftsAnswer | null;
  error: unknown;
}

export type TimelineEvent =
  | { type: 'VIEW'; view: TimelineView }
  | { type: 'PREVIOUS' }
  | { type: 'NEXT' }
  | { type: 'TODAY'; now: number }
  /** read the days in another zone, around the same instant */
  | { type: 'ZONE'; zone: string }
  /** load again (Reload, or after a change of the schedule or its overrides) */
  | { type: 'RELOAD' }
  /** time passed: the now-line moves, nothing is loaded */
  | { type: 'TICK'; now: number };

export interface TimelineInput {
  zone: string;
  now: number;
  view?: TimelineView;
}

/** The instant the period is about when it changes view or zone: now if it is shown, else the period's start. */
const anchorOf = (context: TimelineContext) =>
  context.now >= context.period.from && context.now < context.period.to ? context.now : context.period.from;

const toLoad = { target: '.loading', reenter: true } as const;

export const scheduleTimelineMachine = setup({
  types: {
    context: {} as TimelineContext,
    events: {} as TimelineEvent,
    input: {} as TimelineInput,
  },
  actors: { loadShifts: notProvided<ShiftsAnswer, ShiftsRange>('loadShifts') },
}).createMachine({
  id: 'scheduleTimeline',
  initial: 'loading',
  context: ({ input }) => ({
    zone: input.zone,
    period: periodAt(input.zone, input.view ?? 'week', input.now),
    now: input.now,
    answer: null,
    error: null,
  }),
  on: {
    VIEW: {
      ...toLoad,
      actions: assign({ period: ({ context, event }) => periodAt(context.zone, event.view, anchorOf(context)) }),
    },
    PREVIOUS: {
      ...toLoad,
      actions: assign({ period: ({ context }) => periodMoved(context.zone, context.period, -1) }),
    },
    NEXT: { ...toLoad, actions: assign({ period: ({ context }) => periodMoved(context.zone, context.period, 1) }) },
    TODAY: {
      ...toLoad,
      actions: assign(({ context, event }) => ({
        now: event.now,
        period: periodAt(context.zone, context.period.view, event.now),
      })),
    },
    ZONE: {
      ...toLoad,
      actions: assign(({ context, event }) => ({
        zone: event.zone,
        period: periodAt(event.zone, context.period.view, anchorOf(context)),
      })),
    },
    RELOAD: toLoad,
    TICK: { actions: assign({ now: ({ event }) => event.now }) },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadShifts',
        input: ({ context }) => ({
          from: new Date(context.period.from).toISOString(),
          to: new Date(context.period.to).toISOString(),
        }),
        onDone: { target: 'loaded', actions: assign({ answer: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ answer: null, error: ({ event }) => event.error }) },
      },
    },
    loaded: {},
    failed: {},
  },
});
