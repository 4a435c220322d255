import { graphql, useFragment } from "react-relay/hooks";
import { formatMoney } from "../../../../../shared/format/format.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { ConfirmDialog } from "../../../../../shared/ui/ConfirmDialog.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf } from "../../../../components/failures.ts";
import { InvoiceStatusBadge } from "../../../../components/InvoiceStatusBadge.tsx";
import styles from "../../../../components/ListLayout.module.css";
import type { DeleteInvoiceDialog_invoice$key } from "./__generated__/DeleteInvoiceDialog_invoice.graphql.ts";
import type { DeleteInvoiceDialogMutation } from "./__generated__/DeleteInvoiceDialogMutation.graphql.ts";

export const DELETE_INVOICE_FAILED = "Failed to delete invoice.";

const mutation = graphql`
  mutation DeleteInvoiceDialogMutation($id: ID!, $connections: [ID!]!) {
    deleteInvoice(id: $id) {
      __typename
      ... on DeletePayload {
        deletedId @deleteEdge(connections: $connections)
      }
      ... on Error {
        message
      }
    }
  }
`;

interface DeleteInvoiceDialogProps {
  /** The invoice to delete; the dialog is open while there is one. */
  invoiceKey: DeleteInvoiceDialog_invoice$key | null;
  onOpenChange: (open: boolean) => void;
  connectionIds: string[];
  onDeleted: () => void;
}

/** Asks before deleting, showing learner, amount and status (docs/product.md, Admin pages). */
export function DeleteInvoiceDialog({ invoiceKey, onOpenChange, connectionIds, onDeleted }: DeleteInvoiceDialogProps) {
  const invoice = useFragment(
    graphql`
      fragment DeleteInvoiceDialog_invoice on Invoice {
        id
        amount
        status
        learner {
          fullName
        }
      }
    `,
    invoiceKey,
  );
  const [deleteInvoice] = useAsyncMutation<DeleteInvoiceDialogMutation>(mutation);
  return (
    <ConfirmDialog
      open={invoice !== null}
      onOpenChange={onOpenChange}
      title="Delete invoice"
      description="This action cannot be undone."
      confirmLabel="Delete invoice"
      onConfirm={async () => {
        if (!invoice) return;
        const result = await deleteInvoice({ variables: { id: invoice.id, connections: connectionIds } }).catch(() => {
          throw new Error(DELETE_INVOICE_FAILED);
        });
        // The server's reason when it refuses (e.g. the invoice was paid meanwhile: paid invoices are locked).
        const failure = failureOf(result.deleteInvoice, DELETE_INVOICE_FAILED);
        if (failure) throw new Error(failure.message);
        toast.success("Invoice deleted.");
        onDeleted();
      }}
    >
      {invoice && (
        <dl className={styles.details}>
          <dt>Learner</dt>
          <dd>{invoice.learner?.fullName ?? "No learner"}</dd>
          <dt>Amount</dt>
          <dd>{formatMoney(invoice.amount)}</dd>
          <dt>Status</dt>
          <dd>
            <InvoiceStatusBadge status={invoice.status} />
          </dd>
        </dl>
      )}
    </ConfirmDialog>
  );
}
