import { DEFAULT_MODULE_PERIOD, type ModulePeriod } from '@relevo/domain';
import { DonutChart, PeriodSelect, Widget } from '@relevo/ui';
import { useCallback, useEffect, useState } from 'react';
import { msg, t } from '../../../shell/i18n';
import { moduleNameShown } from '../dashboard-text';
import { afterFirstPaint, useDashboardCalls, useSummary } from '../use-summary';
import type { DashboardWidgetProps } from './widget-props';

const PERIODS: readonly { value: ModulePeriod; text: string }[] = [
  { value: 'Today', text: msg('Today') },
  { value: 'Week', text: msg('Week') },
  { value: 'Month', text: msg('Month') },
];

/** What the widget says of each period: with no events, and as the chart's name. */
const EMPTY_TEXT: Record<ModulePeriod, string> = {
  Today: msg('No events today.'),
  Week: msg('No events this week.'),
  Month: msg('No events this month.'),
};
const CHART_LABEL: Record<ModulePeriod, string> = {
  Today: msg('Events per module today'),
  Week: msg('Events per module this week'),
  Month: msg('Events per module this month'),
};

/** docs/product.md#dashboard Events Per Module: a donut of the period's events by module; Today, Week or Month (default Month). */
export function EventsPerModuleWidget({
  defaultDisplay,
  defaultPeriod = DEFAULT_MODULE_PERIOD,
}: DashboardWidgetProps & { defaultPeriod?: ModulePeriod }) {
  // the chart's code comes while the numbers load
  useEffect(() => {
    void afterFirstPaint().then(DonutChart.preload);
  }, []);
  const calls = useDashboardCalls();
  const [period, setPeriod] = useState<ModulePeriod>(defaultPeriod);
  const load = useCallback(() => calls.modules(period), [calls, period]);
  const { status, value } = useSummary(load);
  return (
    <Widget
      title={t('Events Per Module')}
      status={status}
      defaultDisplay={defaultDisplay}
      isEmpty={value?.length === 0}
      emptyText={t(EMPTY_TEXT[period])}
      controls={
        <PeriodSelect
          label={t('Period of Events Per Module')}
          options={PERIODS.map((option) => ({ ...option, text: t(option.text) }))}
          value={period}
          onChange={setPeriod}
        />
      }
      // the ring's room, kept while it loads
      placeholder={<div className="dashboard__donut-room" />}
    >
      {(fullscreen) =>
        value ? (
          <DonutChart
            label={t(CHART_LABEL[period])}
            unit={t('events')}
            otherLabel={t('Other modules')}
            size={fullscreen ? 360 : 220}
            slices={value.map((row) => ({
              key: String(row.module_id ?? row.module_name),
              label: moduleNameShown(row.module_name),
              value: row.num_events,
            }))}
          />
        ) : null
      }
    </Widget>
  );
}
