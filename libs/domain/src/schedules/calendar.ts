import type { ShiftSource } from './schedule';
import { formatInZone } from './zone';

/**
 * Calendar feeds (docs/product.md#calendar-feeds): who is on call, as an iCalendar document
 * (RFC 5545) that calendar applications subscribe to. Pure: the caller gives the shifts, the
 * names and the time the document is made.
 */

/** A stretch of the final layer as a feed shows it: the person and the schedule named, instants in ms. */
export interface CalendarShift {
  schedule_id: number;
  schedule_name: string;
  /** the schedule's zone: the description reads the times in it */
  time_zone: string;
  resource_id: number;
  resource_fullname: string;
  start: number;
  end: number;
  source: ShiftSource;
}

export interface OnCallCalendar {
  /** the name calendar applications show for the subscription */
  name: string;
  /** the zone applications show the calendar in (X-WR-TIMEZONE); the events themselves are in UTC */
  time_zone: string;
  /** when the document is made (each event's DTSTAMP), ms */
  stamp: number;
  /** the right-hand side of each event's UID (the server's host name): UIDs are unique beyond one server */
  uid_domain: string;
  shifts: readonly CalendarShift[];
}

export const CALENDAR_PRODUCT_ID = '-//Relevo//On-call schedules//EN';

const SOURCE_LABELS: Record<ShiftSource, string> = {
  rotation: 'Rotation',
  override: 'Override',
  temporary: 'Temporary schedule',
};

/** The most octets of one line, its line break left out (RFC 5545, 3.1). */
const LINE_OCTETS = 75;

/**
 * A TEXT value (RFC 5545, 3.3.11): backslash, semicolon, comma and line breaks escaped; other
 * control characters, which TEXT may not hold, left out.
 */
export function calendarText(value: string): string {
  const text = hasControl(value) ? withoutControls(value) : value;
  if (!TEXT_SPECIALS.test(text)) return text;
  return text.replace(/\r\n?/g, '\n').replace(/[\\;,\n]/g, (ch) => (ch === '\n' ? '\\n' : `\\${ch}`));
}

const TEXT_SPECIALS = /[\\;,\r\n]/;

/** A control character TEXT may not hold (line breaks and tabs it may: they are escaped or kept). */
const isControl = (code: number) => (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f;

function hasControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (isControl(value.charCodeAt(i))) return true;
  return false;
}

function withoutControls(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) if (!isControl(value.charCodeAt(i))) out += value[i];
  return out;
}

/** The octets of a character in UTF-8. */
const utf8Octets = (code: number) => (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);

/**
 * A content line folded (RFC 5545, 3.1): no line longer than 75 octets of UTF-8, each continuation
 * starting with one space, never inside a character.
 */
export function foldLine(line: string): string {
  // no character takes more than 4 octets: a short line never folds
  if (line.length * 4 <= LINE_OCTETS) return line;
  if (isAscii(line)) {
    if (line.length <= LINE_OCTETS) return line;
    const parts = [line.slice(0, LINE_OCTETS)];
    for (let at = LINE_OCTETS; at < line.length; at += LINE_OCTETS - 1)
      parts.push(` ${line.slice(at, at + LINE_OCTETS - 1)}`);
    return parts.join('\r\n');
  }
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8Octets(character.codePointAt(0)!);
    if (octets + size > LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join('\r\n');
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** An instant as an iCalendar UTC DATE-TIME: 20260308T140000Z (whole seconds). */
export function calendarInstant(at: number): string {
  return new Date(Math.floor(at / 1000) * 1000).toISOString().replace(/[-:]/g, '').replace('.000', '');
}

/** The UID of a shift: the schedule, the person and the start, so a feed read again names the same event. */
export function shiftUid(shift: Pick<CalendarShift, 'schedule_id' | 'resource_id' | 'start'>, domain: string): string {
  return `schedule-${shift.schedule_id}-resource-${shift.resource_id}-${shift.start}@${domain}`;
}

/** "On call: Ana Torres (Primary)" */
export const shiftSummary = (shift: Pick<CalendarShift, 'resource_fullname' | 'schedule_name'>) =>
  `On call: ${shift.resource_fullname} (${shift.schedule_name})`;

/** `formatInZone`, remembered per document: one shift's end is the next one's start. */
type ZoneFormat = (timeZone: string, at: number) => string;

function rememberedFormat(): ZoneFormat {
  const known = new Map<string, string>();
  return (timeZone, at) => {
    const key = `${timeZone} ${at}`;
    let text = known.get(key);
    if (text === undefined) {
      text = formatInZone(timeZone, at);
      if (known.size > 1000) known.clear();
      known.set(key, text);
    }
    return text;
  };
}

function shiftDescription(shift: CalendarShift, format: ZoneFormat): string {
  return [
    `${shift.resource_fullname} is on call for ${shift.schedule_name}.`,
    `From ${format(shift.time_zone, shift.start)} to ${format(shift.time_zone, shift.end)} (${shift.time_zone}).`,
    SOURCE_LABELS[shift.source],
  ].join('\n');
}

/** The feed's document: a VCALENDAR with one VEVENT per shift, lines ending in CRLF, folded and escaped. */
export function onCallCalendar(calendar: OnCallCalendar): string {
  const stamp = calendarInstant(calendar.stamp);
  const format = rememberedFormat();
  const lines = [
    'BEGIN:VCALENDAR',
    `PRODID:${CALENDAR_PRODUCT_ID}`,
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${calendarText(calendar.name)}`,
    `X-WR-TIMEZONE:${calendarText(calendar.time_zone)}`,
    // how often subscribers should read the feed again
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ];
  for (const shift of calendar.shifts) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${calendarText(shiftUid(shift, calendar.uid_domain))}`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${calendarInstant(shift.start)}`,
      `DTEND:${calendarInstant(shift.end)}`,
      `SUMMARY:${calendarText(shiftSummary(shift))}`,
      `DESCRIPTION:${calendarText(shiftDescription(shift, format))}`,
      'TRANSP:OPAQUE',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
