import { graphql, useFragment } from "react-relay/hooks";
import { Card } from "../../../../../shared/ui/Card.tsx";
import type { TrackLearningStats_track$key } from "./__generated__/TrackLearningStats_track.graphql.ts";
import styles from "./TrackLearningStats.module.css";

export const LEARNING_STATS_LABELS = {
  heading: "Learning",
  enrolled: "Enrolled",
  started: "Started",
  finished: "Finished",
  median: "Median progress",
} as const;

/**
 * How the track's learners are doing: enrolled, started (opened or finished a lesson), finished (100 %) and the median
 * progress. The API answers them to owners, managers and the track's assigned instructors; for anyone else the card is
 * not shown.
 */
export function TrackLearningStats({ trackKey }: { trackKey: TrackLearningStats_track$key }) {
  const { learningStats: stats } = useFragment(
    graphql`
      fragment TrackLearningStats_track on Track {
        learningStats {
          enrolled
          started
          finished
          medianProgress
        }
      }
    `,
    trackKey,
  );
  if (!stats) return null;
  const figures = [
    [LEARNING_STATS_LABELS.enrolled, String(stats.enrolled)],
    [LEARNING_STATS_LABELS.started, String(stats.started)],
    [LEARNING_STATS_LABELS.finished, String(stats.finished)],
    [LEARNING_STATS_LABELS.median, stats.medianProgress == null ? "—" : `${Math.round(stats.medianProgress)}%`],
  ] as const;
  return (
    <Card as="section" aria-labelledby="track-learning">
      <h2 id="track-learning" className={styles.title}>
        {LEARNING_STATS_LABELS.heading}
      </h2>
      <dl className={styles.figures}>
        {figures.map(([label, value]) => (
          <div key={label} className={styles.figure}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
