import { useState } from "react";
import { graphql } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Badge } from "../../../../../shared/ui/Badge.tsx";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import type { TrackArchiveRestoreMutation } from "./__generated__/TrackArchiveRestoreMutation.graphql.ts";

export const TRACK_ARCHIVE_MESSAGES = {
  restoreFailed: "Failed to restore track.",
  archivedNote: "Archived: not in the catalogue or checkout; enrolled learners keep access.",
} as const;

const restoreMutation = graphql`
  mutation TrackArchiveRestoreMutation($id: ID!) {
    restoreTrack(id: $id) {
      __typename
      ... on TrackPayload {
        track {
          id
          archivedAt
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

/** An archived track's mark: deleted while it had learners or invoices, so kept (docs/ARCHITECTURE.md, "Archiving"). */
export function ArchivedBadge() {
  return <Badge tone="neutral">Archived</Badge>;
}

/** Brings an archived track back to the catalogue and checkout; staff who edit the catalogue only (the page decides). */
export function RestoreTrackButton({ track }: { track: { id: string; name: string } }) {
  const [restore, restoring] = useAsyncMutation<TrackArchiveRestoreMutation>(restoreMutation);
  const [error, setError] = useState<string | null>(null);
  const run = async () => {
    setError(null);
    try {
      const result = (await restore({ variables: { id: track.id } })).restoreTrack;
      const failure = failureOf(result, TRACK_ARCHIVE_MESSAGES.restoreFailed);
      if (failure) setError(failure.message);
      else toast.success(`Track "${track.name}" restored.`);
    } catch (thrown) {
      setError(thrownMessage(thrown, { fallback: TRACK_ARCHIVE_MESSAGES.restoreFailed }));
    }
  };
  return (
    <>
      <Button variant="secondary" size="sm" loading={restoring} onClick={run}>
        Restore
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </>
  );
}
