import { graphql, useFragment } from "react-relay/hooks";
import { paidByWords } from "../../../../../../../common/payments.ts";
import { InvoicePdfLink } from "../../../../../shared/downloads/InvoicePdfLink.tsx";
import { formatCalendarDate, formatInstant } from "../../../../../shared/format/dates.ts";
import { formatMoney } from "../../../../../shared/format/format.ts";
import { adminSession } from "../../../../../shared/session/session.ts";
import { Avatar } from "../../../../../shared/ui/Avatar.tsx";
import { cx } from "../../../../../shared/ui/cx.ts";
import { type Column, Table } from "../../../../../shared/ui/Table.tsx";
import { InvoiceStatusBadge } from "../../../../components/InvoiceStatusBadge.tsx";
import styles from "../../../../components/ListLayout.module.css";
import { READ_ONLY, ReadOnlyNote } from "../../../../components/ReadOnlyNote.tsx";
import type {
  AdminInvoiceTable_invoices$data,
  AdminInvoiceTable_invoices$key,
} from "./__generated__/AdminInvoiceTable_invoices.graphql.ts";
import lines from "./InvoiceLines.module.css";
import { InvoiceRowActions } from "./InvoiceRowActions.tsx";

export const NO_INVOICES = "No invoices found.";

type Invoice = AdminInvoiceTable_invoices$data[number];

interface AdminInvoiceTableProps {
  invoicesKey: AdminInvoiceTable_invoices$key;
  /** The row's invoice id. */
  onEdit: (id: string) => void;
  onDelete: (id: string) => void;
  /** Opens the void dialog of a pending invoice. */
  onVoid?: (id: string) => void;
  /** Finance confirms a pending invoice's money was received. */
  onConfirm?: (id: string) => void;
  /** Refund a paid invoice (finance and owner); without it no refund action is shown. */
  onRefund?: (id: string) => void;
  /** False for a role that may only read invoices: the row says so instead of offering edit and delete. */
  editable?: boolean;
}

/** "bank transfer (Paystack)", "cash", ...: common/payments.ts paidByWords (the enum's names are Paystack's in capitals). */
const paidBy = (invoice: Pick<Invoice, "paymentMethod" | "paymentChannel">) =>
  paidByWords(invoice.paymentMethod, invoice.paymentChannel?.toLowerCase());

export const learnerName = (invoice: { learner: { fullName: string } | null | undefined }) => invoice.learner?.fullName ?? "No learner";

/** LEARNER, EMAIL ADDRESS, DUE DATE (the created date when none), AMOUNT, STATUS, ACTION. */
export function AdminInvoiceTable({
  invoicesKey,
  onEdit,
  onDelete,
  onVoid = () => undefined,
  onConfirm,
  onRefund,
  editable = true,
}: AdminInvoiceTableProps) {
  const invoices = useFragment(
    graphql`
      fragment AdminInvoiceTable_invoices on Invoice @relay(plural: true) {
        id
        number
        amount
        total {
          minor
          currency
        }
        status
        paidRecord
        description
        track {
          name
        }
        flaggedReason
        paymentMethod
        paymentChannel
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
      key: "number",
      header: "Number",
      // A link to its PDF (a receipt once paid), for every role that reads invoices.
      cell: (invoice) => <InvoicePdfLink id={invoice.id} number={invoice.number} session={adminSession} />,
    },
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
    {
      key: "email",
      header: "Email address",
      cell: (invoice) => (
        <span className={cx(styles.muted, lines.email)} title={invoice.learner?.email}>
          {invoice.learner?.email ?? "—"}
        </span>
      ),
    },
    {
      key: "due",
      header: "Due date",
      cell: (invoice) => (
        <span className={styles.nowrap}>{invoice.dueDate ? formatCalendarDate(invoice.dueDate) : formatInstant(invoice.createdAt)}</span>
      ),
    },
    {
      key: "amount",
      header: "Amount",
      cell: (invoice) => (
        <span className={lines.amount}>
          <span className={styles.money}>{formatMoney(invoice.total)}</span>
          {/* What it is for: the track, or the line staff described. */}
          {(invoice.track || invoice.description) && (
            <span className={cx(styles.muted, lines.subject)}>{invoice.track?.name ?? invoice.description}</span>
          )}
        </span>
      ),
    },
    {
      key: "status",
      header: "Status",
      cell: (invoice) => (
        <>
          <InvoiceStatusBadge status={invoice.status} />
          {/* How a paid record was paid: the Paystack channel (a bank transfer through Paystack), or finance's method. */}
          {invoice.paidRecord && paidBy(invoice) && <span className={`${styles.muted} ${lines.paidBy}`}>Paid by {paidBy(invoice)}</span>}
          {/* Why money needs attention (a card payment after another settlement, an amount mismatch): finance acts on it. */}
          {invoice.flaggedReason && <span className={`${styles.muted} ${styles.flag}`}>{invoice.flaggedReason}</span>}
        </>
      ),
    },
    {
      key: "action",
      header: "Action",
      align: "end",
      cell: (invoice) =>
        !editable ? (
          <ReadOnlyNote reason={READ_ONLY.invoices} short />
        ) : (
          <InvoiceRowActions
            invoice={invoice}
            who={learnerName(invoice)}
            onEdit={onEdit}
            onDelete={onDelete}
            onVoid={onVoid}
            onConfirm={onConfirm}
            onRefund={onRefund}
          />
        ),
    },
  ];
  return <Table caption="Invoices" columns={columns} rows={invoices} rowKey={(invoice) => invoice.id} emptyMessage={NO_INVOICES} />;
}
