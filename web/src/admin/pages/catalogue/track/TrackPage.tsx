import { Suspense } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { PageHeader } from "../../../../shared/ui/PageHeader.tsx";
import type { TrackPageQuery } from "./__generated__/TrackPageQuery.graphql.ts";
import { TrackCatalogue, TrackCatalogueSkeleton } from "./_components/TrackCatalogue.tsx";

// Sizes are variables the route sets (routes.tsx): the API's cost limit multiplies a literal `first` into the cost
// of everything below it, which these fragment-composed pages would exceed.
const query = graphql`
  query TrackPageQuery($first: Int!) {
    ...TrackCatalogue_query @arguments(first: $first)
  }
`;

export default function TrackPage({ queryRef }: QueryPageProps<TrackPageQuery>) {
  return (
    <>
      <PageHeader title="Manage Tracks" description="Tracks are bundles of courses that learners enroll in and pay for." />
      <Suspense fallback={<TrackCatalogueSkeleton />}>
        <TrackPageContent queryRef={queryRef} />
      </Suspense>
    </>
  );
}

function TrackPageContent({ queryRef }: { queryRef: PreloadedQuery<TrackPageQuery> }) {
  const data = usePreloadedQuery<TrackPageQuery>(query, queryRef);
  return <TrackCatalogue queryKey={data} />;
}
