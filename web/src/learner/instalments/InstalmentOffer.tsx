import type { InstalmentSchedule_track$key } from "./__generated__/InstalmentSchedule_track.graphql.ts";
import styles from "./InstalmentOffer.module.css";
import { ScheduleList, useInstalmentOffer } from "./InstalmentSchedule.tsx";

/**
 * The track page's "Pay in N instalments" box under the price: the total and each part's date and amount in the
 * learner's currency (docs/payments.md, "Instalments"). Nothing when the track has no plan.
 */
export function InstalmentOffer({ trackKey, currency = null }: { trackKey: InstalmentSchedule_track$key; currency?: string | null }) {
  const offer = useInstalmentOffer(trackKey, currency);
  if (!offer) return null;
  return (
    <section className={styles.offer} aria-labelledby="instalment-offer-title">
      <h2 id="instalment-offer-title" className={styles.title}>
        {offer.title}
      </h2>
      <p className={styles.total}>
        Total <strong>{offer.total}</strong>: the first part today, the others on their due dates.
      </p>
      <ScheduleList schedule={offer.schedule} label="Instalments" />
    </section>
  );
}
