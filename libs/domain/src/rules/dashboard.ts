import type { CompliancePerformance, EventChartRow, ModulePerformance } from '../entities/dashboard';

/** docs/product.md#dashboard: month labels of the chart rows (`months_desc`). */
export const MONTH_LABELS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** `part` as a percentage of `total`, to one decimal; 0 when there is nothing to share. */
export function shareOf(part: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((part / total) * 1000) / 10;
}

/** The change from `previous` to `current` in percent, to one decimal; null when there was nothing before. */
export function changeOf(current: number, previous: number): number | null {
  if (previous <= 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** A percentage as the widgets write it: '42.5%', '+12%' for a change, '–' for none. */
export function percentText(value: number | null, signed = false): string {
  if (value === null) return '–';
  const sign = signed && value > 0 ? '+' : '';
  return `${sign}${Number.isInteger(value) ? value : value.toFixed(1)}%`;
}

/** One bar of a month-to-date comparison (docs/product.md#dashboard Module and SLA Performance). */
export interface MonthComparison {
  label: string;
  current: number;
  previous: number;
  /** this label's share of the month's events */
  currentShare: number;
  previousShare: number;
  /** from the previous month to this one; null when the previous month had none */
  change: number | null;
}

function compare(rows: { label: string; current: number; previous: number }[]): MonthComparison[] {
  const currentTotal = rows.reduce((sum, row) => sum + row.current, 0);
  const previousTotal = rows.reduce((sum, row) => sum + row.previous, 0);
  return rows.map((row) => ({
    ...row,
    currentShare: shareOf(row.current, currentTotal),
    previousShare: shareOf(row.previous, previousTotal),
    change: changeOf(row.current, row.previous),
  }));
}

/** Module Performance MTD bars: each module's events this month and last, with their shares. */
export const modulePerformanceBars = (rows: readonly ModulePerformance[]): MonthComparison[] =>
  compare(
    rows.map((row) => ({
      label: row.module_name,
      current: row.num_events_month,
      previous: row.num_events_previous_month,
    })),
  );

/** docs/product.md#dashboard SLA Performance: YES reads as met, NO as missed. */
export const COMPLIANCE_LABELS: Record<CompliancePerformance['compliance_status'], string> = {
  YES: 'SLA met',
  NO: 'SLA missed',
};

/** SLA Performance MTD bars: events that met and missed their SLA this month and last, with their shares. */
export const compliancePerformanceBars = (rows: readonly CompliancePerformance[]): MonthComparison[] =>
  compare(
    rows.map((row) => ({
      label: COMPLIANCE_LABELS[row.compliance_status],
      current: row.current_month,
      previous: row.preview_month,
    })),
  );

/** One point of the Events Line Chart. */
export interface MonthPoint {
  /** 1 to 12 */
  month: number;
  label: string;
  value: number;
}

/** The chart's two lines: the previous year's twelve months, and this year's up to its last row. */
export interface YearSeries {
  currentYear: number;
  previousYear: number;
  current: MonthPoint[];
  previous: MonthPoint[];
}

/**
 * The chart rows (docs/product.md#entities: years, months, months_desc, num_event) as two lines over the months of
 * the year, the later year being the current one. A month without a row counts 0; the current
 * year stops at its last month with a row (the months to come have no value yet).
 */
export function yearSeries(rows: readonly EventChartRow[], currentYear: number): YearSeries {
  const previousYear = currentYear - 1;
  const value = (year: number, month: number) =>
    rows.find((row) => row.years === year && row.months === month)?.num_event ?? 0;
  const lastMonth = Math.max(0, ...rows.filter((row) => row.years === currentYear).map((row) => row.months));
  const point = (year: number) => (month: number) => ({
    month,
    label: MONTH_LABELS[month - 1]!,
    value: value(year, month),
  });
  const months = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
  return {
    currentYear,
    previousYear,
    current: months(lastMonth).map(point(currentYear)),
    previous: months(12).map(point(previousYear)),
  };
}

/** Minutes as the Module Events table writes them: one decimal, '–' for none. */
export function minutesText(value: number | null): string {
  if (value === null) return '–';
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
