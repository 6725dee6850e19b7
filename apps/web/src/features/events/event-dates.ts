import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import { currentLanguage, dateTimeText, t } from '../../shell/i18n';

dayjs.extend(localizedFormat);

/**
 * docs/product.md#constants-and-limits: dates in the events screens read 'll LTS' (Nov 24, 2026 10:04:05 AM), in the
 * viewer's own time; in Spanish, the locale's medium date and time (24 nov 2026, 10:04:05).
 */
export const eventTime = (value: string | null | undefined): string => {
  if (!value) return '';
  return currentLanguage() === 'es'
    ? dateTimeText(value, { dateStyle: 'medium', timeStyle: 'medium' })
    : dayjs(value).format('ll LTS');
};

/** Today as the viewer's calendar reads it (YYYY-MM-DD): the latest day the date filter may pick. */
export const todayOf = (now: Date = new Date()): string => dayjs(now).format('YYYY-MM-DD');

/** Minutes as a duration: '4 min', '1 h 5 min'. */
export function minutesText(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return '';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return t('{minutes} min', { minutes: rest });
  return rest ? t('{hours} h {minutes} min', { hours, minutes: rest }) : t('{hours} h', { hours });
}
