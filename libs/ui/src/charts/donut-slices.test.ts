import { describe, expect, it } from 'vitest';
import { donutSlices } from './donut-slices';
import { percentOf } from './palette';

describe('donut slices', () => {
  const slice = (key: string, value: number) => ({ key, label: key, value });

  it('draws the slices with a value, largest first', () => {
    expect(donutSlices([slice('a', 1), slice('b', 0), slice('c', 5)], 7, 'Other')).toEqual([
      slice('c', 5),
      slice('a', 1),
    ]);
  });

  it('puts the smallest together past the most it draws', () => {
    const slices = [1, 2, 3, 4, 5].map((value) => slice(`m${value}`, value));
    expect(donutSlices(slices, 3, 'Other modules')).toEqual([
      slice('m5', 5),
      slice('m4', 4),
      { key: '__other__', label: 'Other modules (3)', value: 6 },
    ]);
  });

  it('writes shares to one decimal', () => {
    expect(percentOf(1, 3)).toBe('33.3%');
    expect(percentOf(0, 0)).toBe('0%');
  });
});
