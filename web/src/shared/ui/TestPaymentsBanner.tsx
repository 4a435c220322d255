import { useEffect, useState } from "react";
import { createPortal } from "react-dom";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay/hooks";
import type { TestPaymentsBannerQuery } from "./__generated__/TestPaymentsBannerQuery.graphql.ts";
import styles from "./TestPaymentsBanner.module.css";

const query = graphql`
  query TestPaymentsBannerQuery {
    paymentsTestMode
  }
`;

/**
 * Says so on every page when the server takes payments through its built-in Paystack sandbox, where the Pay button
 * pays anything. Fixed to the bottom of the window, with an invisible copy after the whole page (as tall, however the
 * text wraps) so that the end of the page scrolls clear of it, and nothing moves when it appears.
 */
export default function TestPaymentsBanner() {
  const environment = useRelayEnvironment();
  const [testMode, setTestMode] = useState(false);
  useEffect(() => {
    const subscription = fetchQuery<TestPaymentsBannerQuery>(environment, query, {}).subscribe({
      next: ({ paymentsTestMode }) => setTestMode(paymentsTestMode),
      // Unknown is not test mode: no banner.
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [environment]);
  if (!testMode) return null;
  const text = (
    <>
      <strong>Test payments:</strong> payments go to a Paystack sandbox. No real money is charged.
    </>
  );
  return createPortal(
    <>
      <div className={`${styles.banner} ${styles.spacer}`} aria-hidden="true">
        {text}
      </div>
      <aside className={styles.banner} aria-label="Test payments">
        {text}
      </aside>
    </>,
    document.body,
  );
}
