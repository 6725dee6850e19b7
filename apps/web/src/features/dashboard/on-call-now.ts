/**
 * docs/product.md#dashboard "On call now": when the person on call hands over, in the viewer's own
 * time, short: the time alone today, the day and the time later.
 */
export function untilText(until: string, now: Date, timeZone?: string): string {
  const at = new Date(until);
  const day = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const sameDay = day.format(at) === day.format(now);
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    ...(sameDay ? {} : { weekday: 'short', month: 'short', day: 'numeric' }),
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
}

/** The address of a schedule's timeline (docs/product.md#routes). */
export const schedulePath = (scheduleId: number) => `/schedules/${scheduleId}`;
