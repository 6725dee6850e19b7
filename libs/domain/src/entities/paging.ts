import * as v from 'valibot';
import { integerField } from '../rules/fields';

/** docs/product.md#constants-and-limits */
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_PAGE_NUM = 1;
export const OPTION_LIST_SIZE = 1000;
export const CUSTOMER_DROPDOWN_SIZE = 100;
/**
 * The most rows one JSON page holds, on every list (the option lists and the priority list fit in
 * one page). A JSON answer is built whole in memory before it is sent, so a larger page would let a
 * few calls exhaust the process; every event at once comes from the CSV export, which streams.
 */
export const MAX_PAGE_SIZE = 1000;
/** The longest search text a list takes; the web app cuts what is typed to it. */
export const SEARCH_MAX_LENGTH = 200;

export const PAGE_MESSAGES = {
  pageSizeTooLarge: `A page holds at most ${MAX_PAGE_SIZE} rows`,
  /** The events list names the call that gives every event, for a client that asked the list for all of them. */
  eventPageSizeTooLarge: `A page holds at most ${MAX_PAGE_SIZE} rows; GET /api/events/export gives every event as CSV`,
} as const;

/** `search` of a list: trimmed, at most SEARCH_MAX_LENGTH characters, '' when not given. */
/* @__NO_SIDE_EFFECTS__ */
export function searchField() {
  return v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(SEARCH_MAX_LENGTH, `Must be at most ${SEARCH_MAX_LENGTH} characters`)),
    '',
  );
}

/** `page_size` of a JSON list: 1 to MAX_PAGE_SIZE rows. */
/* @__NO_SIDE_EFFECTS__ */
export function pageSizeField(tooLarge: string = PAGE_MESSAGES.pageSizeTooLarge) {
  return v.optional(v.pipe(integerField({ min: 1 }), v.maxValue(MAX_PAGE_SIZE, tooLarge)), DEFAULT_PAGE_SIZE);
}

/**
 * The paging request of docs/product.md#entities, as it arrives in a query string. `order_by_column` is checked
 * against each list's allow-list by the list itself.
 */
export const PageQuerySchema = v.object({
  page_num: v.optional(integerField({ min: 1, max: 1_000_000 }), DEFAULT_PAGE_NUM),
  page_size: pageSizeField(),
  search: searchField(),
  order_by_column: v.optional(v.pipe(v.string(), v.maxLength(64, 'Must be at most 64 characters'))),
  order_by_direction: v.optional(v.picklist(['asc', 'desc', 'ASC', 'DESC'], 'Must be asc or desc')),
});
export type PageQuery = v.InferOutput<typeof PageQuerySchema>;

/** docs/product.md#entities: the list wrapper. */
export interface ListOf<T> {
  total: number;
  list: T[];
}

/** Checks an order column against a list's allow-list; falls back to the list's default. */
export function orderColumn<C extends string>(requested: string | undefined, allowed: readonly C[], fallback: C): C {
  return requested && (allowed as readonly string[]).includes(requested) ? (requested as C) : fallback;
}
