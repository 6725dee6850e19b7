import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  TIME_ZONE_MESSAGES,
  TimeZoneSchema,
  addDays,
  dashboardPeriods,
  dayIn,
  instantOf,
  isTimeZone,
  wallTimeOf,
} from './time-zone';

const at = (iso: string) => new Date(iso);

describe('calendar days in a customer time zone', () => {
  it('knows IANA zone names and refuses others', () => {
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('America/Puerto_Rico')).toBe(true);
    expect(isTimeZone('Asia/Kathmandu')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(v.safeParse(TimeZoneSchema, 'Europe/Nowhere').issues?.[0]?.message).toBe(TIME_ZONE_MESSAGES.unknown);
    expect(v.parse(TimeZoneSchema, ' Europe/Madrid ')).toBe('Europe/Madrid');
  });

  it('puts an instant on the day its zone shows', () => {
    // 03:30 UTC on 1 January is still New Year's Eve in San Juan (UTC-4)
    expect(dayIn(at('2027-01-01T03:30:00Z'), 'America/Puerto_Rico')).toBe('2026-12-31');
    expect(dayIn(at('2027-01-01T04:00:00Z'), 'America/Puerto_Rico')).toBe('2027-01-01');
    // and already the next day in Kathmandu (UTC+5:45)
    expect(dayIn(at('2026-11-30T18:15:00Z'), 'Asia/Kathmandu')).toBe('2026-12-01');
    expect(dayIn(at('2026-11-30T18:14:59Z'), 'Asia/Kathmandu')).toBe('2026-11-30');
    expect(wallTimeOf(at('2026-06-15T12:00:00Z'), 'Europe/Madrid')).toEqual({
      year: 2026,
      month: 6,
      day: 15,
      hour: 14,
      minute: 0,
      second: 0,
    });
  });

  it('finds the instant a local midnight happens, summer time or not', () => {
    expect(instantOf({ year: 2026, month: 1, day: 1 }, 'America/New_York').toISOString()).toBe(
      '2026-01-01T05:00:00.000Z',
    );
    expect(instantOf({ year: 2026, month: 7, day: 1 }, 'America/New_York').toISOString()).toBe(
      '2026-07-01T04:00:00.000Z',
    );
    expect(instantOf({ year: 2026, month: 3, day: 1 }, 'Pacific/Chatham').toISOString()).toBe(
      '2026-02-28T10:15:00.000Z',
    );
    expect(instantOf({ year: 2026, month: 3, day: 1 }, 'UTC').toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('reads skipped and repeated wall times as PostgreSQL does', () => {
    // Santiago skips from 23:59:59 to 01:00 on 6 September 2026: the day starts at the change
    expect(instantOf({ year: 2026, month: 9, day: 6 }, 'America/Santiago').toISOString()).toBe(
      '2026-09-06T04:00:00.000Z',
    );
    // 02:30 does not exist in New York on 8 March 2026: read with the winter offset
    expect(instantOf({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // 01:30 happens twice on 1 November 2026: the later one
    expect(instantOf({ year: 2026, month: 11, day: 1, hour: 1, minute: 30 }, 'America/New_York').toISOString()).toBe(
      '2026-11-01T06:30:00.000Z',
    );
  });

  it('moves calendar days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-03-02', -7)).toBe('2026-02-23');
  });
});

describe('the dashboard periods (docs/product.md#dashboard)', () => {
  it('gives today, the week from Monday, this and last month, this and last year in the zone', () => {
    // Tuesday 24 November 2026, 02:00 UTC: still Monday 23 November in New York
    const periods = dashboardPeriods(at('2026-11-24T02:00:00Z'), 'America/New_York');
    expect(periods.today).toEqual({
      from: '2026-11-23',
      to: '2026-11-24',
      start: at('2026-11-23T05:00:00Z'),
      end: at('2026-11-24T05:00:00Z'),
    });
    expect(periods.week).toMatchObject({ from: '2026-11-23', to: '2026-11-24' });
    expect(periods.month).toEqual({
      from: '2026-11-01',
      to: '2026-12-01',
      start: at('2026-11-01T04:00:00Z'),
      end: at('2026-12-01T05:00:00Z'),
    });
    expect(periods.previousMonth).toEqual({
      from: '2026-10-01',
      to: '2026-11-01',
      start: at('2026-10-01T04:00:00Z'),
      end: at('2026-11-01T04:00:00Z'),
    });
    expect(periods.year).toMatchObject({ from: '2026-01-01', to: '2027-01-01', start: at('2026-01-01T05:00:00Z') });
    expect(periods.previousYear).toMatchObject({
      from: '2025-01-01',
      to: '2026-01-01',
      start: at('2025-01-01T05:00:00Z'),
    });
  });

  it('starts the week on Monday and a new year in January', () => {
    // Sunday 3 January 2027 in UTC: the week began on Monday 28 December 2026, the month on 1 January
    const periods = dashboardPeriods(at('2027-01-03T12:00:00Z'), 'UTC');
    expect(periods.week).toMatchObject({ from: '2026-12-28', to: '2027-01-04' });
    expect(periods.month).toMatchObject({ from: '2027-01-01', to: '2027-02-01' });
    expect(periods.previousMonth).toMatchObject({ from: '2026-12-01', to: '2027-01-01' });
    expect(periods.previousYear).toMatchObject({ from: '2026-01-01', to: '2027-01-01' });
  });
});
