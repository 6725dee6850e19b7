import type { ReactNode } from 'react';

export interface ChartDataRow {
  /** the row's name, its header cell (and React key) */
  name: string;
  cells: readonly ReactNode[];
}

/** A chart's numbers as a table that only assistive technology reads: a row a category, its name first. */
export function ChartDataTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: readonly string[];
  rows: readonly ChartDataRow[];
}) {
  return (
    <div className="rl-visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              {row.cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
