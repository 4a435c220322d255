import { graphql, usePaginationFragment } from "react-relay/hooks";
import { Button, ButtonLink } from "../../../../../shared/ui/Button.tsx";
import { EmptyState } from "../../../../../shared/ui/EmptyState.tsx";
import { GraduationIcon } from "../../../../../shared/ui/icons.tsx";
import type { EnrolledTracks_learner$key } from "./__generated__/EnrolledTracks_learner.graphql.ts";
import type { EnrolledTracksPaginationQuery } from "./__generated__/EnrolledTracksPaginationQuery.graphql.ts";
import { EnrolledTrackCard } from "./EnrolledTrackCard.tsx";
import styles from "./EnrolledTracks.module.css";

/**
 * The tracks the learner is enrolled in, newest first, 9 at a time (three rows; more would exceed the API's query-cost
 * limit). Under the key ENROLLMENTS_CONNECTION (connections.ts), a free enrollment made at checkout is prepended.
 */
export function EnrolledTracks({ learnerKey }: { learnerKey: EnrolledTracks_learner$key }) {
  const { data, hasNext, loadNext, isLoadingNext } = usePaginationFragment<EnrolledTracksPaginationQuery, EnrolledTracks_learner$key>(
    graphql`
      fragment EnrolledTracks_learner on Learner
      @refetchable(queryName: "EnrolledTracksPaginationQuery")
      @argumentDefinitions(count: { type: "Int", defaultValue: 9 }, cursor: { type: "String" }) {
        enrollments(first: $count, after: $cursor) @connection(key: "EnrolledTracks_enrollments") {
          edges {
            node {
              id
              ...EnrolledTrackCard_enrollment
            }
          }
        }
      }
    `,
    learnerKey,
  );
  const { edges } = data.enrollments;
  if (edges.length === 0) {
    return (
      <div className={styles.empty}>
        <EmptyState
          icon={<GraduationIcon />}
          headingLevel={3}
          title="You are not enrolled in any courses yet."
          description="Browse the catalogue and enroll in a track to start learning."
          action={<ButtonLink to="/learner-tracks">Browse tracks</ButtonLink>}
        />
      </div>
    );
  }
  return (
    <>
      <ul className={styles.grid}>
        {edges.map(({ node }, i) => (
          <li key={node.id}>
            <EnrolledTrackCard enrollmentKey={node} aboveTheFold={i < 3} />
          </li>
        ))}
      </ul>
      {hasNext && (
        <div className={styles.more}>
          <Button variant="secondary" loading={isLoadingNext} onClick={() => loadNext(9)}>
            Show more courses
          </Button>
        </div>
      )}
    </>
  );
}
