import { uiText } from '../text/ui-text';

/** 'Show X to Y of Z records' (docs/product.md#tables). */
export function recordsText(page: number, pageSize: number, total: number): string {
  const shown = (from: number, to: number, of: number) =>
    uiText('Show {from} to {to} of {total} records', { from, to, total: of });
  if (total <= 0) return shown(0, 0, 0);
  return shown(Math.min((page - 1) * pageSize + 1, total), Math.min(page * pageSize, total), total);
}

/** The last page of `total` records (at least 1, so an empty list still has page 1). */
export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The page numbers the pager shows: at most `width`, centred on the current page where possible. */
export function pageWindow(page: number, pageCount: number, width = 5): number[] {
  const size = Math.min(width, pageCount);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), pageCount - size + 1);
  return Array.from({ length: size }, (_, index) => start + index);
}
