import { Outlet } from "react-router-dom";
import { learnerSession, useSession } from "../../shared/session/session.ts";
import { PageHeader } from "../../shared/ui/PageHeader.tsx";
import { NavTabPanel, NavTabs } from "../../shared/ui/Tabs.tsx";
import { Page } from "../layout/Page.tsx";

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
      <NavTabs label="Portal" tabs={tabs} />
      <NavTabPanel>
        <Outlet />
      </NavTabPanel>
    </Page>
  );
}
