import { Button, ButtonLink } from "../../shared/ui/Button.tsx";
import { LockIcon } from "../../shared/ui/icons.tsx";
import styles from "./PausedTrack.module.css";
import { usePausedPayment } from "./PaymentPlans.tsx";
import { usePayInstalment } from "./usePayInstalment.ts";

/**
 * On a paused track's card in the portal: why access is paused (an instalment unpaid past the grace days, the
 * enrollment's `pausedReason`) and "Pay now" for the overdue part, which resumes access once paid
 * (docs/payments.md, "Instalments"). Without a part to pay from here, it leads to the payment plans.
 */
export function PausedTrack({ trackId, trackName, reason }: { trackId: string; trackName: string; reason: string }) {
  const partId = usePausedPayment(trackId);
  const { pay, paying, error } = usePayInstalment();
  return (
    <div className={styles.paused}>
      <p className={styles.reason}>
        <LockIcon size={14} aria-hidden="true" />
        <span>
          <strong>Access paused.</strong> {reason || "An instalment is unpaid."}
        </span>
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {partId ? (
        <Button size="sm" loading={paying !== null} onClick={() => void pay(partId)} aria-label={`Pay now to resume ${trackName}`}>
          Pay now
        </Button>
      ) : (
        <ButtonLink to="/portal#payment-plans" size="sm" variant="secondary">
          See my payment plan
        </ButtonLink>
      )}
    </div>
  );
}
