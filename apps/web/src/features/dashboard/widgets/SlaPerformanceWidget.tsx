import { compliancePerformanceBars } from '@relevo/domain';
import { ComparisonBars, Widget } from '@relevo/ui';
import { useEffect } from 'react';
import { t } from '../../../shell/i18n';
import { percentShown } from '../dashboard-text';
import { afterFirstPaint, useDashboardCalls, useSummary } from '../use-summary';
import { MonthComparisonBars } from './MonthComparisonBars';
import type { DashboardWidgetProps } from './widget-props';

/** docs/product.md#dashboard SLA Performance Month-to-Date: events that met and missed their SLA, this month against last month, with percentages. */
export function SlaPerformanceWidget({ defaultDisplay }: DashboardWidgetProps) {
  // the chart's code comes while the numbers load
  useEffect(() => {
    void afterFirstPaint().then(ComparisonBars.preload);
  }, []);
  const calls = useDashboardCalls();
  const { status, value } = useSummary(calls.compliance);
  // the bars are named by the domain ('SLA met', 'SLA missed')
  const bars = value ? compliancePerformanceBars(value).map((bar) => ({ ...bar, label: t(bar.label) })) : [];
  return (
    <Widget
      title={t('SLA Performance MTD')}
      status={status}
      defaultDisplay={defaultDisplay}
      isEmpty={value !== null && bars.every((bar) => bar.current === 0 && bar.previous === 0)}
      emptyText={t('No SLA results this month or last month.')}
    >
      {value ? (
        <MonthComparisonBars
          label={t('SLA results, this month against last month')}
          labelHeader="SLA"
          bars={bars}
          note={(bar) =>
            t("{current} of this month's SLA results, {previous} of last month's", {
              current: percentShown(bar.currentShare),
              previous: percentShown(bar.previousShare),
            })
          }
        />
      ) : null}
    </Widget>
  );
}
