import { useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay/hooks";
import { Button } from "../../../../shared/ui/Button.tsx";
import { cx } from "../../../../shared/ui/cx.ts";
import { PlusIcon } from "../../../../shared/ui/icons.tsx";
import { Pagination } from "../../../../shared/ui/Pagination.tsx";
import { SearchField } from "../../../../shared/ui/SearchField.tsx";
import styles from "../../../components/ListLayout.module.css";
import { READ_ONLY, ReadOnlyNote } from "../../../components/ReadOnlyNote.tsx";
import { pageCount, rangeText, usePagedSearch } from "../../../components/usePagedSearch.ts";
import { can, useViewer } from "../../../staff/AdminViewer.ts";
import type { InvoiceList_query$key } from "./__generated__/InvoiceList_query.graphql.ts";
import type { InvoiceListRefetchQuery } from "./__generated__/InvoiceListRefetchQuery.graphql.ts";
import { AdminInvoiceTable } from "./AdminInvoiceTable.tsx";
import { DeleteInvoiceDialog } from "./DeleteInvoiceDialog.tsx";
import { InvoiceFormDialog } from "./InvoiceFormDialog.tsx";

export const INVOICE_COLUMNS = ["Learner", "Email address", "Due date", "Amount", "Status", "Action"];

/** Manage Invoices: search by learner name, Add Invoice, the table, page buttons, and the add/update/delete dialogs. */
export function InvoiceList({ queryKey }: { queryKey: InvoiceList_query$key }) {
  const [data, refetch] = useRefetchableFragment<InvoiceListRefetchQuery, InvoiceList_query$key>(
    graphql`
      fragment InvoiceList_query on Query
      @refetchable(queryName: "InvoiceListRefetchQuery")
      @argumentDefinitions(
        search: { type: "String", defaultValue: "" }
        page: { type: "Int", defaultValue: 1 }
        first: { type: "Int", defaultValue: 10 }
        after: { type: "String" }
      ) {
        invoices(search: $search, page: $page, first: $first, after: $after) @connection(key: "InvoiceList_invoices", filters: ["search", "page"]) {
          __id
          totalCount
          edges {
            # The dialogs' fragments sit beside the row's, not inside it: the API limits query depth and counts
            # every nested fragment.
            node {
              id
              ...AdminInvoiceTable_invoices
              ...InvoiceFormDialog_invoice
              ...DeleteInvoiceDialog_invoice
            }
          }
        }
      }
    `,
    queryKey,
  );
  const list = usePagedSearch(refetch);
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const { __id: connectionId, totalCount, edges } = data.invoices;
  const rows = edges.map((edge) => edge.node);
  const editing = rows.find((row) => row.id === editingId) ?? null;
  const deleting = rows.find((row) => row.id === deletingId) ?? null;
  // New invoices come first (newest first), so they belong at the top of the unfiltered first page.
  const addTo = list.shown.page === 1 && list.shown.search === "" ? [connectionId] : [];

  const mayEdit = can(useViewer(), "editInvoices");
  return (
    <>
      <div className={styles.toolbar}>
        <SearchField
          label="Search invoices by learner name"
          placeholder="Search by learner name..."
          value={list.search}
          onValueChange={list.setSearch}
          pending={list.isPending}
        />
        {mayEdit ? (
          <Button onClick={() => setAdding(true)}>
            <PlusIcon size={18} />
            Add Invoice
          </Button>
        ) : (
          <ReadOnlyNote reason={READ_ONLY.invoices} />
        )}
      </div>
      <div className={cx(styles.table, list.isPending && styles.pending)}>
        <AdminInvoiceTable invoicesKey={rows} onEdit={setEditingId} onDelete={setDeletingId} editable={mayEdit} />
      </div>
      <div className={styles.footer}>
        <p className={styles.range} aria-live="polite">
          {rangeText(list.shown.page, rows.length, totalCount, totalCount === 1 ? "invoice" : "invoices")}
        </p>
        <Pagination page={list.shown.page} pageCount={pageCount(totalCount)} onPageChange={list.goToPage} label="Invoice pages" />
      </div>
      <InvoiceFormDialog open={adding} onOpenChange={setAdding} connectionIds={addTo} onSaved={() => list.reload(1)} />
      <InvoiceFormDialog open={editing !== null} onOpenChange={(open) => !open && setEditingId(null)} invoiceKey={editing} />
      <DeleteInvoiceDialog
        invoiceKey={deleting}
        onOpenChange={(open) => !open && setDeletingId(null)}
        connectionIds={[connectionId]}
        onDeleted={() => list.reload(rows.length === 1 && list.shown.page > 1 ? list.shown.page - 1 : list.shown.page)}
      />
    </>
  );
}
