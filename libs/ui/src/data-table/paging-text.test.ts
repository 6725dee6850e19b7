import { describe, expect, it } from 'vitest';
import { pageCountOf, pageWindow, recordsText } from './paging-text';

describe('table paging text (docs/product.md#tables)', () => {
  it("writes 'Show X to Y of Z records'", () => {
    expect(recordsText(1, 10, 0)).toBe('Show 0 to 0 of 0 records');
    expect(recordsText(1, 10, 25)).toBe('Show 1 to 10 of 25 records');
    expect(recordsText(3, 10, 25)).toBe('Show 21 to 25 of 25 records');
  });

  it('does not count past the total on a page beyond the last', () => {
    expect(recordsText(9, 10, 25)).toBe('Show 25 to 25 of 25 records');
  });

  it('has at least one page', () => {
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(10, 10)).toBe(1);
    expect(pageCountOf(11, 10)).toBe(2);
  });

  it('shows five page numbers around the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(pageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
  });
});
