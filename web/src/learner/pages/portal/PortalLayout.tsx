import { NavLink, Outlet } from "react-router-dom";
import { learnerSession, useSession } from "../../../shared/session/session.ts";
import { PageHeader } from "../../../shared/ui/PageHeader.tsx";
import { Page } from "../../layout/Page.tsx";
import styles from "./PortalLayout.module.css";

const tabs = [
  { label: "Dashboard", to: "/portal", end: true },
  { label: "Settings", to: "/portal/settings", end: false },
  { label: "Invoice", to: "/portal/invoices", end: false },
];

/** The learner portal: its three sections are pages with their own URLs, so the tabs are links. */
export function PortalLayout() {
  const { user } = useSession(learnerSession);
  return (
    <Page>
      <PageHeader title="Portal" description={user?.firstName ? `Welcome back, ${user.firstName}.` : "Welcome back."} />
      <nav aria-label="Portal" className={styles.tabs}>
        {tabs.map((tab) => (
          <NavLink key={tab.to} to={tab.to} end={tab.end} className={styles.tab}>
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <div className={styles.panel}>
        <Outlet />
      </div>
    </Page>
  );
}
