import { type FormEvent, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { INVOICE_LIMITS, INVOICE_MESSAGES } from "../../../../../../../common/invoices.ts";
import { formatMoney } from "../../../../../shared/format/format.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { TextArea } from "../../../../../shared/ui/Field.tsx";
import { FormDialog } from "../../../../../shared/ui/FormDialog.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import styles from "../../../../components/ListLayout.module.css";
import type { VoidInvoiceDialog_invoice$key } from "./__generated__/VoidInvoiceDialog_invoice.graphql.ts";
import type { VoidInvoiceDialogMutation } from "./__generated__/VoidInvoiceDialogMutation.graphql.ts";

export const VOID_MESSAGES = {
  reason: INVOICE_MESSAGES.voidReason,
  reasonTooLong: "At most 500 characters",
  failed: "Failed to void invoice.",
  voided: "Invoice voided.",
} as const;

const mutation = graphql`
  mutation VoidInvoiceDialogMutation($input: VoidInvoiceInput!) {
    voidInvoice(input: $input) {
      __typename
      ... on VoidInvoicePayload {
        invoice {
          id
          status
          paidRecord
          voidReason
          ...AdminInvoiceTable_invoices
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

interface VoidInvoiceDialogProps {
  /** The invoice to void; the dialog is open while there is one. */
  invoiceKey: VoidInvoiceDialog_invoice$key | null;
  onOpenChange: (open: boolean) => void;
}

/** Cancels a pending invoice with a reason, kept with the invoice and in the audit log (finance and owners). */
export function VoidInvoiceDialog({ invoiceKey, onOpenChange }: VoidInvoiceDialogProps) {
  const invoice = useFragment(
    graphql`
      fragment VoidInvoiceDialog_invoice on Invoice {
        id
        amount
        total {
          minor
          currency
        }
        learner {
          fullName
        }
      }
    `,
    invoiceKey,
  );
  // Mounted only while open, so every opening starts blank.
  return invoice ? <VoidForm invoice={invoice} onOpenChange={onOpenChange} /> : null;
}

function VoidForm({
  invoice,
  onOpenChange,
}: {
  invoice: { id: string; amount: number; total: { minor: number; currency: string }; learner: { fullName: string } | null | undefined };
  onOpenChange: (open: boolean) => void;
}) {
  const [voidInvoice, pending] = useAsyncMutation<VoidInvoiceDialogMutation>(mutation);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const text = reason.trim();
    const problem = !text ? VOID_MESSAGES.reason : text.length > INVOICE_LIMITS.voidReason ? VOID_MESSAGES.reasonTooLong : null;
    setReasonError(problem);
    setError(null);
    if (problem) {
      document.getElementById("void-reason")?.focus();
      return;
    }
    try {
      const result = (await voidInvoice({ variables: { input: { id: invoice.id, reason: text } } })).voidInvoice;
      const failure = failureOf(result, VOID_MESSAGES.failed);
      if (failure) {
        setReasonError(failure.fieldErrors.reason ?? null);
        setError(failure.message);
        return;
      }
      toast.success(VOID_MESSAGES.voided);
      onOpenChange(false);
    } catch (thrown) {
      setError(thrownMessage(thrown, { fallback: VOID_MESSAGES.failed }));
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title="Void invoice"
      description="The invoice is cancelled and kept, with your reason, in the invoice and the audit log. This cannot be undone."
      submitLabel="Void invoice"
      submitVariant="danger"
      pending={pending}
      onSubmit={submit}
    >
      {error && <Alert tone="error">{error}</Alert>}
      <dl className={styles.details}>
        <dt>Learner</dt>
        <dd>{invoice.learner?.fullName ?? "No learner"}</dd>
        <dt>Amount</dt>
        <dd>{formatMoney(invoice.total)}</dd>
      </dl>
      <TextArea
        id="void-reason"
        label="Reason"
        required
        rows={3}
        maxLength={INVOICE_LIMITS.voidReason}
        placeholder="e.g. Sent twice by mistake"
        value={reason}
        error={reasonError}
        onChange={(event) => {
          setReason(event.target.value);
          setReasonError(null);
        }}
      />
    </FormDialog>
  );
}
