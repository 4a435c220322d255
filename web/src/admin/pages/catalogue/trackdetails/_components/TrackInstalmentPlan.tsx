import { useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { Card } from "../../../../../shared/ui/Card.tsx";
import { ConfirmDialog } from "../../../../../shared/ui/ConfirmDialog.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf } from "../../../../components/failures.ts";
import type { TrackInstalmentPlan_track$key } from "./__generated__/TrackInstalmentPlan_track.graphql.ts";
import type { TrackInstalmentPlanRemoveMutation } from "./__generated__/TrackInstalmentPlanRemoveMutation.graphql.ts";
import { InstalmentPlanDialog } from "./InstalmentPlanDialog.tsx";
import { ScheduleTable } from "./InstalmentSchedule.tsx";
import styles from "./TrackInstalmentPlan.module.css";

export const INSTALMENT_PLAN_MESSAGES = {
  heading: "Instalment plan",
  none: "Sold in full only. Add a plan to let learners pay in parts.",
  free: "A free track has no instalments.",
  removed: "Instalment plan removed.",
  removeFailed: "Failed to remove the instalment plan.",
} as const;

const removeMutation = graphql`
  mutation TrackInstalmentPlanRemoveMutation($id: ID!) {
    removeInstalmentPlan(id: $id) {
      __typename
      ... on TrackPayload {
        track {
          id
          ...TrackInstalmentPlan_track
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

export const intervalWord = (interval: string, parts: number) =>
  interval === "WEEKLY" ? `${parts} weekly parts` : `${parts} monthly parts`;

/**
 * The track's instalment plan (docs/payments.md, "Instalments"): its terms and the schedule of a purchase today, and for
 * staff who edit the catalogue Add / Edit (parts, interval, first part, with a preview) and Remove. Plans learners
 * already bought keep their own amounts and dates.
 */
export function TrackInstalmentPlan({ trackKey, editable }: { trackKey: TrackInstalmentPlan_track$key; editable: boolean }) {
  const track = useFragment(
    graphql`
      fragment TrackInstalmentPlan_track on Track {
        id
        priceCents
        currency
        priceMoney {
          formatted
        }
        instalmentPlan {
          parts
          interval
          firstAmount {
            amount
            formatted
          }
          schedule {
            number
            dueOn
            amount {
              formatted
            }
          }
        }
      }
    `,
    trackKey,
  );
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [remove] = useAsyncMutation<TrackInstalmentPlanRemoveMutation>(removeMutation);
  const plan = track.instalmentPlan;
  const free = track.priceCents === 0;
  return (
    <Card as="section" aria-labelledby="track-instalments">
      <div className={styles.heading}>
        <h2 id="track-instalments" className={styles.title}>
          {INSTALMENT_PLAN_MESSAGES.heading}
        </h2>
        {editable && !free && (
          <div className={styles.actions}>
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              {plan ? "Edit plan" : "Add instalment plan"}
            </Button>
            {plan && (
              <Button variant="ghost" size="sm" onClick={() => setRemoving(true)}>
                Remove plan
              </Button>
            )}
          </div>
        )}
      </div>
      {!plan ? (
        <p className={styles.muted}>{free ? INSTALMENT_PLAN_MESSAGES.free : INSTALMENT_PLAN_MESSAGES.none}</p>
      ) : (
        <>
          <p className={styles.summary}>
            Pay {track.priceMoney.formatted} in {intervalWord(plan.interval, plan.parts)}, the first {plan.firstAmount.formatted}.
          </p>
          <ScheduleTable caption="Schedule of a purchase today" parts={plan.schedule.map((p) => ({ ...p, amount: p.amount.formatted }))} />
        </>
      )}
      {editing && (
        <InstalmentPlanDialog
          track={{ id: track.id, priceMinor: track.priceCents, currency: track.currency, price: track.priceMoney.formatted }}
          plan={plan ? { parts: plan.parts, interval: plan.interval, firstAmount: plan.firstAmount.amount } : null}
          onOpenChange={setEditing}
        />
      )}
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title="Remove instalment plan"
        description="The track is then sold in full only. Learners who already pay in instalments keep their plans."
        confirmLabel="Remove plan"
        onConfirm={async () => {
          const result = (await remove({ variables: { id: track.id } })).removeInstalmentPlan;
          const failure = failureOf(result, INSTALMENT_PLAN_MESSAGES.removeFailed);
          if (failure) throw new Error(failure.message);
          toast.success(INSTALMENT_PLAN_MESSAGES.removed);
        }}
      />
    </Card>
  );
}
