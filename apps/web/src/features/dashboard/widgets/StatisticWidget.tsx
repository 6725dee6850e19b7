import { StatTiles, PeriodSelect, Widget } from '@relevo/ui';
import { useCallback, useState } from 'react';
import type { DashboardCalls } from '../dashboard-calls';
import { useDashboardCalls, useSummary } from '../use-summary';
import type { DashboardWidgetProps } from './widget-props';

export type StatisticPeriod = 'Daily' | 'Weekly' | 'Yearly';

const PERIODS = [
  { value: 'Daily', text: 'Daily' },
  { value: 'Weekly', text: 'Weekly' },
  { value: 'Yearly', text: 'Yearly' },
] as const satisfies readonly { value: StatisticPeriod; text: string }[];

interface Statistic {
  label: string;
  value: number;
  /** the same for the period before, when the answers hold it */
  before?: { label: string; value: number };
}

/** The events received in the period, from the summaries that count them (today, the week's modules, the year's months). */
async function statisticOf(calls: DashboardCalls, period: StatisticPeriod): Promise<Statistic> {
  if (period === 'Daily') return { label: 'Events today', value: (await calls.today()).count_today };
  if (period === 'Weekly')
    return {
      label: 'Events this week',
      value: (await calls.modules('Week')).reduce((sum, row) => sum + row.num_events, 0),
    };
  const rows = await calls.chart();
  const year = Math.max(0, ...rows.map((row) => row.years));
  const total = (wanted: number) =>
    rows.filter((row) => row.years === wanted).reduce((sum, row) => sum + row.num_event, 0);
  return {
    label: `Events in ${year}`,
    value: total(year),
    before: { label: `Events in ${year - 1}`, value: total(year - 1) },
  };
}

/** The tile's text while its number loads. */
const PLACEHOLDER_LABEL: Record<StatisticPeriod, string> = {
  Daily: 'Events today',
  Weekly: 'Events this week',
  Yearly: 'Events this year',
};

/** docs/product.md#dashboard: the generic statistic widget, with a Daily, Weekly or Yearly dropdown: the events received in that period. */
export function StatisticWidget({
  defaultDisplay,
  defaultPeriod = 'Daily',
}: DashboardWidgetProps & { defaultPeriod?: StatisticPeriod }) {
  const calls = useDashboardCalls();
  const [period, setPeriod] = useState<StatisticPeriod>(defaultPeriod);
  const load = useCallback(() => statisticOf(calls, period), [calls, period]);
  const { status, value } = useSummary(load);
  return (
    <Widget
      title="Events Received"
      status={status}
      defaultDisplay={defaultDisplay}
      controls={
        <PeriodSelect label="Period of Events Received" options={PERIODS} value={period} onChange={setPeriod} />
      }
      placeholder={
        <StatTiles label="Events received" tiles={[{ key: 'value', label: PLACEHOLDER_LABEL[period], value: null }]} />
      }
    >
      {value ? (
        <StatTiles
          label="Events received"
          tiles={[
            { key: 'value', label: value.label, value: value.value },
            ...(value.before
              ? [{ key: 'before', label: value.before.label, value: value.before.value, tone: 'neutral' as const }]
              : []),
          ]}
        />
      ) : null}
    </Widget>
  );
}
