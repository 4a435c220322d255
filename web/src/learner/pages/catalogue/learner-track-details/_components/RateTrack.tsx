import { useId, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { cx } from "../../../../../shared/ui/cx.ts";
import { Spinner } from "../../../../../shared/ui/Spinner.tsx";
import { StarIcon } from "../../../../../shared/ui/StarIcon.tsx";
import type { RateTrack_track$key } from "./__generated__/RateTrack_track.graphql.ts";
import type { RateTrackMutation } from "./__generated__/RateTrackMutation.graphql.ts";
import styles from "./RateTrack.module.css";

// The payload's track carries the new average and count; Relay updates the track record by id, so the banner's
// stars change without a refetch.
const mutation = graphql`
  mutation RateTrackMutation($trackId: ID!, $value: Int!) {
    rateTrack(trackId: $trackId, value: $value) {
      __typename
      ... on TrackPayload {
        track {
          id
          averageRating
          reviewCount
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const labels = ["Poor", "Fair", "Good", "Very good", "Excellent"];

type Outcome = { tone: "success" | "error"; text: string };

/** Enrolled learners rate the track from 1 to 5; rating again replaces their rating. */
export function RateTrack({ trackKey }: { trackKey: RateTrack_track$key }) {
  const track = useFragment(
    graphql`
      fragment RateTrack_track on Track {
        id
        name
      }
    `,
    trackKey,
  );
  const name = useId();
  const [value, setValue] = useState<number | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [rate, isRating] = useAsyncMutation<RateTrackMutation>(mutation);

  const choose = async (stars: number) => {
    setValue(stars);
    setOutcome(null);
    try {
      const { rateTrack: result } = await rate({ variables: { trackId: track.id, value: stars } });
      if (result.__typename === "TrackPayload") {
        setOutcome({ tone: "success", text: `Thanks! You rated this track ${stars} out of 5.` });
      } else {
        setOutcome({ tone: "error", text: result.failure?.message || "Your rating could not be saved." });
      }
    } catch {
      setOutcome({ tone: "error", text: "An error occurred. Please try again." });
    }
  };

  const shown = hovered ?? value ?? 0;
  return (
    <section className={styles.panel} aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`} className={styles.title}>
        Rate this track
      </h2>
      <fieldset className={styles.fieldset} disabled={isRating} onMouseLeave={() => setHovered(null)}>
        <legend className={styles.legend}>How would you rate {track.name}?</legend>
        <div className={styles.stars}>
          {labels.map((label, i) => {
            const stars = i + 1;
            return (
              <label key={label} className={cx(styles.star, stars <= shown && styles.on)} onMouseEnter={() => setHovered(stars)}>
                <input
                  type="radio"
                  name={name}
                  value={stars}
                  className="visually-hidden"
                  checked={value === stars}
                  onChange={() => choose(stars)}
                />
                <StarIcon size={30} filled={stars <= shown} />
                <span className="visually-hidden">
                  {stars} {stars === 1 ? "star" : "stars"}, {label}
                </span>
              </label>
            );
          })}
          <span className={styles.caption} aria-hidden="true">
            {shown > 0 ? labels[shown - 1] : "Select a rating"}
          </span>
          {isRating && <Spinner size="sm" label="Saving your rating..." />}
        </div>
      </fieldset>
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
    </section>
  );
}
