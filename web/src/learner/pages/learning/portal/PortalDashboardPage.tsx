import { useMemo } from "react";
import { graphql, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { PausedPayments, PaymentPlans, pausedPayments, usePaymentPlans } from "../../../instalments/PaymentPlans.tsx";
import { SessionGone } from "../../../portal/SessionGone.tsx";
import type { PortalDashboardPageQuery } from "./__generated__/PortalDashboardPageQuery.graphql.ts";
import { EnrolledTracks } from "./_components/EnrolledTracks.tsx";
import styles from "./PortalDashboardPage.module.css";

const query = graphql`
  query PortalDashboardPageQuery {
    me {
      ...EnrolledTracks_learner @alias(as: "learner")
    }
    ...PaymentPlans_query
  }
`;

/** The portal's Dashboard tab: the tracks the learner is enrolled in, and their instalment plans when they have any. */
export default function PortalDashboardPage({ queryRef }: QueryPageProps<PortalDashboardPageQuery>) {
  const data = usePreloadedQuery<PortalDashboardPageQuery>(query, queryRef);
  const { me } = data;
  const plans = usePaymentPlans(data);
  // Each paused track's card offers "Pay now" for its overdue part.
  const paused = useMemo(() => pausedPayments(plans.myPaymentPlans), [plans]);
  if (!me?.learner) return <SessionGone />;
  return (
    <section aria-labelledby="my-tracks-title">
      <title>My tracks · LearnHub</title>
      <h2 id="my-tracks-title" className={styles.title}>
        My tracks
      </h2>
      <PausedPayments.Provider value={paused}>
        <EnrolledTracks learnerKey={me.learner} />
      </PausedPayments.Provider>
      <PaymentPlans plans={plans} />
    </section>
  );
}
