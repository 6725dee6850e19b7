import { modulePerformanceBars } from '@relevo/domain';
import { ComparisonBars, Widget } from '@relevo/ui';
import { useEffect } from 'react';
import { t } from '../../../shell/i18n';
import { moduleNameShown, percentShown } from '../dashboard-text';
import { afterFirstPaint, useDashboardCalls, useSummary } from '../use-summary';
import { MonthComparisonBars } from './MonthComparisonBars';
import type { DashboardWidgetProps } from './widget-props';

/** docs/product.md#dashboard Module Performance Month-to-Date: each module's events this month against last month, with their shares in the tooltip. */
export function ModulePerformanceWidget({ defaultDisplay }: DashboardWidgetProps) {
  // the chart's code comes while the numbers load
  useEffect(() => {
    void afterFirstPaint().then(ComparisonBars.preload);
  }, []);
  const calls = useDashboardCalls();
  const { status, value } = useSummary(calls.performance);
  const bars = value ? modulePerformanceBars(value).map((bar) => ({ ...bar, label: moduleNameShown(bar.label) })) : [];
  return (
    <Widget
      title={t('Module Performance MTD')}
      status={status}
      defaultDisplay={defaultDisplay}
      isEmpty={value?.length === 0}
      emptyText={t('No events this month or last month.')}
    >
      {value ? (
        <MonthComparisonBars
          label={t('Events per module, this month against last month')}
          labelHeader={t('Module')}
          bars={bars}
          note={(bar) => {
            const shares = { current: percentShown(bar.currentShare), previous: percentShown(bar.previousShare) };
            return bar.change === null
              ? t("{current} of this month's events, {previous} of last month's; none last month", shares)
              : t("{current} of this month's events, {previous} of last month's; {change} on last month", {
                  ...shares,
                  change: percentShown(bar.change, true),
                });
          }}
        />
      ) : null}
    </Widget>
  );
}
