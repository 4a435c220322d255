import { lazy, Suspense } from "react";
import { ErrorBoundary } from "./ErrorBoundary.tsx";

// Loaded after the page, so the first download carries only this line: most visitors never see the banner.
const TestPaymentsBanner = lazy(() => import("./TestPaymentsBanner.tsx"));

/** The "test payments" banner of a server running the Paystack sandbox; nothing otherwise, or if it cannot load. */
export function TestPaymentsNotice() {
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>
        <TestPaymentsBanner />
      </Suspense>
    </ErrorBoundary>
  );
}
