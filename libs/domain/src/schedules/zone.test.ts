import { describe, expect, it } from 'vitest';
import { formatInZone, isTimeZone, localTime, offsetAt, zonedInstant } from './zone';

const HOUR = 3_600_000;
const at = (text: string) => Date.parse(text);

describe('wall-clock time in a zone (docs/product.md#schedules)', () => {
  it('knows the IANA zones and refuses anything else', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('Europe/Madrid')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(isTimeZone('America/New_York; drop table')).toBe(false);
  });

  it('reads the offsets on both sides of each change, to the minute', () => {
    // New York: EST until 2026-03-08 07:00Z, EDT until 2026-11-01 06:00Z
    expect(offsetAt('America/New_York', at('2026-03-08T06:59:00Z'))).toBe(-5 * HOUR);
    expect(offsetAt('America/New_York', at('2026-03-08T07:00:00Z'))).toBe(-4 * HOUR);
    expect(offsetAt('America/New_York', at('2026-11-01T05:59:00Z'))).toBe(-4 * HOUR);
    expect(offsetAt('America/New_York', at('2026-11-01T06:00:00Z'))).toBe(-5 * HOUR);
    // Madrid: CET to CEST on 2026-03-29 01:00Z, back on 2026-10-25 01:00Z
    expect(offsetAt('Europe/Madrid', at('2026-03-29T00:59:00Z'))).toBe(HOUR);
    expect(offsetAt('Europe/Madrid', at('2026-03-29T01:00:00Z'))).toBe(2 * HOUR);
    expect(offsetAt('Europe/Madrid', at('2026-10-25T01:00:00Z'))).toBe(HOUR);
    // Puerto Rico: AST all year
    for (const month of ['01', '03', '07', '11'])
      expect(offsetAt('America/Puerto_Rico', at(`2026-${month}-15T12:00:00Z`))).toBe(-4 * HOUR);
  });

  it('turns a local reading into its instant; a skipped time means the same reading after the change, a repeated one the later of the two', () => {
    const ny = 'America/New_York';
    expect(zonedInstant(ny, { year: 2026, month: 3, day: 7, hour: 9 })).toBe(at('2026-03-07T14:00:00Z'));
    expect(zonedInstant(ny, { year: 2026, month: 3, day: 9, hour: 9 })).toBe(at('2026-03-09T13:00:00Z'));
    // 02:30 does not exist on March 8th: it is 03:30 EDT
    expect(zonedInstant(ny, { year: 2026, month: 3, day: 8, hour: 2, minute: 30 })).toBe(at('2026-03-08T07:30:00Z'));
    // 01:30 happens twice on November 1st: the later, EST (as PostgreSQL reads it)
    expect(zonedInstant(ny, { year: 2026, month: 11, day: 1, hour: 1, minute: 30 })).toBe(at('2026-11-01T06:30:00Z'));
    expect(zonedInstant('Europe/Madrid', { year: 2026, month: 3, day: 29, hour: 2, minute: 15 })).toBe(
      at('2026-03-29T01:15:00Z'),
    );
    // days overflow into the next month
    expect(zonedInstant('America/Puerto_Rico', { year: 2026, month: 1, day: 32, hour: 0 })).toBe(
      at('2026-02-01T04:00:00Z'),
    );
  });

  it('reads what the clocks show at an instant, with the ISO weekday', () => {
    expect(localTime('Europe/Madrid', at('2026-03-29T01:30:00Z'))).toEqual({
      year: 2026,
      month: 3,
      day: 29,
      hour: 3,
      minute: 30,
      second: 0,
      weekday: 7,
    });
    expect(formatInZone('America/New_York', at('2026-11-01T06:30:00Z'))).toBe('2026-11-01 01:30 (-05:00)');
  });
});
