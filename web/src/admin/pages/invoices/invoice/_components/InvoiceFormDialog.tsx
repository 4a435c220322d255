import { useRef } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { INVOICE_LIMITS } from "../../../../../../../common/invoices.ts";
import { currencySymbol } from "../../../../../shared/format/format.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Select, TextField } from "../../../../../shared/ui/Field.tsx";
import { EntityFormDialog, useEntityForm } from "../../../../components/EntityFormDialog.tsx";
import formStyles from "../../../../components/forms.module.css";
import type { FieldErrors } from "../../../../components/useFormFields.ts";
import type { InvoiceFormDialog_invoice$data, InvoiceFormDialog_invoice$key } from "./__generated__/InvoiceFormDialog_invoice.graphql.ts";
import type { InvoiceFormDialogCreateMutation } from "./__generated__/InvoiceFormDialogCreateMutation.graphql.ts";
import type { InvoiceFormDialogUpdateMutation, InvoiceStatus } from "./__generated__/InvoiceFormDialogUpdateMutation.graphql.ts";
import { InvoiceLearnerSelect } from "./InvoiceLearnerSelect.tsx";
import { InvoiceTrackSelect, OTHER_LINE } from "./InvoiceTrackSelect.tsx";

export const INVOICE_FORM_MESSAGES = {
  learner: "Learner is required",
  amount: "Amount is required",
  amountInvalid: "Amount must be 0 or more, with at most 2 decimals",
  status: "Status is required",
  track: "Choose a track, or Other",
  descriptionTooLong: "At most 200 characters",
  createFailed: "Failed to create invoice.",
  updateFailed: "Failed to update invoice.",
  created: "Invoice added.",
  updated: "Invoice updated.",
} as const;

const fragment = graphql`
  fragment InvoiceFormDialog_invoice on Invoice {
    id
    amount
    currency
    dueDate
    status
    paymentDetails
    description
    track {
      id
      name
    }
    learner {
      id
      fullName
      email
    }
  }
`;

