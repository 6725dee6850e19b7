import { modulePerformanceBars, percentText } from '@relevo/domain';
import { ComparisonBars, Widget } from '@relevo/ui';
import { useEffect } from 'react';
import { useDashboardCalls, useSummary } from '../use-summary';
import { MonthComparisonBars } from './MonthComparisonBars';
import type { DashboardWidgetProps } from './widget-props';

/** docs/product.md#dashboard Module Performance Month-to-Date: each module's events this month against last month, with their shares in the tooltip. */
export function ModulePerformanceWidget({ defaultDisplay }: DashboardWidgetProps) {
  // the chart's code comes while the numbers load
  useEffect(() => ComparisonBars.preload(), []);
  const calls = useDashboardCalls();
  const { status, value } = useSummary(calls.performance);
  const bars = value ? modulePerformanceBars(value) : [];
  return (
    <Widget
      title="Module Performance MTD"
      status={status}
      defaultDisplay={defaultDisplay}
      isEmpty={value?.length === 0}
      emptyText="No events this month or last month."
    >
      {value ? (
        <MonthComparisonBars
          label="Events per module, this month against last month"
          labelHeader="Module"
          bars={bars}
          note={(bar) =>
            `${percentText(bar.currentShare)} of this month's events, ${percentText(bar.previousShare)} of last month's; ${bar.change === null ? 'none last month' : `${percentText(bar.change, true)} on last month`}`
          }
        />
      ) : null}
    </Widget>
  );
}
