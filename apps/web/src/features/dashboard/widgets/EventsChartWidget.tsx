import { MONTH_LABELS, yearSeries } from '@relevo/domain';
import { AreaComparisonChart, Widget } from '@relevo/ui';
import { useEffect } from 'react';
import { t } from '../../../shell/i18n';
import { afterFirstPaint, useDashboardCalls, useSummary } from '../use-summary';
import type { DashboardWidgetProps } from './widget-props';

/** docs/product.md#dashboard Events Line Chart: events per month, this year against the previous one. */
export function EventsChartWidget({ defaultDisplay }: DashboardWidgetProps) {
  // the chart's code comes while the numbers load
  useEffect(() => {
    void afterFirstPaint().then(AreaComparisonChart.preload);
  }, []);
  const calls = useDashboardCalls();
  const { status, value } = useSummary(calls.chart);
  const currentYear = value && value.length > 0 ? Math.max(...value.map((row) => row.years)) : 0;
  const series = value ? yearSeries(value, currentYear) : null;
  const isEmpty = value !== null && value.every((row) => row.num_event === 0);
  return (
    <Widget
      title={t('Events Line Chart')}
      status={status}
      defaultDisplay={defaultDisplay}
      isEmpty={isEmpty}
      emptyText={t('No events this year or last year.')}
    >
      {(fullscreen) =>
        series ? (
          <AreaComparisonChart
            label={t('Events per month, {current} against {previous}', {
              current: String(series.currentYear),
              previous: String(series.previousYear),
            })}
            unit={t('events')}
            categories={MONTH_LABELS.map((month) => t(month))}
            height={fullscreen ? 480 : 260}
            current={{
              label: String(series.currentYear),
              points: series.current.map((point) => ({ x: t(point.label), y: point.value })),
            }}
            previous={{
              label: String(series.previousYear),
              points: series.previous.map((point) => ({ x: t(point.label), y: point.value })),
            }}
          />
        ) : null
      }
    </Widget>
  );
}
