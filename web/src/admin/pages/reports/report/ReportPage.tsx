import { Suspense } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { Card } from "../../../../shared/ui/Card.tsx";
import { PageHeader } from "../../../../shared/ui/PageHeader.tsx";
import { Spinner } from "../../../../shared/ui/Spinner.tsx";
import type { ReportPageQuery } from "./__generated__/ReportPageQuery.graphql.ts";
import styles from "./_components/ReportView.module.css";
import { ReportView } from "./_components/ReportView.tsx";

const query = graphql`
  query ReportPageQuery($from: Date!, $to: Date!) {
    ...ReportView_query @arguments(from: $from, to: $to)
  }
`;

export default function ReportPage({ queryRef }: QueryPageProps<ReportPageQuery>) {
  return (
    <>
      <PageHeader title="Report" description="Revenue from paid invoices and new enrollments, month by month and per track." />
      <Suspense
        fallback={
          <Card className={styles.loading}>
            <Spinner label="Loading report..." />
          </Card>
        }
      >
        <ReportPageContent queryRef={queryRef} />
      </Suspense>
    </>
  );
}

function ReportPageContent({ queryRef }: { queryRef: PreloadedQuery<ReportPageQuery> }) {
  const data = usePreloadedQuery<ReportPageQuery>(query, queryRef);
  return <ReportView queryKey={data} initialRange={queryRef.variables} />;
}
