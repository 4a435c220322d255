import type { ComponentType } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { formatMoney } from "../../../../shared/format/format.ts";
import { Card } from "../../../../shared/ui/Card.tsx";
import { cx } from "../../../../shared/ui/cx.ts";
import { ArrowDownIcon, ArrowUpIcon, InvoiceIcon, UsersIcon, WalletIcon } from "../../../../shared/ui/icons.tsx";
import type { SummaryCards_dashboard$key } from "./__generated__/SummaryCards_dashboard.graphql.ts";
import styles from "./SummaryCards.module.css";

const count = new Intl.NumberFormat("en-US");

/** Total Learners, Revenue and Invoice, each with its change versus last month. */
export function SummaryCards({ dashboardKey }: { dashboardKey: SummaryCards_dashboard$key }) {
  const { totalLearners, revenue, invoices } = useFragment(
    graphql`
      fragment SummaryCards_dashboard on Dashboard {
        totalLearners {
          value
          changePercent
        }
        revenue {
          value
          changePercent
        }
        invoices {
          value
          changePercent
        }
      }
    `,
    dashboardKey,
  );
  return (
    <ul className={styles.cards} aria-label="Summary">
      <SummaryCard label="Total Learners" icon={UsersIcon} value={count.format(totalLearners.value)} change={totalLearners.changePercent} />
      <SummaryCard label="Revenue" icon={WalletIcon} value={formatMoney(revenue.value)} change={revenue.changePercent} />
      <SummaryCard label="Invoice" icon={InvoiceIcon} value={count.format(invoices.value)} change={invoices.changePercent} />
    </ul>
  );
}

interface SummaryCardProps {
  label: string;
  icon: ComponentType<{ size?: number }>;
  value: string;
  /** Percent versus last month; null when last month had nothing to compare with. */
  change: number | null | undefined;
}

function SummaryCard({ label, icon: Icon, value, change }: SummaryCardProps) {
  return (
    <li>
      <Card className={styles.card}>
        <div className={styles.top}>
          <p className={styles.label}>{label}</p>
          <span className={styles.icon}>
            <Icon size={20} />
          </span>
        </div>
        <p className={styles.value}>{value}</p>
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
