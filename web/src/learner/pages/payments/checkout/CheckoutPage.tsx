import { useState } from "react";
import { graphql, usePreloadedQuery } from "react-relay/hooks";
import { useLocation } from "react-router-dom";
import type { CurrencyCode } from "../../../../../../common/money.ts";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { Alert } from "../../../../shared/ui/Alert.tsx";
import { ButtonLink } from "../../../../shared/ui/Button.tsx";
import { PageHeader } from "../../../../shared/ui/PageHeader.tsx";
import { notSoldText, priceIn, useChosenCurrency } from "../../../currency/siteCurrency.ts";
import { Page } from "../../../layout/Page.tsx";
import { TrackNotFound } from "../../../tracks/TrackErrorBoundary.tsx";
import type { CheckoutPageQuery } from "./__generated__/CheckoutPageQuery.graphql.ts";
import { CheckoutForm } from "./_components/CheckoutForm.tsx";
import { CheckoutSummary } from "./_components/CheckoutSummary.tsx";
import type { CouponQuote } from "./_components/CouponField.tsx";
import styles from "./CheckoutPage.module.css";

const query = graphql`
  query CheckoutPageQuery($id: ID!) {
    track(id: $id) {
      id
      price
      priceMoney {
        minor
        currency
      }
      prices {
        minor
        currency
      }
      ...CheckoutSummary_track
      ...InstalmentSchedule_track
    }
    me {
      ...CheckoutForm_learner @alias(as: "learner")
    }
    paymentOptions {
      offlinePaymentsEnabled
    }
  }
`;

/** Enrolling in a track: the learner's details, then payment (or direct enrollment in a free track). */
export default function CheckoutPage({ queryRef }: QueryPageProps<CheckoutPageQuery>) {
  const { track, me, paymentOptions } = usePreloadedQuery<CheckoutPageQuery>(query, queryRef);
  const location = useLocation();
  const [coupon, setCoupon] = useState<CouponQuote | null>(null);
  // The learner's currency where the track is sold in it (docs/ARCHITECTURE.md, "Currencies"), the business one otherwise.
  const chosen = useChosenCurrency();
  if (!track) return <TrackNotFound />;
  const { price, notSoldIn } = priceIn(track, chosen);
  const currency = price.currency === track.priceMoney.currency ? null : (price.currency as CurrencyCode);
  return (
    <Page>
      <PageHeader title="Checkout" description="Confirm your details to enroll." />
      <div className={styles.layout}>
        <section className={styles.formPanel} aria-labelledby="checkout-details-title">
          <h2 id="checkout-details-title" className={styles.panelTitle}>
            Your details
          </h2>
          {me?.learner ? (
            <CheckoutForm
              learnerKey={me.learner}
              trackId={track.id}
              currency={currency}
              free={price.minor === 0}
              offlineAvailable={paymentOptions.offlinePaymentsEnabled}
              coupon={coupon}
              onCoupon={setCoupon}
              planKey={track}
            />
          ) : (
            <div className={styles.loggedOut}>
              <Alert tone="error">You must be logged in to enroll.</Alert>
              <div className={styles.loggedOutActions}>
                <ButtonLink to="/learner-login" state={{ from: `${location.pathname}${location.search}` }}>
                  Login
                </ButtonLink>
                <ButtonLink to="/learners-signup" variant="secondary">
                  Create an account
                </ButtonLink>
              </div>
            </div>
          )}
        </section>
        <aside className={styles.summary} aria-label="Order summary">
          <CheckoutSummary trackKey={track} price={price} note={notSoldIn && notSoldText(notSoldIn, price.currency)} coupon={coupon} />
        </aside>
      </div>
    </Page>
  );
}
