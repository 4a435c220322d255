import { graphql, useFragment } from "react-relay/hooks";
import { formatCalendarDate, formatInstant } from "../../../../shared/format/dates.ts";
import { formatMoney } from "../../../../shared/format/format.ts";
import { Avatar } from "../../../../shared/ui/Avatar.tsx";
import { IconButton } from "../../../../shared/ui/IconButton.tsx";
import { PencilIcon, RefundIcon, TrashIcon } from "../../../../shared/ui/icons.tsx";
import { type Column, Table } from "../../../../shared/ui/Table.tsx";
import { InvoiceStatusBadge } from "../../../components/InvoiceStatusBadge.tsx";
import styles from "../../../components/ListLayout.module.css";
import { READ_ONLY, ReadOnlyNote } from "../../../components/ReadOnlyNote.tsx";
import type {
  AdminInvoiceTable_invoices$data,
  AdminInvoiceTable_invoices$key,
} from "./__generated__/AdminInvoiceTable_invoices.graphql.ts";
import { REFUNDABLE } from "./RefundInvoiceDialog.tsx";

export const NO_INVOICES = "No invoices found.";

type Invoice = AdminInvoiceTable_invoices$data[number];

interface AdminInvoiceTableProps {
  invoicesKey: AdminInvoiceTable_invoices$key;
  /** The row's invoice id. */
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
  /** Refund a paid invoice (finance and owner); without it no refund action is shown. */
  onRefund?: (id: string) => void;
  /** False for a role that may only read invoices: the row says so instead of offering edit and delete. */
  editable?: boolean;
}

export const learnerName = (invoice: { learner: { fullName: string } | null | undefined }) => invoice.learner?.fullName ?? "No learner";

/** LEARNER, EMAIL ADDRESS, DUE DATE (the created date when none), AMOUNT, STATUS, ACTION. */
export function AdminInvoiceTable({ invoicesKey, onEdit, onDelete, onRefund, editable = true }: AdminInvoiceTableProps) {
  const invoices = useFragment(
    graphql`
      fragment AdminInvoiceTable_invoices on Invoice @relay(plural: true) {
        id
        amount
        status
        dueDate
        createdAt
        learner {
          fullName
          email
          image
        }
      }
    `,
    invoicesKey,
  );
  const columns: Column<Invoice>[] = [
    {
      key: "learner",
      header: "Learner",
      cell: (invoice) => (
        <span className={styles.person}>
          <Avatar name={learnerName(invoice)} src={invoice.learner?.image} size="sm" />
          <span className={styles.personName}>{learnerName(invoice)}</span>
        </span>
      ),
    },
    { key: "email", header: "Email address", cell: (invoice) => <span className={styles.muted}>{invoice.learner?.email ?? "—"}</span> },
    {
      key: "due",
      header: "Due date",
      cell: (invoice) => (
        <span className={styles.nowrap}>{invoice.dueDate ? formatCalendarDate(invoice.dueDate) : formatInstant(invoice.createdAt)}</span>
      ),
    },
    { key: "amount", header: "Amount", cell: (invoice) => <span className={styles.money}>{formatMoney(invoice.amount)}</span> },
    { key: "status", header: "Status", cell: (invoice) => <InvoiceStatusBadge status={invoice.status} /> },
    {
      key: "action",
      header: "Action",
      align: "end",
      cell: (invoice) =>
        !editable ? (
          <ReadOnlyNote reason={READ_ONLY.invoices} short />
        ) : (
          <span className={styles.rowActions}>
            {onRefund && REFUNDABLE.has(invoice.status) && (
              <IconButton label={`Refund invoice for ${learnerName(invoice)}`} tone="danger" onClick={() => onRefund(invoice.id)}>
                <RefundIcon size={17} />
              </IconButton>
            )}
            <IconButton label={`Edit invoice for ${learnerName(invoice)}`} tone="primary" onClick={() => onEdit(invoice.id)}>
              <PencilIcon size={17} />
            </IconButton>
            <IconButton label={`Delete invoice for ${learnerName(invoice)}`} tone="danger" onClick={() => onDelete(invoice.id)}>
              <TrashIcon size={17} />
            </IconButton>
          </span>
        ),
    },
  ];
  return <Table caption="Invoices" columns={columns} rows={invoices} rowKey={(invoice) => invoice.id} emptyMessage={NO_INVOICES} />;
}
