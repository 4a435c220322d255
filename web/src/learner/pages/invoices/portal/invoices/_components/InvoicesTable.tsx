import { graphql, usePaginationFragment } from "react-relay/hooks";
import { InvoicePdfLink } from "../../../../../../shared/downloads/InvoicePdfLink.tsx";
import { formatDate } from "../../../../../../shared/format/dates.ts";
import { formatMoney } from "../../../../../../shared/format/format.ts";
import { learnerSession } from "../../../../../../shared/session/session.ts";
import { Badge } from "../../../../../../shared/ui/Badge.tsx";
import { Button } from "../../../../../../shared/ui/Button.tsx";
import { type Column, Table } from "../../../../../../shared/ui/Table.tsx";
import type { InvoicesTable_learner$data, InvoicesTable_learner$key } from "./__generated__/InvoicesTable_learner.graphql.ts";
import type { InvoicesTablePaginationQuery } from "./__generated__/InvoicesTablePaginationQuery.graphql.ts";
import styles from "./InvoicesTable.module.css";

type Invoice = InvoicesTable_learner$data["invoices"]["edges"][number]["node"];

const statusLabels: Record<string, string> = {
  PAID: "Paid",
  PENDING: "Pending",
  FAILED: "Failed",
  PARTIALLY_REFUNDED: "Partially refunded",
  REFUNDED: "Refunded",
};

/** Paid shows green, anything else yellow (docs/product.md, States and flows). */
function StatusBadge({ status }: { status: Invoice["status"] }) {
  return (
    <span data-status={status.toLowerCase()}>
      <Badge tone={status === "PAID" ? "success" : "warning"}>{statusLabels[status] ?? status}</Badge>
    </span>
  );
}

/** What the invoice is for: its track, or the line staff described ("Other"). */
const boughtOf = (invoice: Invoice) => invoice.track?.name ?? invoice.description ?? "—";

/** The invoice number, a link to its PDF (a receipt once paid). */
const NumberLink = ({ invoice }: { invoice: Invoice }) => (
  <InvoicePdfLink id={invoice.id} number={invoice.number} session={learnerSession} />
);

/** The coupon a checkout applied and what it took off, under what was bought. */
const couponOf = (invoice: Invoice) =>
  invoice.couponCode ? (
    <span className={styles.coupon}>
      Coupon {invoice.couponCode}: −{formatMoney({ minor: invoice.discountCents, currency: invoice.currency })}
    </span>
  ) : null;

const columns: Column<Invoice>[] = [
  {
    key: "track",
    header: "Track",
    cell: (invoice) => (
      <>
        <span className={styles.track}>{boughtOf(invoice)}</span>
        {couponOf(invoice)}
      </>
    ),
  },
  {
    key: "amount",
    header: "Amount",
    align: "end",
    cell: (invoice) => <span className={styles.amount}>{formatMoney(invoice.total)}</span>,
  },
  { key: "status", header: "Status", cell: (invoice) => <StatusBadge status={invoice.status} /> },
  {
    key: "date",
    header: "Date",
    // The due date when there is one, else the day it was issued (docs/product.md, Entities).
    cell: (invoice) => {
      const date = invoice.dueDate ?? invoice.createdAt;
      return <time dateTime={date}>{formatDate(date)}</time>;
    },
  },
  { key: "number", header: "Invoice", cell: (invoice) => <NumberLink invoice={invoice} /> },
];

const PAGE_SIZE = 20;

/** The learner's invoices, newest first: track, amount with its currency, status and date, a page at a time. */
export function InvoicesTable({ learnerKey }: { learnerKey: InvoicesTable_learner$key }) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<InvoicesTablePaginationQuery, InvoicesTable_learner$key>(
    graphql`
      fragment InvoicesTable_learner on Learner
      @refetchable(queryName: "InvoicesTablePaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 20 }, cursor: { type: "String" }) {
        invoices(first: $count, after: $cursor) @connection(key: "InvoicesTable_invoices") {
          edges {
            node {
              id
              number
              amount
              currency
              total {
                minor
                currency
              }
              status
              dueDate
              createdAt
              description
              couponCode
              discountCents
              track {
                name
              }
            }
          }
        }
      }
    `,
    learnerKey,
  );
  const invoices = data.invoices.edges.map((edge) => edge.node);
  return (
    <>
      <div className={styles.wide}>
        <Table
          caption="Your invoices"
          columns={columns}
          rows={invoices}
          rowKey={(invoice) => invoice.id}
          emptyMessage="You have no invoices yet."
        />
      </div>
      {/* On a phone the same invoices read as a list of cards (only one of the two is displayed, and so read out). */}
      <div className={styles.narrow}>
        {invoices.length === 0 ? (
          <p className={styles.emptyCard}>You have no invoices yet.</p>
        ) : (
          <ul className={styles.cards} aria-label="Your invoices">
            {invoices.map((invoice) => {
              const date = invoice.dueDate ?? invoice.createdAt;
              return (
                <li key={invoice.id} className={styles.card}>
                  <div className={styles.cardTop}>
                    <span>
                      <span className={styles.track}>{boughtOf(invoice)}</span>
                      {couponOf(invoice)}
                    </span>
                    <span className={styles.amount}>{formatMoney(invoice.total)}</span>
                  </div>
                  <div className={styles.cardBottom}>
                    <StatusBadge status={invoice.status} />
                    <time dateTime={date}>{formatDate(date)}</time>
                  </div>
                  <div className={styles.cardBottom}>
                    <NumberLink invoice={invoice} />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {hasNext && (
        <div className={styles.more}>
          <Button variant="secondary" loading={isLoadingNext} onClick={() => loadNext(PAGE_SIZE)}>
            Show more invoices
          </Button>
        </div>
      )}
    </>
  );
}
