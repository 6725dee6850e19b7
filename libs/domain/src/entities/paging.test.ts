import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { PAGE_MESSAGES, PageQuerySchema, orderColumn } from './paging';
import { formErrors } from '../rules/validation';

describe('paging (docs/product.md#tables, #entities, #constants-and-limits)', () => {
  it('defaults to page 1 of 10 and reads numbers from query-string text', () => {
    expect(v.parse(PageQuerySchema, {})).toEqual({ page_num: 1, page_size: 10, search: '' });
    expect(
      v.parse(PageQuerySchema, { page_num: '3', page_size: '25', search: '  ana ', order_by_direction: 'desc' }),
    ).toEqual({
      page_num: 3,
      page_size: 25,
      search: 'ana',
      order_by_direction: 'desc',
    });
  });

  it('refuses fractions, text and sizes over the cap', () => {
    expect(formErrors(PageQuerySchema, { page_num: '1.5' }).page_num).toEqual(['Must be a whole number']);
    expect(formErrors(PageQuerySchema, { page_num: 'abc' }).page_num).toEqual(['Must be a whole number']);
    expect(v.parse(PageQuerySchema, { page_size: '1000' }).page_size).toBe(1000);
    expect(formErrors(PageQuerySchema, { page_size: '1001' }).page_size).toEqual([PAGE_MESSAGES.pageSizeTooLarge]);
    expect(formErrors(PageQuerySchema, { page_size: '1000000' }).page_size).toEqual([PAGE_MESSAGES.pageSizeTooLarge]);
    expect(formErrors(PageQuerySchema, { page_size: '0' }).page_size).toEqual([
      'The value must be greater than or equal to 1',
    ]);
    expect(formErrors(PageQuerySchema, { page_num: '0' }).page_num).toEqual([
      'The value must be greater than or equal to 1',
    ]);
  });

  it('only lets allow-listed order columns through', () => {
    const allowed = ['id', 'name'] as const;
    expect(orderColumn('name', allowed, 'id')).toBe('name');
    expect(orderColumn('password_hash; drop table users', allowed, 'id')).toBe('id');
    expect(orderColumn(undefined, allowed, 'id')).toBe('id');
  });
});
