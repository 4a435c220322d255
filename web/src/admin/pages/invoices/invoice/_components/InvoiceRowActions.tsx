import { cx } from "../../../../../shared/ui/cx.ts";
import { IconButton } from "../../../../../shared/ui/IconButton.tsx";
import { CheckCircleIcon, LockIcon, PencilIcon, RefundIcon, TrashIcon, XIcon } from "../../../../../shared/ui/icons.tsx";
import styles from "../../../../components/ListLayout.module.css";
import lines from "./InvoiceLines.module.css";
import { REFUNDABLE } from "./RefundInvoiceDialog.tsx";

/** Why a paid invoice offers no edit or delete (the API refuses both too: docs/ARCHITECTURE.md, "Paid records are locked"). */
export const PAID_LOCKED = "Paid invoices can't be edited or deleted; record a refund instead.";
/** Why a void invoice offers no edit or delete. */
export const VOID_LOCKED = "Void invoices are kept as they are, with the reason.";

interface InvoiceRowActionsProps {
  invoice: { id: string; status: string; paidRecord: boolean };
  /** The learner's name, for the buttons' names. */
  who: string;
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
  onVoid: (id: string) => void;
  /** Finance confirms a pending invoice's money was received (docs/ARCHITECTURE.md, "Offline payments and one settlement"). */
  onConfirm?: (id: string) => void;
  /** Refund a paid invoice (finance and owner); without it no refund action is shown. */
  onRefund?: (id: string) => void;
}

/**
 * A row's actions: edit and delete while the invoice never took money, confirm and void while it is pending; a paid
 * or void invoice says why it is locked instead (a paid one may still be refunded).
 */
export function InvoiceRowActions({ invoice, who, onEdit, onDelete, onVoid, onConfirm, onRefund }: InvoiceRowActionsProps) {
  const locked = invoice.paidRecord ? PAID_LOCKED : invoice.status === "VOID" ? VOID_LOCKED : null;
  if (locked) {
    return (
      <span className={cx(styles.rowActions, lines.actions)}>
        {onRefund && REFUNDABLE.has(invoice.status) && (
          <IconButton label={`Refund invoice for ${who}`} tone="danger" onClick={() => onRefund(invoice.id)}>
            <RefundIcon size={17} />
          </IconButton>
        )}
        {/* The reason shows on hover and is read out with the row, as the view-only note does. */}
        <span className={cx(styles.muted, lines.locked)} title={locked} data-locked>
          <LockIcon size={15} aria-hidden="true" />
          Locked<span className="visually-hidden">: {locked}</span>
        </span>
      </span>
    );
  }
  return (
    <span className={cx(styles.rowActions, lines.actions)}>
      {onConfirm && invoice.status === "PENDING" && (
        <IconButton label={`Confirm payment for ${who}`} tone="primary" onClick={() => onConfirm(invoice.id)}>
          <CheckCircleIcon size={17} />
        </IconButton>
      )}
      {invoice.status === "PENDING" && (
        <IconButton label={`Void invoice for ${who}`} onClick={() => onVoid(invoice.id)}>
          <XIcon size={17} />
        </IconButton>
      )}
      <IconButton label={`Edit invoice for ${who}`} tone="primary" onClick={() => onEdit(invoice.id)}>
        <PencilIcon size={17} />
      </IconButton>
      <IconButton label={`Delete invoice for ${who}`} tone="danger" onClick={() => onDelete(invoice.id)}>
        <TrashIcon size={17} />
      </IconButton>
    </span>
  );
}
