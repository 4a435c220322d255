import { graphql, useFragment } from "react-relay/hooks";
import { formatMoney, formatMoneys } from "../../../../../shared/format/format.ts";
import { type Column, Table } from "../../../../../shared/ui/Table.tsx";
import type { ReportDiscounts_report$data, ReportDiscounts_report$key } from "./__generated__/ReportDiscounts_report.graphql.ts";
import styles from "./ReportView.module.css";

type CouponRow = ReportDiscounts_report$data["discounts"]["coupons"][number];

const count = new Intl.NumberFormat("en-US");

/** Discounts given over the range: the total, and redemptions and discount per coupon (paid invoices, by payment date). */
export function ReportDiscounts({ reportKey }: { reportKey: ReportDiscounts_report$key }) {
  const { currency, discounts } = useFragment(
    graphql`
      fragment ReportDiscounts_report on Report {
        currency
        discounts {
          totals {
            minor
            currency
          }
          coupons {
            code
            redemptions
            discountMoney {
              minor
              currency
            }
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
      cell: (c) => <span className={styles.figure}>{formatMoney(c.discountMoney)}</span>,
    },
  ];
  return (
    <section aria-labelledby="report-discounts" className={styles.tracks}>
      <h2 id="report-discounts" className={styles.sectionTitle}>
        Discounts given: {formatMoneys(discounts.totals, { minor: 0, currency })}
      </h2>
      <Table
        caption="Redemptions and discounts per coupon"
        columns={columns}
        rows={discounts.coupons}
        rowKey={(c) => `${c.code} ${c.discountMoney.currency}`}
        emptyMessage="No coupons were used in this period."
      />
    </section>
  );
}
