import { Suspense } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { PageHeader } from "../../../../shared/ui/PageHeader.tsx";
import { Spinner } from "../../../../shared/ui/Spinner.tsx";
import type { AuditPageQuery } from "./__generated__/AuditPageQuery.graphql.ts";
import { AuditList } from "./_components/AuditList.tsx";

const query = graphql`
  query AuditPageQuery($first: Int!) {
    ...AuditList_query @arguments(first: $first)
  }
`;

/** Owners: every staff write, login and failed login, newest first, with filters and a CSV export. */
export default function AuditPage({ queryRef }: QueryPageProps<AuditPageQuery>) {
  return (
    <>
      <PageHeader title="Audit log" description="Every change made in this console, and every staff login, newest first." />
      <Suspense fallback={<Spinner size="lg" label="Loading the audit log..." />}>
        <AuditPageContent queryRef={queryRef} />
      </Suspense>
    </>
  );
}

function AuditPageContent({ queryRef }: { queryRef: PreloadedQuery<AuditPageQuery> }) {
  const data = usePreloadedQuery<AuditPageQuery>(query, queryRef);
  return <AuditList queryKey={data} />;
}
