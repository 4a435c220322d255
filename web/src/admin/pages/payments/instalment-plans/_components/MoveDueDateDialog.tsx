import { type FormEvent, useState } from "react";
import { graphql } from "react-relay/hooks";
import { formatDate } from "../../../../../shared/format/dates.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { TextField } from "../../../../../shared/ui/Field.tsx";
import { FormDialog } from "../../../../../shared/ui/FormDialog.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf, thrownMessage } from "../../../../components/failures.ts";
import styles from "../../../../components/ListLayout.module.css";
import type { MoveDueDateDialogMutation } from "./__generated__/MoveDueDateDialogMutation.graphql.ts";
import { type SchedulePart, utcToday } from "./schedule.ts";

export const MOVE_MESSAGES = {
  dueOn: "Choose a due date from today on.",
  failed: "Failed to move the due date.",
  moved: "Due date moved.",
} as const;

const mutation = graphql`
  mutation MoveDueDateDialogMutation($id: ID!, $dueOn: String!) {
    moveInstalmentDueDate(id: $id, dueOn: $dueOn) {
      __typename
      ... on InstalmentPayload {
        invoice {
          id
          dueDate
          status
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

interface MoveDueDateDialogProps {
  /** The part to move; the dialog is open while there is one. */
  part: SchedulePart | null;
  onOpenChange: (open: boolean) => void;
  onMoved: () => void;
}

/** Moves an unpaid later part's due date (today or later); the reminder, charge and grace period follow it. Audited. */
export function MoveDueDateDialog({ part, onOpenChange, onMoved }: MoveDueDateDialogProps) {
  // Mounted only while open, so every opening starts from the part's own date.
  return part ? <MoveForm part={part} onOpenChange={onOpenChange} onMoved={onMoved} /> : null;
}

function MoveForm({ part, onOpenChange, onMoved }: { part: SchedulePart; onOpenChange: (open: boolean) => void; onMoved: () => void }) {
  const [move, pending] = useAsyncMutation<MoveDueDateDialogMutation>(mutation);
  const today = utcToday();
  const [dueOn, setDueOn] = useState(part.dueDate && part.dueDate >= today ? part.dueDate : today);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const problem = !/^\d{4}-\d{2}-\d{2}$/.test(dueOn) || dueOn < today ? MOVE_MESSAGES.dueOn : null;
    setFieldError(problem);
    setError(null);
    if (problem) {
      document.getElementById("move-due-on")?.focus();
      return;
    }
    try {
      const result = (await move({ variables: { id: part.id, dueOn } })).moveInstalmentDueDate;
      const failure = failureOf(result, MOVE_MESSAGES.failed);
      if (failure) {
        setFieldError(failure.fieldErrors.dueOn ?? null);
        setError(failure.message);
        return;
      }
      toast.success(MOVE_MESSAGES.moved);
      onOpenChange(false);
      onMoved();
    } catch (thrown) {
      setError(thrownMessage(thrown, { fallback: MOVE_MESSAGES.failed }));
    }
  };

  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      title="Move due date"
      description="The reminder, the card charge and the grace period follow the new date; declined tries start again."
      submitLabel="Move due date"
      pending={pending}
      onSubmit={submit}
    >
      {error && <Alert tone="error">{error}</Alert>}
      <dl className={styles.details}>
        <dt>Part</dt>
        <dd>
          {part.partNumber} · {part.total.formatted}
        </dd>
        <dt>Due now</dt>
        <dd>{part.dueDate ? formatDate(part.dueDate) : "—"}</dd>
      </dl>
      <TextField
        id="move-due-on"
        label="New due date"
        type="date"
        required
        min={today}
        value={dueOn}
        error={fieldError}
        onChange={(event) => {
          setDueOn(event.target.value);
          setFieldError(null);
        }}
      />
    </FormDialog>
  );
}
