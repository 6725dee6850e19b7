export interface Point {
  x: number;
  y: number;
}

/** a swipe must travel this far sideways, and mostly sideways, to count */
export const SWIPE_MIN_DISTANCE = 50;
/** a swipe that opens the sidebar must start this close to the left edge */
export const EDGE_SWIPE_ZONE = 24;

export function swipeDirection(start: Point, end: Point): 'left' | 'right' | null {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (Math.abs(dx) < SWIPE_MIN_DISTANCE || Math.abs(dx) < Math.abs(dy) * 1.5) return null;
  return dx < 0 ? 'left' : 'right';
}

/** docs/product.md#layout and #constants-and-limits: the sidebar becomes an overlay at widths of 768 or less. */
export const NARROW_QUERY = '(max-width: 768px)';

export function isNarrowWidth(width: number): boolean {
  return width <= 768;
}
