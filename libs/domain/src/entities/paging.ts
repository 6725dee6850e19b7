import * as v from 'valibot';
import { integerField } from '../rules/fields';

/** spec 9 */
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_PAGE_NUM = 1;
export const OPTION_LIST_SIZE = 1000;
export const CUSTOMER_DROPDOWN_SIZE = 100;
export const MAX_PAGE_SIZE = 1000;
export const SEARCH_DEBOUNCE_MS = 500;

/**
 * The paging request of spec 3, as it arrives in a query string. `order_by_column` is checked
 * against each list's allow-list by the list itself.
 */
export const PageQuerySchema = v.object({
  page_num: v.optional(integerField({ min: 1, max: 1_000_000 }), DEFAULT_PAGE_NUM),
  page_size: v.optional(integerField({ min: 1, max: MAX_PAGE_SIZE }), DEFAULT_PAGE_SIZE),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'Must be at most 200 characters')), ''),
  order_by_column: v.optional(v.pipe(v.string(), v.maxLength(64, 'Must be at most 64 characters'))),
  order_by_direction: v.optional(v.picklist(['asc', 'desc', 'ASC', 'DESC'], 'Must be asc or desc')),
});
export type PageQuery = v.InferOutput<typeof PageQuerySchema>;
export type PageQueryInput = v.InferInput<typeof PageQuerySchema>;

/** spec 3: the list wrapper. */
export interface ListOf<T> {
  total: number;
  list: T[];
}

/** Checks an order column against a list's allow-list; falls back to the list's default. */
export function orderColumn<C extends string>(requested: string | undefined, allowed: readonly C[], fallback: C): C {
  return requested && (allowed as readonly string[]).includes(requested) ? (requested as C) : fallback;
}
