import { type ReactNode, useState } from "react";
import { Button } from "../../shared/ui/Button.tsx";
import { cx } from "../../shared/ui/cx.ts";
import { PlusIcon } from "../../shared/ui/icons.tsx";
import { Pagination } from "../../shared/ui/Pagination.tsx";
import { SearchField } from "../../shared/ui/SearchField.tsx";
import styles from "./ListLayout.module.css";
import { ReadOnlyNote } from "./ReadOnlyNote.tsx";
import { type PagedSearch, pageCount, rangeText } from "./usePagedSearch.ts";

/**
 * What a list page of the console says about its list. Its skeleton (ListSkeleton.tsx) and the loaded list
 * (PagedList) read the same words, so the page does not change under the reader when the first page arrives.
 */
export interface ListSpec {
  /** The table's caption. */
  caption: string;
  /** The search box; a list the API cannot search (e.g. instalment plans) has none. */
  search?: { label: string; placeholder: string };
  /** The table's column headers. */
  headers: readonly string[];
  /** What a row is, e.g. `["course", "courses"]`, for "Showing 1-10 of 42 courses". */
  noun: readonly [one: string, many: string];
  /** The page buttons' accessible name, e.g. "Course pages". */
  pagesLabel: string;
  /** The add button's text, for a list that has one. */
  addLabel?: string;
}

interface PagedListProps {
  spec: ListSpec;
  list: PagedSearch;
  /** Beside the search box, before the add button, e.g. a status filter. */
  filter?: ReactNode;
  /** The add button (`spec.addLabel`): what it does, or why this staff member may not add. */
  add?: { onAdd: () => void; allowed: boolean; readOnlyReason: string };
  /** The table (dimmed while the next page loads). */
  children: ReactNode;
}

/**
 * The list pages of the console (Courses, Invoices, Learners, Staff, Coupons): search box, filter and add button,
 * table, the range shown, page buttons.
 */
export function PagedList({ spec, list, filter, add, children }: PagedListProps) {
  return (
    <>
      <div className={styles.toolbar}>
        {spec.search && (
          <SearchField
            label={spec.search.label}
            placeholder={spec.search.placeholder}
            value={list.search}
            onValueChange={list.setSearch}
            pending={list.isPending}
          />
        )}
        {filter}
        {add && spec.addLabel && <AddButton label={spec.addLabel} {...add} />}
      </div>
      <div className={cx(styles.table, list.isPending && styles.pending)}>{children}</div>
      <div className={styles.footer}>
        <p className={styles.range} aria-live="polite">
          {rangeText(list.shown.page, list.rows.length, list.totalCount, list.totalCount === 1 ? spec.noun[0] : spec.noun[1])}
        </p>
        <Pagination page={list.shown.page} pageCount={pageCount(list.totalCount)} onPageChange={list.goToPage} label={spec.pagesLabel} />
      </div>
    </>
  );
}

/** The add button of a list page, or why this staff member may not add (`readOnlyReason`). */
function AddButton({
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
export function useRowDialogs<Row extends { readonly id: string }>(list: PagedSearch<Row>, connectionId: string) {
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const { rows } = list;
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
