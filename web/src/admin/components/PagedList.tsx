import { type ReactNode, useState } from "react";
import { Button } from "../../shared/ui/Button.tsx";
import { cx } from "../../shared/ui/cx.ts";
import { PlusIcon } from "../../shared/ui/icons.tsx";
import { Pagination } from "../../shared/ui/Pagination.tsx";
import { SearchField } from "../../shared/ui/SearchField.tsx";
import styles from "./ListLayout.module.css";
import { ReadOnlyNote } from "./ReadOnlyNote.tsx";
import { pageCount, rangeText, type usePagedSearch } from "./usePagedSearch.ts";

interface PagedListProps {
  list: ReturnType<typeof usePagedSearch>;
  search: { label: string; placeholder: string };
  /** Beside the search box, e.g. the add button. */
  action?: ReactNode;
  /** The rows on this page and the count of all that match. */
  rowCount: number;
  totalCount: number;
  /** What a row is, e.g. `["course", "courses"]`, for "Showing 1-10 of 42 courses". */
  noun: readonly [one: string, many: string];
  /** The page buttons' accessible name, e.g. "Course pages". */
  pagesLabel: string;
  /** The table (dimmed while the next page loads). */
  children: ReactNode;
}

/** The list pages of the console (Courses, Invoices, Learners, Staff): search box, table, the range shown, page buttons. */
export function PagedList({ list, search, action, rowCount, totalCount, noun, pagesLabel, children }: PagedListProps) {
  return (
    <>
      <div className={styles.toolbar}>
        <SearchField
          label={search.label}
          placeholder={search.placeholder}
          value={list.search}
          onValueChange={list.setSearch}
          pending={list.isPending}
        />
        {action}
      </div>
      <div className={cx(styles.table, list.isPending && styles.pending)}>{children}</div>
      <div className={styles.footer}>
        <p className={styles.range} aria-live="polite">
          {rangeText(list.shown.page, rowCount, totalCount, totalCount === 1 ? noun[0] : noun[1])}
        </p>
        <Pagination page={list.shown.page} pageCount={pageCount(totalCount)} onPageChange={list.goToPage} label={pagesLabel} />
      </div>
    </>
  );
}

/** The add button of a list page, or why this staff member may not add (`readOnlyReason`). */
export function AddButton({
  label,
  onAdd,
  allowed,
  readOnlyReason,
}: {
  label: string;
  onAdd: () => void;
  allowed: boolean;
  readOnlyReason: string;
}) {
  return allowed ? (
    <Button onClick={onAdd}>
      <PlusIcon size={18} />
      {label}
    </Button>
  ) : (
    <ReadOnlyNote reason={readOnlyReason} />
  );
}

/**
 * Which dialog of an editable list is open: adding, updating a row or deleting one. `addTo` is where a new row goes
 * (the top of the unfiltered first page, as lists are newest first); `afterDelete` reloads the page, one back when its
 * last row went.
 */
export function useRowDialogs<Row extends { readonly id: string }>(
  list: ReturnType<typeof usePagedSearch>,
  rows: readonly Row[],
  connectionId: string,
) {
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  return {
    adding,
    setAdding,
    edit: setEditingId,
    remove: setDeletingId,
    editing: rows.find((row) => row.id === editingId) ?? null,
    deleting: rows.find((row) => row.id === deletingId) ?? null,
    closeEdit: (open: boolean) => !open && setEditingId(null),
    closeDelete: (open: boolean) => !open && setDeletingId(null),
    addTo: list.shown.page === 1 && list.shown.search === "" ? [connectionId] : [],
    afterDelete: () => list.reload(rows.length === 1 && list.shown.page > 1 ? list.shown.page - 1 : list.shown.page),
  };
}
