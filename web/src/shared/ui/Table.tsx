import type { Key, ReactNode } from "react";
import { cx } from "./cx.ts";
import styles from "./Table.module.css";

export interface Column<Row> {
  /** Unique within the table. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Numbers and actions line up on the end side. */
  align?: "start" | "end";
  /** The cell's label when rows are stacked on a narrow screen; defaults to the header when it is a string. */
  label?: string;
}

interface TableProps<Row> {
  /** Names the table for screen readers (shown only to them). */
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Shows placeholder rows instead of data. */
  loading?: boolean;
  loadingRows?: number;
  /** Shown in a single row when there are no rows, e.g. 'No invoices found.' */
  emptyMessage: ReactNode;
  /**
   * When the table is narrow (a phone, under 640 px), each row becomes a card of "header: value" lines instead of the
   * table scrolling sideways. On by default; `false` keeps the sideways scrolling.
   */
  stackOnPhone?: boolean;
}

/**
 * A data table. Where it is narrow (its container under 640 px wide) each row is shown as a card whose cells carry
 * their column's label, so status, amounts and actions stay in view without scrolling sideways; wider, it is an
 * ordinary table. The markup stays a table either way, so screen readers read headers and cells as such. Without
 * stacking it scrolls sideways and can be scrolled with the keyboard once focused.
 */
export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  loadingRows = 3,
  emptyMessage,
  stackOnPhone = true,
}: TableProps<Row>) {
  const alignment = (column: Column<Row>) => (column.align === "end" ? styles.end : undefined);
  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: loadingRows }, (_, i) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing but their position.
      <tr key={i} className={styles.placeholder}>
        {columns.map((column) => (
          <td key={column.key}>
            <span className={styles.skeleton} />
          </td>
        ))}
      </tr>
    ));
  } else if (rows.length === 0) {
    body = (
      <tr className={styles.placeholder}>
        <td colSpan={columns.length} className={styles.empty}>
          {emptyMessage}
        </td>
      </tr>
    );
  } else {
    body = rows.map((row) => (
      <tr key={rowKey(row)}>
        {columns.map((column) => (
          <td key={column.key} className={alignment(column)} data-label={stackOnPhone ? labelOf(column) : undefined}>
            {column.cell(row)}
          </td>
        ))}
      </tr>
    ));
  }
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard.
    <section className={cx(styles.wrapper, stackOnPhone && styles.stacked)} aria-label={caption} tabIndex={0}>
      <table className={styles.table} aria-busy={loading || undefined}>
        <caption className="visually-hidden">
          {caption}
          {loading && " (loading)"}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={alignment(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body}</tbody>
      </table>
    </section>
  );
}

const labelOf = <Row,>(column: Column<Row>) => column.label ?? (typeof column.header === "string" ? column.header : undefined);
