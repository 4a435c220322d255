import { graphql, useFragment } from "react-relay/hooks";
import { formatInstant } from "../../../../../shared/format/dates.ts";
import { formatMoney } from "../../../../../shared/format/format.ts";
import { Avatar } from "../../../../../shared/ui/Avatar.tsx";
import { InvoiceStatusBadge } from "../../../../components/InvoiceStatusBadge.tsx";
import type { LatestInvoices_query$key } from "./__generated__/LatestInvoices_query.graphql.ts";
import section from "./DashboardSection.module.css";
import { DashboardSection } from "./DashboardSection.tsx";
import styles from "./LatestInvoices.module.css";

/** The 4 newest invoices: learner (avatar or initials), amount with 2 decimals, status. */
export function LatestInvoices({ queryKey }: { queryKey: LatestInvoices_query$key }) {
  const { invoices } = useFragment(
    graphql`
      fragment LatestInvoices_query on Query {
        invoices(first: 4) {
          edges {
            node {
              id
              amount
              total {
                minor
                currency
              }
              status
              createdAt
              learner {
                fullName
                image
              }
            }
          }
        }
      }
    `,
    queryKey,
  );
  return (
    <DashboardSection
      id="latest-invoices-title"
      title="Latest Invoices"
      viewAll={{ to: "/invoice", noun: "invoices" }}
      empty={invoices.edges.length === 0 && "No invoices found."}
    >
      <ul className={section.list}>
        {invoices.edges.map(({ node }) => {
          const name = node.learner?.fullName ?? "Unknown learner";
          return (
            <li key={node.id} className={styles.item}>
              <Avatar name={name} src={node.learner?.image} />
              <div className={styles.who}>
                <p className={styles.name}>{name}</p>
                <p className={styles.date}>{formatInstant(node.createdAt)}</p>
              </div>
              <div className={styles.figures}>
                <p className={styles.amount}>{formatMoney(node.total)}</p>
                <InvoiceStatusBadge status={node.status} />
              </div>
            </li>
          );
        })}
      </ul>
    </DashboardSection>
  );
}
