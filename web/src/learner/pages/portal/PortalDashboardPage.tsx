import { graphql, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../shared/routing/pageRoute.tsx";
import type { PortalDashboardPageQuery } from "./__generated__/PortalDashboardPageQuery.graphql.ts";
import { EnrolledCourses } from "./_components/EnrolledCourses.tsx";
import { SessionGone } from "./_components/SessionGone.tsx";
import styles from "./PortalDashboardPage.module.css";

const query = graphql`
  query PortalDashboardPageQuery {
    me {
      ...EnrolledCourses_learner @alias(as: "learner")
    }
  }
`;

/** The portal's Dashboard tab: the tracks the learner is enrolled in. */
export default function PortalDashboardPage({ queryRef }: QueryPageProps<PortalDashboardPageQuery>) {
  const { me } = usePreloadedQuery<PortalDashboardPageQuery>(query, queryRef);
  if (!me?.learner) return <SessionGone />;
  return (
    <section aria-labelledby="my-courses-title">
      <title>My courses · LearnHub</title>
      <h2 id="my-courses-title" className={styles.title}>
        My courses
      </h2>
      <EnrolledCourses learnerKey={me.learner} />
    </section>
  );
}
