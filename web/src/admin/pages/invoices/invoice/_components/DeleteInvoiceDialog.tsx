import { graphql, useFragment } from "react-relay/hooks";
import { formatMoney } from "../../../../../shared/format/format.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { DeleteDialog } from "../../../../components/DeleteDialog.tsx";
import { failureOf } from "../../../../components/failures.ts";
import { InvoiceStatusBadge } from "../../../../components/InvoiceStatusBadge.tsx";
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
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
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
        total {
          minor
          currency
        }
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
    <DeleteDialog
      open={invoice !== null}
      onOpenChange={onOpenChange}
      title="Delete invoice"
      confirmLabel="Delete invoice"
      onDelete={async () => {
        if (!invoice) return;
        const result = await deleteInvoice({ variables: { id: invoice.id, connections: connectionIds } }).catch(() => {
          throw new Error(DELETE_INVOICE_FAILED);
        });
        // The server's reason when it refuses (e.g. the invoice was paid meanwhile: paid invoices are locked).
        const failure = failureOf(result.deleteInvoice, DELETE_INVOICE_FAILED);
        if (failure) throw new Error(failure.message);
        return "Invoice deleted.";
      }}
      onDeleted={onDeleted}
      details={
        invoice && {
          Learner: invoice.learner?.fullName ?? "No learner",
          Amount: formatMoney(invoice.total),
          Status: <InvoiceStatusBadge status={invoice.status} />,
        }
      }
    />
  );
}
