import { DEFAULT_DISPLAY_LANGUAGE, formatDateTime, type DisplayLanguage } from '@relevo/domain';

/**
 * docs/product.md#dashboard "On call now": when the person on call hands over, in the viewer's own
 * time and language, short: the time alone today, the day and the time later.
 */
export function untilText(
  until: string,
  now: Date,
  timeZone?: string,
  language: DisplayLanguage = DEFAULT_DISPLAY_LANGUAGE,
): string {
  const at = new Date(until);
  // the calendar day in the zone (a kept formatter: making one per row was a tenth of the dashboard's first render)
  const day = (instant: Date) =>
    formatDateTime(instant, 'en', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const sameDay = day(at) === day(now);
  return formatDateTime(at, language, {
    timeZone,
    ...(sameDay ? {} : { weekday: 'short', month: 'short', day: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** The address of a schedule's timeline (docs/product.md#routes). */
export const schedulePath = (scheduleId: number) => `/schedules/${scheduleId}`;
