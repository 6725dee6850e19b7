import { Pie } from '@visx/shape';
import { donutSlices, type DonutSlice } from './donut-slices';
import { colorAt, countText, percentOf } from './palette';
import { uiText } from '../text/ui-text';
import './charts.css';

export interface DonutChartProps {
  /** what the chart shows, e.g. 'Events per module this month': its accessible name */
  label: string;
  slices: readonly DonutSlice[];
  /** the word under the total in the ring, e.g. 'events' */
  unit: string;
  /** the most slices drawn; the smallest beyond go together (default 7) */
  maxSlices?: number;
  otherLabel?: string;
  /** the ring's size in CSS pixels at most (it shrinks with its container) */
  size?: number;
}

const VIEW = 200;
const THICKNESS = 34;

/**
 * A donut of parts of a total (docs/product.md#dashboard Events Per Module), drawn with @visx/shape. Its legend
 * lists every part with its number and share, so it is also the chart's text alternative; the
 * drawing itself is one image named by `label` and the total.
 */
export function DonutChart({ label, slices, unit, maxSlices = 7, otherLabel, size = 220 }: DonutChartProps) {
  const drawn = donutSlices(slices, maxSlices, otherLabel ?? uiText('Other'));
  const total = drawn.reduce((sum, slice) => sum + slice.value, 0);
  const radius = VIEW / 2;
  return (
    <figure className="rl-donut">
      <svg
        className="rl-donut__ring"
        viewBox={`0 0 ${VIEW} ${VIEW}`}
        width={size}
        height={size}
        role="img"
        aria-label={`${label}: ${countText(total)} ${unit}`}
      >
        <g transform={`translate(${radius}, ${radius})`}>
          {total === 0 ? (
            <circle r={radius - THICKNESS / 2 - 1} fill="none" stroke="var(--chart-grid)" strokeWidth={THICKNESS} />
          ) : (
            <Pie
              data={drawn}
              pieValue={(slice) => slice.value}
              outerRadius={radius - 1}
              innerRadius={radius - 1 - THICKNESS}
              padAngle={drawn.length > 1 ? 0.012 : 0}
              pieSort={null}
              pieSortValues={null}
            >
              {(pie) =>
                pie.arcs.map((arc, index) => (
                  <path
                    key={arc.data.key}
                    d={pie.path(arc) ?? ''}
                    fill={colorAt(index)}
                    stroke="var(--color-surface)"
                    strokeWidth={1}
                  >
                    <title>{`${arc.data.label}: ${countText(arc.data.value)} (${percentOf(arc.data.value, total)})`}</title>
                  </path>
                ))
              }
            </Pie>
          )}
          <text className="rl-donut__total" textAnchor="middle" dy="0.1em">
            {countText(total)}
          </text>
          <text className="rl-donut__unit" textAnchor="middle" dy="1.6em">
            {unit}
          </text>
        </g>
      </svg>
      <figcaption className="rl-visually-hidden">{label}</figcaption>
      <ul className="rl-chart-legend" aria-label={uiText('{label}, by part', { label })}>
        {drawn.map((slice, index) => (
          <li key={slice.key} className="rl-chart-legend__item">
            <svg className="rl-chart-legend__swatch" viewBox="0 0 10 10" aria-hidden="true">
              <rect width="10" height="10" rx="2" fill={colorAt(index)} />
            </svg>
            <span className="rl-chart-legend__label">{slice.label}</span>
            <span className="rl-chart-legend__value rl-tabular">
              {countText(slice.value)} <span className="rl-chart-legend__share">({percentOf(slice.value, total)})</span>
            </span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
