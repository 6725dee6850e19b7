import { Bar } from '@visx/shape';
import { countText } from './palette';
import './charts.css';

export interface RankedItem {
  key: string;
  label: string;
  value: number;
}

export interface RankedBarsProps {
  /** what the list ranks, e.g. 'Top 10 responders of the month' */
  label: string;
  items: readonly RankedItem[];
  /** what the numbers count, e.g. 'events' */
  unit: string;
}

/**
 * A ranking (docs/product.md#dashboard Top 10 Responders of the Month): an ordered list of names and numbers, each
 * with a bar as long as its share of the first one, drawn with @visx/shape. The list is the text;
 * the bars only repeat it.
 */
export function RankedBars({ label, items, unit }: RankedBarsProps) {
  const top = Math.max(1, ...items.map((item) => item.value));
  return (
    <ol className="rl-ranked" aria-label={label}>
      {items.map((item, index) => (
        <li key={item.key} className="rl-ranked__item">
          <span className="rl-ranked__rank rl-tabular" aria-hidden="true">
            {index + 1}
          </span>
          <span className="rl-ranked__label">{item.label}</span>
          <span className="rl-ranked__value rl-tabular">
            {countText(item.value)} <span className="rl-visually-hidden">{unit}</span>
          </span>
          <svg className="rl-ranked__bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true">
            <Bar x={0} y={0} width={100} height={6} rx={3} fill="var(--chart-grid)" />
            <Bar x={0} y={0} width={(item.value / top) * 100} height={6} rx={3} fill="var(--chart-current)" />
          </svg>
        </li>
      ))}
    </ol>
  );
}
