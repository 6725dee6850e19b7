import type { ReactNode } from 'react';
import { useWidth } from './use-width';

export interface ComparisonFrameProps {
  /** the names of the two periods, as the key shows them */
  currentLabel: string;
  previousLabel: string;
  /** the drawing's accessible name: what it shows, with its numbers */
  description: string;
  /** the drawing's height in CSS pixels */
  height: number;
  /** the drawing at the width it is given (its container's) */
  children: (width: number) => ReactNode;
  /** the table beside the drawing that holds every value for assistive technology */
  table: ReactNode;
}

/**
 * The frame of a chart that sets a current period against a previous one: the key of both, the
 * drawing as one named image at its container's width (an empty box of its height until measured)
 * and the table of its values.
 */
export function ComparisonFrame({
  currentLabel,
  previousLabel,
  description,
  height,
  children,
  table,
}: ComparisonFrameProps) {
  const drawing = useWidth<HTMLDivElement>();
  return (
    <figure className="rl-chart">
      <div className="rl-chart__legend" aria-hidden="true">
        <span className="rl-chart__key rl-chart__key--current">{currentLabel}</span>
        <span className="rl-chart__key rl-chart__key--previous">{previousLabel}</span>
      </div>
      <div ref={drawing.ref} className="rl-chart__drawing" role="img" aria-label={description}>
        {drawing.width === 0 ? <svg width="100%" height={height} aria-hidden="true" /> : children(drawing.width)}
      </div>
      {table}
    </figure>
  );
}
