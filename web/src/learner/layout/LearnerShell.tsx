import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router-dom";
import { NavigationProgress } from "../../shared/routing/NavigationProgress.tsx";
import { PageFallback } from "../../shared/routing/PageFallback.tsx";
import { Footer } from "./Footer.tsx";
import styles from "./LearnerShell.module.css";
import { SessionCheck } from "./SessionCheck.tsx";
import { TopBar } from "./TopBar.tsx";

/** Every learner page sits between the top bar and the footer. */
export function LearnerShell() {
  return (
    <div className={styles.shell}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SessionCheck />
      <NavigationProgress />
      <ScrollRestoration />
      <TopBar />
      <main id="main" className={styles.main} tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
