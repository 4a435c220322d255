import { graphql, useFragment } from "react-relay/hooks";
import { formatDate } from "../../../../../shared/format/dates.ts";
import { playerPath } from "../../../../../shared/routing/lessonPages.ts";
import { trackPages } from "../../../../../shared/routing/trackIds.ts";
import { ButtonLink } from "../../../../../shared/ui/Button.tsx";
import { BookIcon, ClockIcon } from "../../../../../shared/ui/icons.tsx";
import { TrackCard } from "../../../../../shared/ui/TrackCard.tsx";
import { PausedTrack } from "../../../../instalments/PausedTrack.tsx";
import type { EnrolledTrackCard_enrollment$key } from "./__generated__/EnrolledTrackCard_enrollment.graphql.ts";
import { CertificateLinks } from "./CertificateLinks.tsx";
import styles from "./EnrolledTrackCard.module.css";

interface EnrolledTrackCardProps {
  enrollmentKey: EnrolledTrackCard_enrollment$key;
  aboveTheFold?: boolean;
}

/**
 * One of the learner's tracks in the portal: its picture and name, opening the track's page; the share of its lessons
 * done, and Continue, which resumes the lesson last opened (the first lesson before any).
 */
export function EnrolledTrackCard({ enrollmentKey, aboveTheFold = false }: EnrolledTrackCardProps) {
  const enrollment = useFragment(
    graphql`
      fragment EnrolledTrackCard_enrollment on Enrollment {
        createdAt
        status
        progress
        continueLessonId
        pausedReason
        certificate {
          ...CertificateLinks_certificate
        }
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
      eyebrow={
        <p className={styles.status}>
          {enrollment.status === "COMPLETED" ? "Completed" : enrollment.progress === 0 ? "Not started" : "In progress"}
        </p>
      }
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
      <div className={styles.progress}>
        <div
          className={styles.bar}
          role="progressbar"
          aria-label={`Progress in ${track.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={enrollment.progress}
        >
          <span style={{ width: `${enrollment.progress}%` }} />
        </div>
        <span className={styles.percent}>{enrollment.progress}% complete</span>
      </div>
      {enrollment.pausedReason != null && <PausedTrack trackId={track.id} trackName={track.name} reason={enrollment.pausedReason} />}
      {enrollment.certificate && <CertificateLinks certificateKey={enrollment.certificate} trackName={track.name} />}
      <p className={styles.enrolled}>
        Enrolled <time dateTime={enrollment.createdAt}>{formatDate(enrollment.createdAt)}</time>
      </p>
      {enrollment.continueLessonId && (
        <ButtonLink
          to={playerPath(track.id, enrollment.continueLessonId)}
          size="sm"
          className={styles.continue}
          aria-label={`Continue ${track.name}`}
        >
          {enrollment.progress === 0 ? "Start" : "Continue"}
        </ButtonLink>
      )}
    </TrackCard>
  );
}
