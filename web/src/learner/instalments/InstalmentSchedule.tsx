import { startTransition, useEffect, useRef } from "react";
import { graphql, useRefetchableFragment } from "react-relay/hooks";
import { formatMoney } from "../../../../common/money.ts";
import { formatDate } from "../../shared/format/dates.ts";
import type { CurrencyCode, InstalmentSchedule_track$key } from "./__generated__/InstalmentSchedule_track.graphql.ts";
import type { InstalmentScheduleRefetchQuery } from "./__generated__/InstalmentScheduleRefetchQuery.graphql.ts";
import styles from "./InstalmentSchedule.module.css";

/**
 * A track's instalment offer as bought today (docs/payments.md, "Instalments"): the parts in the learner's currency
 * (`currency`, the business one when null or when the track is not sold in it), with their dates and the total.
 * The schedule comes from the server (`InstalmentOffer.schedule`), which holds the rounding rule; nothing is worked
 * out here but the sum.
 */
const fragment = graphql`
  fragment InstalmentSchedule_track on Track
  @refetchable(queryName: "InstalmentScheduleRefetchQuery")
  @argumentDefinitions(currency: { type: "CurrencyCode" }) {
    instalmentPlan {
      parts
      interval
      main: schedule {
        number
        dueOn
        amount {
          minor
          currency
          formatted
        }
      }
      chosen: schedule(currency: $currency) {
        number
        dueOn
        amount {
          minor
          currency
          formatted
        }
      }
    }
  }
`;

export interface SchedulePart {
  readonly number: number;
  readonly dueOn: string;
  readonly amount: { readonly minor: number; readonly currency: string; readonly formatted: string };
}

export interface InstalmentOfferView {
  parts: number;
  interval: "WEEKLY" | "MONTHLY";
  schedule: readonly SchedulePart[];
  /** What the parts add up to, formatted ("₦150,000.00"). */
  total: string;
  /** "Pay in 3 monthly instalments". */
  title: string;
}

/** The track's offer in `currency` (refetched when the learner's currency changes), or null when it has none. */
export function useInstalmentOffer(trackKey: InstalmentSchedule_track$key, currency: string | null = null): InstalmentOfferView | null {
  const [track, refetch] = useRefetchableFragment<InstalmentScheduleRefetchQuery, InstalmentSchedule_track$key>(fragment, trackKey);
  const loaded = useRef<string | null>(null);
  useEffect(() => {
    if (currency === loaded.current) return;
    loaded.current = currency;
    // The last schedule stays on screen while the other currency's loads.
    startTransition(() => {
      refetch({ currency: currency as CurrencyCode | null }, { fetchPolicy: "store-or-network" });
    });
  }, [currency, refetch]);
  const plan = track.instalmentPlan;
  if (!plan) return null;
  // A currency the track is not sold in answers no parts: the business currency's schedule is shown, as its price is.
  const schedule = plan.chosen.length > 0 ? plan.chosen : plan.main;
  if (schedule.length === 0) return null;
  const totalMinor = schedule.reduce((sum, part) => sum + part.amount.minor, 0);
  const interval = plan.interval === "WEEKLY" ? "weekly" : "monthly";
  return {
    parts: plan.parts,
    interval: plan.interval === "WEEKLY" ? "WEEKLY" : "MONTHLY",
    schedule,
    total: formatMoney(totalMinor, schedule[0]?.amount.currency ?? "USD"),
    title: `Pay in ${plan.parts} ${interval} instalments`,
  };
}

/** The parts as a list: "Part 1 · Today · ₦60,000.00", then each later part's date and amount. */
export function ScheduleList({ schedule, label }: { schedule: readonly SchedulePart[]; label: string }) {
  return (
    <ol className={styles.schedule} aria-label={label}>
      {schedule.map((part) => (
        <li key={part.number} className={styles.part}>
          <span className={styles.number}>Part {part.number}</span>
          {part.number === 1 ? <span>Today</span> : <time dateTime={part.dueOn}>{formatDate(part.dueOn)}</time>}
          <span className={styles.amount}>{part.amount.formatted}</span>
        </li>
      ))}
    </ol>
  );
}
