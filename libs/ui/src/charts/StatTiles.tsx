import { countText } from './palette';
import './charts.css';

export interface StatTile {
  key: string;
  label: string;
  /** null while it is not known yet (a loading widget keeps its shape): a dash */
  value: number | null;
  /** the status colour of the number's marker (conventions: the same colours as the badges) */
  tone?: 'success' | 'danger' | 'warning' | 'neutral' | 'accent';
}

export interface StatTilesProps {
  /** what the numbers are, e.g. 'Events today by status' */
  label: string;
  /** the first tile is the headline number, drawn larger */
  tiles: readonly StatTile[];
}

/** A headline number and the counts that make it up (docs/product.md#dashboard Events Today), each with its text label. */
export function StatTiles({ label, tiles }: StatTilesProps) {
  return (
    <dl className="rl-stat-tiles" aria-label={label}>
      {tiles.map((tile, index) => (
        <div
          key={tile.key}
          className={[
            'rl-stat-tiles__tile',
            index === 0 && 'rl-stat-tiles__tile--headline',
            tile.tone && `rl-stat-tiles__tile--${tile.tone}`,
          ]
            .filter(Boolean)
            .join(' ')}
        >
          <dt className="rl-stat-tiles__label">{tile.label}</dt>
          <dd className="rl-stat-tiles__value rl-tabular">{tile.value === null ? '–' : countText(tile.value)}</dd>
        </div>
      ))}
    </dl>
  );
}
