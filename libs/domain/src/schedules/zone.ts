/**
 * Wall-clock time in an IANA time zone (docs/product.md#schedules, #dashboard), on the platform's
 * Intl data: no clock of its own, exact to the second across daylight-saving changes. A local time
 * that does not exist (the hour skipped in spring) means the same clock reading after the change
 * (02:30 is 03:30); one that happens twice (the hour repeated in autumn) means the later of the two,
 * as PostgreSQL reads a local time (`timestamp at time zone`), so the dashboard's periods here and
 * in SQL agree. `rules/time-zone.ts` (the dashboard's days) builds on these.
 */

const SECOND = 1000;
const MINUTE = 60_000;
export const DAY_MS = 86_400_000;

interface Zone {
  format: Intl.DateTimeFormat;
  /** per UTC day: the offsets at its start and end, and the second it changes at, if it does */
  days: Map<number, { before: number; after: number; change: number | null }>;
}

const zones = new Map<string, Zone>();

function zoneOf(timeZone: string): Zone {
  let zone = zones.get(timeZone);
  if (!zone) {
    zone = {
      format: new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
      days: new Map(),
    };
    if (zones.size > 200) zones.clear();
    zones.set(timeZone, zone);
  }
  return zone;
}

/** Whether the text names a time zone the platform knows (America/New_York, Europe/Madrid, UTC). */
export function isTimeZone(text: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(text)) return false;
  try {
    zoneOf(text);
    return true;
  } catch {
    return false;
  }
}

/** The offset (ms, local minus UTC) at an instant, read from Intl. */
function rawOffset(zone: Zone, at: number): number {
  const whole = Math.floor(at / 1000) * 1000;
  const parts: Record<string, number> = {};
  for (const part of zone.format.formatToParts(whole))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  // an engine may write midnight as hour 24 even in the h23 cycle
  const local = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour! % 24, parts.minute!, parts.second!);
  return local - whole;
}

/** The zone's offset (ms) at an instant. */
export function offsetAt(timeZone: string, at: number): number {
  const zone = zoneOf(timeZone);
  const day = Math.floor(at / DAY_MS);
  let entry = zone.days.get(day);
  if (!entry) {
    const start = day * DAY_MS;
    const before = rawOffset(zone, start);
    const after = rawOffset(zone, start + DAY_MS);
    let change: number | null = null;
    if (before !== after) {
      // the first second with the new offset (a few old offsets are not whole minutes)
      let low = start;
      let high = start + DAY_MS;
      while (high - low > SECOND) {
        const middle = low + Math.floor((high - low) / 2 / SECOND) * SECOND;
        if (rawOffset(zone, middle) === after) high = middle;
        else low = middle;
      }
      change = high;
    }
    entry = { before, after, change };
    if (zone.days.size > 50_000) zone.days.clear();
    zone.days.set(day, entry);
  }
  return entry.change === null || at < entry.change ? entry.before : entry.after;
}

/** A wall-clock reading: month 1..12, ISO weekday 1 (Monday) .. 7 (Sunday). */
export interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number;
}

/** What the clocks of the zone read at an instant. */
export function localTime(timeZone: string, at: number): LocalTime {
  const shifted = new Date(at + offsetAt(timeZone, at));
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    weekday: ((shifted.getUTCDay() + 6) % 7) + 1,
  };
}

/**
 * The instant a wall-clock reading means in the zone. Days and months may overflow (day 32 is the
 * next month's first): the calendar does the arithmetic.
 */
export function zonedInstant(
  timeZone: string,
  local: { year: number; month: number; day: number; hour?: number; minute?: number; second?: number },
): number {
  const naive = Date.UTC(local.year, local.month - 1, local.day, local.hour ?? 0, local.minute ?? 0, local.second ?? 0);
  const earlier = offsetAt(timeZone, naive - DAY_MS);
  const later = offsetAt(timeZone, naive + DAY_MS);
  const fits = (offset: number) => offsetAt(timeZone, naive - offset) === offset;
  const candidates = [earlier, later].filter(fits).map((offset) => naive - offset);
  // twice: the later; never (skipped): read with the offset before the change, which lands after it
  if (candidates.length) return Math.max(...candidates);
  return naive - earlier;
}

/** "HH:MM" as hours and minutes. */
export function clockOf(text: string): { hour: number; minute: number } {
  const [hour, minute] = text.split(':').map(Number);
  return { hour: hour ?? 0, minute: minute ?? 0 };
}

/** "YYYY-MM-DD" as a calendar date. */
export function dateOf(text: string): { year: number; month: number; day: number } {
  const [year, month, day] = text.split('-').map(Number);
  return { year: year ?? 1970, month: month ?? 1, day: day ?? 1 };
}

/** The calendar date (no zone) of a wall-clock reading, as a day count for arithmetic. */
export const dayNumber = (local: { year: number; month: number; day: number }) =>
  Math.floor(Date.UTC(local.year, local.month - 1, local.day) / DAY_MS);

/** A day count back to its calendar date. */
export function dateOfDayNumber(days: number): { year: number; month: number; day: number } {
  const date = new Date(days * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** An instant as the zone's clock shows it: "2026-03-08 09:00 (-04:00)". */
export function formatInZone(timeZone: string, at: number): string {
  const local = localTime(timeZone, at);
  const pad = (n: number) => String(n).padStart(2, '0');
  const offset = offsetAt(timeZone, at) / MINUTE;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local.year}-${pad(local.month)}-${pad(local.day)} ${pad(local.hour)}:${pad(local.minute)} (${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)})`;
}