const createMutation = graphql`
  mutation InvoiceFormDialogCreateMutation($input: InvoiceInput!, $connections: [ID!]!) {
    createInvoice(input: $input) {
      __typename
      ... on InvoicePayload {
        invoice @prependNode(connections: $connections, edgeTypeName: "InvoiceEdge") {
          id
          ...AdminInvoiceTable_invoices
          ...InvoiceFormDialog_invoice
          ...DeleteInvoiceDialog_invoice
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const updateMutation = graphql`
  mutation InvoiceFormDialogUpdateMutation($id: ID!, $input: InvoiceInput!) {
    updateInvoice(id: $id, input: $input) {
      __typename
      ... on InvoicePayload {
        invoice {
          id
          ...AdminInvoiceTable_invoices
          ...InvoiceFormDialog_invoice
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

export type InvoiceFields = {
  learnerId: string;
  trackId: string;
  description: string;
  amount: string;
  dueDate: string;
  status: string;
  paymentDetails: string;
};
const FIELDS = ["learnerId", "trackId", "description", "amount", "dueDate", "status", "paymentDetails"] as const;

/**
 * Learner, amount and status are required; due date and payment details are optional (docs/product.md, Validation).
 * What the invoice is for starts as Other (the spec's form has no track, so its fields alone make an invoice), with an
 * optional description; staff may choose a track instead.
 */
export function validateInvoice(values: InvoiceFields): FieldErrors<InvoiceFields> {
  const errors: FieldErrors<InvoiceFields> = {};
  if (!values.learnerId) errors.learnerId = INVOICE_FORM_MESSAGES.learner;
  if (!values.trackId) errors.trackId = INVOICE_FORM_MESSAGES.track;
  if (values.trackId === OTHER_LINE && values.description.trim().length > INVOICE_LIMITS.description) {
    errors.description = INVOICE_FORM_MESSAGES.descriptionTooLong;
  }
  const amount = Number(values.amount);
  if (!values.amount.trim()) errors.amount = INVOICE_FORM_MESSAGES.amount;
  else if (!Number.isFinite(amount) || amount < 0 || Math.round(amount * 100) !== amount * 100) {
    errors.amount = INVOICE_FORM_MESSAGES.amountInvalid;
  }
  if (!values.status) errors.status = INVOICE_FORM_MESSAGES.status;
  return errors;
}

interface InvoiceFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The invoice to update; without it the dialog adds one. */
  invoiceKey?: InvoiceFormDialog_invoice$key | null;
  /** Connections a new invoice is put at the top of. */
  connectionIds?: string[];
  /** After a successful save, e.g. to refresh the page of the table. */
  onSaved?: () => void;
  /** The business currency, a new invoice's (an edited invoice keeps its own). */
  currency?: string;
}

/** Add Invoice and Update Invoice. */
export function InvoiceFormDialog({
  open,
  onOpenChange,
  invoiceKey = null,
  connectionIds = [],
  onSaved,
  currency = "USD",
}: InvoiceFormDialogProps) {
  const invoice = useFragment(fragment, invoiceKey) ?? null;
  // Mounted only while open, so every opening starts from the invoice's current values.
  return open ? (
    <InvoiceForm
      invoice={invoice}
      onOpenChange={onOpenChange}
      connectionIds={connectionIds}
      onSaved={onSaved}
      currency={invoice?.currency ?? currency}
    />
  ) : null;
}

interface InvoiceFormProps {
  invoice: InvoiceFormDialog_invoice$data | null;
  onOpenChange: (open: boolean) => void;
  connectionIds: string[];
  onSaved?: () => void;
  /** The currency the amount is in: the invoice's, or the business currency for a new one. */
  currency: string;
}

function InvoiceForm({ invoice, onOpenChange, connectionIds, onSaved, currency }: InvoiceFormProps) {
  const [createInvoice, isCreating] = useAsyncMutation<InvoiceFormDialogCreateMutation>(createMutation);
  const [updateInvoice, isUpdating] = useAsyncMutation<InvoiceFormDialogUpdateMutation>(updateMutation);
  const pending = isCreating || isUpdating;
  // The amount follows the chosen track's price until someone types one (an update starts with its own amount).
  const amountTyped = useRef(invoice !== null);
  const entityForm = useEntityForm<InvoiceFields>({
    initial: {
      learnerId: invoice?.learner?.id ?? "",
      // Other unless the invoice is for a track (an older invoice with neither reads as an Other line, as it is).
      trackId: invoice?.track?.id ?? OTHER_LINE,
      description: invoice?.description ?? "",
      amount: invoice ? invoice.amount.toFixed(2) : "",
      dueDate: invoice?.dueDate ?? "",
      status: invoice?.status ?? "",
      paymentDetails: invoice?.paymentDetails ?? "",
    },
    fieldNames: FIELDS,
    updating: invoice !== null,
    messages: INVOICE_FORM_MESSAGES,
    pending,
    check: (values) => ({ message: null, fields: validateInvoice(values) }),
    save: async ({ learnerId, trackId, description, amount, dueDate, status, paymentDetails }) => {
      const input = {
        learnerId,
        // A track, or Other with its description if any (the other one cleared; a blank description is none).
        ...(trackId === OTHER_LINE ? { trackId: null, description: description.trim() || null } : { trackId, description: null }),
        amount: Number(amount),
        status: status as InvoiceStatus,
        paymentDetails: paymentDetails.trim(),
        // On update an omitted due date keeps the stored one (docs/product.md, REST routes: sent only if set).
        ...(dueDate ? { dueDate } : {}),
      };
      return invoice
        ? (await updateInvoice({ variables: { id: invoice.id, input } })).updateInvoice
        : (await createInvoice({ variables: { input, connections: connectionIds } })).createInvoice;
    },
    onSaved: () => {
      onOpenChange(false);
      onSaved?.();
    },
  });
  const { form } = entityForm;
  const amountField = form.field("amount");

  return (
    <EntityFormDialog
      entityForm={entityForm}
      onOpenChange={onOpenChange}
      title={invoice ? "Update Invoice" : "Add Invoice"}
      description={invoice ? "Change the amount, due date, status or payment details." : "Record an invoice for a learner."}
      submitLabel={invoice ? "Save changes" : "Add Invoice"}
      pending={pending}
    >
      <InvoiceLearnerSelect {...form.field("learnerId")} current={invoice?.learner} />
      <InvoiceTrackSelect
        {...form.field("trackId")}
        current={invoice?.track}
        onPrice={(price) => {
          if (price !== null && (!amountTyped.current || !form.values.amount.trim())) form.setValue("amount", price.toFixed(2));
        }}
      />
      {form.values.trackId === OTHER_LINE && (
        <TextField
          label="Description"
          placeholder="e.g. Printed workbook"
          hint="Optional"
          maxLength={INVOICE_LIMITS.description}
          {...form.field("description")}
        />
      )}
      <div className={formStyles.row}>
        <TextField
          label={`Amount (${currencySymbol(currency)})`}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          placeholder="0.00"
          required
          {...amountField}
          onChange={(event) => {
            amountTyped.current = true;
            amountField.onChange(event);
          }}
        />
        <TextField label="Due date" type="date" hint="Optional" {...form.field("dueDate")} />
      </div>
      <Select label="Status" required {...form.field("status")}>
        <option value="">Select status</option>
        <option value="PENDING">Pending</option>
        <option value="PAID">Paid</option>
        {invoice?.status === "FAILED" && <option value="FAILED">Failed</option>}
      </Select>
      <TextField
        label="Payment details"
        placeholder="e.g. Bank transfer or mobile money"
        hint="Optional"
        {...form.field("paymentDetails")}
      />
    </EntityFormDialog>
  );
}
