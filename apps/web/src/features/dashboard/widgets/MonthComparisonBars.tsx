import { ComparisonBars } from '@relevo/ui';
import { t } from '../../../shell/i18n';

interface MonthBar {
  label: string;
  current: number;
  previous: number;
}

export interface MonthComparisonBarsProps<Bar extends MonthBar> {
  /** what the chart shows, for assistive technology */
  label: string;
  /** the heading of the bars' names in the chart's table */
  labelHeader: string;
  bars: readonly Bar[];
  /** the tooltip's note of a pair: the shares, in percent */
  note: (bar: Bar) => string;
}

/** Pairs of bars, this month against last month, with a note each: the performance widgets' chart. */
export function MonthComparisonBars<Bar extends MonthBar>({
  label,
  labelHeader,
  bars,
  note,
}: MonthComparisonBarsProps<Bar>) {
  return (
    <ComparisonBars
      label={label}
      labelHeader={labelHeader}
      currentLabel={t('This month')}
      previousLabel={t('Last month')}
      bars={bars.map((bar) => ({ label: bar.label, current: bar.current, previous: bar.previous, note: note(bar) }))}
    />
  );
}
