import { DEFAULT_MODULE_PERIOD, type ModulePeriod } from '@relevo/domain';
import { DonutChart, PeriodSelect, Widget } from '@relevo/ui';
import { useCallback, useEffect, useState } from 'react';
import { useDashboardCalls, useSummary } from '../use-summary';
import type { DashboardWidgetProps } from './widget-props';

const PERIODS = [
  { value: 'Today', text: 'Today' },
  { value: 'Week', text: 'Week' },
  { value: 'Month', text: 'Month' },
] as const satisfies readonly { value: ModulePeriod; text: string }[];

const PERIOD_TEXT: Record<ModulePeriod, string> = { Today: 'today', Week: 'this week', Month: 'this month' };

/** docs/product.md#dashboard Events Per Module: a donut of the period's events by module; Today, Week or Month (default Month). */
export function EventsPerModuleWidget({
  defaultDisplay,
  defaultPeriod = DEFAULT_MODULE_PERIOD,
}: DashboardWidgetProps & { defaultPeriod?: ModulePeriod }) {
  // the chart's code comes while the numbers load
  useEffect(() => DonutChart.preload(), []);
  const calls = useDashboardCalls();
  const [period, setPeriod] = useState<ModulePeriod>(defaultPeriod);
  const load = useCallback(() => calls.modules(period), [calls, period]);
  const { status, value } = useSummary(load);
  return (
    <Widget
      title="Events Per Module"
      status={status}
      defaultDisplay={defaultDisplay}
      isEmpty={value?.length === 0}
      emptyText={`No events ${PERIOD_TEXT[period]}.`}
      controls={
        <PeriodSelect label="Period of Events Per Module" options={PERIODS} value={period} onChange={setPeriod} />
      }
      // the ring's room, kept while it loads
      placeholder={<div className="dashboard__donut-room" />}
    >
      {(fullscreen) =>
        value ? (
          <DonutChart
            label={`Events per module ${PERIOD_TEXT[period]}`}
            unit="events"
            otherLabel="Other modules"
            size={fullscreen ? 360 : 220}
            slices={value.map((row) => ({
              key: String(row.module_id ?? row.module_name),
              label: row.module_name,
              value: row.num_events,
            }))}
          />
        ) : null
      }
    </Widget>
  );
}
