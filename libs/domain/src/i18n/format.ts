import type { DisplayLanguage } from './language';

/**
 * Dates, times and numbers in the reader's language (docs/product.md#languages). English keeps the
 * forms the product defines (docs/product.md#constants-and-limits); Spanish takes its locale's.
 */
const LOCALE: Readonly<Record<DisplayLanguage, string>> = { en: 'en-US', es: 'es' };

const cache = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let format = cache.get(key) as T | undefined;
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

const dateTimeFormat = (language: DisplayLanguage, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cached(`d|${language}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(LOCALE[language], options));

const toDate = (value: string | number | Date): Date | null => {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A number with the language's digit grouping and decimal sign: 1,234.5 or 1234,5 / 12.345,5. */
export function formatNumber(value: number, language: DisplayLanguage, options: Intl.NumberFormatOptions = {}): string {
  return cached(
    `n|${language}|${JSON.stringify(options)}`,
    () => new Intl.NumberFormat(LOCALE[language], options),
  ).format(value);
}

/** An instant in the language's own words and order, in a time zone (the viewer's when not given). */
export function formatDateTime(
  value: string | number | Date | null | undefined,
  language: DisplayLanguage,
  options: Intl.DateTimeFormatOptions,
): string {
  if (value == null || value === '') return '';
  const date = toDate(value);
  return date ? dateTimeFormat(language, options).format(date) : '';
}

/**
 * A calendar day in lists: YYYY/MM/DD in English (docs/product.md#constants-and-limits), DD/MM/YYYY
 * in Spanish, in the viewer's own calendar day.
 */
export function formatListDate(value: string | Date | null | undefined, language: DisplayLanguage): string {
  if (value == null || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  const [year, month, day] = [String(date.getFullYear()), two(date.getMonth() + 1), two(date.getDate())];
  return language === 'es' ? `${day}/${month}/${year}` : `${year}/${month}/${day}`;
}
