import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router-dom";
import { NavigationProgress } from "../../shared/routing/NavigationProgress.tsx";
import { PageFallback } from "../../shared/routing/PageFallback.tsx";
import { Brand } from "../../shared/ui/Brand.tsx";
import { TestPaymentsNotice } from "../../shared/ui/TestPaymentsNotice.tsx";
import styles from "./PublicLayout.module.css";

/** The frame of the admin pages before login (login, sign-up, OTP, password reset) and of the 404 page. */
export function PublicLayout() {
  return (
    <div className={styles.layout}>
      <NavigationProgress />
      <ScrollRestoration />
      <header className={styles.header}>
        <Brand tag="Admin" />
      </header>
      <main className={styles.main}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <TestPaymentsNotice />
    </div>
  );
}
