/**
 * Days and clock readings in a viewer's time zone. The events filters name whole days
 * (YYYY-MM-DD) and the CSV shows times: both as the person who asked sees them, not in UTC.
 */

import { addDays, dayIn, zoneOffsetAt } from './time-zone';

/** The instant a day (YYYY-MM-DD) begins in `timeZone` (its first moment, also on a day that starts with a DST change). */
export function startOfDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, date);
  const first = asUtc - zoneOffsetAt(asUtc, timeZone);
  const second = asUtc - zoneOffsetAt(first, timeZone);
  // where a clock change skips or repeats midnight one of the two readings lands on the day before
  const onTheDay = [first, second].filter((instant) => zonedDay(new Date(instant), timeZone) === day);
  return new Date(onTheDay.length > 0 ? Math.min(...onTheDay) : first);
}

/**
 * The day after a day (YYYY-MM-DD), written as `zonedDay` writes days: the day after 9999-12-31
 * is 10000-01-01 (an ISO string would be +010000-01-01, which no reading of a day expects).
 */
export function nextDay(day: string): string {
  return addDays(day, 1);
}

/** Whole days, both ends included, as instants: from the first moment of `from` up to (not including) the first moment after `to`. */
export function dayRange(
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): { from: Date | null; until: Date | null } {
  return { from: from ? startOfDay(from, timeZone) : null, until: to ? startOfDay(nextDay(to), timeZone) : null };
}

const two = (n: number) => String(n).padStart(2, '0');

const HOUR = 3_600_000;
const MAX_CACHED_HOURS = 200_000;
const MAX_CACHED_DAYS = 100_000;
/** '00' to '59': the fields of a time of day */
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => two(n));

/** A clock change within an hour of UTC: the offset before it, its first instant (ms), the offset from then on. */
interface Change {
  before: number;
  at: number;
  after: number;
}

/** 'YYYY-MM-DD ' of each day since 1970 (as numbered by wall-clock seconds / 86,400), as written. */
const dayTexts = new Map<number, string>();

function dayText(day: number): string {
  let text = dayTexts.get(day);
  if (text === undefined) {
    if (dayTexts.size > MAX_CACHED_DAYS) dayTexts.clear();
    const date = new Date(day * 86_400_000);
    text = `${date.getUTCFullYear()}-${TWO_DIGITS[date.getUTCMonth() + 1]}-${TWO_DIGITS[date.getUTCDate()]} `;
    dayTexts.set(day, text);
  }
  return text;
}

/**
 * The clocks of one zone over many instants: an export writes three dates per row, a million rows.
 * Intl is asked the zone's offset once per hour of UTC (an export of two years asks 17,520 times,
 * not 3,000,000), and where an hour's two ends differ it holds a clock change, whose first second
 * is found once by halving the hour. The text of a day is kept, so an instant costs a lookup and
 * the digits of its time of day.
 */
class ZoneClock {
  readonly #timeZone: string;
  /** each hour of UTC read so far: its one offset, or the change within it */
  readonly #hours = new Map<number, number | Change>();
  /** the offset at the first instant of each hour read so far */
  readonly #hourStarts = new Map<number, number>();

  constructor(timeZone: string) {
    this.#timeZone = timeZone;
  }

  #offsetAtHour(hour: number): number {
    let offset = this.#hourStarts.get(hour);
    if (offset === undefined) this.#hourStarts.set(hour, (offset = zoneOffsetAt(hour * HOUR, this.#timeZone)));
    return offset;
  }

  #readHour(hour: number): number | Change {
    if (this.#hours.size > MAX_CACHED_HOURS) {
      this.#hours.clear();
      this.#hourStarts.clear();
    }
    const before = this.#offsetAtHour(hour);
    const after = this.#offsetAtHour(hour + 1);
    let known: number | Change = before;
    if (before !== after) {
      // the first second of the hour that reads the later offset (the next hour's start at the latest)
      let low = (hour * HOUR) / 1000;
      let high = low + HOUR / 1000;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (zoneOffsetAt(middle * 1000, this.#timeZone) === before) low = middle;
        else high = middle;
      }
      known = { before, at: high * 1000, after };
    }
    this.#hours.set(hour, known);
    return known;
  }

  /** How far the zone is ahead of UTC at `ms`, in milliseconds. */
  offset(ms: number): number {
    const hour = Math.floor(ms / HOUR);
    const known = this.#hours.get(hour) ?? this.#readHour(hour);
    return typeof known === 'number' ? known : ms < known.at ? known.before : known.after;
  }

  /** 'YYYY-MM-DD HH:mm:ss' at `ms` (milliseconds since 1970). */
  format(ms: number): string {
    const seconds = Math.floor(ms / 1000) + this.offset(ms) / 1000;
    const day = Math.floor(seconds / 86_400);
    const inDay = seconds - day * 86_400;
    const minutes = Math.floor(inDay / 60);
    return `${dayText(day)}${TWO_DIGITS[Math.floor(minutes / 60)]}:${TWO_DIGITS[minutes % 60]}:${TWO_DIGITS[inDay % 60]}`;
  }
}

const clocks = new Map<string, ZoneClock>();

function clockOf(timeZone: string): ZoneClock {
  let clock = clocks.get(timeZone);
  if (!clock) clocks.set(timeZone, (clock = new ZoneClock(timeZone)));
  return clock;
}

/** 'YYYY-MM-DD HH:mm:ss' as the clocks of `timeZone` read it (a spreadsheet takes it as a date and time). */
export function zonedDateTime(instant: Date | string, timeZone: string): string {
  return clockOf(timeZone).format((instant instanceof Date ? instant : new Date(instant)).getTime());
}

/** `zonedDateTime` for many instants of one zone, given as milliseconds since 1970 (an export's rows). */
export function zonedDateTimes(timeZone: string): (ms: number) => string {
  const clock = clockOf(timeZone);
  return (ms) => clock.format(ms);
}

/** YYYYMMDD of the day `instant` falls on in `timeZone` (docs/product.md#constants-and-limits: CSV file names). */
export function zonedDayStamp(instant: Date, timeZone: string): string {
  return dayIn(instant, timeZone).replaceAll('-', '');
}

/** YYYY-MM-DD of the day `instant` falls on in `timeZone` (the latest day a date filter may pick). */
export const zonedDay = dayIn;
