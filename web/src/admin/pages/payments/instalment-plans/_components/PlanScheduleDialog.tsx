import { useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { formatDate } from "../../../../../shared/format/dates.ts";
import { Badge } from "../../../../../shared/ui/Badge.tsx";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { Dialog, DialogClose } from "../../../../../shared/ui/Dialog.tsx";
import { InvoiceStatusBadge } from "../../../../components/InvoiceStatusBadge.tsx";
import styles from "../../../../components/ListLayout.module.css";
import type { PlanScheduleDialog_plan$key } from "./__generated__/PlanScheduleDialog_plan.graphql.ts";
import { CancelPlanDialog } from "./CancelPlanDialog.tsx";
import { MoveDueDateDialog } from "./MoveDueDateDialog.tsx";
import plans from "./PaymentPlans.module.css";
import { learnerOf, PlanStatus } from "./PaymentPlanTable.tsx";
import { isOverdue, type SchedulePart } from "./schedule.ts";
import { WaiveInstalmentDialog } from "./WaiveInstalmentDialog.tsx";

/** A part's invoice status; a voided part says whether it was waived (its reason follows under it). */
function PartStatus({ part }: { part: SchedulePart }) {
  if (part.status !== "VOID") return <InvoiceStatusBadge status={part.status} />;
  return <Badge tone="neutral">{part.voidReason?.startsWith("Instalment waived") ? "Waived" : "Void"}</Badge>;
}

interface PlanScheduleDialogProps {
  /** The plan shown; the dialog is open while there is one. */
  planKey: PlanScheduleDialog_plan$key | null;
  /** Finance and owners (`editInvoices`) may move, waive and cancel; other readers only look. */
  editable: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a part or the plan changed: the list's figures are the server's to recount. */
  onChanged: () => void;
}

/** A plan's parts with their due dates, amounts and states, and finance's actions on them. */
export function PlanScheduleDialog({ planKey, editable, onOpenChange, onChanged }: PlanScheduleDialogProps) {
  const plan = useFragment(
    graphql`
      fragment PlanScheduleDialog_plan on PaymentPlan {
        id
        status
        partCount
        overdueParts
        paused
        total {
          formatted
        }
        learner {
          fullName
        }
        track {
          name
        }
        parts {
          id
          number
          partNumber
          status
          dueDate
          paidAt
          voidReason
          total {
            formatted
          }
        }
      }
    `,
    planKey,
  );
  const [moving, setMoving] = useState<SchedulePart | null>(null);
  const [waiving, setWaiving] = useState<SchedulePart | null>(null);
  const [cancelling, setCancelling] = useState(false);
  if (!plan) return null;
  const who = learnerOf(plan);
  // Only a later, unpaid part of an active plan can be moved or waived (the first is the checkout).
  const changeable = (part: SchedulePart) =>
    editable && plan.status === "ACTIVE" && part.status === "PENDING" && (part.partNumber ?? 1) > 1;
  const cancellable = editable && (plan.status === "ACTIVE" || plan.status === "PENDING");
  const changed = () => onChanged();
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      size="wide"
      title={`${who}'s instalment plan`}
      description={`${plan.track?.name ?? "Track"} · ${plan.partCount} parts · ${plan.total.formatted}`}
      footer={
        <>
          {cancellable && (
            <Button variant="danger" onClick={() => setCancelling(true)}>
              Cancel plan
            </Button>
          )}
          <DialogClose asChild>
            <Button variant="secondary">Close</Button>
          </DialogClose>
        </>
      }
    >
      <PlanStatus plan={plan} />
      <ol className={plans.parts} aria-label="Parts">
        {plan.parts.map((part) => (
          <li key={part.id} className={plans.part}>
            <div className={styles.stack}>
              <span className={plans.partTitle}>
                Part {part.partNumber} of {plan.partCount} · <span className={styles.money}>{part.total.formatted}</span>
              </span>
              <span className={plans.partLine}>
                <span className={styles.muted}>
                  {part.dueDate ? `Due ${formatDate(part.dueDate)}` : "At checkout"}
                  {part.paidAt && part.status !== "PENDING" && ` · paid ${formatDate(part.paidAt)}`}
                </span>
                <PartStatus part={part} />
                {isOverdue(part) && <Badge tone="danger">Overdue</Badge>}
              </span>
              {part.voidReason && <span className={plans.note}>{part.voidReason}</span>}
              <span className={plans.note}>Invoice {part.number}</span>
            </div>
            {changeable(part) && (
              <div className={plans.partActions}>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setMoving(part)}
                  aria-label={`Move due date of part ${part.partNumber}`}
                >
                  Move due date
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setWaiving(part)} aria-label={`Waive part ${part.partNumber}`}>
                  Waive
                </Button>
              </div>
            )}
          </li>
        ))}
      </ol>
      <MoveDueDateDialog part={moving} onOpenChange={(next) => !next && setMoving(null)} onMoved={changed} />
      <WaiveInstalmentDialog part={waiving} who={who} onOpenChange={(next) => !next && setWaiving(null)} onWaived={changed} />
      <CancelPlanDialog
        plan={cancelling ? { id: plan.id, who, track: plan.track?.name ?? null } : null}
        onOpenChange={(next) => !next && setCancelling(false)}
        onCancelled={changed}
      />
    </Dialog>
  );
}
