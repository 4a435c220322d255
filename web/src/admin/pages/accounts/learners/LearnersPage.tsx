import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { ListPage } from "../../../components/ListPage.tsx";
import type { LearnersPageQuery } from "./__generated__/LearnersPageQuery.graphql.ts";
import { ExportLearnersButton } from "./_components/ExportLearnersButton.tsx";
import { LEARNER_LIST, LearnerList } from "./_components/LearnerList.tsx";

// Sizes are variables the route sets (routes.tsx): the API's cost limit multiplies a literal `first` into the cost
// of everything below it, which these fragment-composed pages would exceed.
const query = graphql`
  query LearnersPageQuery($first: Int!) {
    ...LearnerList_query @arguments(first: $first)
  }
`;

export default function LearnersPage({ queryRef }: QueryPageProps<LearnersPageQuery>) {
  return (
    <ListPage
      title="Manage Learners"
      description="Everyone who signed up on the learner site, newest first."
      actions={<ExportLearnersButton />}
      spec={LEARNER_LIST}
    >
      <LearnersPageContent queryRef={queryRef} />
    </ListPage>
  );
}

function LearnersPageContent({ queryRef }: { queryRef: PreloadedQuery<LearnersPageQuery> }) {
  const data = usePreloadedQuery<LearnersPageQuery>(query, queryRef);
  return <LearnerList queryKey={data} />;
}
