import { describe, expect, it } from 'vitest';
import { schedulePath, untilText } from './on-call-now';

// Intl puts a narrow no-break space before AM/PM
const plain = (text: string) => text.replace(/\s/g, ' ');

describe('On call now (docs/product.md#dashboard)', () => {
  const now = new Date('2026-03-09T14:00:00Z');

  it('gives the time alone for a handover later today, in the viewer’s zone', () => {
    expect(plain(untilText('2026-03-09T21:00:00Z', now, 'America/Puerto_Rico'))).toBe('5:00 PM');
    expect(plain(untilText('2026-03-09T21:30:00Z', now, 'Europe/Madrid'))).toBe('10:30 PM');
  });

  it('adds the day for a handover on another day of the viewer’s calendar', () => {
    // 01:00 UTC on the 10th is still the 9th in Puerto Rico, and already the 10th in Madrid
    expect(plain(untilText('2026-03-10T01:00:00Z', now, 'America/Puerto_Rico'))).toBe('9:00 PM');
    expect(plain(untilText('2026-03-10T01:00:00Z', now, 'Europe/Madrid'))).toBe('Tue, Mar 10, 2:00 AM');
    expect(plain(untilText('2026-03-16T13:00:00Z', now, 'America/Puerto_Rico'))).toBe('Mon, Mar 16, 9:00 AM');
  });

  it('links a schedule to its timeline', () => {
    expect(schedulePath(21)).toBe('/schedules/21');
  });
});
