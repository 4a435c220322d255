import { useState } from "react";
import { graphql } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Badge } from "../../../../../shared/ui/Badge.tsx";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import type { TrackStatusControlPublishMutation } from "./__generated__/TrackStatusControlPublishMutation.graphql.ts";
import type { TrackStatusControlUnpublishMutation } from "./__generated__/TrackStatusControlUnpublishMutation.graphql.ts";

export const TRACK_STATUS_MESSAGES = {
  publishFailed: "Failed to publish track.",
  unpublishFailed: "Failed to unpublish track.",
} as const;

const publishMutation = graphql`
  mutation TrackStatusControlPublishMutation($id: ID!) {
    publishTrack(id: $id) {
      __typename
      ... on TrackPayload {
        track {
          id
          status
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const unpublishMutation = graphql`
  mutation TrackStatusControlUnpublishMutation($id: ID!) {
    unpublishTrack(id: $id) {
      __typename
      ... on TrackPayload {
        track {
          id
          status
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

/** A track's status as a badge: Draft (seen by staff only) or Published. */
export function TrackStatusBadge({ status }: { status: string }) {
  return status === "DRAFT" ? <Badge tone="warning">Draft</Badge> : <Badge tone="success">Published</Badge>;
}

/** Publish a draft, or take a published track back to draft; staff who edit the catalogue only (the page decides). */
export function TrackStatusControl({ track }: { track: { id: string; status: string } }) {
  const [publish, publishing] = useAsyncMutation<TrackStatusControlPublishMutation>(publishMutation);
  const [unpublish, unpublishing] = useAsyncMutation<TrackStatusControlUnpublishMutation>(unpublishMutation);
  const [error, setError] = useState<string | null>(null);
  const draft = track.status === "DRAFT";
  const fallback = draft ? TRACK_STATUS_MESSAGES.publishFailed : TRACK_STATUS_MESSAGES.unpublishFailed;
  const run = async () => {
    setError(null);
    try {
      const variables = { id: track.id };
      const result = draft ? (await publish({ variables })).publishTrack : (await unpublish({ variables })).unpublishTrack;
      const failure = failureOf(result, fallback);
      if (failure) setError(failure.message);
    } catch (thrown) {
      setError(thrownMessage(thrown, { fallback }));
    }
  };
  return (
    <>
      <Button variant={draft ? "primary" : "secondary"} size="sm" loading={publishing || unpublishing} onClick={run}>
        {draft ? "Publish" : "Unpublish"}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </>
  );
}
