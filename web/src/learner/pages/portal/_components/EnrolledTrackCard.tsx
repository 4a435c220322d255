import { graphql, useFragment } from "react-relay/hooks";
import { formatDate } from "../../../../shared/format/dates.ts";
import { trackPages } from "../../../../shared/routing/trackIds.ts";
import { BookIcon, ClockIcon } from "../../../../shared/ui/icons.tsx";
import { TrackCard } from "../../../../shared/ui/TrackCard.tsx";
import type { EnrolledTrackCard_enrollment$key } from "./__generated__/EnrolledTrackCard_enrollment.graphql.ts";
import styles from "./EnrolledTrackCard.module.css";

interface EnrolledTrackCardProps {
  enrollmentKey: EnrolledTrackCard_enrollment$key;
  aboveTheFold?: boolean;
}

/** One of the learner's tracks in the portal: its picture and name, opening the track's page. */
export function EnrolledTrackCard({ enrollmentKey, aboveTheFold = false }: EnrolledTrackCardProps) {
  const enrollment = useFragment(
    graphql`
      fragment EnrolledTrackCard_enrollment on Enrollment {
        createdAt
        status
        track {
          id
          name
          image
          instructor
          duration
          courseCount
        }
      }
    `,
    enrollmentKey,
  );
  const { track } = enrollment;
  return (
    <TrackCard
      name={track.name}
      image={track.image}
      to={trackPages.learnerDetails(track.id)}
      eager={aboveTheFold}
      density="compact"
      nameClassName={styles.name}
      eyebrow={<p className={styles.status}>{enrollment.status === "COMPLETED" ? "Completed" : "In progress"}</p>}
    >
      <p className={styles.instructor}>by {track.instructor}</p>
      <ul className={styles.facts}>
        <li>
          <BookIcon size={14} />
          {track.courseCount === 1 ? "1 course" : `${track.courseCount} courses`}
        </li>
        <li>
          <ClockIcon size={14} />
          {track.duration}
        </li>
      </ul>
      <p className={styles.enrolled}>
        Enrolled <time dateTime={enrollment.createdAt}>{formatDate(enrollment.createdAt)}</time>
      </p>
    </TrackCard>
  );
}
