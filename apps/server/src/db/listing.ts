import { sql, type Expression, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { orderColumn, type ListOf, type PageQuery } from '@relevo/domain';
import type { Database, Scope } from './database';

/** A search text as a LIKE pattern that matches it anywhere, its own % _ \ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export interface Ordering<C extends string> {
  column: C;
  direction: 'asc' | 'desc';
}

/** The order of a list: an allow-listed column (else the list's default) and a direction. */
export function ordering<C extends string>(
  query: Pick<PageQuery, 'order_by_column' | 'order_by_direction'>,
  allowed: readonly C[],
  fallback: C,
): Ordering<C> {
  return {
    column: orderColumn(query.order_by_column, allowed, fallback),
    direction: query.order_by_direction?.toLowerCase() === 'desc' ? 'desc' : 'asc',
  };
}

export const offsetOf = (query: Pick<PageQuery, 'page_num' | 'page_size'>) => (query.page_num - 1) * query.page_size;

/** The sort key of a column: text sorts without regard to case. */
export function sortKey(column: string, text: boolean): RawBuilder<unknown> {
  return text ? sql`lower(${sql.ref(column)})` : sql.ref(column);
}

/** `expression ilike pattern`, for a search over several columns joined by spaces. */
export function matches(expression: RawBuilder<string>, search: string) {
  return sql<boolean>`${expression} ilike ${containsPattern(search)}`;
}

export const iso = (value: Date | null | undefined): string | null => (value ? new Date(value).toISOString() : null);

/** What a list read needs (`readList`). Build the queries with `database.db`. */
export interface ListRead<From, Table extends keyof From, Row, Item> {
  /** the list's FROM and WHERE, with no columns: every row the list shows, on any page */
  matching: SelectQueryBuilder<From, Table, object>;
  /**
   * the page: its columns (none named list_total or list_row), an order that ends with a unique
   * column (pages must not overlap), then `pageOf`
   */
  page: Expression<Row>;
  /** a row on the wire */
  toItem: (row: Row) => Item;
  /** the list is searched: plan for this search text (`ReadOptions.planForValues`) */
  searched: boolean;
}

/**
 * A list read (docs/product.md#entities `{ total, list }`): the count of every row that matches and one page of
 * them, in the caller's scope, as one statement in one round trip (`Database.read`). The count
 * and the page stay separate subqueries, each with its own plan: a broad search counts by one pass
 * over the matches while its page walks the sort's index and stops when full, where `count(*)
 * over ()` would join and sort every match (docs/perf.md "User and customer lists"). The page is
 * joined to the count's one row, so a page past the end still answers the total (in one row with
 * no page columns); the page's rows keep their order, as the join walks them for that one row.
 */
export async function readList<From, Table extends keyof From, Row, Item>(
  database: Pick<Database, 'db' | 'read'>,
  scope: Scope,
  list: ListRead<From, Table, Row, Item>,
): Promise<ListOf<Item>> {
  const statement = sql<Row & { list_total: number | string; list_row: true | null }>`
    select listed.*, counted.list_total
    from (${list.matching.select(sql`count(*)`.as('list_total'))}) as counted
    left join lateral (select true as list_row, page.* from (${list.page}) as page) as listed on true`;
  const [rows] = await database.read(scope, [{ compile: () => statement.compile(database.db) }], {
    planForValues: list.searched,
  });
  return { total: Number(rows[0]?.list_total ?? 0), list: rows[0]?.list_row ? rows.map(list.toItem) : [] };
}

/** The rows of the requested page, after `query.page_num - 1` pages of `query.page_size`. */
export function pageOf<From, Table extends keyof From, Row>(
  select: SelectQueryBuilder<From, Table, Row>,
  query: Pick<PageQuery, 'page_num' | 'page_size'>,
) {
  return select.limit(query.page_size).offset(offsetOf(query));
}
