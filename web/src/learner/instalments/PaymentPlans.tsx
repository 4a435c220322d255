import { createContext, useContext, useEffect, useRef } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { Link, useLocation } from "react-router-dom";
import { formatDate } from "../../shared/format/dates.ts";
import { trackPages } from "../../shared/routing/trackIds.ts";
import { Alert } from "../../shared/ui/Alert.tsx";
import { Badge } from "../../shared/ui/Badge.tsx";
import { Button } from "../../shared/ui/Button.tsx";
import { CreditCardIcon } from "../../shared/ui/icons.tsx";
import { type Column, Table } from "../../shared/ui/Table.tsx";
import type { PaymentPlans_query$data, PaymentPlans_query$key } from "./__generated__/PaymentPlans_query.graphql.ts";
import { AutomaticPayments } from "./AutomaticPayments.tsx";
import styles from "./PaymentPlans.module.css";
import { usePayInstalment } from "./usePayInstalment.ts";

type Plan = PaymentPlans_query$data["myPaymentPlans"][number];
type Part = Plan["parts"][number];
type Card = PaymentPlans_query$data["mySavedCards"][number];

const PAID = new Set(["PAID", "PARTIALLY_REFUNDED", "REFUNDED"]);
/** A later part may be paid from the portal from 3 days before its due date (docs/payments.md, "Instalments"). */
const PAY_AHEAD_DAYS = 3;

/** Today and the last day "Pay now" opens for, as the server's UTC calendar days (YYYY-MM-DD). */
function days(now = new Date()) {
  const ahead = new Date(now.getTime() + PAY_AHEAD_DAYS * 86_400_000);
  return { today: now.toISOString().slice(0, 10), payFrom: ahead.toISOString().slice(0, 10) };
}

type PartState = "paid" | "refunded" | "waived" | "cancelled" | "overdue" | "due" | "upcoming";

const labels: Record<PartState, { text: string; tone: "success" | "warning" | "danger" | "info" | "neutral" }> = {
  paid: { text: "Paid", tone: "success" },
  refunded: { text: "Refunded", tone: "neutral" },
  waived: { text: "Waived", tone: "neutral" },
  cancelled: { text: "Cancelled", tone: "neutral" },
  overdue: { text: "Overdue", tone: "danger" },
  due: { text: "Due", tone: "warning" },
  upcoming: { text: "Upcoming", tone: "info" },
};

/**
 * Where a part stands: paid, voided (waived, or cancelled with its plan: the void reason is for staff only), or unpaid
 * and overdue, due soon or upcoming.
 */
export function partState(
  part: Pick<Part, "status" | "dueDate">,
  planStatus: Plan["status"] | string = "ACTIVE",
  now = new Date(),
): PartState {
  if (part.status === "REFUNDED") return "refunded";
  if (PAID.has(part.status)) return "paid";
  if (part.status === "VOID") return planStatus === "CANCELLED" ? "cancelled" : "waived";
  const { today, payFrom } = days(now);
  if (part.dueDate && part.dueDate < today) return "overdue";
  if (part.dueDate && part.dueDate <= payFrom) return "due";
  return "upcoming";
}

/** A part the learner may pay now: a later part of an active plan, unpaid, due within 3 days or overdue. */
const payable = (plan: Pick<Plan, "status">, part: Part, now = new Date()) =>
  plan.status === "ACTIVE" &&
  (part.partNumber ?? 1) > 1 &&
  part.status === "PENDING" &&
  ["due", "overdue"].includes(partState(part, plan.status, now));

/**
 * The part "Pay now" opens for each paused track (its first overdue part), given by the portal's dashboard to the
 * track cards, which say why access is paused.
 */
export const PausedPayments = createContext<ReadonlyMap<string, string>>(new Map());

/** The first payable part of each plan whose track's access is paused, by track id. */
export function pausedPayments(plans: readonly Plan[], now = new Date()): Map<string, string> {
  const map = new Map<string, string>();
  for (const plan of plans) {
    const part = plan.paused && plan.track ? plan.parts.find((p) => payable(plan, p, now)) : undefined;
    if (part && plan.track) map.set(plan.track.id, part.id);
  }
  return map;
}

/** The part "Pay now" of a paused track opens, or undefined when none is payable. */
export const usePausedPayment = (trackId: string) => useContext(PausedPayments).get(trackId);

const statusText: Record<Plan["status"], string> = {
  PENDING: "Not started",
  ACTIVE: "Active",
  COMPLETED: "Completed",
  CANCELLED: "Cancelled",
  "%future added value": "",
};

const cardName = (card: Card) => (card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : "Card");

/** Which card later parts are charged to (the saved card in the plan's currency), or how to pay them without one. */
function ChargeLine({ plan, card }: { plan: Plan; card: Card | undefined }) {
  if (plan.status !== "ACTIVE") return null;
  return (
    <p className={styles.card}>
      <CreditCardIcon size={16} aria-hidden="true" />
      {card?.last4 ? (
        <span>
          Card ending {card.last4}
          <span className={styles.muted}>
            {" "}
            ({cardName(card)}
            {card.expiry ? `, expires ${card.expiry}` : ""}) is charged on each due date.
          </span>
        </span>
      ) : (
        <span>No saved card: we e-mail you a payment link on each due date, or pay here when a part is due.</span>
      )}
    </p>
  );
}

