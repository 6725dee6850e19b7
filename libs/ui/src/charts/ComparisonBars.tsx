import { Axis, BarGroup, BarSeries, Grid, Tooltip, XYChart } from '@visx/xychart';
import { ChartDataTable } from './ChartDataTable';
import { currentThenPrevious } from './chart-theme';
import { countText } from './palette';
import { ComparisonFrame } from './ComparisonFrame';
import { uiText } from '../text/ui-text';
import './charts.css';

/** One pair of bars: a label's value in the current and the previous period. */
export interface ComparisonBar {
  label: string;
  current: number;
  previous: number;
  /** what a reader should also know, e.g. '40% of this month's events · +50% on last month' */
  note?: string;
}

export interface ComparisonBarsProps {
  /** what the chart shows, e.g. 'Events per module, this month against last month' */
  label: string;
  bars: readonly ComparisonBar[];
  /** the names of the two periods, e.g. 'November' and 'October' */
  currentLabel: string;
  previousLabel: string;
  /** the name of the label column of the table, e.g. 'Module' */
  labelHeader: string;
  /** the height of one pair of bars in CSS pixels */
  rowHeight?: number;
}

const MARGIN = { top: 8, right: 24, bottom: 28, left: 112 };

interface BarDatum {
  label: string;
  value: number;
  bar: ComparisonBar;
}

/**
 * Pairs of horizontal bars, the current period above the previous one (docs/product.md#dashboard Module and SLA
 * Performance Month-to-Date), drawn with @visx/xychart; it takes its container's width and grows
 * with its rows. A pointer on a pair shows both numbers and the note (the shares in percent);
 * a table beside the drawing holds the same for assistive technology.
 */
export function ComparisonBars({
  label,
  bars,
  currentLabel,
  previousLabel,
  labelHeader,
  rowHeight = 48,
}: ComparisonBarsProps) {
  const series = (key: 'current' | 'previous'): BarDatum[] =>
    bars.map((bar) => ({ label: bar.label, value: bar[key], bar }));
  const height = MARGIN.top + MARGIN.bottom + Math.max(2, bars.length) * rowHeight;
  return (
    <ComparisonFrame
      periods={[currentLabel, previousLabel]}
      description={`${label}: ${bars
        .map((bar) =>
          uiText('{label} {current} against {previous}', {
            label: bar.label,
            current: countText(bar.current),
            previous: countText(bar.previous),
          }),
        )
        .join('; ')}.`}
      label={label}
      size={{ height, margin: MARGIN }}
      draw={(drawn) => (
        <XYChart
          {...drawn}
          theme={currentThenPrevious}
          xScale={{ type: 'linear', nice: true, zero: true }}
          // a band scale runs bottom up: the first bar is drawn at the top when it is the domain's last
          yScale={{
            type: 'band',
            domain: bars.map((bar) => bar.label).reverse(),
            paddingInner: 0.3,
            paddingOuter: 0.15,
          }}
          horizontal
        >
          <Grid rows={false} numTicks={4} />
          <BarGroup padding={0.1}>
            <BarSeries
              dataKey={currentLabel}
              data={series('current')}
              xAccessor={(datum) => datum.value}
              yAccessor={(datum) => datum.label}
              radius={2}
              radiusRight
            />
            <BarSeries
              dataKey={previousLabel}
              data={series('previous')}
              xAccessor={(datum) => datum.value}
              yAccessor={(datum) => datum.label}
              radius={2}
              radiusRight
            />
          </BarGroup>
          <Axis
            orientation="left"
            hideTicks
            hideAxisLine
            tickFormat={(value: string) => (value.length > 16 ? `${value.slice(0, 15)}…` : value)}
          />
          <Axis orientation="bottom" numTicks={4} hideTicks tickFormat={(value: number) => countText(value)} />
          <Tooltip<BarDatum>
            className="rl-chart-tooltip"
            unstyled
            applyPositionStyle
            renderTooltip={({ tooltipData }) => {
              const bar = tooltipData?.nearestDatum?.datum.bar;
              if (!bar) return null;
              return (
                <>
                  <strong>{bar.label}</strong>
                  <span>
                    {currentLabel}: {countText(bar.current)}
                  </span>
                  <span>
                    {previousLabel}: {countText(bar.previous)}
                  </span>
                  {bar.note ? <span className="rl-chart-tooltip__note">{bar.note}</span> : null}
                </>
              );
            }}
          />
        </XYChart>
      )}
    >
      <ChartDataTable
        caption={label}
        columns={[labelHeader, currentLabel, previousLabel, uiText('Share and change')]}
        rows={bars.map((bar) => ({ name: bar.label, cells: [bar.current, bar.previous, bar.note ?? ''] }))}
      />
    </ComparisonFrame>
  );
}
