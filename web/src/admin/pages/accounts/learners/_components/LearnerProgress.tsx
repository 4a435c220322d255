import { graphql, useFragment } from "react-relay/hooks";
import { formatInstant } from "../../../../../shared/format/dates.ts";
import type { LearnerProgress_learner$key } from "./__generated__/LearnerProgress_learner.graphql.ts";
import dialogStyles from "./LearnerDetailsDialog.module.css";
import styles from "./LearnerProgress.module.css";

/** An instant as a date, or null when there is none (or it is not a time, e.g. a test double's placeholder). */
const dateOf = (instant: string | null | undefined) => (instant && !Number.isNaN(Date.parse(instant)) ? formatInstant(instant) : null);

export const LEARNER_PROGRESS_MESSAGES = { heading: "Progress", none: "Not enrolled in any track yet." } as const;

/**
 * The learner details dialog's progress per enrolled track: the percentage with a bar, lessons done of the total, the
 * last activity and the completion date. Loaded with the learner's enrollments in a fixed number of statements.
 */
export function LearnerProgress({ learnerKey }: { learnerKey: LearnerProgress_learner$key }) {
  const learner = useFragment(
    graphql`
      fragment LearnerProgress_learner on Learner {
        # The API's default page of 20 enrollments, as the dialog's Program Enrolled list.
        progressEnrollments: enrollments {
          edges {
            node {
              id
              status
              progress
              lessonsDone
              lessonCount
              lastActivityAt
              completedAt
              track {
                name
              }
            }
          }
        }
      }
    `,
    learnerKey,
  );
  const rows = learner.progressEnrollments.edges.map((e) => e.node);
  return (
    <section aria-labelledby="learner-progress" className={dialogStyles.section}>
      <h3 id="learner-progress" className={dialogStyles.heading}>
        {LEARNER_PROGRESS_MESSAGES.heading}
      </h3>
      {rows.length === 0 ? (
        <p className={dialogStyles.muted}>{LEARNER_PROGRESS_MESSAGES.none}</p>
      ) : (
        <ul className={styles.list}>
          {rows.map((row) => (
            <li key={row.id} className={styles.row}>
              <div className={styles.top}>
                <span className={styles.track}>{row.track.name}</span>
                <span className={styles.percent}>{row.progress}%</span>
              </div>
              <div
                className={styles.bar}
                role="progressbar"
                aria-label={`Progress in ${row.track.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={row.progress}
              >
                <span style={{ width: `${row.progress}%` }} />
              </div>
              <p className={styles.facts}>
                <span>
                  {row.lessonsDone} of {row.lessonCount} lessons done
                </span>
                <span>Last activity: {dateOf(row.lastActivityAt) ?? "none yet"}</span>
                {dateOf(row.completedAt) && <span>Completed {dateOf(row.completedAt)}</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
