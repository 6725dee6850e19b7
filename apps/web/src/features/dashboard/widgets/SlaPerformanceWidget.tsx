import { compliancePerformanceBars, percentText } from '@relevo/domain';
import { ComparisonBars, Widget } from '@relevo/ui';
import { useEffect } from 'react';
import { useDashboardCalls, useSummary } from '../use-summary';
import { MonthComparisonBars } from './MonthComparisonBars';
import type { DashboardWidgetProps } from './widget-props';

/** docs/product.md#dashboard SLA Performance Month-to-Date: events that met and missed their SLA, this month against last month, with percentages. */
export function SlaPerformanceWidget({ defaultDisplay }: DashboardWidgetProps) {
  // the chart's code comes while the numbers load
  useEffect(() => ComparisonBars.preload(), []);
  const calls = useDashboardCalls();
  const { status, value } = useSummary(calls.compliance);
  const bars = value ? compliancePerformanceBars(value) : [];
  return (
    <Widget
      title="SLA Performance MTD"
      status={status}
      defaultDisplay={defaultDisplay}
      isEmpty={value !== null && bars.every((bar) => bar.current === 0 && bar.previous === 0)}
      emptyText="No SLA results this month or last month."
    >
      {value ? (
        <MonthComparisonBars
          label="SLA results, this month against last month"
          labelHeader="SLA"
          bars={bars}
          note={(bar) =>
            `${percentText(bar.currentShare)} of this month's SLA results, ${percentText(bar.previousShare)} of last month's`
          }
        />
      ) : null}
    </Widget>
  );
}
