import { describe, expect, it } from 'vitest';
import { nextShiftText, nextShiftsByResource } from './next-shift';

// Intl puts a narrow no-break space before AM/PM
const plain = (text: string) => text.replace(/\s/g, ' ');
const shift = (start: string, end: string) => ({ schedule_name: 'Database on call', start, end });

describe('a resource’s next shift (docs/product.md#resources)', () => {
  it('reads the schedule, the start with its day and the end’s time on the same day, in the viewer’s zone', () => {
    const text = nextShiftText(shift('2026-03-09T13:00:00Z', '2026-03-09T21:00:00Z'), 'America/Puerto_Rico');
    expect(plain(text)).toBe('Database on call: Mon, Mar 9, 9:00 AM – 5:00 PM');
  });

  it('gives the end its day when the shift ends on another day of the viewer’s calendar', () => {
    const week = shift('2026-03-09T13:00:00Z', '2026-03-16T13:00:00Z');
    expect(plain(nextShiftText(week, 'America/Puerto_Rico'))).toBe(
      'Database on call: Mon, Mar 9, 9:00 AM – Mon, Mar 16, 9:00 AM',
    );
    // 17:00 to 01:00 UTC: one evening in Puerto Rico, two days in Madrid
    const evening = shift('2026-03-09T17:00:00Z', '2026-03-10T01:00:00Z');
    expect(plain(nextShiftText(evening, 'America/Puerto_Rico'))).toBe(
      'Database on call: Mon, Mar 9, 1:00 PM – 9:00 PM',
    );
    expect(plain(nextShiftText(evening, 'Europe/Madrid'))).toBe(
      'Database on call: Mon, Mar 9, 6:00 PM – Tue, Mar 10, 2:00 AM',
    );
  });

  it('finds each resource’s shift by its id', () => {
    const found = nextShiftsByResource([
      {
        resource_id: 3,
        schedule_id: 21,
        schedule_name: 'A',
        start: '2026-03-09T13:00:00Z',
        end: '2026-03-09T21:00:00Z',
      },
    ]);
    expect(found.get(3)?.schedule_name).toBe('A');
    expect(found.get(4)).toBeUndefined();
  });
});
