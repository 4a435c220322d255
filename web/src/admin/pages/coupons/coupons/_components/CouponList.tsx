import { useEffect, useRef, useState } from "react";
import { graphql, useRefetchableFragment } from "react-relay/hooks";
import { formatInstant } from "../../../../../shared/format/dates.ts";
import { formatMoney } from "../../../../../shared/format/format.ts";
import { Badge } from "../../../../../shared/ui/Badge.tsx";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { type Column, Table } from "../../../../../shared/ui/Table.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { downloadCsv } from "../../../../components/downloadCsv.ts";
import listStyles from "../../../../components/ListLayout.module.css";
import { type ListSpec, PagedList } from "../../../../components/PagedList.tsx";
import { usePagedSearch } from "../../../../components/usePagedSearch.ts";
import styles from "../CouponsPage.module.css";
import type { CouponList_query$data, CouponList_query$key } from "./__generated__/CouponList_query.graphql.ts";
import type { CouponListRefetchQuery } from "./__generated__/CouponListRefetchQuery.graphql.ts";
import { batchCsvPath, DeactivateCouponDialog } from "./DeactivateCouponDialog.tsx";

export const COUPON_LIST: ListSpec = {
  caption: "Coupons",
  search: { label: "Search coupons by code or sponsor", placeholder: "Search by code or sponsor..." },
  headers: ["Code", "Discount", "Tracks", "Valid", "Redemptions", "Status", "Action"],
  noun: ["coupon", "coupons"],
  pagesLabel: "Coupon pages",
};

type Coupon = CouponList_query$data["coupons"]["edges"][number]["node"];

const discountText = (c: Pick<Coupon, "kind" | "value" | "currency">) =>
  c.kind === "PERCENT" ? `${c.value}% off` : `${formatMoney({ minor: c.value, currency: c.currency ?? "USD" })} off`;

function validText(c: Pick<Coupon, "startsAt" | "endsAt">) {
  if (c.startsAt && c.endsAt) return `${formatInstant(c.startsAt)} – ${formatInstant(c.endsAt)}`;
  if (c.startsAt) return `From ${formatInstant(c.startsAt)}`;
  if (c.endsAt) return `Until ${formatInstant(c.endsAt)}`;
  return "Always";
}

/** The coupons table: search by code or sponsor, 10 a page, redemptions and who redeemed a sponsor's code. */
export function CouponList({ queryKey, reloadKey }: { queryKey: CouponList_query$key; reloadKey: number }) {
  const [data, refetch] = useRefetchableFragment<CouponListRefetchQuery, CouponList_query$key>(
    graphql`
      fragment CouponList_query on Query
      @refetchable(queryName: "CouponListRefetchQuery")
      @argumentDefinitions(
        search: { type: "String", defaultValue: "" }
        page: { type: "Int", defaultValue: 1 }
        first: { type: "Int", defaultValue: 10 }
      ) {
        coupons(search: $search, page: $page, first: $first) {
          totalCount
          edges {
            node {
              id
              code
              kind
              value
              currency
              allTracks
              tracks {
                id
                name
              }
              startsAt
              endsAt
              maxRedemptions
              oncePerLearner
              active
              redemptionCount
              reservedCount
              batch {
                id
                organisation
              }
              redemptions {
                state
                learner {
                  email
                }
              }
            }
          }
        }
      }
    `,
    queryKey,
  );
  const list = usePagedSearch(refetch, data.coupons);
  const [deactivating, setDeactivating] = useState<Coupon | null>(null);
  const [exporting, setExporting] = useState<string | null>(null);

  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads only when the page signals a new coupon or batch.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    list.reload(1);
  }, [reloadKey]);

  const exportBatch = async (batchId: string) => {
    setExporting(batchId);
    try {
      await downloadCsv(batchCsvPath(batchId), "coupon-codes.csv");
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Could not export the codes.");
    } finally {
      setExporting(null);
    }
  };

  const columns: Column<Coupon>[] = [
    {
      key: "code",
      header: "Code",
      cell: (c) => (
        <span className={listStyles.stack}>
          <strong>{c.code}</strong>
          {c.batch && <span className={styles.muted}>Sponsor: {c.batch.organisation}</span>}
        </span>
      ),
    },
    { key: "discount", header: "Discount", cell: discountText },
    {
      key: "tracks",
      header: "Tracks",
      cell: (c) => (c.allTracks ? "All tracks" : c.tracks.map((t) => t.name).join(", ") || "—"),
    },
    { key: "valid", header: "Valid", cell: (c) => <span className={listStyles.nowrap}>{validText(c)}</span> },
    {
      key: "redemptions",
      header: "Redemptions",
      cell: (c) => {
        const used = c.redemptions.map((r) => r.learner?.email).filter(Boolean);
        return (
          <span className={listStyles.stack}>
            <span>
              {c.redemptionCount}
              {c.maxRedemptions !== null ? ` of ${c.maxRedemptions}` : ""} redeemed
              {c.reservedCount > 0 ? `, ${c.reservedCount} pending` : ""}
            </span>
            {c.batch && used.length > 0 && <span className={styles.muted}>By {used.join(", ")}</span>}
            {c.oncePerLearner && !c.batch && <span className={styles.muted}>Once per learner</span>}
          </span>
        );
      },
    },
    {
      key: "status",
      header: "Status",
      cell: (c) => <Badge tone={c.active ? "success" : "neutral"}>{c.active ? "Active" : "Deactivated"}</Badge>,
    },
    {
      key: "action",
      header: "Action",
      align: "end",
      cell: (c) => (
        <span className={styles.cellActions}>
          {c.batch && (
            <Button
              size="sm"
              variant="secondary"
              loading={exporting === c.batch.id}
              onClick={() => c.batch && exportBatch(c.batch.id)}
              aria-label={`Export the codes of ${c.batch.organisation}`}
            >
              Codes CSV
            </Button>
          )}
          {c.active && (
            <Button size="sm" variant="ghost" onClick={() => setDeactivating(c)} aria-label={`Deactivate ${c.code}`}>
              Deactivate
            </Button>
          )}
        </span>
      ),
    },
  ];

  return (
    <>
      <PagedList spec={COUPON_LIST} list={list}>
        <Table
          caption={COUPON_LIST.caption}
          columns={columns}
          rows={list.rows}
          rowKey={(c) => c.id}
          emptyMessage="No coupons yet."
          stackOnPhone
        />
      </PagedList>
      <DeactivateCouponDialog
        coupon={deactivating}
        onOpenChange={(open) => !open && setDeactivating(null)}
        onDeactivated={() => list.reload()}
      />
    </>
  );
}
