import type { NextShift } from '@relevo/api';
import { DEFAULT_DISPLAY_LANGUAGE, formatDateTime, type DisplayLanguage } from '@relevo/domain';

/** The day a date-time falls on in the viewer's calendar (or `timeZone`'s), to compare two of them. */
const dayOf = (at: Date, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);

/**
 * docs/product.md#resources, Next Shift: "<schedule>: <start> – <end>" in the viewer's own time and
 * language, short; the end gives its day only when it is not the start's.
 */
export function nextShiftText(
  shift: Pick<NextShift, 'schedule_name' | 'start' | 'end'>,
  timeZone?: string,
  language: DisplayLanguage = DEFAULT_DISPLAY_LANGUAGE,
): string {
  const start = new Date(shift.start);
  const end = new Date(shift.end);
  const withDay = (at: Date) =>
    formatDateTime(at, language, {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
  const timeOnly = (at: Date) => formatDateTime(at, language, { timeZone, hour: 'numeric', minute: '2-digit' });
  const endText = dayOf(start, timeZone) === dayOf(end, timeZone) ? timeOnly(end) : withDay(end);
  return `${shift.schedule_name}: ${withDay(start)} – ${endText}`;
}

/** The page's next shifts by resource (a resource has at most one: its earliest in any active schedule). */
export const nextShiftsByResource = (shifts: readonly NextShift[]): Map<number, NextShift> =>
  new Map(shifts.map((shift) => [shift.resource_id, shift]));
