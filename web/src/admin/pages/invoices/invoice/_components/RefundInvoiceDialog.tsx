import { type FormEvent, type ReactNode, Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay/hooks";
import { formatInstant } from "../../../../../shared/format/dates.ts";
import { currencySymbol, formatMoney, moneyOf } from "../../../../../shared/format/format.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { ErrorBoundary } from "../../../../../shared/ui/ErrorBoundary.tsx";
import { TextArea, TextField } from "../../../../../shared/ui/Field.tsx";
import { FormDialog } from "../../../../../shared/ui/FormDialog.tsx";
import { Spinner } from "../../../../../shared/ui/Spinner.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf } from "../../../../components/failures.ts";
import { InvoiceStatusBadge } from "../../../../components/InvoiceStatusBadge.tsx";
import styles from "../../../../components/ListLayout.module.css";
import type { RefundInvoiceDialogMutation } from "./__generated__/RefundInvoiceDialogMutation.graphql.ts";
import type { RefundInvoiceDialogQuery, RefundInvoiceDialogQuery$data } from "./__generated__/RefundInvoiceDialogQuery.graphql.ts";

export const REFUND_MESSAGES = {
  amountInvalid: "Amount must be more than 0, with at most 2 decimals",
  tooMuch: (left: number, currency = "USD") => `At most ${formatMoney(moneyOf(left, currency))} can be refunded`,
  reason: "Reason is required",
  failed: "Failed to refund invoice.",
  loadFailed: "Could not load the invoice.",
  requested: "Refund sent to Paystack. The invoice updates once Paystack has processed it.",
  recorded: "Refund recorded.",
} as const;

/** Statuses that can still be refunded (the rest of a partly refunded invoice too). */
export const REFUNDABLE = new Set(["PAID", "PARTIALLY_REFUNDED"]);

// Loaded when the dialog opens, so the invoice list's query (and its cost) stays as it is.
const query = graphql`
  query RefundInvoiceDialogQuery($id: ID!) {
    node(id: $id) {
      ... on Invoice {
        id
        amount
        currency
        refundedAmount
        status
        learner {
          fullName
        }
        track {
          name
        }
        refunds {
          id
          amount
          status
          method
          reason
          actorEmail
          createdAt
        }
      }
    }
  }
`;

const mutation = graphql`
  mutation RefundInvoiceDialogMutation($input: RefundInvoiceInput!) {
    refundInvoice(input: $input) {
      __typename
      ... on RefundInvoicePayload {
        refund {
          id
          status
          method
        }
        invoice {
          id
          status
          ...AdminInvoiceTable_invoices
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

interface RefundInvoiceDialogProps {
  /** The invoice to refund (its GraphQL id); the dialog is open while there is one. */
  invoiceId: string | null;
  onOpenChange: (open: boolean) => void;
  /** After a refund was asked for or recorded, e.g. to refresh the page of the table. */
  onRefunded?: () => void;
}

/** Refund a paid invoice in full or in part, with its refunded amount and refund history (finance and owner). */
export function RefundInvoiceDialog({ invoiceId, onOpenChange, onRefunded }: RefundInvoiceDialogProps) {
  if (!invoiceId) return null;
  const fallback = (body: ReactNode) => (
    <FormDialog title="Refund invoice" open onOpenChange={onOpenChange} onSubmit={(e) => e.preventDefault()} submitLabel="Refund">
      {body}
    </FormDialog>
  );
  return (
    <ErrorBoundary fallback={() => fallback(<Alert tone="error">{REFUND_MESSAGES.loadFailed}</Alert>)}>
      <Suspense fallback={fallback(<Spinner />)}>
        <RefundForm invoiceId={invoiceId} onOpenChange={onOpenChange} onRefunded={onRefunded} />
      </Suspense>
    </ErrorBoundary>
  );
}

type Invoice = NonNullable<RefundInvoiceDialogQuery$data["node"]>;
const cents = (dollars: number) => Math.round(dollars * 100);

/** What is left to refund: the amount less every refund not failed (pending card refunds hold theirs). */
export function leftToRefund(invoice: { amount?: number; refunds?: readonly { amount: number; status: string }[] }): number {
  const held = (invoice.refunds ?? []).filter((r) => r.status !== "FAILED").reduce((sum, r) => sum + cents(r.amount), 0);
  return Math.max(0, cents(invoice.amount ?? 0) - held) / 100;
}

export function validateRefund(values: { amount: string; reason: string }, left: number, currency = "USD") {
  const errors: { amount?: string; reason?: string } = {};
  const amount = Number(values.amount);
  if (!/^\d+(\.\d{1,2})?$/.test(values.amount.trim()) || !(amount > 0)) errors.amount = REFUND_MESSAGES.amountInvalid;
  else if (cents(amount) > cents(left)) errors.amount = REFUND_MESSAGES.tooMuch(left, currency);
  if (!values.reason.trim()) errors.reason = REFUND_MESSAGES.reason;
  return errors;
}

function RefundForm({ invoiceId, onOpenChange, onRefunded }: RefundInvoiceDialogProps & { invoiceId: string }) {
  const data = useLazyLoadQuery<RefundInvoiceDialogQuery>(query, { id: invoiceId }, { fetchPolicy: "network-only" });
  const invoice = data.node as Invoice;
  const left = leftToRefund(invoice);
  const currency = invoice.currency ?? "USD";
  const money = (amount: number) => formatMoney(moneyOf(amount, currency));
  const [amount, setAmount] = useState(left.toFixed(2));
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [message, setMessage] = useState<string | null>(null);
  const [refund, pending] = useAsyncMutation<RefundInvoiceDialogMutation>(mutation);
  const full = cents(Number(amount)) === cents(left) && left > 0;
  const what = invoice.track?.name ?? "what this invoice paid for";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateRefund({ amount, reason }, left, currency);
    setErrors(found);
    setMessage(null);
    if (found.amount || found.reason) return;
    try {
      const result = (await refund({ variables: { input: { id: invoiceId, amount: Number(amount), reason: reason.trim() } } }))
        .refundInvoice;
      const failure = failureOf(result, REFUND_MESSAGES.failed);
      if (failure) {
        setErrors(failure.fieldErrors);
        setMessage(failure.message);
        return;
      }
      const asked = result.__typename === "RefundInvoicePayload" && result.refund?.method === "CARD" && result.refund?.status === "PENDING";
      toast.success(asked ? REFUND_MESSAGES.requested : REFUND_MESSAGES.recorded);
      onOpenChange(false);
      onRefunded?.();
    } catch {
      setMessage(REFUND_MESSAGES.failed);
    }
  };

  const refunds = invoice.refunds ?? [];
  return (
    <FormDialog
      title="Refund invoice"
      description={`${invoice.learner?.fullName ?? "No learner"}: ${what}`}
      open
      onOpenChange={onOpenChange}
      onSubmit={submit}
      submitLabel={full ? "Refund in full" : "Refund"}
      submitVariant="danger"
      pending={pending}
      size="wide"
    >
      {message && <Alert tone="error">{message}</Alert>}
      <dl className={styles.details}>
        <dt>Amount paid</dt>
        <dd>{money(invoice.amount ?? 0)}</dd>
        <dt>Refunded</dt>
        <dd>{money(invoice.refundedAmount ?? 0)}</dd>
        <dt>Left to refund</dt>
        <dd>{money(left)}</dd>
        <dt>Status</dt>
        <dd>
          <InvoiceStatusBadge status={invoice.status ?? ""} />
        </dd>
      </dl>
      <TextField
        label={`Amount to refund (${currencySymbol(currency)})`}
        name="amount"
        inputMode="decimal"
        required
        value={amount}
        error={errors.amount}
        hint={`Up to ${money(left)}.`}
        onChange={(e) => {
          setAmount(e.target.value);
          setErrors((was) => ({ ...was, amount: undefined }));
        }}
      />
      <TextArea
        label="Reason"
        name="reason"
        required
        rows={2}
        value={reason}
        error={errors.reason}
        onChange={(e) => {
          setReason(e.target.value);
          setErrors((was) => ({ ...was, reason: undefined }));
        }}
      />
      <Alert tone={full ? "error" : "info"} title={full ? "This is a full refund" : "A full refund removes access"}>
        A full refund removes the learner's access to {what}. Card refunds go back through Paystack and show here once processed.
      </Alert>
      {refunds.length > 0 && (
        <section aria-label="Refund history">
          <h3 className={styles.muted}>Refund history</h3>
          <ul>
            {refunds.map((r) => (
              <li key={r.id}>
                {formatInstant(r.createdAt)}: {money(r.amount)} ({r.method === "CARD" ? "card" : "offline"}, {r.status.toLowerCase()}) by{" "}
                {r.actorEmail}: {r.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
    </FormDialog>
  );
}
