import { graphql, useFragment } from "react-relay/hooks";
import { Link } from "react-router-dom";
import { formatDate } from "../../../../shared/format/dates.ts";
import { trackPages } from "../../../../shared/routing/trackIds.ts";
import { BookIcon, ClockIcon } from "../../../../shared/ui/icons.tsx";
import { TrackCover } from "../../../tracks/TrackCover.tsx";
import type { EnrolledCourseCard_enrollment$key } from "./__generated__/EnrolledCourseCard_enrollment.graphql.ts";
import styles from "./EnrolledCourseCard.module.css";

interface EnrolledCourseCardProps {
  enrollmentKey: EnrolledCourseCard_enrollment$key;
  aboveTheFold?: boolean;
}

/** One of the learner's tracks in the portal: its picture and name, opening the track's page. */
export function EnrolledCourseCard({ enrollmentKey, aboveTheFold = false }: EnrolledCourseCardProps) {
  const enrollment = useFragment(
    graphql`
      fragment EnrolledCourseCard_enrollment on Enrollment {
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
    <article className={styles.card}>
      <TrackCover src={track.image} eager={aboveTheFold} />
      <div className={styles.body}>
        <p className={styles.status}>{enrollment.status === "COMPLETED" ? "Completed" : "In progress"}</p>
        <h3 className={styles.title}>
          <Link to={trackPages.learnerDetails(track.id)} className={styles.link}>
            {track.name}
          </Link>
        </h3>
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
      </div>
    </article>
  );
}
