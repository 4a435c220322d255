import { type FormEvent, useEffect, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { FormDialog } from "../../../../../shared/ui/FormDialog.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import formStyles from "../../../../components/forms.module.css";
import styles from "../StaffPage.module.css";
import type { InstructorTracksDialog_query$key } from "./__generated__/InstructorTracksDialog_query.graphql.ts";
import type { InstructorTracksDialogMutation } from "./__generated__/InstructorTracksDialogMutation.graphql.ts";
import type { StaffTable_staff$data } from "./__generated__/StaffTable_staff.graphql.ts";

const mutation = graphql`
  mutation InstructorTracksDialogMutation($id: ID!, $trackIds: [ID!]!) {
    setInstructorTracks(id: $id, trackIds: $trackIds) {
      __typename
      ... on Admin {
        ...StaffTable_staff @alias
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const FAILED = "Could not save the tracks.";

/** Chooses the tracks whose courses an instructor may edit (all tracks, as checkboxes). */
export function InstructorTracksDialog({
  member,
  tracksKey,
  onOpenChange,
}: {
  member: StaffTable_staff$data[number] | null;
  tracksKey: InstructorTracksDialog_query$key;
  onOpenChange: (open: boolean) => void;
}) {
  const { tracks } = useFragment(
    graphql`
      fragment InstructorTracksDialog_query on Query @argumentDefinitions(first: { type: "Int", defaultValue: 100 }) {
        tracks(first: $first) {
          edges {
            node {
              id
              name
            }
          }
        }
      }
    `,
    tracksKey,
  );
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [save, saving] = useAsyncMutation<InstructorTracksDialogMutation>(mutation);
  useEffect(() => {
    if (!member) return;
    setChosen(new Set(member.assignedTracks.map((t) => t.id)));
    setError(null);
  }, [member]);

  const toggle = (id: string, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!member || saving) return;
    setError(null);
    try {
      const { setInstructorTracks: result } = await save({ variables: { id: member.id, trackIds: [...chosen] } });
      const failure = failureOf(result, FAILED);
      if (failure) {
        setError(failure.message);
        return;
      }
      toast.success(`Tracks of ${member.fullName} saved.`);
      onOpenChange(false);
    } catch (failure) {
      setError(thrownMessage(failure, { fallback: FAILED }));
    }
  };

  return (
    <FormDialog
      open={member !== null}
      onOpenChange={onOpenChange}
      title="Instructor's tracks"
      description={member ? `${member.fullName} may edit the courses of the tracks ticked here.` : undefined}
      submitLabel="Save tracks"
      pending={saving}
      onSubmit={submit}
    >
      {error && <Alert tone="error">{error}</Alert>}
      <fieldset className={styles.checkboxes}>
        <legend className="visually-hidden">Tracks</legend>
        {tracks.edges.length === 0 && <p>There are no tracks yet.</p>}
        {tracks.edges.map(({ node }) => (
          <label key={node.id} className={formStyles.checkbox}>
            <input type="checkbox" checked={chosen.has(node.id)} onChange={(event) => toggle(node.id, event.target.checked)} />
            {node.name}
          </label>
        ))}
      </fieldset>
    </FormDialog>
  );
}
