import { describe, expect, it } from 'vitest';
import { isNarrowWidth, swipeDirection } from './gestures';

describe('swipeDirection', () => {
  it('reads a long sideways move as a swipe', () => {
    expect(swipeDirection({ x: 200, y: 100 }, { x: 100, y: 110 })).toBe('left');
    expect(swipeDirection({ x: 10, y: 100 }, { x: 120, y: 90 })).toBe('right');
  });

  it('ignores short moves and mostly vertical scrolls', () => {
    expect(swipeDirection({ x: 100, y: 100 }, { x: 70, y: 100 })).toBeNull();
    expect(swipeDirection({ x: 100, y: 100 }, { x: 40, y: 220 })).toBeNull();
  });
});

describe('isNarrowWidth', () => {
  it('turns the sidebar into an overlay at 768 px or less (docs/product.md#layout)', () => {
    expect(isNarrowWidth(768)).toBe(true);
    expect(isNarrowWidth(543)).toBe(true);
    expect(isNarrowWidth(769)).toBe(false);
  });
});
