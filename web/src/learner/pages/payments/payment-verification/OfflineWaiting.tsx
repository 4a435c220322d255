import type { ReactNode } from "react";
import { graphql, useLazyLoadQuery } from "react-relay/hooks";
import { formatInstant } from "../../../../shared/format/dates.ts";
import { formatMoney } from "../../../../shared/format/format.ts";
import { ButtonLink } from "../../../../shared/ui/Button.tsx";
import { ClockIcon } from "../../../../shared/ui/icons.tsx";
import type { OfflineWaitingQuery } from "./__generated__/OfflineWaitingQuery.graphql.ts";
import styles from "./OfflineWaiting.module.css";
import pageStyles from "./PaymentVerificationPage.module.css";

const query = graphql`
  query OfflineWaitingQuery($reference: String!) {
    offlinePayment(reference: $reference) {
      reference
      amount
      total {
        minor
        currency
      }
      trackName
      expiresAt
      instructions
    }
  }
`;

/**
 * A bank transfer / mobile money payment waiting for finance: the owner's instructions (plain text, line breaks kept),
 * the reference to quote, and the date to pay by. The page's live status still turns it into "Payment successful"
 * when finance confirms. `fallback` shows for a reference that is not an offline payment.
 */
export function OfflineWaiting({ reference, fallback }: { reference: string; fallback: ReactNode }) {
  const { offlinePayment: payment } = useLazyLoadQuery<OfflineWaitingQuery>(query, { reference }, { fetchPolicy: "network-only" });
  if (!payment) return <>{fallback}</>;
  return (
    <section className={pageStyles.card} aria-labelledby="payment-title">
      <title>Waiting for your transfer · LearnHub</title>
      <span className={`${pageStyles.icon} ${styles.waiting}`}>
        <ClockIcon size={36} />
      </span>
      <h1 id="payment-title" className={pageStyles.title}>
        Waiting for your transfer
      </h1>
      <p className={pageStyles.text} role="status">
        Pay {formatMoney(payment.total)}
        {payment.trackName ? ` for ${payment.trackName}` : ""} by bank transfer or mobile money. You are enrolled as soon as we confirm your
        payment; this page updates by itself.
      </p>
      <dl className={styles.facts}>
        <dt>Reference</dt>
        <dd className={styles.reference}>{payment.reference}</dd>
        <dt>Pay by</dt>
        <dd>{formatInstant(payment.expiresAt)}</dd>
      </dl>
      <section className={styles.instructions} aria-label="Payment instructions">
        {payment.instructions}
      </section>
      <p className={pageStyles.note}>We also sent these details to your e-mail address.</p>
      <div className={pageStyles.actions}>
        <ButtonLink to="/portal/invoices" variant="secondary">
          View my invoices
        </ButtonLink>
      </div>
    </section>
  );
}
