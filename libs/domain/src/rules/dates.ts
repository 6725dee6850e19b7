/** docs/product.md#constants-and-limits: dates in lists read YYYY/MM/DD, in the viewer's own calendar day. */
export function listDate(value: string | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const two = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}/${two(date.getMonth() + 1)}/${two(date.getDate())}`;
}
