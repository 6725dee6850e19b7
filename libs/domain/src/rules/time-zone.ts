import * as v from 'valibot';

/**
 * Calendar days in a customer's time zone (docs/product.md#tenants-and-roles: every customer keeps one, default UTC).
 * The dashboard counts "today", "this week", "this month" and "this year" in that zone, so an
 * event at 23:30 in San Juan belongs to the day it happened there, not to the next UTC day.
 */
export const DEFAULT_TIME_ZONE = 'UTC';

export const TIME_ZONE_MESSAGES = {
  unknown: 'Must be a time zone such as America/Puerto_Rico or UTC',
} as const;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the name is an IANA time zone this runtime knows (the database knows the same names). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    formatterOf(name);
    return true;
  } catch {
    return false;
  }
}

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

/** What the clocks of `timeZone` show at `instant`. */
export function wallTimeOf(instant: Date, timeZone: string): WallTime {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  // an engine may write midnight as hour 24 even in the h23 cycle
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

const wallMs = (wall: WallTime) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);

/** The zone's offset from UTC at `ms`, in milliseconds (whole seconds). */
export function zoneOffsetAt(ms: number, timeZone: string): number {
  const instant = new Date(Math.floor(ms / 1000) * 1000);
  return wallMs(wallTimeOf(instant, timeZone)) - instant.getTime();
}

const DAY_MS = 86_400_000;

/**
 * The instant at which the clocks of `timeZone` show `wall`, read as PostgreSQL reads a local time
 * (`timestamp at time zone`), so that the dashboard's periods here and in SQL agree: a wall time
 * the clocks skip (the change to summer time) is read with the offset before the change, which for
 * a skipped midnight is the first instant of the day; one they show twice (the change back) is the
 * later of the two.
 */
export function instantOf(wall: Partial<WallTime> & Pick<WallTime, 'year' | 'month' | 'day'>, timeZone: string): Date {
  const full: WallTime = { hour: 0, minute: 0, second: 0, ...wall };
  const target = wallMs(full);
  // the offsets a day either side cover any single change of offset around the wall time
  const before = zoneOffsetAt(target - DAY_MS, timeZone);
  const after = zoneOffsetAt(target + DAY_MS, timeZone);
  const shows = (ms: number) => wallMs(wallTimeOf(new Date(ms), timeZone)) === target;
  const candidates = [target - before, target - after].filter(shows);
  if (candidates.length) return new Date(Math.max(...candidates));
  return new Date(target - before);
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
