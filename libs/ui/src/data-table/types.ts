import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

export interface TableSort {
  /** the list's `order_by_column` value */
  column: string;
  direction: SortDirection;
}

/** One column of a server-paged table. */
export interface DataTableColumn<Row> {
  /** unique id; for a sortable column it is the `order_by_column` sent to the server */
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  sortable?: boolean;
  /** CSS width, e.g. '8rem' */
  width?: string;
  /** numbers: right-aligned with tabular figures */
  numeric?: boolean;
}

/**
 * Presentational, server-paged table (docs/product.md#tables). Owns only the search box's own typing (debounced
 * 500 ms before onSearchChange); page, sort and search are controlled by the screen.
 */
export interface DataTableProps<Row> {
  /** accessible name of the table and the search box ("Search users") */
  label: string;
  columns: DataTableColumn<Row>[];
  rows: Row[];
  total: number;
  rowKey: (row: Row) => string | number;
  /** 'error' shows the empty text with a Reload button (a failed list load is an empty list, docs/product.md#http-calls) */
  status: 'loading' | 'ready' | 'error';
  /** e.g. 'No users found. Please add some users.' */
  emptyText: string;
  page: number;
  pageSize: number;
  sort: TableSort;
  search: string;
  onSearchChange: (search: string) => void;
  onPageChange: (page: number) => void;
  onSortChange: (sort: TableSort) => void;
  onReload?: () => void;
  /** buttons beside the search box, e.g. Create */
  toolbar?: ReactNode;
  /** when given, an 'Actions' column is added with what it returns per row */
  rowActions?: (row: Row) => ReactNode;
  /** docs/product.md#tables and #constants-and-limits: 500 ms */
  searchDebounceMs?: number;
  /**
   * A phone (543 px or less): 'scroll' (the default) keeps the table, which scrolls sideways inside
   * its frame; 'cards' shows each row as a card of "title: value" lines, with the sortable titles
   * as a row of buttons above them.
   */
  narrow?: 'scroll' | 'cards';
}
