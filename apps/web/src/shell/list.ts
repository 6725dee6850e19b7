import {
  DEFAULT_PAGE_NUM,
  DEFAULT_PAGE_SIZE,
  SEARCH_MAX_LENGTH,
  listMachine,
  type ListOf,
  type ListQuery,
} from '@relevo/domain';
import type { SortDirection, TableSort } from '@relevo/ui';
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { fromPromise } from 'xstate';

/** Where a server-paged list is: page, sort and search (docs/product.md#tables). */
export interface ListParams {
  page: number;
  pageSize: number;
  sort: TableSort;
  search: string;
}

/** ListParams and their setters, named as DataTable's props so they spread into it. */
export interface ListParamsControl extends ListParams {
  onPageChange: (page: number) => void;
  onSortChange: (sort: TableSort) => void;
  onSearchChange: (search: string) => void;
}

export interface ListDefaults {
  /** docs/product.md#constants-and-limits: each list's default order column */
  column: string;
  direction: SortDirection;
  /** docs/product.md#constants-and-limits: 10 unless given */
  pageSize?: number;
}

/** The query-string keys of a list's place. */
export const LIST_URL_KEYS = { page: 'page', column: 'order', direction: 'dir', search: 'search' } as const;

/** Reads a list's place from the query string; anything unreadable falls back to the default. */
export function readListParams(query: URLSearchParams, defaults: ListDefaults): ListParams {
  const page = Number(query.get(LIST_URL_KEYS.page));
  const column = query.get(LIST_URL_KEYS.column);
  const direction = query.get(LIST_URL_KEYS.direction);
  return {
    page: Number.isInteger(page) && page >= 1 ? page : DEFAULT_PAGE_NUM,
    pageSize: defaults.pageSize ?? DEFAULT_PAGE_SIZE,
    sort: {
      column: column && /^[a-z_.]{1,64}$/i.test(column) ? column : defaults.column,
      direction: direction === 'asc' || direction === 'desc' ? direction : defaults.direction,
    },
    search: (query.get(LIST_URL_KEYS.search) ?? '').slice(0, SEARCH_MAX_LENGTH),
  };
}

/** Writes a list's place into a query string, leaving out what equals the default (other keys are kept). */
export function writeListParams(
  query: URLSearchParams,
  params: Omit<ListParams, 'pageSize'>,
  defaults: ListDefaults,
): URLSearchParams {
  const next = new URLSearchParams(query);
  const put = (key: string, value: string, fallback: string) =>
    value === fallback ? next.delete(key) : next.set(key, value);
  put(LIST_URL_KEYS.page, String(params.page), String(DEFAULT_PAGE_NUM));
  put(LIST_URL_KEYS.column, params.sort.column, defaults.column);
  put(LIST_URL_KEYS.direction, params.sort.direction, defaults.direction);
  put(LIST_URL_KEYS.search, params.search, '');
  return next;
}

/** The wire paging request of a list's place (docs/product.md#entities). */
export function listQuery(params: ListParams): ListQuery {
  return {
    page_num: params.page,
    page_size: params.pageSize,
    search: params.search.trim(),
    order_by_column: params.sort.column,
    order_by_direction: params.sort.direction,
  };
}

/**
 * A list's page, sort and search kept in the URL (keys page, order, dir, search), so a reload and
 * the back button return to the same place. A page or sort change adds a history entry; a search
 * replaces the current one (typing is not a place to go back to) and starts again at page 1, as
 * does a new sort.
 */
export function useListParams(defaults: ListDefaults): ListParamsControl {
  const [query, setQuery] = useSearchParams();
  const { column, direction, pageSize } = defaults;
  const params = useMemo(
    () => readListParams(query, { column, direction, pageSize }),
    [query, column, direction, pageSize],
  );

  const go = useCallback(
    (change: Partial<Omit<ListParams, 'pageSize'>>, replace: boolean) => {
      setQuery(
        (current) =>
          writeListParams(
            current,
            { ...readListParams(current, { column, direction }), ...change },
            { column, direction },
          ),
        { replace },
      );
    },
    [setQuery, column, direction],
  );

  const onPageChange = useCallback((page: number) => go({ page }, false), [go]);
  const onSortChange = useCallback((sort: TableSort) => go({ sort, page: DEFAULT_PAGE_NUM }, false), [go]);
  const onSearchChange = useCallback(
    (search: string) => go({ search: search.slice(0, SEARCH_MAX_LENGTH), page: DEFAULT_PAGE_NUM }, true),
    [go],
  );

  return { ...params, onPageChange, onSortChange, onSearchChange };
}

/** Loads one page; `signal` aborts when a newer request supersedes this one. */
export type LoadList<Row> = (query: ListQuery, signal: AbortSignal) => Promise<ListOf<Row>>;

export interface ListView<Row> {
  rows: Row[];
  total: number;
  /** DataTable's status: a failed load is an empty list with a Reload button (docs/product.md#http-calls) */
  status: 'loading' | 'ready' | 'error';
  reload: () => void;
}

/**
 * Binds the list machine to a screen: loads the page of `params` with `load`, again whenever
 * they change (the last change wins), and on `reload()` (after a save or delete).
 */
export function useList<Row>(load: LoadList<Row>, params: ListParams): ListView<Row> {
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  }, [load]);

  const [machine] = useState(() =>
    listMachine.provide({
      actors: { load: fromPromise<ListOf<unknown>, ListQuery>(({ input, signal }) => loadRef.current(input, signal)) },
    }),
  );
  const query = listQuery(params);
  const actor = useActorRef(machine, { input: { query } });

  const { page_num, page_size, search, order_by_column, order_by_direction } = query;
  useEffect(() => {
    // the machine ignores a query equal to the one it shows (the first render's)
    actor.send({ type: 'PARAMS', query: { page_num, page_size, search, order_by_column, order_by_direction } });
  }, [actor, page_num, page_size, search, order_by_column, order_by_direction]);

  const rows = useSelector(actor, (snapshot) => snapshot.context.rows) as Row[];
  const total = useSelector(actor, (snapshot) => snapshot.context.total);
  const status = useSelector(actor, (snapshot) =>
    snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'error' : 'ready',
  );
  const reload = useCallback(() => actor.send({ type: 'RELOAD' }), [actor]);

  return { rows, total, status, reload };
}
