import { graphql } from "react-relay/hooks";
import { ConnectionHandler, ROOT_ID } from "relay-runtime";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { DeleteDialog } from "../../../../components/DeleteDialog.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import type { DeleteTrackDialogMutation } from "./__generated__/DeleteTrackDialogMutation.graphql.ts";
import styles from "./DeleteTrackDialog.module.css";

export const DELETE_TRACK_FAILED = "Failed to delete track.";

const mutation = graphql`
  mutation DeleteTrackDialogMutation($id: ID!, $connections: [ID!]!) {
    deleteTrack(id: $id) {
      __typename
      ... on DeletePayload {
        deletedId @deleteEdge(connections: $connections)
        archived
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

interface DeleteTrackDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  track: { id: string; name: string; courseCount: number };
  onDeleted: () => void;
}

/** Confirm Deletion: deleting a track removes its courses and enrollments too, so the dialog says so. */
export function DeleteTrackDialog({ open, onOpenChange, track, onDeleted }: DeleteTrackDialogProps) {
  const [deleteTrack] = useAsyncMutation<DeleteTrackDialogMutation>(mutation);
  // The Manage Tracks grid as its route first shows it (no search).
  const connections = [ConnectionHandler.getConnectionID(ROOT_ID, "TrackCatalogue_tracks", { search: "" })];
  return (
    <DeleteDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Confirm Deletion"
      confirmLabel="Delete track"
      onDelete={async () => {
        let result: DeleteTrackDialogMutation["response"]["deleteTrack"];
        try {
          result = (await deleteTrack({ variables: { id: track.id, connections } })).deleteTrack;
        } catch (failure) {
          throw new Error(thrownMessage(failure, { fallback: DELETE_TRACK_FAILED }));
        }
        const failure = failureOf(result, DELETE_TRACK_FAILED);
        if (failure) throw new Error(failure.message);
        return result.__typename === "DeletePayload" && result.archived
          ? `Track "${track.name}" archived: it has learners or invoices, so it was kept.`
          : `Track "${track.name}" deleted.`;
      }}
      onDeleted={onDeleted}
    >
      <p className={styles.text}>
        Delete <strong>{track.name}</strong>
        {track.courseCount > 0 && ` and its ${track.courseCount} ${track.courseCount === 1 ? "course" : "courses"}`}? Learners enrolled in
        it lose access; its invoices are kept. A track with enrollments or invoices is archived instead: enrolled learners keep access, and
        it can be restored.
      </p>
    </DeleteDialog>
  );
}
