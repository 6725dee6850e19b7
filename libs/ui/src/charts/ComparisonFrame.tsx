import type { ReactNode } from 'react';
import { useWidth } from './use-width';

export interface ComparisonFrameProps {
  /** the names of the current and the previous period, as the key shows them */
  periods: readonly [current: string, previous: string];
  /** the drawing's accessible name: what it shows, with its numbers */
  description: string;
  /** the chart's accessible name, what it shows */
  label: string;
  /** the drawing's height in CSS pixels and its margin */
  size: Pick<Drawn, 'height' | 'margin'>;
  /** the drawing, at its container's width: an XYChart given `drawn` */
  draw: (drawn: Drawn) => ReactNode;
  /** the table beside the drawing that holds every value for assistive technology */
  children: ReactNode;
}

/** The size, margin and name of the drawing, as an XYChart takes them. */
export interface Drawn {
  width: number;
  height: number;
  margin: { top: number; right: number; bottom: number; left: number };
  accessibilityLabel: string;
}

/**
 * The frame of a chart that sets a current period against a previous one: the key of both, the
 * drawing as one named image at its container's width (an empty box of its height until measured)
 * and the table of its values.
 */
export function ComparisonFrame({ periods, description, label, size, draw, children }: ComparisonFrameProps) {
  const [currentLabel, previousLabel] = periods;
  const drawing = useWidth<HTMLDivElement>();
  return (
    <figure className="rl-chart">
      <div className="rl-chart__legend" aria-hidden="true">
        <span className="rl-chart__key rl-chart__key--current">{currentLabel}</span>
        <span className="rl-chart__key rl-chart__key--previous">{previousLabel}</span>
      </div>
      <div ref={drawing.ref} className="rl-chart__drawing" role="img" aria-label={description}>
        {drawing.width === 0 ? (
          <svg width="100%" height={size.height} aria-hidden="true" />
        ) : (
          draw({ width: drawing.width, ...size, accessibilityLabel: label })
        )}
      </div>
      {children}
    </figure>
  );
}
