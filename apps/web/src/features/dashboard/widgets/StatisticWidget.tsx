import { StatTiles, PeriodSelect, Widget } from '@relevo/ui';
import { useCallback, useState } from 'react';
import { msg, t } from '../../../shell/i18n';
import type { DashboardCalls } from '../dashboard-calls';
import { useDashboardCalls, useSummary } from '../use-summary';
import type { DashboardWidgetProps } from './widget-props';

export type StatisticPeriod = 'Daily' | 'Weekly' | 'Yearly';

const PERIODS: readonly { value: StatisticPeriod; text: string }[] = [
  { value: 'Daily', text: msg('Daily') },
  { value: 'Weekly', text: msg('Weekly') },
  { value: 'Yearly', text: msg('Yearly') },
];

/** A count and its label's English (a catalog id), with the year it names, if any: the label is written when shown. */
interface Counted {
  label: string;
  year?: number;
  value: number;
}

interface Statistic extends Counted {
  /** the same for the period before, when the answers hold it */
  before?: Counted;
}

const labelOf = ({ label, year }: Counted) => (year === undefined ? t(label) : t(label, { year: String(year) }));

/** The events received in the period, from the summaries that count them (today, the week's modules, the year's months). */
async function statisticOf(calls: DashboardCalls, period: StatisticPeriod): Promise<Statistic> {
  if (period === 'Daily') return { label: msg('Events today'), value: (await calls.today()).count_today };
  if (period === 'Weekly')
    return {
      label: msg('Events this week'),
      value: (await calls.modules('Week')).reduce((sum, row) => sum + row.num_events, 0),
    };
  const rows = await calls.chart();
  const year = Math.max(0, ...rows.map((row) => row.years));
  const total = (wanted: number) =>
    rows.filter((row) => row.years === wanted).reduce((sum, row) => sum + row.num_event, 0);
  return {
    label: msg('Events in {year}'),
    year,
    value: total(year),
    before: { label: msg('Events in {year}'), year: year - 1, value: total(year - 1) },
  };
}

/** The tile's text while its number loads. */
const PLACEHOLDER_LABEL: Record<StatisticPeriod, string> = {
  Daily: msg('Events today'),
  Weekly: msg('Events this week'),
  Yearly: msg('Events this year'),
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
      title={t('Events Received')}
      status={status}
      defaultDisplay={defaultDisplay}
      controls={
        <PeriodSelect
          label={t('Period of Events Received')}
          options={PERIODS.map((option) => ({ ...option, text: t(option.text) }))}
          value={period}
          onChange={setPeriod}
        />
      }
      placeholder={
        <StatTiles
          label={t('Events received')}
          tiles={[{ key: 'value', label: t(PLACEHOLDER_LABEL[period]), value: null }]}
        />
      }
    >
      {value ? (
        <StatTiles
          label={t('Events received')}
          tiles={[
            { key: 'value', label: labelOf(value), value: value.value },
            ...(value.before
              ? [{ key: 'before', label: labelOf(value.before), value: value.before.value, tone: 'neutral' as const }]
              : []),
          ]}
        />
      ) : null}
    </Widget>
  );
}