/**
 * The portal's "Payment plans": each instalment plan of the learner with its schedule (paid, due, overdue parts and
 * amounts with their currency), the saved card later parts are charged to, and "Pay now" for a due or overdue part
 * (docs/payments.md, "Instalments"), then automatic payments: adding a card for a plan without one, and the saved
 * cards (docs/payments.md, "Saving a card"). Nothing is shown to a learner without plans.
 */
export function PaymentPlans({ plans: data }: { plans: PaymentPlans_query$data }) {
  const { pay, paying, error } = usePayInstalment();
  const plans = data.myPaymentPlans;
  // "Pay now" from a paused lesson leads here (/portal#payment-plans): the section is brought into view.
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash === "#payment-plans") section.current?.scrollIntoView?.({ block: "start" });
  }, [hash]);
  if (plans.length === 0) return null;
  return (
    <section ref={section} className={styles.section} aria-labelledby="payment-plans-title" id="payment-plans">
      <h2 id="payment-plans-title" className={styles.title}>
        Payment plans
      </h2>
      {error && <Alert tone="error">{error}</Alert>}
      <ul className={styles.plans}>
        {plans.map((plan) => (
          <li key={plan.id}>
            <PlanCard
              plan={plan}
              card={data.mySavedCards.find((c) => c.currency === plan.currency)}
              paying={paying}
              onPay={(id) => void pay(id)}
            />
          </li>
        ))}
      </ul>
      <AutomaticPayments plans={plans} cards={data.mySavedCards} />
    </section>
  );
}

/** The learner's plans and saved cards, read once by the portal's dashboard for the plans and the paused tracks' cards. */
export function usePaymentPlans(queryKey: PaymentPlans_query$key): PaymentPlans_query$data {
  return useFragment(
    graphql`
      fragment PaymentPlans_query on Query {
        myPaymentPlans {
          id
          status
          currency
          partCount
          paidParts
          paused
          nextDueOn
          overdueParts
          total {
            formatted
          }
          track {
            id
            name
          }
          parts {
            id
            number
            partNumber
            status
            dueDate
            total {
              formatted
            }
          }
        }
        mySavedCards {
          id
          brand
          last4
          expiry
          currency
        }
      }
    `,
    queryKey,
  );
}

function PlanCard({
  plan,
  card,
  paying,
  onPay,
}: {
  plan: Plan;
  card: Card | undefined;
  paying: string | null;
  onPay: (id: string) => void;
}) {
  const name = plan.track?.name ?? "A track no longer sold";
  const columns: Column<Part>[] = [
    { key: "part", header: "Part", cell: (part) => `${part.partNumber ?? "—"} of ${plan.partCount}` },
    {
      key: "due",
      header: "Due",
      cell: (part) => (part.dueDate ? <time dateTime={part.dueDate}>{formatDate(part.dueDate)}</time> : "At checkout"),
    },
    { key: "amount", header: "Amount", align: "end", cell: (part) => <span className={styles.amount}>{part.total.formatted}</span> },
    {
      key: "status",
      header: "Status",
      cell: (part) => {
        const label = labels[partState(part, plan.status)];
        return <Badge tone={label.tone}>{label.text}</Badge>;
      },
    },
  ];
  // "Pay now" gets a column only when a part can be paid (a phone would show an empty "Action" line on every part).
  if (plan.parts.some((part) => payable(plan, part)))
    columns.push({
      key: "action",
      header: <span className="visually-hidden">Action</span>,
      label: "Action",
      align: "end",
      cell: (part) =>
        payable(plan, part) ? (
          <Button
            size="sm"
            loading={paying === part.id}
            disabled={paying !== null}
            onClick={() => onPay(part.id)}
            aria-label={`Pay now: part ${part.partNumber} of ${name}, ${part.total.formatted}`}
          >
            Pay now
          </Button>
        ) : null,
    });
  return (
    <article className={styles.plan} aria-labelledby={`plan-${plan.id}`}>
      <header className={styles.header}>
        <h3 id={`plan-${plan.id}`} className={styles.name}>
          {plan.track ? <Link to={trackPages.learnerDetails(plan.track.id)}>{name}</Link> : name}
        </h3>
        <span className={styles.badges}>
          <Badge tone={plan.status === "ACTIVE" ? "info" : plan.status === "COMPLETED" ? "success" : "neutral"}>
            {statusText[plan.status] || plan.status}
          </Badge>
          {plan.paused && <Badge tone="danger">Access paused</Badge>}
        </span>
      </header>
      <p className={styles.summary}>
        {plan.paidParts} of {plan.partCount} parts paid · Total {plan.total.formatted}
        {plan.nextDueOn && plan.status === "ACTIVE" ? ` · Next due ${formatDate(plan.nextDueOn)}` : ""}
      </p>
      {plan.paused && (
        <p className={styles.paused}>Your access to this track is paused until the overdue part is paid. Your progress is kept.</p>
      )}
      <ChargeLine plan={plan} card={card} />
      <Table caption={`Instalments of ${name}`} columns={columns} rows={plan.parts} rowKey={(part) => part.id} emptyMessage="No parts." />
    </article>
  );
}
