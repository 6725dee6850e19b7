import { DataTable, type DataTableProps } from '@relevo/ui';
import type { ListParamsControl, ListView } from './list';

type Bound =
  | 'rows'
  | 'total'
  | 'status'
  | 'onReload'
  | 'page'
  | 'pageSize'
  | 'sort'
  | 'search'
  | 'onSearchChange'
  | 'onPageChange'
  | 'onSortChange';

export interface ListTableProps<Row> extends Omit<DataTableProps<Row>, Bound> {
  /** the loaded page (`useList`) */
  list: ListView<Row>;
  /** its place in the URL (`useListParams`) */
  params: ListParamsControl;
}

/** A screen's server-paged table: DataTable bound to the screen's list and its place in the URL. */
export function ListTable<Row>({ list, params, ...table }: ListTableProps<Row>) {
  return (
    <DataTable<Row>
      {...table}
      rows={list.rows}
      total={list.total}
      status={list.status}
      onReload={list.reload}
      page={params.page}
      pageSize={params.pageSize}
      sort={params.sort}
      search={params.search}
      onSearchChange={params.onSearchChange}
      onPageChange={params.onPageChange}
      onSortChange={params.onSortChange}
    />
  );
}
