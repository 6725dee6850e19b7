/**
 * Days and clock readings in a viewer's time zone. The events filters name whole days
 * (YYYY-MM-DD) and the CSV shows times: both as the person who asked sees them, not in UTC.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What the clocks of `timeZone` show at `instant`, to the second. */
function wallClock(instant: Date, timeZone: string): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** How far `timeZone` is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClock(new Date(instant), timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant a day (YYYY-MM-DD) begins in `timeZone` (its first moment, also on a day that starts with a DST change). */
export function startOfDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, date);
  const first = asUtc - offsetAt(asUtc, timeZone);
  const second = asUtc - offsetAt(first, timeZone);
  // where a clock change skips or repeats midnight one of the two readings lands on the day before
  const onTheDay = [first, second].filter((instant) => zonedDay(new Date(instant), timeZone) === day);
  return new Date(onTheDay.length > 0 ? Math.min(...onTheDay) : first);
}

/**
 * The day after a day (YYYY-MM-DD), written as `zonedDay` writes days: the day after 9999-12-31
 * is 10000-01-01 (an ISO string would be +010000-01-01, which no reading of a day expects).
 */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, date + 1));
  return `${next.getUTCFullYear()}-${two(next.getUTCMonth() + 1)}-${two(next.getUTCDate())}`;
}

/** Whole days, both ends included, as instants: from the first moment of `from` up to (not including) the first moment after `to`. */
export function dayRange(from: string | undefined, to: string | undefined, timeZone: string): { from: Date | null; until: Date | null } {
  return { from: from ? startOfDay(from, timeZone) : null, until: to ? startOfDay(nextDay(to), timeZone) : null };
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Offsets of each zone by quarter hour, as read: an export of a million rows reads a few thousand
 * offsets instead of asking Intl a million times. A quarter hour whose two ends differ holds a
 * clock change, and its instants are asked one by one.
 */
const QUARTER_HOUR = 15 * 60 * 1000;
const MAX_CACHED_OFFSETS = 200_000;
const offsetCache = new Map<string, Map<number, number>>();

function cachedOffset(instant: number, timeZone: string): number {
  let zone = offsetCache.get(timeZone);
  if (!zone || zone.size > MAX_CACHED_OFFSETS) offsetCache.set(timeZone, (zone = new Map()));
  const quarter = Math.floor(instant / QUARTER_HOUR);
  const at = (q: number) => {
    let offset = zone.get(q);
    if (offset === undefined) zone.set(q, (offset = offsetAt(q * QUARTER_HOUR, timeZone)));
    return offset;
  };
  const start = at(quarter);
  return start === at(quarter + 1) ? start : offsetAt(instant, timeZone);
}

/** 'YYYY-MM-DD HH:mm:ss' as the clocks of `timeZone` read it (a spreadsheet takes it as a date and time). */
export function zonedDateTime(instant: Date | string, timeZone: string): string {
  const ms = (instant instanceof Date ? instant : new Date(instant)).getTime();
  const wall = new Date(Math.floor(ms / 1000) * 1000 + cachedOffset(ms, timeZone));
  return `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`;
}

/** YYYYMMDD of the day `instant` falls on in `timeZone` (spec 9: CSV file names). */
export function zonedDayStamp(instant: Date, timeZone: string): string {
  const wall = wallClock(instant, timeZone);
  return `${wall.year}${two(wall.month)}${two(wall.day)}`;
}

/** YYYY-MM-DD of the day `instant` falls on in `timeZone` (the latest day a date filter may pick). */
export function zonedDay(instant: Date, timeZone: string): string {
  const wall = wallClock(instant, timeZone);
  return `${wall.year}-${two(wall.month)}-${two(wall.day)}`;
}
