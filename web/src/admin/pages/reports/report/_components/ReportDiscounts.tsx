import { graphql, useFragment } from "react-relay/hooks";
import { formatMoney } from "../../../../../shared/format/format.ts";
import { type Column, Table } from "../../../../../shared/ui/Table.tsx";
import type { ReportDiscounts_report$data, ReportDiscounts_report$key } from "./__generated__/ReportDiscounts_report.graphql.ts";
import styles from "./ReportView.module.css";

type CouponRow = ReportDiscounts_report$data["discounts"]["coupons"][number];

const count = new Intl.NumberFormat("en-US");

/** Discounts given over the range: the total, and redemptions and discount per coupon (paid invoices, by payment date). */
export function ReportDiscounts({ reportKey }: { reportKey: ReportDiscounts_report$key }) {
  const { discounts } = useFragment(
    graphql`
      fragment ReportDiscounts_report on Report {
        discounts {
          total
          coupons {
            code
            redemptions
            discount
          }
        }
      }
    `,
    reportKey,
  );
  const columns: Column<CouponRow>[] = [
    { key: "code", header: "Coupon", cell: (c) => c.code },
    {
      key: "redemptions",
      header: "Redemptions",
      align: "end",
      cell: (c) => <span className={styles.figure}>{count.format(c.redemptions)}</span>,
    },
    {
      key: "discount",
      header: "Discount given",
      align: "end",
      cell: (c) => <span className={styles.figure}>{formatMoney(c.discount)}</span>,
    },
  ];
  return (
    <section aria-labelledby="report-discounts" className={styles.tracks}>
      <h2 id="report-discounts" className={styles.sectionTitle}>
        Discounts given: {formatMoney(discounts.total)}
      </h2>
      <Table
        caption="Redemptions and discounts per coupon"
        columns={columns}
        rows={discounts.coupons}
        rowKey={(c) => c.code}
        emptyMessage="No coupons were used in this period."
      />
    </section>
  );
}
