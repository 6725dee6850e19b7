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

/** `part` of `total` as the charts write it: '42.5%' ('0%' of nothing). */
export function percentOf(part: number, total: number): string {
  const share = total > 0 ? Math.round((part / total) * 1000) / 10 : 0;
  return `${share}%`;
}

export const countText = (value: number) => value.toLocaleString('en-US');
