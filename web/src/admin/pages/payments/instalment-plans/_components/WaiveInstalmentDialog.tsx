import { graphql } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { failureOf } from "../../../../components/failures.ts";
import styles from "../../../../components/ListLayout.module.css";
import type { WaiveInstalmentDialogMutation } from "./__generated__/WaiveInstalmentDialogMutation.graphql.ts";
import { ReasonFormDialog } from "./ReasonFormDialog.tsx";
import type { SchedulePart } from "./schedule.ts";

export const WAIVE_MESSAGES = { failed: "Failed to waive the instalment.", done: "Instalment waived." } as const;

const mutation = graphql`
  mutation WaiveInstalmentDialogMutation($id: ID!, $reason: String!) {
    waiveInstalment(id: $id, reason: $reason) {
      __typename
      ... on InstalmentPayload {
        invoice {
          id
          status
          voidReason
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

interface WaiveInstalmentDialogProps {
  /** The part to waive; the dialog is open while there is one. */
  part: SchedulePart | null;
  who: string;
  onOpenChange: (open: boolean) => void;
  onWaived: () => void;
}

/** Waives an unpaid later part: its invoice is voided with the reason, it counts as settled and paused access resumes. */
export function WaiveInstalmentDialog({ part, who, onOpenChange, onWaived }: WaiveInstalmentDialogProps) {
  const [waive] = useAsyncMutation<WaiveInstalmentDialogMutation>(mutation);
  if (!part) return null;
  return (
    <ReasonFormDialog
      title="Waive instalment"
      description="The learner will not pay this part: its invoice is voided with your reason (kept in the audit log) and paused access resumes. This cannot be undone."
      submitLabel="Waive instalment"
      placeholder="e.g. Scholarship agreed with the learner"
      details={
        <dl className={styles.details}>
          <dt>Learner</dt>
          <dd>{who}</dd>
          <dt>Part</dt>
          <dd>
            {part.partNumber} · {part.total.formatted}
          </dd>
        </dl>
      }
      onOpenChange={onOpenChange}
      onSubmit={async (reason) => failureOf((await waive({ variables: { id: part.id, reason } })).waiveInstalment, WAIVE_MESSAGES.failed)}
      messages={WAIVE_MESSAGES}
      onDone={onWaived}
    />
  );
}
