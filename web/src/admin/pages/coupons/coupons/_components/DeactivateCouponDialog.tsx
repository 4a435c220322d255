import { graphql } from "react-relay/hooks";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { ConfirmDialog } from "../../../../../shared/ui/ConfirmDialog.tsx";
import { toast } from "../../../../../shared/ui/Toast.tsx";
import { failureOf } from "../../../../components/failures.ts";
import type { DeactivateCouponDialogMutation } from "./__generated__/DeactivateCouponDialogMutation.graphql.ts";

const mutation = graphql`
  mutation DeactivateCouponDialogMutation($id: ID!) {
    deactivateCoupon(id: $id) {
      __typename
      ... on CouponPayload {
        coupon {
          id
          active
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

const FAILED = "Could not deactivate the coupon.";

/** The REST export of a sponsor batch's codes, from the batch's global id. */
export function batchCsvPath(batchId: string): string {
  let plain = batchId;
  try {
    plain = atob(batchId).split(":")[1] ?? batchId;
  } catch {
    // Already a plain id.
  }
  return `/api/coupons/batches/${encodeURIComponent(plain)}/codes.csv`;
}

/** Asks before deactivating: later checkouts refuse the code; invoices that used it keep it. */
export function DeactivateCouponDialog({
  coupon,
  onOpenChange,
  onDeactivated,
}: {
  coupon: { id: string; code: string } | null;
  onOpenChange: (open: boolean) => void;
  onDeactivated: () => void;
}) {
  const [deactivate] = useAsyncMutation<DeactivateCouponDialogMutation>(mutation);
  return (
    <ConfirmDialog
      open={coupon !== null}
      onOpenChange={onOpenChange}
      title="Deactivate coupon"
      description="Checkouts will refuse this code from now on. Invoices that used it keep it. This cannot be undone."
      confirmLabel="Deactivate coupon"
      onConfirm={async () => {
        if (!coupon) return;
        const result = await deactivate({ variables: { id: coupon.id } }).catch(() => {
          throw new Error(FAILED);
        });
        const failure = failureOf(result.deactivateCoupon, FAILED);
        if (failure) throw new Error(failure.message);
        toast.success(`Coupon ${coupon.code} deactivated.`);
        onDeactivated();
      }}
    >
      {coupon && <p>{coupon.code}</p>}
    </ConfirmDialog>
  );
}
