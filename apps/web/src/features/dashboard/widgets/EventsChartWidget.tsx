import { MONTH_LABELS, yearSeries } from '@relevo/domain';
import { AreaComparisonChart, Widget } from '@relevo/ui';
import { useEffect } from 'react';
import { useDashboardCalls, useSummary } from '../use-summary';
import type { DashboardWidgetProps } from './widget-props';

/** docs/product.md#dashboard Events Line Chart: events per month, this year against the previous one. */
export function EventsChartWidget({ defaultDisplay }: DashboardWidgetProps) {
  // the chart's code comes while the numbers load
  useEffect(() => AreaComparisonChart.preload(), []);
  const calls = useDashboardCalls();
  const { status, value } = useSummary(calls.chart);
  const currentYear = value && value.length > 0 ? Math.max(...value.map((row) => row.years)) : 0;
  const series = value ? yearSeries(value, currentYear) : null;
  const isEmpty = value !== null && value.every((row) => row.num_event === 0);
  return (
    <Widget
      title="Events Line Chart"
      status={status}
      defaultDisplay={defaultDisplay}
      isEmpty={isEmpty}
      emptyText="No events this year or last year."
    >
      {(fullscreen) =>
        series ? (
          <AreaComparisonChart
            label={`Events per month, ${series.currentYear} against ${series.previousYear}`}
            unit="events"
            categories={MONTH_LABELS}
            height={fullscreen ? 480 : 260}
            current={{
              label: String(series.currentYear),
              points: series.current.map((point) => ({ x: point.label, y: point.value })),
            }}
            previous={{
              label: String(series.previousYear),
              points: series.previous.map((point) => ({ x: point.label, y: point.value })),
            }}
          />
        ) : null
      }
    </Widget>
  );
}
