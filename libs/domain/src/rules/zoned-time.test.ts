import { describe, expect, it } from 'vitest';
import { dayRange, nextDay, startOfDay, zonedDateTime, zonedDateTimes, zonedDay, zonedDayStamp } from './zoned-time';

describe("days and clocks in a viewer's time zone", () => {
  it('begins a day at midnight of the zone', () => {
    expect(startOfDay('2026-11-24', 'UTC').toISOString()).toBe('2026-11-24T00:00:00.000Z');
    expect(startOfDay('2026-11-24', 'America/Puerto_Rico').toISOString()).toBe('2026-11-24T04:00:00.000Z');
    expect(startOfDay('2026-07-01', 'Europe/Madrid').toISOString()).toBe('2026-06-30T22:00:00.000Z');
    expect(startOfDay('2026-01-01', 'Asia/Kolkata').toISOString()).toBe('2025-12-31T18:30:00.000Z');
  });

  it('begins a day whose midnight a clock change skips at its first moment', () => {
    // Chile moves its clocks from 00:00 to 01:00 on the first Sunday of September
    const start = startOfDay('2026-09-06', 'America/Santiago');
    expect(zonedDay(start, 'America/Santiago')).toBe('2026-09-06');
    expect(zonedDay(new Date(start.getTime() - 1000), 'America/Santiago')).toBe('2026-09-05');
    // New York's spring change at 02:00 leaves its midnight alone
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
  });

  it('makes whole days of a range, both ends included', () => {
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    const range = dayRange('2026-11-21', '2026-11-22', 'America/Puerto_Rico');
    expect(range.from!.toISOString()).toBe('2026-11-21T04:00:00.000Z');
    expect(range.until!.toISOString()).toBe('2026-11-23T04:00:00.000Z');
    expect(dayRange(undefined, undefined, 'UTC')).toEqual({ from: null, until: null });
  });

  it('ends a range on the last day of the calendar (9999-12-31) at the first moment of the year 10000', () => {
    expect(nextDay('9999-12-31')).toBe('10000-01-01');
    expect(dayRange('2026-11-01', '9999-12-31', 'America/Puerto_Rico').until!.getTime()).toBe(Date.UTC(10000, 0, 1, 4));
  });

  it('reads clocks and days of an instant in a zone', () => {
    const instant = new Date('2026-11-24T03:05:09Z');
    expect(zonedDateTime(instant, 'UTC')).toBe('2026-11-24 03:05:09');
    expect(zonedDateTime(instant, 'America/Puerto_Rico')).toBe('2026-11-23 23:05:09');
    expect(zonedDayStamp(instant, 'America/Puerto_Rico')).toBe('20261123');
    expect(zonedDayStamp(new Date('2026-11-24T00:00:00Z'), 'UTC')).toBe('20261124');
  });
});

describe('clock readings of many instants', () => {
  it('read the same as Intl on both sides of a clock change', () => {
    // one Intl formatter per zone: making one per reading is what would take the time here
    const formats = new Map<string, Intl.DateTimeFormat>();
    const formatOf = (timeZone: string) =>
      formats.get(timeZone) ??
      formats
        .set(
          timeZone,
          new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
            second: '2-digit',
          }),
        )
        .get(timeZone)!;
    const reference = (instant: Date, timeZone: string) => {
      const parts = Object.fromEntries(
        formatOf(timeZone)
          .formatToParts(instant)
          .map((p) => [p.type, p.value]),
      );
      return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
    };
    // New York's spring and autumn changes, Lord Howe's half-hour change, Samoa skipping a whole day,
    // Monrovia leaving an offset of -0:44:30: every 7 minutes 13 seconds for two days around each,
    // and the seconds at each change
    const changes = [
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['Pacific/Apia', '2011-12-30T10:00:00Z'],
      ['Africa/Monrovia', '1972-01-07T00:44:30Z'],
    ] as const;
    for (const [zone, change] of changes) {
      const at = Date.parse(change);
      const many = zonedDateTimes(zone);
      for (let ms = at - 86_400_000; ms < at + 86_400_000; ms += 433_000) {
        expect(zonedDateTime(new Date(ms), zone)).toBe(reference(new Date(ms), zone));
        expect(many(ms)).toBe(reference(new Date(ms), zone));
      }
      for (const ms of [at - 1001, at - 1000, at - 1, at, at + 999, at + 1000])
        expect({ zone, ms, text: many(ms) }).toEqual({ zone, ms, text: reference(new Date(ms), zone) });
    }
  });
});
