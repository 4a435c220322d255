import { useCallback, useRef, useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay/hooks";
import type { FetchPolicy } from "relay-runtime";
import { type ListSpec, PagedList, useRowDialogs } from "../../../../components/PagedList.tsx";
import { READ_ONLY } from "../../../../components/ReadOnlyNote.tsx";
import { type PageVariables, usePagedSearch } from "../../../../components/usePagedSearch.ts";
import { can, useViewer } from "../../../../staff/AdminViewer.ts";
import type { InvoiceList_query$key } from "./__generated__/InvoiceList_query.graphql.ts";
import type { InvoiceListRefetchQuery } from "./__generated__/InvoiceListRefetchQuery.graphql.ts";
import { AdminInvoiceTable } from "./AdminInvoiceTable.tsx";
import { ConfirmPaymentDialog } from "./ConfirmPaymentDialog.tsx";
import { DeleteInvoiceDialog } from "./DeleteInvoiceDialog.tsx";
import { InvoiceFormDialog } from "./InvoiceFormDialog.tsx";
import { type InvoiceStatusChoice, InvoiceStatusFilter } from "./InvoiceStatusFilter.tsx";
import { RefundInvoiceDialog } from "./RefundInvoiceDialog.tsx";
import { VoidInvoiceDialog } from "./VoidInvoiceDialog.tsx";

export const INVOICE_LIST: ListSpec = {
  caption: "Invoices",
  search: { label: "Search invoices by learner name", placeholder: "Search by learner name..." },
  headers: ["Number", "Learner", "Email address", "Due date", "Amount", "Status", "Action"],
  noun: ["invoice", "invoices"],
  pagesLabel: "Invoice pages",
  addLabel: "Add Invoice",
};

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
        status: { type: "InvoiceStatus" }
      ) {
        paymentOptions {
          currency
        }
        invoices(search: $search, status: $status, page: $page, first: $first, after: $after)
          @connection(key: "InvoiceList_invoices", filters: ["search", "status", "page"]) {
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
              ...VoidInvoiceDialog_invoice
              ...ConfirmPaymentDialog_invoice
            }
          }
        }
      }
    `,
    queryKey,
  );
  // The status choice rides along with every page and search the list loads.
  const [status, setStatus] = useState<InvoiceStatusChoice>("");
  const statusRef = useRef<InvoiceStatusChoice>("");
  const refetchWithStatus = useCallback(
    (variables: PageVariables, options: { fetchPolicy: FetchPolicy }) =>
      refetch({ ...variables, status: statusRef.current || null }, options),
    [refetch],
  );
  const list = usePagedSearch(refetchWithStatus, data.invoices);
  const showStatus = (next: InvoiceStatusChoice) => {
    statusRef.current = next;
    setStatus(next);
    list.reload(1);
  };
  const connectionId = data.invoices.__id;
  const { rows } = list;
  const dialogs = useRowDialogs(list, connectionId);

  const [voidingId, setVoidingId] = useState<string | null>(null);
  const mayEdit = can(useViewer(), "editInvoices");
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  const [refundingId, setRefundingId] = useState<string | null>(null);
  return (
    <>
      <PagedList
        spec={INVOICE_LIST}
        list={list}
        filter={<InvoiceStatusFilter value={status} onChange={showStatus} />}
        add={{ onAdd: () => dialogs.setAdding(true), allowed: mayEdit, readOnlyReason: READ_ONLY.invoices }}
      >
        <AdminInvoiceTable
          invoicesKey={rows}
          onEdit={dialogs.edit}
          onDelete={dialogs.remove}
          onVoid={setVoidingId}
          onConfirm={setConfirmingId}
          onRefund={setRefundingId}
          editable={mayEdit}
        />
      </PagedList>
      <InvoiceFormDialog
        open={dialogs.adding}
        onOpenChange={dialogs.setAdding}
        connectionIds={dialogs.addTo}
        onSaved={() => list.reload(1)}
        currency={data.paymentOptions.currency}
      />
      <InvoiceFormDialog open={dialogs.editing !== null} onOpenChange={dialogs.closeEdit} invoiceKey={dialogs.editing} />
      <ConfirmPaymentDialog
        invoiceKey={rows.find((row) => row.id === confirmingId) ?? null}
        onOpenChange={(open) => !open && setConfirmingId(null)}
      />
      <DeleteInvoiceDialog
        invoiceKey={dialogs.deleting}
        onOpenChange={dialogs.closeDelete}
        connectionIds={[connectionId]}
        onDeleted={dialogs.afterDelete}
      />
      <VoidInvoiceDialog
        invoiceKey={rows.find((row) => row.id === voidingId) ?? null}
        onOpenChange={(open) => !open && setVoidingId(null)}
      />
      <RefundInvoiceDialog
        invoiceId={refundingId}
        onOpenChange={(open) => !open && setRefundingId(null)}
        onRefunded={() => list.reload(list.shown.page)}
      />
    </>
  );
}
