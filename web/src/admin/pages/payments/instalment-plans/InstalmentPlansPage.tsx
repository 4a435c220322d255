import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { ListPage } from "../../../components/ListPage.tsx";
import type { InstalmentPlansPageQuery } from "./__generated__/InstalmentPlansPageQuery.graphql.ts";
import { PAYMENT_PLAN_LIST, PaymentPlanList } from "./_components/PaymentPlanList.tsx";

// The page size is a variable the route sets (routes.tsx), as on the other list pages: the API's cost limit.
const query = graphql`
  query InstalmentPlansPageQuery($first: Int!) {
    ...PaymentPlanList_query @arguments(first: $first)
  }
`;

/** /instalment-plans: learners' instalment plans for finance (docs/payments.md, "Instalments"). */
export default function InstalmentPlansPage({ queryRef }: QueryPageProps<InstalmentPlansPageQuery>) {
  return (
    <ListPage
      title="Instalment plans"
      description="Follow learners' instalments: overdue parts and paused access, due dates, waivers and cancellations."
      spec={PAYMENT_PLAN_LIST}
    >
      <InstalmentPlansContent queryRef={queryRef} />
    </ListPage>
  );
}

function InstalmentPlansContent({ queryRef }: { queryRef: PreloadedQuery<InstalmentPlansPageQuery> }) {
  const data = usePreloadedQuery<InstalmentPlansPageQuery>(query, queryRef);
  return <PaymentPlanList queryKey={data} />;
}
