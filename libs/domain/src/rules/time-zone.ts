import * as v from 'valibot';
import { isTimeZone, localTime, offsetAt, zonedInstant } from '../schedules/zone';

/**
 * Calendar days in a customer's time zone (docs/product.md#tenants-and-roles: every customer keeps one, default UTC).
 * The dashboard counts "today", "this week", "this month" and "this year" in that zone, so an
 * event at 23:30 in San Juan belongs to the day it happened there, not to the next UTC day.
 */
export const DEFAULT_TIME_ZONE = 'UTC';

export const TIME_ZONE_MESSAGES = {
  unknown: 'Must be a time zone such as America/Puerto_Rico or UTC',
} as const;

export { isTimeZone };

export const TimeZoneSchema = v.pipe(
  v.string(TIME_ZONE_MESSAGES.unknown),
  v.trim(),
  v.check(isTimeZone, TIME_ZONE_MESSAGES.unknown),
);

/** A wall-clock reading in some zone. */
export interface WallTime {
  year: number;
  /** 1 to 12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** What the clocks of `timeZone` show at `instant` (whole seconds; `schedules/zone.ts`). */
export function wallTimeOf(instant: Date, timeZone: string): WallTime {
  const { weekday: _weekday, ...wall } = localTime(timeZone, Math.floor(instant.getTime() / 1000) * 1000);
  return wall;
}

/** The zone's offset from UTC at `ms`, in milliseconds. */
export const zoneOffsetAt = (ms: number, timeZone: string): number => offsetAt(timeZone, ms);

/**
 * The instant at which the clocks of `timeZone` show `wall`, read as PostgreSQL reads a local time
 * (`timestamp at time zone`), so that the dashboard's periods here and in SQL agree: the one rule
 * of `zonedInstant` (a skipped wall time is read with the offset before the change, a repeated one
 * is the later of the two).
 */
export function instantOf(wall: Partial<WallTime> & Pick<WallTime, 'year' | 'month' | 'day'>, timeZone: string): Date {
  return new Date(zonedInstant(timeZone, wall));
}

/** A calendar day, 'YYYY-MM-DD'. */
export type CalendarDay = string;

const two = (n: number) => String(n).padStart(2, '0');
export const calendarDay = (year: number, month: number, day: number): CalendarDay =>
  `${year}-${two(month)}-${two(day)}`;

/** The calendar day of `instant` in `timeZone`. */
export function dayIn(instant: Date, timeZone: string): CalendarDay {
  const wall = wallTimeOf(instant, timeZone);
  return calendarDay(wall.year, wall.month, wall.day);
}

function parseDay(day: CalendarDay): { year: number; month: number; day: number } {
  const [year, month, date] = day.split('-').map(Number);
  return { year: year!, month: month!, day: date! };
}

/** `day` moved by whole days (calendar arithmetic: no zone involved). */
export function addDays(day: CalendarDay, days: number): CalendarDay {
  const { year, month, day: date } = parseDay(day);
  const moved = new Date(Date.UTC(year, month - 1, date + days));
  return calendarDay(moved.getUTCFullYear(), moved.getUTCMonth() + 1, moved.getUTCDate());
}

/** A stretch of calendar days, `from` included and `to` not, and the instants they begin at in the zone. */
export interface Period {
  from: CalendarDay;
  to: CalendarDay;
  start: Date;
  end: Date;
}

/** The periods of the dashboard's widgets at `now` in `timeZone`. */
export interface DashboardPeriods {
  today: Period;
  /** the week so far, from Monday (ISO 8601) */
  week: Period;
  /** the calendar month of today, whole */
  month: Period;
  previousMonth: Period;
  /** the calendar year of today, whole */
  year: Period;
  previousYear: Period;
}

/**
 * The periods the dashboard counts in (docs/product.md#dashboard): today, this week (from Monday), this month and
 * the one before, this year and the one before, each as calendar days of the customer's zone and
 * the instants those days begin at.
 */
export function dashboardPeriods(now: Date, timeZone: string): DashboardPeriods {
  const today = dayIn(now, timeZone);
  const { year, month } = parseDay(today);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0 .. Sunday 6
  const period = (from: CalendarDay, to: CalendarDay): Period => ({
    from,
    to,
    start: instantOf(parseDay(from), timeZone),
    end: instantOf(parseDay(to), timeZone),
  });
  const monthStart = calendarDay(year, month, 1);
  const nextMonth = month === 12 ? calendarDay(year + 1, 1, 1) : calendarDay(year, month + 1, 1);
  const previousMonth = month === 1 ? calendarDay(year - 1, 12, 1) : calendarDay(year, month - 1, 1);
  return {
    today: period(today, addDays(today, 1)),
    week: period(addDays(today, -weekday), addDays(today, 1)),
    month: period(monthStart, nextMonth),
    previousMonth: period(previousMonth, monthStart),
    year: period(calendarDay(year, 1, 1), calendarDay(year + 1, 1, 1)),
    previousYear: period(calendarDay(year - 1, 1, 1), calendarDay(year, 1, 1)),
  };
}
