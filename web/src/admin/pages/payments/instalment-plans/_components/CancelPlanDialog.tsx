import { graphql } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { failureOf } from "../../../../components/failures.ts";
import styles from "../../../../components/ListLayout.module.css";
import type { CancelPlanDialogMutation } from "./__generated__/CancelPlanDialogMutation.graphql.ts";
import { ReasonFormDialog } from "./ReasonFormDialog.tsx";

export const CANCEL_PLAN_MESSAGES = { failed: "Failed to cancel the plan.", done: "Plan cancelled." } as const;

const mutation = graphql`
  mutation CancelPlanDialogMutation($id: ID!, $reason: String!) {
    cancelPaymentPlan(id: $id, reason: $reason) {
      __typename
      ... on PaymentPlanPayload {
        plan {
          id
          status
          ...PlanScheduleDialog_plan
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

interface CancelPlanDialogProps {
  /** The plan to cancel; the dialog is open while there is one. */
  plan: { id: string; who: string; track: string | null } | null;
  onOpenChange: (open: boolean) => void;
  onCancelled: () => void;
}

/** Cancels a plan: its unpaid parts are voided with the reason, paid parts stay paid (refund them per invoice). */
export function CancelPlanDialog({ plan, onOpenChange, onCancelled }: CancelPlanDialogProps) {
  const [cancel] = useAsyncMutation<CancelPlanDialogMutation>(mutation);
  if (!plan) return null;
  return (
    <ReasonFormDialog
      title="Cancel plan"
      description="Its unpaid parts are voided with your reason and nothing more is charged; paid parts stay paid (refund them from Invoices). Paused access resumes. This cannot be undone."
      submitLabel="Cancel plan"
      placeholder="e.g. Learner withdrew from the track"
      details={
        <dl className={styles.details}>
          <dt>Learner</dt>
          <dd>{plan.who}</dd>
          <dt>Track</dt>
          <dd>{plan.track ?? "—"}</dd>
        </dl>
      }
      onOpenChange={onOpenChange}
      onSubmit={async (reason) =>
        failureOf((await cancel({ variables: { id: plan.id, reason } })).cancelPaymentPlan, CANCEL_PLAN_MESSAGES.failed)
      }
      messages={CANCEL_PLAN_MESSAGES}
      onDone={onCancelled}
    />
  );
}
