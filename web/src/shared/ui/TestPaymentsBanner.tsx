import { useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import styles from "./TestPaymentsBanner.module.css";

/**
 * Says so on every page when the server takes payments through its built-in Paystack sandbox, where the Pay button
 * pays anything. Fixed to the bottom of the window, with an invisible copy after the whole page (as tall, however the
 * text wraps) so that the end of the page scrolls clear of it, and nothing moves when it appears.
 *
 * Asked without a session and outside Relay: one anonymous answer (served from the public cache) that no page's
 * data depends on, and that a failure only leaves out.
 */
export default function TestPaymentsBanner() {
  const [testMode, setTestMode] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    fetch("/graphql", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/graphql-response+json, application/json" },
      body: JSON.stringify({ query: "query TestPaymentsBanner { paymentsTestMode }" }),
      signal: controller.signal,
    })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { data?: { paymentsTestMode?: boolean } } | null) => setTestMode(body?.data?.paymentsTestMode === true))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  // Its height, for what is fixed to the bottom of the window too (the admin sidebar ends above it: its Log out button
  // would be under the banner otherwise).
  const banner = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = banner.current;
    if (!testMode || !element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => root.style.setProperty("--test-banner-height", `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--test-banner-height");
    };
  }, [testMode]);
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
      <aside ref={banner} className={styles.banner} aria-label="Test payments">
        {text}
      </aside>
    </>,
    document.body,
  );
}
