import { type FormEvent, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { Card } from "../../../../../shared/ui/Card.tsx";
import { TextArea } from "../../../../../shared/ui/Field.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf } from "../../../../components/failures.ts";
import { mayEditCoursesOf, useViewer } from "../../../../staff/AdminViewer.ts";
import type { TrackOutcomes_track$key } from "./__generated__/TrackOutcomes_track.graphql.ts";
import type { TrackOutcomesMutation } from "./__generated__/TrackOutcomesMutation.graphql.ts";

export const OUTCOMES_MESSAGES = { saved: "Bullets saved.", failed: "Failed to save the bullets." } as const;

const mutation = graphql`
  mutation TrackOutcomesMutation($trackId: ID!, $outcomes: [String!]!) {
    updateTrackOutcomes(trackId: $trackId, outcomes: $outcomes) {
      __typename
      ... on TrackPayload {
        track {
          id
          outcomes
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

/** The track's "What you'll learn" bullets, one a line, as its public page lists them. */
export function TrackOutcomes({ trackKey }: { trackKey: TrackOutcomes_track$key }) {
  const track = useFragment(
    graphql`
      fragment TrackOutcomes_track on Track {
        id
        outcomes
      }
    `,
    trackKey,
  );
  // A list from the API; anything else (a test double's placeholder) reads as none.
  const outcomes: readonly string[] = Array.isArray(track.outcomes) ? track.outcomes : [];
  const viewer = useViewer();
  const mayEdit = mayEditCoursesOf(viewer, track.id);
  const [text, setText] = useState(outcomes.join("\n"));
  const [save, saving] = useAsyncMutation<TrackOutcomesMutation>(mutation);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const lines = text
      .split("\n")
      .map((line) => line.trim())
      .filter(Boolean);
    try {
      const result = await save({ variables: { trackId: track.id, outcomes: lines } });
      const failure = failureOf(result.updateTrackOutcomes, OUTCOMES_MESSAGES.failed);
      if (failure) return toast.error(failure.message);
      toast.success(OUTCOMES_MESSAGES.saved);
    } catch {
      toast.error(OUTCOMES_MESSAGES.failed);
    }
  }

  return (
    <Card as="section" aria-labelledby="track-outcomes">
      <h2 id="track-outcomes">What you'll learn</h2>
      {mayEdit ? (
        <form onSubmit={submit} style={{ display: "grid", gap: "var(--space-1-5)", marginTop: "var(--space-1-5)" }}>
          <TextArea
            id="track-outcomes-text"
            label="Bullets, one a line (up to 12)"
            rows={6}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button type="submit" loading={saving} style={{ justifySelf: "start" }}>
            Save bullets
          </Button>
        </form>
      ) : outcomes.length > 0 ? (
        <ul>
          {outcomes.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two bullets may say the same thing
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : (
        <p>No bullets yet.</p>
      )}
    </Card>
  );
}
