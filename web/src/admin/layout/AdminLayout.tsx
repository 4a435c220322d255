import { Suspense, useState } from "react";
import { Outlet, ScrollRestoration, useLoaderData } from "react-router-dom";
import { NavigationProgress } from "../../shared/routing/NavigationProgress.tsx";
import { PageFallback } from "../../shared/routing/PageFallback.tsx";
import { Brand } from "../../shared/ui/Brand.tsx";
import { Drawer } from "../../shared/ui/Drawer.tsx";
import { MenuButton } from "../../shared/ui/MenuButton.tsx";
import { TestPaymentsNotice } from "../../shared/ui/TestPaymentsNotice.tsx";
import { type StaffViewer, ViewerContext } from "../staff/AdminViewer.ts";
import styles from "./AdminLayout.module.css";
import { Sidebar } from "./Sidebar.tsx";

/**
 * The back-office frame: sidebar on wide screens, a top bar with a menu button on phones, the page beside it. Its
 * route loader gives the signed-in staff account, which the sidebar and pages read with `useViewer`.
 */
export function AdminLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const viewer = useLoaderData() as StaffViewer;
  return (
    <ViewerContext value={viewer}>
      <div className={styles.layout}>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <NavigationProgress />
        <ScrollRestoration />
        <aside className={styles.sidebar}>
          <Sidebar />
        </aside>
        <header className={styles.topBar}>
          <Brand tag="Admin" />
          <MenuButton className={styles.menuButton} expanded={menuOpen} onOpen={() => setMenuOpen(true)} />
        </header>
        <Drawer open={menuOpen} onOpenChange={setMenuOpen} title="Menu">
          <Sidebar onNavigate={() => setMenuOpen(false)} />
        </Drawer>
        <main id="main" className={styles.main} tabIndex={-1}>
          <Suspense fallback={<PageFallback />}>
            <Outlet />
          </Suspense>
        </main>
        <TestPaymentsNotice />
      </div>
    </ViewerContext>
  );
}
