import { type FormEvent, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { OFFLINE_LIMITS, OFFLINE_MESSAGES } from "../../../../../../../common/payments.ts";
import { formatMoney } from "../../../../../shared/format/format.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Select, TextArea, TextField } from "../../../../../shared/ui/Field.tsx";
import { FormDialog } from "../../../../../shared/ui/FormDialog.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf } from "../../../../components/failures.ts";
import styles from "../../../../components/ListLayout.module.css";
import type { ConfirmPaymentDialog_invoice$key } from "./__generated__/ConfirmPaymentDialog_invoice.graphql.ts";
import type { ConfirmPaymentDialogMutation, ReceivedMethod } from "./__generated__/ConfirmPaymentDialogMutation.graphql.ts";

export const CONFIRM_PAYMENT_FAILED = "Failed to confirm the payment.";

const mutation = graphql`
  mutation ConfirmPaymentDialogMutation($input: ConfirmPaymentInput!) {
    confirmInvoicePayment(input: $input) {
      __typename
      ... on ConfirmPaymentPayload {
        invoice {
          id
          ...AdminInvoiceTable_invoices
          ...InvoiceFormDialog_invoice
          ...ConfirmPaymentDialog_invoice
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

/** Today in the browser's time zone, YYYY-MM-DD (the date field's default and its maximum). */
const today = () => {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
};

/**
 * Finance confirms a pending invoice's money was received (how, when, a note): the API runs the same settlement as a
 * card payment, so the learner is enrolled and mailed a receipt.
 */
export function ConfirmPaymentDialog({
  invoiceKey,
  onOpenChange,
}: {
  invoiceKey: ConfirmPaymentDialog_invoice$key | null;
  onOpenChange: (open: boolean) => void;
}) {
  const invoice = useFragment(
    graphql`
      fragment ConfirmPaymentDialog_invoice on Invoice {
        id
        amount
        total {
          minor
          currency
        }
        reference
        paymentDetails
        learner {
          fullName
        }
        track {
          name
        }
      }
    `,
    invoiceKey,
  );
  const [method, setMethod] = useState<ReceivedMethod>("BANK_TRANSFER");
  const [receivedOn, setReceivedOn] = useState(today);
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [confirm] = useAsyncMutation<ConfirmPaymentDialogMutation>(mutation);

  const close = (open: boolean) => {
    if (!open) {
      setErrors({});
      setMessage(null);
      setNote("");
    }
    onOpenChange(open);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!invoice) return;
    const found: Record<string, string> = {};
    if (!receivedOn) found.receivedOn = OFFLINE_MESSAGES.receivedOn;
    else if (receivedOn > today()) found.receivedOn = OFFLINE_MESSAGES.futureDate;
    if (note.length > OFFLINE_LIMITS.note) found.note = OFFLINE_MESSAGES.noteTooLong;
    setErrors(found);
    if (Object.keys(found).length) return;
    setPending(true);
    setMessage(null);
    try {
      const result = await confirm({ variables: { input: { id: invoice.id, method, receivedOn, note: note.trim() || null } } });
      const failure = failureOf(result.confirmInvoicePayment, CONFIRM_PAYMENT_FAILED);
      if (failure) {
        setErrors(failure.fieldErrors);
        setMessage(failure.message);
        return;
      }
      toast.success("Payment confirmed; the learner is enrolled.");
      close(false);
    } catch {
      setMessage(CONFIRM_PAYMENT_FAILED);
    } finally {
      setPending(false);
    }
  };

  return (
    <FormDialog
      open={invoice !== null}
      onOpenChange={close}
      title="Confirm payment received"
      description="The learner is enrolled and mailed a receipt, as for a card payment."
      submitLabel="Confirm payment"
      pending={pending}
      onSubmit={submit}
    >
      {message && <Alert tone="error">{message}</Alert>}
      {invoice && (
        <dl className={styles.details}>
          <dt>Learner</dt>
          <dd>{invoice.learner?.fullName ?? "No learner"}</dd>
          <dt>For</dt>
          <dd>{invoice.track?.name ?? invoice.paymentDetails ?? "—"}</dd>
          <dt>Amount</dt>
          <dd>{formatMoney(invoice.total)}</dd>
          {invoice.reference && (
            <>
              <dt>Reference</dt>
              <dd>{invoice.reference}</dd>
            </>
          )}
        </dl>
      )}
      <Select label="Received by" required value={method} onChange={(e) => setMethod(e.target.value as ReceivedMethod)}>
        <option value="BANK_TRANSFER">Bank transfer</option>
        <option value="MOBILE_MONEY">Mobile money</option>
        <option value="CASH">Cash</option>
        <option value="OTHER">Other</option>
      </Select>
      <TextField
        label="Date received"
        type="date"
        required
        max={today()}
        value={receivedOn}
        onChange={(e) => setReceivedOn(e.target.value)}
        error={errors.receivedOn}
      />
      <TextArea
        label="Note"
        hint="Optional, e.g. the bank's transaction number. Staff only: the learner does not see it."
        rows={3}
        maxLength={OFFLINE_LIMITS.note}
        value={note}
        onChange={(e) => setNote(e.target.value)}
        error={errors.note}
      />
    </FormDialog>
  );
}
