import { describe, expect, it } from 'vitest';
import {
  changeOf,
  compliancePerformanceBars,
  minutesText,
  modulePerformanceBars,
  percentText,
  shareOf,
  yearSeries,
} from './dashboard';

describe('dashboard percentages and comparisons (docs/product.md#dashboard)', () => {
  it('gives a share to one decimal, and 0 of nothing', () => {
    expect(shareOf(1, 3)).toBe(33.3);
    expect(shareOf(2, 3)).toBe(66.7);
    expect(shareOf(5, 5)).toBe(100);
    expect(shareOf(0, 0)).toBe(0);
  });

  it('gives the change from last month, and none when last month had nothing', () => {
    expect(changeOf(15, 10)).toBe(50);
    expect(changeOf(5, 10)).toBe(-50);
    expect(changeOf(1, 3)).toBe(-66.7);
    expect(changeOf(4, 0)).toBeNull();
  });

  it('writes percentages and minutes for the widgets', () => {
    expect(percentText(33.3)).toBe('33.3%');
    expect(percentText(50, true)).toBe('+50%');
    expect(percentText(-12.5, true)).toBe('-12.5%');
    expect(percentText(null)).toBe('–');
    expect(minutesText(4)).toBe('4');
    expect(minutesText(4.25)).toBe('4.3');
    expect(minutesText(null)).toBe('–');
  });

  it('compares each module month to month, with its share of each month', () => {
    const bars = modulePerformanceBars([
      { module_id: 1, module_name: 'Checkout', num_events_month: 3, num_events_previous_month: 1 },
      { module_id: 2, module_name: 'Search', num_events_month: 1, num_events_previous_month: 0 },
    ]);
    expect(bars).toEqual([
      { label: 'Checkout', current: 3, previous: 1, currentShare: 75, previousShare: 100, change: 200 },
      { label: 'Search', current: 1, previous: 0, currentShare: 25, previousShare: 0, change: null },
    ]);
  });

  it('names compliance statuses as met and missed', () => {
    const bars = compliancePerformanceBars([
      { compliance_status: 'YES', current_month: 9, preview_month: 4 },
      { compliance_status: 'NO', current_month: 1, preview_month: 4 },
    ]);
    expect(bars.map((bar) => [bar.label, bar.currentShare, bar.previousShare])).toEqual([
      ['SLA met', 90, 50],
      ['SLA missed', 10, 50],
    ]);
  });
});

describe('the chart lines (docs/product.md#dashboard Events Line Chart)', () => {
  it('fills the previous year to twelve months and the current year to its last row', () => {
    const series = yearSeries(
      [
        { years: 2025, months: 2, months_desc: 'Feb', num_event: 4 },
        { years: 2026, months: 1, months_desc: 'Jan', num_event: 7 },
        { years: 2026, months: 3, months_desc: 'Mar', num_event: 0 },
      ],
      2026,
    );
    expect(series.previous).toHaveLength(12);
    expect(series.previous[1]).toEqual({ month: 2, label: 'Feb', value: 4 });
    expect(series.previous[0]!.value).toBe(0);
    expect(series.current.map((point) => point.value)).toEqual([7, 0, 0]);
    expect(series.current.map((point) => point.label)).toEqual(['Jan', 'Feb', 'Mar']);
  });

  it('draws no current line before the year has a row', () => {
    expect(yearSeries([], 2026).current).toEqual([]);
  });
});
