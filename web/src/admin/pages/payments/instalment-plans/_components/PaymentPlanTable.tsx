import { graphql, useFragment } from "react-relay/hooks";
import { formatDate } from "../../../../../shared/format/dates.ts";
import { Avatar } from "../../../../../shared/ui/Avatar.tsx";
import { Badge } from "../../../../../shared/ui/Badge.tsx";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { type Column, Table } from "../../../../../shared/ui/Table.tsx";
import styles from "../../../../components/ListLayout.module.css";
import type { PaymentPlanTable_plans$data, PaymentPlanTable_plans$key } from "./__generated__/PaymentPlanTable_plans.graphql.ts";
import plans from "./PaymentPlans.module.css";

export const NO_PLANS = "No instalment plans found.";

type Plan = PaymentPlanTable_plans$data[number];

const STATUS = {
  PENDING: { tone: "neutral", label: "Awaiting part 1" },
  ACTIVE: { tone: "info", label: "Active" },
  COMPLETED: { tone: "success", label: "Completed" },
  CANCELLED: { tone: "neutral", label: "Cancelled" },
} as const;

export const learnerOf = (plan: { learner: { fullName: string } | null | undefined }) => plan.learner?.fullName ?? "Deleted learner";

/** A plan's status, its overdue parts and whether the learner's access is paused, in words and colour. */
export function PlanStatus({ plan }: { plan: { status: string; overdueParts: number; paused: boolean } }) {
  const look = STATUS[plan.status as keyof typeof STATUS] ?? { tone: "neutral" as const, label: plan.status };
  return (
    <span className={plans.badges}>
      <Badge tone={look.tone}>{look.label}</Badge>
      {plan.overdueParts > 0 && <Badge tone="danger">{plan.overdueParts} overdue</Badge>}
      {plan.paused && <Badge tone="warning">Access paused</Badge>}
    </span>
  );
}

/** LEARNER, TRACK, PAID (parts), TOTAL, NEXT DUE, STATUS, ACTION (the plan's schedule). */
export function PaymentPlanTable({ plansKey, onOpen }: { plansKey: PaymentPlanTable_plans$key; onOpen: (id: string) => void }) {
  const rows = useFragment(
    graphql`
      fragment PaymentPlanTable_plans on PaymentPlan @relay(plural: true) {
        id
        status
        partCount
        paidParts
        waivedParts
        nextDueOn
        overdueParts
        paused
        total {
          formatted
        }
        learner {
          fullName
          email
          image
        }
        track {
          name
        }
      }
    `,
    plansKey,
  );
  const columns: Column<Plan>[] = [
    {
      key: "learner",
      header: "Learner",
      cell: (plan) => (
        <span className={styles.person}>
          <Avatar name={learnerOf(plan)} src={plan.learner?.image} size="sm" />
          <span className={styles.stack}>
            <span className={styles.personName}>{learnerOf(plan)}</span>
            {plan.learner && <span className={styles.personEmail}>{plan.learner.email}</span>}
          </span>
        </span>
      ),
    },
    { key: "track", header: "Track", cell: (plan) => plan.track?.name ?? "—" },
    {
      key: "paid",
      header: "Paid",
      cell: (plan) => (
        <span className={styles.nowrap}>
          {plan.paidParts} of {plan.partCount}
          {/* Parts voided: waived one by one, or all those left when the plan was cancelled. */}
          {plan.waivedParts > 0 && (
            <span className={styles.muted}>
              {" "}
              · {plan.waivedParts} {plan.status === "CANCELLED" ? "voided" : "waived"}
            </span>
          )}
        </span>
      ),
    },
    { key: "total", header: "Total", align: "end", cell: (plan) => <span className={styles.money}>{plan.total.formatted}</span> },
    {
      key: "next",
      header: "Next due",
      cell: (plan) => <span className={styles.nowrap}>{plan.nextDueOn ? formatDate(plan.nextDueOn) : "—"}</span>,
    },
    { key: "status", header: "Status", cell: (plan) => <PlanStatus plan={plan} /> },
    {
      key: "action",
      header: "Action",
      align: "end",
      cell: (plan) => (
        <Button variant="secondary" size="sm" onClick={() => onOpen(plan.id)} aria-label={`Schedule of ${learnerOf(plan)}'s plan`}>
          Schedule
        </Button>
      ),
    },
  ];
  return <Table caption="Instalment plans" columns={columns} rows={rows} rowKey={(plan) => plan.id} emptyMessage={NO_PLANS} />;
}
