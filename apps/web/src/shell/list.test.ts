import { describe, expect, it } from 'vitest';
import { listQuery, readListParams, writeListParams } from './list';

const DEFAULTS = { column: 'customer_id', direction: 'asc' } as const;

describe('list place in the URL', () => {
  it('reads the defaults from an empty query string (docs/product.md#constants-and-limits: page 1 of 10)', () => {
    expect(readListParams(new URLSearchParams(''), DEFAULTS)).toEqual({
      page: 1,
      pageSize: 10,
      sort: { column: 'customer_id', direction: 'asc' },
      search: '',
    });
  });

  it('reads page, order, dir and search', () => {
    expect(readListParams(new URLSearchParams('page=3&order=customer_name&dir=desc&search=acme'), DEFAULTS)).toEqual({
      page: 3,
      pageSize: 10,
      sort: { column: 'customer_name', direction: 'desc' },
      search: 'acme',
    });
  });

  it('falls back to the defaults for values it cannot read', () => {
    const params = readListParams(new URLSearchParams('page=-2&order=name;drop&dir=sideways'), DEFAULTS);
    expect(params).toMatchObject({ page: 1, sort: { column: 'customer_id', direction: 'asc' } });
    expect(readListParams(new URLSearchParams('page=2.5'), DEFAULTS).page).toBe(1);
  });

  it('writes only what differs from the defaults and keeps other keys', () => {
    const base = new URLSearchParams('tab=x&page=4');
    expect(
      writeListParams(
        base,
        { page: 1, sort: { column: 'customer_id', direction: 'asc' }, search: '' },
        DEFAULTS,
      ).toString(),
    ).toBe('tab=x');
    expect(
      writeListParams(
        base,
        { page: 2, sort: { column: 'customer_name', direction: 'desc' }, search: 'ac me' },
        DEFAULTS,
      ).toString(),
    ).toBe('tab=x&page=2&order=customer_name&dir=desc&search=ac+me');
  });

  it('turns a place into the wire paging request (docs/product.md#entities)', () => {
    expect(
      listQuery({ page: 2, pageSize: 10, sort: { column: 'customer_name', direction: 'desc' }, search: '  acme ' }),
    ).toEqual({
      page_num: 2,
      page_size: 10,
      search: 'acme',
      order_by_column: 'customer_name',
      order_by_direction: 'desc',
    });
  });
});
