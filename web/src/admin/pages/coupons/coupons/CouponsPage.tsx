import { useState } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay/hooks";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { Button } from "../../../../shared/ui/Button.tsx";
import { PlusIcon } from "../../../../shared/ui/icons.tsx";
import { ListPage } from "../../../components/ListPage.tsx";
import type { CouponsPageQuery } from "./__generated__/CouponsPageQuery.graphql.ts";
import { CouponBatchDialog } from "./_components/CouponBatchDialog.tsx";
import { CouponFormDialog } from "./_components/CouponFormDialog.tsx";
import { COUPON_LIST, CouponList } from "./_components/CouponList.tsx";
import styles from "./CouponsPage.module.css";

// Sizes are variables the route sets (routes.tsx), as on the other list pages (the API's cost limit).
const query = graphql`
  query CouponsPageQuery($first: Int!, $tracksFirst: Int!) {
    ...CouponList_query @arguments(first: $first)
    ...CouponDialog_query @arguments(first: $tracksFirst)
    paymentOptions {
      currency
    }
  }
`;

/** Finance and owners: coupons with their redemptions, new coupons, bulk single-use codes for sponsors. */
export default function CouponsPage({ queryRef }: QueryPageProps<CouponsPageQuery>) {
  const [dialog, setDialog] = useState<"coupon" | "batch" | null>(null);
  // Bumped after a coupon or batch is made, so the list reloads from the server.
  const [made, setMade] = useState(0);
  return (
    <ListPage
      title="Coupons"
      description="Discount codes for checkout, and single-use codes for sponsors."
      actions={
        <span className={styles.actions}>
          <Button variant="secondary" onClick={() => setDialog("batch")}>
            Generate codes
          </Button>
          <Button onClick={() => setDialog("coupon")}>
            <PlusIcon size={18} />
            Create coupon
          </Button>
        </span>
      }
      spec={COUPON_LIST}
    >
      <CouponsPageContent queryRef={queryRef} dialog={dialog} setDialog={setDialog} made={made} onMade={() => setMade((n) => n + 1)} />
    </ListPage>
  );
}

function CouponsPageContent({
  queryRef,
  dialog,
  setDialog,
  made,
  onMade,
}: {
  queryRef: PreloadedQuery<CouponsPageQuery>;
  dialog: "coupon" | "batch" | null;
  setDialog: (dialog: "coupon" | "batch" | null) => void;
  made: number;
  onMade: () => void;
}) {
  const data = usePreloadedQuery<CouponsPageQuery>(query, queryRef);
  return (
    <>
      <CouponList queryKey={data} reloadKey={made} />
      <CouponFormDialog
        open={dialog === "coupon"}
        onOpenChange={(open) => setDialog(open ? "coupon" : null)}
        tracksKey={data}
        onSaved={onMade}
        businessCurrency={data.paymentOptions.currency}
      />
      <CouponBatchDialog
        open={dialog === "batch"}
        onOpenChange={(open) => setDialog(open ? "batch" : null)}
        tracksKey={data}
        onSaved={onMade}
      />
    </>
  );
}
