import type { ReactNode } from 'react';
import './charts.css';

export interface SummaryColumn<Row> {
  key: string;
  header: string;
  /** numbers sit on the right, in tabular figures */
  numeric?: boolean;
  cell: (row: Row) => ReactNode;
}

export interface SummaryTableProps<Row> {
  /** the table's caption, read by assistive technology */
  caption: string;
  columns: readonly SummaryColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}

/**
 * A small table of figures inside a widget (docs/product.md#dashboard Module Events This Month): dense rows, a
 * header that stays while it scrolls, numbers on the right; it scrolls sideways inside its widget
 * on narrow screens (docs/product.md#constants-and-limits).
 */
export function SummaryTable<Row>({ caption, columns, rows, rowKey }: SummaryTableProps<Row>) {
  return (
    <div className="rl-summary-table" tabIndex={0} role="region" aria-label={caption}>
      <table className="rl-summary-table__table">
        <caption className="rl-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? 'rl-summary-table__numeric' : undefined}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) =>
                index === 0 ? (
                  <th key={column.key} scope="row" className={column.numeric ? 'rl-summary-table__numeric' : undefined}>
                    {column.cell(row)}
                  </th>
                ) : (
                  <td key={column.key} className={column.numeric ? 'rl-summary-table__numeric rl-tabular' : undefined}>
                    {column.cell(row)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
