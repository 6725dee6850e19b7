import { AreaSeries, Axis, Grid, Tooltip, XYChart } from '@visx/xychart';
import { ChartDataTable } from './ChartDataTable';
import { previousThenCurrent } from './chart-theme';
import { countText } from './palette';
import { ComparisonFrame } from './ComparisonFrame';
import { uiText } from '../text/ui-text';
import './charts.css';

export interface AreaPoint {
  /** the category on the x axis, e.g. 'Jan' */
  x: string;
  y: number;
}

export interface AreaComparisonChartProps {
  /** what the chart shows, e.g. 'Events per month, 2026 against 2025': its accessible name */
  label: string;
  /** every category of the x axis, in order (a series may stop early) */
  categories: readonly string[];
  /** the period shown in front, in the accent colour */
  current: { label: string; points: readonly AreaPoint[] };
  /** the period compared against, behind it in grey */
  previous: { label: string; points: readonly AreaPoint[] };
  /** what the numbers count, e.g. 'events' */
  unit: string;
  height?: number;
}

const MARGIN = { top: 12, right: 16, bottom: 32, left: 44 };
/** below this width (CSS pixels) the categories are written with their first letter */
const NARROW = 480;

/**
 * Two periods as areas over the same categories (docs/product.md#dashboard Events Line Chart: the months of this
 * year against last year's), drawn with @visx/xychart; it takes its container's width. A pointer
 * on the chart shows both values of the nearest category. Beside the drawing, a table holds every
 * value for assistive technology (the drawing is one named image).
 */
export function AreaComparisonChart({
  label,
  categories,
  current,
  previous,
  unit,
  height = 260,
}: AreaComparisonChartProps) {
  const valueOf = (points: readonly AreaPoint[], x: string) => points.find((point) => point.x === x)?.y;
  return (
    <ComparisonFrame
      periods={[current.label, previous.label]}
      description={`${label}. ${current.label}: ${countText(sum(current.points))} ${unit}; ${previous.label}: ${countText(sum(previous.points))} ${unit}.`}
      label={label}
      size={{ height, margin: MARGIN }}
      draw={(drawn) => (
        <XYChart
          {...drawn}
          theme={previousThenCurrent}
          xScale={{ type: 'band', domain: [...categories], paddingInner: 0, paddingOuter: 0 }}
          yScale={{ type: 'linear', nice: true, zero: true }}
        >
          <Grid columns={false} numTicks={4} />
          <AreaSeries
            dataKey={previous.label}
            data={[...previous.points]}
            xAccessor={(point) => point.x}
            yAccessor={(point) => point.y}
            fillOpacity={0.18}
            renderLine
            lineProps={{ strokeWidth: 2, strokeDasharray: '5 3' }}
          />
          <AreaSeries
            dataKey={current.label}
            data={[...current.points]}
            xAccessor={(point) => point.x}
            yAccessor={(point) => point.y}
            fillOpacity={0.28}
            renderLine
            lineProps={{ strokeWidth: 2 }}
          />
          {/* on a phone twelve month names do not fit: their first letters do */}
          <Axis
            orientation="bottom"
            numTicks={categories.length}
            hideTicks
            tickFormat={(value: string) => (drawn.width < NARROW ? value.slice(0, 1) : value)}
          />
          <Axis
            orientation="left"
            numTicks={4}
            hideAxisLine
            hideTicks
            tickFormat={(value: number) => countText(value)}
          />
          <Tooltip<AreaPoint>
            className="rl-chart-tooltip"
            unstyled
            applyPositionStyle
            snapTooltipToDatumX
            showVerticalCrosshair
            showSeriesGlyphs
            verticalCrosshairStyle={{ stroke: 'var(--color-border-strong)' }}
            renderTooltip={({ tooltipData }) => {
              const x = tooltipData?.nearestDatum?.datum.x;
              if (!x) return null;
              return (
                <>
                  <strong>{x}</strong>
                  {[current, previous].map((series) => (
                    <span key={series.label}>
                      {series.label}:{' '}
                      {valueOf(series.points, x) === undefined ? '–' : countText(valueOf(series.points, x)!)}
                    </span>
                  ))}
                </>
              );
            }}
          />
        </XYChart>
      )}
    >
      <ChartDataTable
        caption={label}
        columns={[uiText('Month'), current.label, previous.label]}
        rows={categories.map((x) => ({
          name: x,
          cells: [valueOf(current.points, x) ?? '–', valueOf(previous.points, x) ?? '–'],
        }))}
      />
    </ComparisonFrame>
  );
}

const sum = (points: readonly AreaPoint[]) => points.reduce((total, point) => total + point.y, 0);
