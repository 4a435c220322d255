import { Suspense, useState } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay/hooks";
import { useLocation } from "react-router-dom";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { adminSession, useSession } from "../../../../shared/session/session.ts";
import { Alert } from "../../../../shared/ui/Alert.tsx";
import type { DashboardPageQuery } from "./__generated__/DashboardPageQuery.graphql.ts";
import { DashboardSkeleton } from "./_components/DashboardSkeleton.tsx";
import { LatestInvoices } from "./_components/LatestInvoices.tsx";
import { RecentTracks } from "./_components/RecentTracks.tsx";
import { RevenueChart } from "./_components/RevenueChart.tsx";
import { SummaryCards } from "./_components/SummaryCards.tsx";
import styles from "./DashboardPage.module.css";

const query = graphql`
  query DashboardPageQuery {
    dashboard {
      ...SummaryCards_dashboard
      ...RevenueChart_dashboard
    }
    ...RecentTracks_query
    ...LatestInvoices_query
  }
`;

export default function DashboardPage({ queryRef }: QueryPageProps<DashboardPageQuery>) {
  const { user } = useSession(adminSession);
  const location = useLocation();
  const [flash, setFlash] = useState(() => (location.state as { flash?: string } | null)?.flash ?? null);
  return (
    <>
      <title>Dashboard · LearnHub</title>
      <header className={styles.header}>
        <h1 className={styles.title}>{user?.firstName ? `Welcome back, ${user.firstName}` : "Welcome back"}</h1>
        <p className={styles.lead}>All-time totals, and how this month compares with last month.</p>
      </header>
      {flash && (
        <Alert tone="success" className={styles.flash} onDismiss={() => setFlash(null)}>
          {flash}
        </Alert>
      )}
      <Suspense fallback={<DashboardSkeleton />}>
        <DashboardContent queryRef={queryRef} />
      </Suspense>
    </>
  );
}

function DashboardContent({ queryRef }: { queryRef: PreloadedQuery<DashboardPageQuery> }) {
  const data = usePreloadedQuery<DashboardPageQuery>(query, queryRef);
  return (
    <div className={styles.sections}>
      <SummaryCards dashboardKey={data.dashboard} />
      <div className={styles.columns}>
        <RevenueChart dashboardKey={data.dashboard} />
        <LatestInvoices queryKey={data} />
      </div>
      <RecentTracks queryKey={data} />
    </div>
  );
}
