import type { ComponentType } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { formatMoney, moneyOf } from "../../../../../shared/format/format.ts";
import { Card } from "../../../../../shared/ui/Card.tsx";
import { cx } from "../../../../../shared/ui/cx.ts";
import { ArrowDownIcon, ArrowUpIcon, InvoiceIcon, UsersIcon, WalletIcon } from "../../../../../shared/ui/icons.tsx";
import type { SummaryCards_dashboard$key } from "./__generated__/SummaryCards_dashboard.graphql.ts";
import styles from "./SummaryCards.module.css";

const count = new Intl.NumberFormat("en-US");

/**
 * Total Learners, Revenue and Invoice. Each card says what each figure covers: the large one is the all-time total;
 * below it, this calendar month's part against last month's, and the change between those two months.
 */
export function SummaryCards({ dashboardKey }: { dashboardKey: SummaryCards_dashboard$key }) {
  const { currency, revenueByCurrency, totalLearners, revenue, invoices } = useFragment(
    graphql`
      fragment SummaryCards_dashboard on Dashboard {
        currency
        revenueByCurrency {
          currency
          total {
            minor
            currency
          }
          currentMonth {
            minor
            currency
          }
        }
        totalLearners {
          value
          currentMonth
          previousMonth
          changePercent
        }
        revenue {
          value
          currentMonth
          previousMonth
          changePercent
        }
        invoices {
          value
          currentMonth
          previousMonth
          changePercent
        }
      }
    `,
    dashboardKey,
  );
  // The spec's figures are the business currency's; money paid in other currencies is shown beside them, never added.
  const money = (amount: number) => formatMoney(moneyOf(amount, currency));
  const others = revenueByCurrency
    .filter((r) => r.currency !== currency)
    .map((r) => `${formatMoney(r.total)} (${formatMoney(r.currentMonth)} this month)`);
  return (
    <ul className={styles.cards} aria-label="Summary">
      <SummaryCard
        label="Total Learners"
        icon={UsersIcon}
        value={count.format(totalLearners.value)}
        month={`${count.format(totalLearners.currentMonth)} signed up this month, ${count.format(totalLearners.previousMonth)} last month`}
        change={totalLearners.changePercent}
      />
      <SummaryCard
        label="Revenue"
        icon={WalletIcon}
        value={money(revenue.value)}
        month={`${money(revenue.currentMonth)} paid this month, ${money(revenue.previousMonth)} last month`}
        others={others.length > 0 ? `Also paid: ${others.join(", ")}` : null}
        change={revenue.changePercent}
      />
      <SummaryCard
        label="Invoice"
        icon={InvoiceIcon}
        value={count.format(invoices.value)}
        month={`${count.format(invoices.currentMonth)} created this month, ${count.format(invoices.previousMonth)} last month`}
        change={invoices.changePercent}
      />
    </ul>
  );
}

interface SummaryCardProps {
  label: string;
  icon: ComponentType<{ size?: number }>;
  /** The all-time total. */
  value: string;
  /** This calendar month's part of it, and last month's. */
  month: string;
  /** This month's part versus last month's, in percent; null when last month had nothing to compare with. */
  change: number | null | undefined;
  /** Revenue in other currencies than the business one, written out (never added to `value`). */
  others?: string | null;
}

function SummaryCard({ label, icon: Icon, value, month, change, others }: SummaryCardProps) {
  return (
    <li>
      <Card className={styles.card}>
        <div className={styles.top}>
          <p className={styles.label}>{label}</p>
          <span className={styles.icon}>
            <Icon size={20} />
          </span>
        </div>
        <p className={styles.value}>
          {value} <span className={styles.scope}>all time</span>
        </p>
        <p className={styles.month}>{month}</p>
        {others && <p className={styles.month}>{others}</p>}
        <Change percent={change} />
      </Card>
    </li>
  );
}

function Change({ percent }: { percent: number | null | undefined }) {
  if (percent === null || percent === undefined) {
    return <p className={cx(styles.change, styles.flat)}>No figures for last month yet</p>;
  }
  const direction = percent > 0 ? "up" : percent < 0 ? "down" : "flat";
  const Arrow = direction === "down" ? ArrowDownIcon : ArrowUpIcon;
  const text = `${Math.abs(percent).toFixed(1)}%`;
  return (
    <p className={cx(styles.change, styles[direction])}>
      <span className={styles.delta}>
        {direction !== "flat" && <Arrow size={14} />}
        <span className="visually-hidden">{direction === "up" ? "Up" : direction === "down" ? "Down" : "Unchanged,"} </span>
        {text}
      </span>
      <span className={styles.since}>vs last month</span>
    </p>
  );
}
