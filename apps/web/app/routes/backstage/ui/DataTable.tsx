import type { ReactNode } from 'react';
import { BACKSTAGE_TEXT as text } from '../../../lib/ui-text/backstage';
import styles from './backstage.module.css';

/** A column of a backstage table: its header and how a row shows in it. */
export interface Column<R> {
  key: string;
  title: string;
  cell: (row: R) => ReactNode;
}

/** A table of rows, with its caption for screen readers and the empty sentence. */
export function DataTable<R>({
  caption,
  columns,
  rows,
  rowKey,
  testId,
}: {
  caption: string;
  columns: readonly Column<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  testId?: string;
}) {
  if (rows.length === 0) return <p className={styles.note}>{text.empty}</p>;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table} data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
