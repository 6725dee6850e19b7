import {
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
  type ColumnDef,
  type PaginationState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '../button/Button';
import { Icon } from '../icon/Icon';
import { Spinner } from '../spinner/Spinner';
import { pageCountOf, pageWindow, recordsText } from './paging-text';
import type { DataTableColumn, DataTableProps, SortDirection } from './types';
import { uiText } from '../text/ui-text';
import './DataTable.css';

/** docs/product.md#tables and #constants-and-limits */
export const SEARCH_DEBOUNCE_MS = 500;
const ACTIONS_COLUMN = '__actions';
/** the rows the scroll box shows at its tallest (760 px of 38 px rows): a loading page keeps room for at most these */
const MAX_RESERVED_ROWS = 20;

// the table only shapes headers and rows; paging and sorting happen on the server
const features = tableFeatures({ rowSortingFeature, rowPaginationFeature });

const resolve = <T,>(updater: Updater<T>, current: T): T =>
  typeof updater === 'function' ? (updater as (old: T) => T)(current) : updater;

/** the table's row data must be an object; a screen's rows may be anything */
interface Boxed<Row> {
  row: Row;
}

interface ColumnLook {
  width?: string;
  numeric?: boolean;
  /** the column's title, beside each value when the rows are cards */
  label?: string;
}

/**
 * A server-paged table (docs/product.md#tables): a debounced search box, sortable column headers, the rows
 * of one page, 'Show X to Y of Z records' and a pager. Page, sort and search belong to the
 * screen (usually kept in the URL); the table only reports what the user asks for.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    label,
    columns,
    rows,
    total,
    rowKey,
    status,
    emptyText,
    page,
    pageSize,
    sort,
    search,
    onSearchChange,
    onPageChange,
    onSortChange,
    onReload,
    toolbar,
    rowActions,
    narrow = 'scroll',
  } = props;
  // rows as cards: the elements' table roles are said outright, since some browsers drop them
  // once a table is not displayed as one
  const cards = narrow === 'cards';
  const role = (name: string) => (cards ? { role: name } : {});
  const captionId = useId();

  const columnDefs = useMemo<ColumnDef<typeof features, Boxed<Row>>[]>(() => {
    const defs: ColumnDef<typeof features, Boxed<Row>>[] = columns.map((column: DataTableColumn<Row>) => ({
      id: column.id,
      header: column.header,
      // an accessor makes the column sortable in the table's model; the cell renders the row
      accessorFn: (boxed: Boxed<Row>) => boxed.row,
      cell: ({ row }) => column.cell(row.original.row),
      enableSorting: !!column.sortable,
      meta: { width: column.width, numeric: column.numeric, label: column.header } satisfies ColumnLook,
    }));
    if (rowActions) {
      defs.push({
        id: ACTIONS_COLUMN,
        header: uiText('Actions'),
        cell: ({ row }) => rowActions(row.original.row),
        enableSorting: false,
        meta: {} satisfies ColumnLook,
      });
    }
    return defs;
  }, [columns, rowActions]);

  const sorting = useMemo<SortingState>(
    () => [{ id: sort.column, desc: sort.direction === 'desc' }],
    [sort.column, sort.direction],
  );
  const pagination = useMemo<PaginationState>(() => ({ pageIndex: page - 1, pageSize }), [page, pageSize]);

  const data = useMemo(() => rows.map((row) => ({ row })), [rows]);

  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId: (boxed) => String(rowKey(boxed.row)),
    state: { sorting, pagination },
    manualSorting: true,
    manualPagination: true,
    rowCount: total,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    onSortingChange: (updater) => {
      const next = resolve(updater, sorting)[0];
      if (next) onSortChange({ column: next.id, direction: next.desc ? 'desc' : 'asc' });
    },
    onPaginationChange: (updater) => {
      const next = resolve(updater, pagination);
      if (next.pageIndex !== pagination.pageIndex) onPageChange(next.pageIndex + 1);
    },
  });

  const isLoading = status === 'loading';
  const bodyRows = table.getRowModel().rows;
  const columnCount = columnDefs.length;
  const pageCount = pageCountOf(total, pageSize);

  let body: ReactNode;
  if (isLoading && bodyRows.length === 0) {
    // the page on its way gets its room now (up to what the scroll box shows), so the footer and
    // what follows do not move when the rows arrive
    body = (
      <>
        <tr className="rl-table__loading-row" {...role('row')}>
          <td colSpan={columnCount} {...role('cell')}>
            <Spinner label={uiText('Loading records')} />
          </td>
        </tr>
        {Array.from({ length: Math.min(pageSize, MAX_RESERVED_ROWS) - 1 }, (_, i) => (
          <tr key={i} className="rl-table__loading-row" aria-hidden="true">
            <td colSpan={columnCount} />
          </tr>
        ))}
      </>
    );
  } else if (status === 'error' || bodyRows.length === 0) {
    body = (
      <tr className="rl-table__message-row" {...role('row')}>
        <td colSpan={columnCount} {...role('cell')}>
          <div className="rl-table__empty">
            <span>{emptyText}</span>
            {status === 'error' && onReload ? (
              <Button size="sm" icon={<Icon name="reload" size={14} />} onClick={onReload}>
                {uiText('Reload')}
              </Button>
            ) : null}
          </div>
        </td>
      </tr>
    );
  } else {
    body = bodyRows.map((row) => (
      <tr key={row.id} {...role('row')}>
        {row.getAllCells().map((cell) => {
          const look = (cell.column.columnDef.meta ?? {}) as ColumnLook;
          return (
            <td
              key={cell.id}
              className={cellClass(look, cell.column.id === ACTIONS_COLUMN)}
              data-label={look.label}
              {...role('cell')}
            >
              {cards && look.label ? (
                // as a card, the title (the cell's ::before) and the value are the two columns of a line
                <span className="rl-table__value">
                  <table.FlexRender cell={cell} />
                </span>
              ) : (
                <table.FlexRender cell={cell} />
              )}
            </td>
          );
        })}
      </tr>
    ));
  }

  return (
    <div className={cards ? 'rl-panel rl-table rl-table--cards' : 'rl-panel rl-table'}>
      <div className="rl-panel__bar rl-table__toolbar">
        <SearchBox
          label={label}
          search={search}
          onSearchChange={onSearchChange}
          delay={props.searchDebounceMs ?? SEARCH_DEBOUNCE_MS}
        />
        {toolbar ? <div className="rl-table__actions">{toolbar}</div> : null}
      </div>
      <div className="rl-table__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table
          className={['rl-table__table', isLoading && bodyRows.length > 0 && 'rl-table__table--stale']
            .filter(Boolean)
            .join(' ')}
          aria-busy={isLoading}
          {...role('table')}
        >
          <caption id={captionId} className="rl-visually-hidden">
            {label}
          </caption>
          <colgroup>
            {table.getAllLeafColumns().map((column) => {
              const look = (column.columnDef.meta ?? {}) as ColumnLook;
              return <col key={column.id} style={look.width ? { width: look.width } : undefined} />;
            })}
          </colgroup>
          <thead {...role('rowgroup')}>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} {...role('row')}>
                {group.headers.map((header) => {
                  const column = header.column;
                  const look = (column.columnDef.meta ?? {}) as ColumnLook;
                  const sorted = column.getCanSort() ? column.getIsSorted() : false;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={cellClass(look, column.id === ACTIONS_COLUMN)}
                      {...role('columnheader')}
                      aria-sort={column.getCanSort() ? ariaSort(sorted) : undefined}
                    >
                      {column.getCanSort() ? (
                        <button type="button" className="rl-table__sort" onClick={column.getToggleSortingHandler()}>
                          <table.FlexRender header={header} />
                          <Icon
                            name={sorted === 'asc' ? 'sort-asc' : sorted === 'desc' ? 'sort-desc' : 'sort-none'}
                            size={14}
                            className="rl-table__sort-icon"
                          />
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody {...role('rowgroup')}>{body}</tbody>
        </table>
      </div>
      <div className="rl-table__footer">
        <p className="rl-table__records rl-tabular" aria-live="polite">
          {isLoading && bodyRows.length > 0 ? (
            <Spinner size="sm" label={null} className="rl-table__footer-spinner" />
          ) : null}
          {recordsText(page, pageSize, status === 'error' ? 0 : total)}
        </p>
        <Pager label={label} page={page} pageCount={pageCount} table={table} />
      </div>
    </div>
  );
}

function cellClass(look: ColumnLook, isActions: boolean): string | undefined {
  return (
    [look.numeric && 'rl-table__cell--numeric', isActions && 'rl-table__cell--actions'].filter(Boolean).join(' ') ||
    undefined
  );
}

function ariaSort(sorted: false | SortDirection): 'ascending' | 'descending' | 'none' {
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none';
}

interface PagerTable {
  firstPage: () => void;
  previousPage: () => void;
  nextPage: () => void;
  lastPage: () => void;
  setPageIndex: (index: number) => void;
}

function Pager({
  label,
  page,
  pageCount,
  table,
}: {
  label: string;
  page: number;
  pageCount: number;
  table: PagerTable;
}) {
  const isFirst = page <= 1;
  const isLast = page >= pageCount;
  return (
    <nav className="rl-pager" aria-label={uiText('{label} pages', { label })}>
      <PagerButton
        label={uiText('First page')}
        icon="chevrons-left"
        disabled={isFirst}
        onClick={() => table.firstPage()}
      />
      <PagerButton
        label={uiText('Previous page')}
        icon="chevron-left"
        disabled={isFirst}
        onClick={() => table.previousPage()}
      />
      <ul className="rl-pager__pages">
        {pageWindow(Math.min(page, pageCount), pageCount).map((number) => (
          <li key={number}>
            <button
              type="button"
              className="rl-pager__button rl-pager__page rl-tabular"
              aria-label={uiText('Page {number}', { number })}
              aria-current={number === page ? 'page' : undefined}
              onClick={() => table.setPageIndex(number - 1)}
            >
              {number}
            </button>
          </li>
        ))}
      </ul>
      <PagerButton
        label={uiText('Next page')}
        icon="chevron-right"
        disabled={isLast}
        onClick={() => table.nextPage()}
      />
      <PagerButton
        label={uiText('Last page')}
        icon="chevrons-right"
        disabled={isLast}
        onClick={() => table.lastPage()}
      />
    </nav>
  );
}

function PagerButton({
  label,
  icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: 'chevrons-left' | 'chevron-left' | 'chevron-right' | 'chevrons-right';
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="rl-pager__button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon name={icon} size={16} />
    </button>
  );
}

/**
 * The search box keeps its own text while the user types, so a re-render of the screen never
 * drops a character; it tells the screen after `delay` ms of quiet (or at once on Enter), and
 * takes the screen's value when that changes from outside (the back button).
 */
function SearchBox({
  label,
  search,
  onSearchChange,
  delay,
}: {
  label: string;
  search: string;
  onSearchChange: (search: string) => void;
  delay: number;
}) {
  const [text, setText] = useState(search);
  const sent = useRef(search);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const notify = useRef(onSearchChange);
  useEffect(() => {
    notify.current = onSearchChange;
  }, [onSearchChange]);

  const cancel = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  const send = useCallback(
    (value: string) => {
      cancel();
      if (value === sent.current) return;
      sent.current = value;
      notify.current(value);
    },
    [cancel],
  );

  useEffect(() => {
    if (search === sent.current) return;
    // changed from outside: show it, and drop what was waiting to be sent
    cancel();
    sent.current = search;
    setText(search);
  }, [search, cancel]);

  useEffect(() => cancel, [cancel]);

  return (
    <div className="rl-table__search">
      <Icon name="search" size={16} className="rl-table__search-icon" />
      <input
        type="search"
        className="rl-input rl-table__search-input"
        aria-label={uiText('Search {label}', { label: label.toLowerCase() })}
        placeholder={uiText('Search')}
        value={text}
        maxLength={200}
        onChange={(event) => {
          const value = event.target.value;
          setText(value);
          cancel();
          timer.current = setTimeout(() => send(value), delay);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            send(event.currentTarget.value);
          }
        }}
      />
    </div>
  );
}
