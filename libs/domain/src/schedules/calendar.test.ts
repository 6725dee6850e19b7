import { describe, expect, it } from 'vitest';
import {
  calendarInstant,
  calendarText,
  foldLine,
  onCallCalendar,
  shiftUid,
  type CalendarShift,
  type OnCallCalendar,
} from './calendar';

const octets = (text: string) => new TextEncoder().encode(text).length;
/** RFC 5545 3.1: a line break followed by one space or tab is removed when reading. */
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

const SHIFT: CalendarShift = {
  schedule_id: 7,
  schedule_name: 'Primary',
  time_zone: 'America/New_York',
  resource_id: 12,
  resource_fullname: 'Ana Torres',
  start: Date.parse('2026-03-07T14:00:00Z'),
  end: Date.parse('2026-03-14T13:00:00Z'),
  source: 'rotation',
};

const CALENDAR: OnCallCalendar = {
  name: 'Relevo: Primary',
  time_zone: 'America/New_York',
  stamp: Date.parse('2026-03-01T10:11:12.345Z'),
  uid_domain: 'relevo.example.test',
  shifts: [SHIFT],
};

describe('calendar feeds (docs/product.md#calendar-feeds)', () => {
  it('escapes backslashes, semicolons, commas and line breaks in text, and drops control characters', () => {
    expect(calendarText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(calendarText('tab\there\u0007bell\u007f')).toBe('tab\there' + 'bell');
    expect(calendarText('Ñandú: 12:00')).toBe('Ñandú: 12:00');
  });

  it('folds lines at 75 octets, never inside a character, and unfolds to the same line', () => {
    const ascii = `DESCRIPTION:${'x'.repeat(200)}`;
    const folded = foldLine(ascii);
    const parts = folded.split('\r\n');
    expect(parts.length).toBe(3);
    expect(parts.map(octets)).toEqual([75, 75, octets(ascii) - 75 - 74 + 1]);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toBe(ascii);

    // two-, three- and four-octet characters (ñ, €, 𝄞) land on no boundary of their own
    const wide = `SUMMARY:${'ñ€𝄞'.repeat(40)}`;
    const wideParts = foldLine(wide).split('\r\n');
    expect(wideParts.length).toBeGreaterThan(1);
    for (const part of wideParts) {
      expect(octets(part)).toBeLessThanOrEqual(75);
      // a split character would come back as U+FFFD from the octets
      expect(new TextDecoder('utf-8', { fatal: true }).decode(new TextEncoder().encode(part))).toBe(part);
    }
    expect(unfold(wideParts.join('\r\n'))).toBe(wide);
    expect(foldLine('SHORT:line')).toBe('SHORT:line');
    expect(foldLine(`X:${'y'.repeat(73)}`)).toBe(`X:${'y'.repeat(73)}`);
  });

  it('writes instants in UTC to the second', () => {
    expect(calendarInstant(Date.parse('2026-03-08T07:00:00.999Z'))).toBe('20260308T070000Z');
    expect(calendarInstant(Date.parse('2026-11-01T23:59:59Z'))).toBe('20261101T235959Z');
  });

  it('names each shift by its schedule, person and start: the same shift has the same UID in every read', () => {
    expect(shiftUid(SHIFT, 'relevo.example.test')).toBe(`schedule-7-resource-12-${SHIFT.start}@relevo.example.test`);
    const later = onCallCalendar({ ...CALENDAR, stamp: CALENDAR.stamp + 3_600_000 });
    const uid = (text: string) => /^UID:(.*)$/m.exec(unfold(text))![1];
    expect(uid(later)).toBe(uid(onCallCalendar(CALENDAR)));
    expect(uid(onCallCalendar({ ...CALENDAR, shifts: [{ ...SHIFT, resource_id: 13 }] }))).not.toBe(
      uid(onCallCalendar(CALENDAR)),
    );
  });

  it('writes a published calendar with one event per shift, CRLF line endings and folded lines', () => {
    const second: CalendarShift = {
      ...SHIFT,
      resource_id: 13,
      resource_fullname: 'Luis Peña, Jr.; "night"',
      start: SHIFT.end,
      end: SHIFT.end + 7 * 86_400_000,
      source: 'override',
    };
    const text = onCallCalendar({ ...CALENDAR, shifts: [SHIFT, second] });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const physical = text.split('\r\n').slice(0, -1);
    expect(physical.every((line) => octets(line) <= 75)).toBe(true);
    const lines = unfold(text).split('\r\n').slice(0, -1);
    expect(lines.slice(0, 7)).toEqual([
      'BEGIN:VCALENDAR',
      'PRODID:-//Relevo//On-call schedules//EN',
      'VERSION:2.0',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:Relevo: Primary',
      'X-WR-TIMEZONE:America/New_York',
    ]);
    expect(lines.filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(lines).toContain('DTSTAMP:20260301T101112Z');
    expect(lines).toContain('DTSTART:20260307T140000Z');
    expect(lines).toContain('DTEND:20260314T130000Z');
    expect(lines).toContain('SUMMARY:On call: Ana Torres (Primary)');
    expect(lines).toContain('SUMMARY:On call: Luis Peña\\, Jr.\\; "night" (Primary)');
    // the description reads the times in the schedule's zone, across the change to daylight time
    expect(lines).toContain(
      'DESCRIPTION:Ana Torres is on call for Primary.\\nFrom 2026-03-07 09:00 (-05:00) to 2026-03-14 09:00 (-04:00) (America/New_York).\\nRotation',
    );
    expect(lines.at(-1)).toBe('END:VCALENDAR');
  });

  it('writes a calendar without shifts as an empty, valid calendar', () => {
    const text = onCallCalendar({ ...CALENDAR, shifts: [] });
    expect(text).not.toContain('BEGIN:VEVENT');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  });
});
