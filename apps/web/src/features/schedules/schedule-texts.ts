import {
  MONTH_NAMES,
  WEEKDAY_LABELS,
  clockText,
  dateIn,
  dayTimeText,
  daysText,
  periodTitle,
  rangeText,
  viewerZoneHint,
  type Rotation,
  type RotationRestriction,
  type Schedule,
  type ShiftUnit,
  type TimelineDay,
  type TimelinePeriod,
} from '@relevo/domain';
import { currentLanguage, dateTimeText, msg, t } from '../../shell/i18n';

/**
 * The schedule screens' days, times and stretches in the reader's language (docs/product.md#languages).
 * English keeps the product's own forms ("Mon 9 Mar 09:00", the domain's texts); Spanish takes its
 * locale's names of days and months, in the same order. Called while rendering.
 */

const inSpanish = () => currentLanguage() === 'es';

/** A calendar day's name parts, read at its noon in UTC (the same day in every zone). */
const calendarDayText = (year: number, month: number, day: number, options: Intl.DateTimeFormatOptions) =>
  dateTimeText(Date.UTC(year, month - 1, day, 12), { timeZone: 'UTC', ...options });

/** A weekday's short name, 1 Monday to 7 Sunday: "Mon", "lun" (1 January 2024 was a Monday). */
export const weekdayText = (weekday: number): string =>
  inSpanish() ? calendarDayText(2024, 1, weekday, { weekday: 'short' }) : (WEEKDAY_LABELS[weekday - 1] ?? '');

/** "Mon 9 Mar 09:00" as the zone's clock shows the instant. */
export function dayTime(zone: string, at: number): string {
  if (!inSpanish()) return dayTimeText(zone, at);
  const part = (options: Intl.DateTimeFormatOptions) => dateTimeText(at, { timeZone: zone, ...options });
  return `${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'short' })} ${clockText(zone, at)}`;
}

/** A stretch "Mon 9 Mar 09:00 – Mon 16 Mar 09:00" in the zone. */
export const rangeIn = (zone: string, start: number, end: number): string =>
  inSpanish() ? `${dayTime(zone, start)} – ${dayTime(zone, end)}` : rangeText(zone, start, end);

/** A temporary schedule's period in the zone. */
export const periodIn = (zone: string, stretch: { start: string; end: string }): string =>
  rangeIn(zone, Date.parse(stretch.start), Date.parse(stretch.end));

/** A calendar date "2026-03-02" as the reader writes it (02/03/2026 in Spanish). */
export function calendarDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!inSpanish() || !year || !month || !day) return date;
  return calendarDayText(year, month, day, { day: '2-digit', month: '2-digit', year: 'numeric' });
}

/** docs/product.md#gap-warnings: "Nobody on call from Tue 10 Mar 18:00", or null when nobody is missing. */
export const gapWarning = (schedule: Pick<Schedule, 'next_gap' | 'time_zone'>): string | null =>
  schedule.next_gap === null
    ? null
    : t('Nobody on call from {when}', { when: dayTime(schedule.time_zone, Date.parse(schedule.next_gap)) });

/** The same moment in the viewer's zone ("= 16:00 in your zone (Europe/Madrid)"), or null when both read the same. */
export function viewerZoneText(scheduleZone: string, viewerZone: string, at: number): string | null {
  if (viewerZoneHint(scheduleZone, viewerZone, at) === null) return null;
  const sameDay = dateIn(scheduleZone, at) === dateIn(viewerZone, at);
  return t('= {time} in your zone ({zone})', {
    time: sameDay ? clockText(viewerZone, at) : dayTime(viewerZone, at),
    zone: viewerZone,
  });
}

/** A rotation's name as the screens show it: its own, or its layer's ("Rotation 2"). */
export const rotationName = (rotation: Pick<Rotation, 'rotation_name'>, index: number): string =>
  rotation.rotation_name.trim() || t('Rotation {number}', { number: index + 1 });

const SHIFT_LENGTHS: Record<ShiftUnit, string> = {
  H: msg('{count, plural, one {# hour} other {# hours}}'),
  D: msg('{count, plural, one {# day} other {# days}}'),
  W: msg('{count, plural, one {# week} other {# weeks}}'),
};

/** A rotation in one line: "Shifts of 1 week, handed over at 09:00, from 2026-03-02". */
export const rotationLine = (rotation: Pick<Rotation, 'shift_length' | 'shift_unit' | 'handoff_time' | 'start'>) =>
  t('Shifts of {length}, handed over at {time}, from {date}', {
    length: t(SHIFT_LENGTHS[rotation.shift_unit], { count: rotation.shift_length }),
    time: rotation.handoff_time,
    date: calendarDate(rotation.start),
  });

/** A rotation's window of the week: "Mon–Fri 09:00–17:00". */
export const restrictionLine = (restriction: RotationRestriction): string =>
  `${daysText(restriction.days).replace(/Mon|Tue|Wed|Thu|Fri|Sat|Sun/g, (label) =>
    weekdayText(WEEKDAY_LABELS.indexOf(label as (typeof WEEKDAY_LABELS)[number]) + 1),
  )} ${restriction.from}–${restriction.to}`;

/** The timeline's period: "9 – 15 Mar 2026", "30 Mar – 5 Apr 2026"; a month: "March 2026". */
export function periodHeading(period: TimelinePeriod): string {
  if (!inSpanish()) return periodTitle(period);
  const first = period.days[0]!;
  const last = period.days[period.days.length - 1]!;
  if (period.view === 'month') return calendarDayText(first.year, first.month, 1, { month: 'long', year: 'numeric' });
  const month = (day: TimelineDay) => calendarDayText(day.year, day.month, day.day, { month: 'short' });
  if (first.year !== last.year)
    return `${first.day} ${month(first)} ${first.year} – ${last.day} ${month(last)} ${last.year}`;
  if (first.month !== last.month) return `${first.day} ${month(first)} – ${last.day} ${month(last)} ${last.year}`;
  return `${first.day} – ${last.day} ${month(last)} ${last.year}`;
}

const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** A timeline day's full name: "Monday 9 March", "lunes, 9 de marzo". */
export const dayName = (day: TimelineDay): string =>
  inSpanish()
    ? calendarDayText(day.year, day.month, day.day, { weekday: 'long', day: 'numeric', month: 'long' })
    : `${WEEKDAY_NAMES[day.weekday - 1]} ${day.day} ${MONTH_NAMES[day.month - 1]}`;

/** A form's messages (the domain's rules, the server's) in the reader's language, field by field. */
export const translatedErrors = <Errors extends object>(errors: Errors): Errors =>
  Object.fromEntries(
    Object.entries(errors).map(([field, list]) => [
      field,
      Array.isArray(list) ? list.map((message: string) => t(message)) : list,
    ]),
  ) as Errors;
