import { graphql, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { SessionGone } from "../../../portal/SessionGone.tsx";
import type { PortalDashboardPageQuery } from "./__generated__/PortalDashboardPageQuery.graphql.ts";
import { EnrolledTracks } from "./_components/EnrolledTracks.tsx";
import styles from "./PortalDashboardPage.module.css";

const query = graphql`
  query PortalDashboardPageQuery {
    me {
      ...EnrolledTracks_learner @alias(as: "learner")
    }
  }
`;

/** The portal's Dashboard tab: the tracks the learner is enrolled in. */
export default function PortalDashboardPage({ queryRef }: QueryPageProps<PortalDashboardPageQuery>) {
  const { me } = usePreloadedQuery<PortalDashboardPageQuery>(query, queryRef);
  if (!me?.learner) return <SessionGone />;
  return (
    <section aria-labelledby="my-tracks-title">
      <title>My tracks · LearnHub</title>
      <h2 id="my-tracks-title" className={styles.title}>
        My tracks
      </h2>
      <EnrolledTracks learnerKey={me.learner} />
    </section>
  );
}
