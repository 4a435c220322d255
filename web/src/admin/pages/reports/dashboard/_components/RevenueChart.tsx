import { graphql, useFragment } from "react-relay/hooks";
import { formatMoney, moneyOf } from "../../../../../shared/format/format.ts";
import { BarChart } from "../../../../components/BarChart.tsx";
import type { RevenueChart_dashboard$key } from "./__generated__/RevenueChart_dashboard.graphql.ts";
import { DashboardSection } from "./DashboardSection.tsx";

/** Revenue of the last six months as bars on a 0 to 3k axis (docs/product.md, Limits), higher when a month earned more. */
export function RevenueChart({ dashboardKey }: { dashboardKey: RevenueChart_dashboard$key }) {
  const { currency, revenueByMonth } = useFragment(
    graphql`
      fragment RevenueChart_dashboard on Dashboard {
        currency
        revenueByMonth {
          month
          label
          revenue
        }
      }
    `,
    dashboardKey,
  );
  // Months in the business currency (Dashboard.revenueByMonth): summed in minor units, never across currencies.
  const money = (amount: number) => formatMoney(moneyOf(amount, currency));
  const total = revenueByMonth.reduce((sum, month) => sum + moneyOf(month.revenue, currency).minor, 0);
  return (
    <DashboardSection
      id="recent-revenue-title"
      title="Recent Revenue"
      subtitle={`Paid invoices over the last six months: ${formatMoney({ minor: total, currency })}`}
    >
      <BarChart
        label="Revenue per month"
        minTop={3000}
        height={240}
        bars={revenueByMonth.map((month) => ({
          key: month.month,
          label: month.label,
          value: month.revenue,
          valueText: money(month.revenue),
        }))}
      />
    </DashboardSection>
  );
}
