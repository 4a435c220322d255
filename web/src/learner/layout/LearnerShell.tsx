import { lazy, type ReactNode, Suspense, useState } from "react";
import { Outlet, ScrollRestoration } from "react-router-dom";
import { NavigationProgress } from "../../shared/routing/NavigationProgress.tsx";
import { PageFallback } from "../../shared/routing/PageFallback.tsx";
import { learnerSession } from "../../shared/session/session.ts";
import { ErrorBoundary } from "../../shared/ui/ErrorBoundary.tsx";
import { TestPaymentsNotice } from "../../shared/ui/TestPaymentsNotice.tsx";
import styles from "./LearnerShell.module.css";
import { TopBar } from "./TopBar.tsx";

// Not part of the first screen, so not part of the first download: the footer starts below the fold (the page
// fills at least the screen), and the session check only runs when a token is stored.
const Footer = lazy(() => import("./Footer.tsx"));
const SessionCheck = lazy(() => import("./SessionCheck.tsx"));

/** Every learner page sits between the top bar and the footer. */
export function LearnerShell() {
  // Checked once on load (docs/product.md, States and flows); a login later in the visit stores a token the server just gave.
  const [tokenStored] = useState(() => localStorage.getItem(learnerSession.token) !== null);
  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {tokenStored && (
        <Deferred>
          <SessionCheck />
        </Deferred>
      )}
      <NavigationProgress />
      <ScrollRestoration />
      <TopBar />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Deferred>
        <Footer />
      </Deferred>
      <TestPaymentsNotice />
    </div>
  );
}

/** A part loaded after the page: nothing while it loads, and nothing if its code cannot be fetched (offline). */
function Deferred({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={() => null}>
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  );
}
