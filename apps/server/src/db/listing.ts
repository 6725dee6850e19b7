import { sql, type RawBuilder } from 'kysely';
import { orderColumn, type PageQuery } from '@relevo/domain';

/** A search text as a LIKE pattern that matches it anywhere, its own % _ \ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

export interface Ordering<C extends string> {
  column: C;
  direction: 'asc' | 'desc';
}

/** The order of a list: an allow-listed column (else the list's default) and a direction. */
export function ordering<C extends string>(query: Pick<PageQuery, 'order_by_column' | 'order_by_direction'>, allowed: readonly C[], fallback: C): Ordering<C> {
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
