import { uiLanguage, uiNumber } from '../text/ui-text';

/** The chart series colours of theme.css, in order (SVG takes `var()` in its paint attributes). */
export const CHART_COLORS = [
  'var(--chart-1)',
  'var(--chart-2)',
  'var(--chart-3)',
  'var(--chart-4)',
  'var(--chart-5)',
  'var(--chart-6)',
  'var(--chart-7)',
  'var(--chart-8)',
] as const;

export const colorAt = (index: number): string => CHART_COLORS[index % CHART_COLORS.length]!;

/** `part` of `total` as the charts write it: '42.5%' ('0%' of nothing) in English, '42,5 %' in Spanish. */
export function percentOf(part: number, total: number): string {
  const share = total > 0 ? Math.round((part / total) * 1000) / 10 : 0;
  return uiLanguage() === 'en' ? `${share}%` : uiNumber(share / 100, { style: 'percent', maximumFractionDigits: 1 });
}

/** A count in the page's language (1,234 in English). */
export const countText = (value: number) => uiNumber(value);
