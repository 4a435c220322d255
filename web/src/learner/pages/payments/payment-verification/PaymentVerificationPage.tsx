import { Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { graphql, useRelayEnvironment, useSubscription } from "react-relay/hooks";
import { useNavigate, useSearchParams } from "react-router-dom";
import { commitLocalUpdate, type GraphQLSubscriptionConfig } from "relay-runtime";
import { type DelayedChannel, isDelayedChannel } from "../../../../../../common/payments.ts";
import { useAsyncMutation } from "../../../../shared/relay/useAsyncMutation.ts";
import { ButtonLink } from "../../../../shared/ui/Button.tsx";
import { AlertCircleIcon, CheckCircleIcon, ClockIcon } from "../../../../shared/ui/icons.tsx";
import { Spinner } from "../../../../shared/ui/Spinner.tsx";
import { Page } from "../../../layout/Page.tsx";
import { checkoutPathFor, isInstalmentPayment } from "../checkout/checkoutReturn.ts";
import type { PaymentVerificationPageMutation } from "./__generated__/PaymentVerificationPageMutation.graphql.ts";
import type { PaymentVerificationPageSubscription } from "./__generated__/PaymentVerificationPageSubscription.graphql.ts";
import { OfflineWaiting } from "./OfflineWaiting.tsx";
import styles from "./PaymentVerificationPage.module.css";

const verifyMutation = graphql`
  mutation PaymentVerificationPageMutation($reference: String!) {
    verifyPayment(reference: $reference) {
      __typename
      ... on VerifyPaymentPayload {
        success
        status
        message
        channel
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

// Pushed by the server as soon as the payment settles (webhook or verification job), over Server-Sent Events.
const statusSubscription = graphql`
  subscription PaymentVerificationPageSubscription($reference: String!) {
    paymentStatus(reference: $reference) {
      reference
      status
    }
  }
`;

/** The delay (docs/product.md, Limits) before a verified payment goes on to the portal. */
export const PAID_REDIRECT_MS = 5000;

const FAILED_TITLE = "Payment Verification Failed";

/**
 * `declined`: Paystack answered that the payment failed (e.g. the card was declined), so nothing was taken.
 * `expired`: the checkout was not paid in time (or finance cancelled it): not a failure, the learner may start again.
 */
type Outcome =
  | { kind: "checking"; note?: string; channel?: DelayedChannel | null }
  | { kind: "success" }
  | { kind: "failure"; message: string; declined?: boolean; channel?: DelayedChannel | null }
  | { kind: "expired"; message: string };

/** What the live status says when a checkout lapses while the page is open (the server's own text otherwise). */
const EXPIRED_MESSAGE = "This checkout was not paid in time, so nothing was taken. Start again to enroll.";

/** A failed verification's message: the server's explanation, else the default of docs/product.md, Texts. */
const failureMessage = (message: string | undefined) => (message && message !== FAILED_TITLE ? message : "Verification failed.");

/**
 * Where Paystack sends the learner back (`?reference=...`). The payment is confirmed server-side (`verifyPayment`),
 * and the page also listens to `paymentStatus`, so a payment still pending when the page opens updates live.
 */
export default function PaymentVerificationPage() {
  const [search] = useSearchParams();
  const reference = search.get("reference") ?? search.get("trxref");
  if (!reference) {
    return (
      <Page>
        <Result outcome={{ kind: "failure", message: "No payment reference was found." }} />
      </Page>
    );
  }
  return (
    <Page>
      <Verification key={reference} reference={reference} />
    </Page>
  );
}

function Verification({ reference }: { reference: string }) {
  const environment = useRelayEnvironment();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({ kind: "checking" });
  const [verify] = useAsyncMutation<PaymentVerificationPageMutation>(verifyMutation);

  // The first final answer wins, whichever of the two channels brings it.
  const settle = useCallback((next: Outcome) => setOutcome((current) => (current.kind === "checking" ? next : current)), []);

  useEffect(() => {
    verify({ variables: { reference } }).then(
      ({ verifyPayment: result }) => {
        if (result.__typename !== "VerifyPaymentPayload") {
          settle({ kind: "failure", message: failureMessage(result.failure?.message) });
        } else if (result.success) {
          settle({ kind: "success" });
        } else if (result.status === "EXPIRED") {
          settle({ kind: "expired", message: result.message ?? EXPIRED_MESSAGE });
        } else if (result.status === "PENDING") {
          const channel = result.channel ? result.channel.toLowerCase() : null;
          setOutcome((current) =>
            current.kind === "checking"
              ? { kind: "checking", note: result.message, channel: isDelayedChannel(channel) ? channel : null }
              : current,
          );
        } else {
          const channel = result.channel ? result.channel.toLowerCase() : null;
          settle({
            kind: "failure",
            message: failureMessage(result.message),
            declined: result.status === "FAILED",
            channel: isDelayedChannel(channel) ? channel : null,
          });
        }
      },
      () => settle({ kind: "failure", message: "There was an issue confirming your payment." }),
    );
  }, [reference, verify, settle]);

  const subscription = useMemo<GraphQLSubscriptionConfig<PaymentVerificationPageSubscription>>(
    () => ({
      subscription: statusSubscription,
      variables: { reference },
      onNext: (response) => {
        const status = response?.paymentStatus.status;
        if (status === "PAID") settle({ kind: "success" });
        // A declined mobile money prompt (or transfer) took nothing either, but no card was involved.
        else if (status === "FAILED")
          setOutcome((current) =>
            current.kind === "checking"
              ? { kind: "failure", message: "Verification failed.", declined: true, channel: current.channel ?? null }
              : current,
          );
        else if (status === "EXPIRED") settle({ kind: "expired", message: EXPIRED_MESSAGE });
      },
      // The verification call still answers; a dropped stream only loses the live update.
      onError: () => undefined,
    }),
    [reference, settle],
  );
  useSubscription(subscription);

  useEffect(() => {
    if (outcome.kind !== "success") return;
    // The new enrollment and the paid invoice: what the store holds about the learner is out of date.
    commitLocalUpdate(environment, (store) => store.invalidateStore());
    const timer = setTimeout(() => navigate("/portal"), PAID_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome.kind, environment, navigate]);

  // A Paystack payment that completes later (a bank transfer sent, a USSD code dialled, a prompt on the phone): the
  // page waits for it, and the live status turns it to paid.
  if (outcome.kind === "checking" && outcome.channel) return <DelayedWaiting channel={outcome.channel} message={outcome.note} />;
  // Still pending after the server's check: a bank transfer / mobile money payment shows how to pay.
  if (outcome.kind === "checking" && outcome.note) {
    const checking = <Result outcome={outcome} />;
    return (
      <Suspense fallback={checking}>
        <OfflineWaiting reference={reference} fallback={checking} />
      </Suspense>
    );
  }
  const retry = (outcome.kind === "failure" && outcome.declined) || outcome.kind === "expired";
  return <Result outcome={outcome} retryPath={retry ? checkoutPathFor(reference) : null} instalment={isInstalmentPayment(reference)} />;
}

/** The heading of a pending Paystack payment by a channel that completes later. */
export const DELAYED_TITLES: Record<DelayedChannel, string> = {
  bank_transfer: "Waiting for your bank transfer",
  ussd: "Waiting for your USSD payment",
  mobile_money: "Approve the payment on your phone",
};

function DelayedWaiting({ channel, message }: { channel: DelayedChannel; message?: string | undefined }) {
  return (
    <section className={styles.card} aria-labelledby="payment-title" aria-busy="true">
      <title>{`${DELAYED_TITLES[channel]} · LearnHub`}</title>
      <span className={`${styles.icon} ${styles.waiting}`}>
        <ClockIcon size={36} />
      </span>
      <h1 id="payment-title" className={styles.title}>
        {DELAYED_TITLES[channel]}
      </h1>
      <p className={styles.text} role="status">
        {message}
      </p>
      <p className={styles.note}>You can close this page: you will be enrolled as soon as the payment arrives.</p>
      <div className={styles.actions}>
        <ButtonLink to="/portal/invoices" variant="secondary">
          View my invoices
        </ButtonLink>
      </div>
    </section>
  );
}

/** Said under a declined or failed payment: nothing was taken, whatever the reason. */
export const NOT_CHARGED = "Your card was not charged.";
/** The same for a declined mobile money (or other non-card) payment. */
export const NOTHING_TAKEN = "Nothing was taken from your account.";

/**
 * `retryPath`: after a declined payment, the checkout it came from (this tab remembers it), for "Try again". Not
 * offered when the outcome is unknown (the check itself failed): the payment may have gone through.
 */
function Result({ outcome, retryPath = null, instalment = false }: { outcome: Outcome; retryPath?: string | null; instalment?: boolean }) {
  if (outcome.kind === "checking") {
    return (
      <section className={styles.card} aria-labelledby="payment-title" aria-busy="true">
        <title>Confirming your payment · LearnHub</title>
        <Spinner size="lg" label={null} />
        <h1 id="payment-title" className={styles.title}>
          Confirming your payment...
        </h1>
        <p className={styles.text} role="status">
          {outcome.note ?? "Please wait while we confirm your payment with the payment provider."}
        </p>
      </section>
    );
  }
  if (outcome.kind === "success") {
    return (
      <section className={styles.card} aria-labelledby="payment-title">
        <title>Payment successful · LearnHub</title>
        <span className={`${styles.icon} ${styles.success}`}>
          <CheckCircleIcon size={36} />
        </span>
        <h1 id="payment-title" className={styles.title}>
          Payment successful
        </h1>
        <p className={styles.text} role="status">
          {instalment ? "Your instalment is paid: your access to the track continues." : "You have successfully enrolled!"}
        </p>
        <p className={styles.note}>Taking you to your portal in a few seconds...</p>
        <ButtonLink to="/portal">Go to my courses</ButtonLink>
      </section>
    );
  }
  if (outcome.kind === "expired") {
    return (
      <section className={styles.card} aria-labelledby="payment-title">
        <title>Checkout expired · LearnHub</title>
        <h1 id="payment-title" className={styles.title}>
          Checkout expired
        </h1>
        <p className={styles.text} role="status">
          {outcome.message}
        </p>
        <div className={styles.actions}>
          <ButtonLink to={retryPath ?? "/learner-tracks"}>{retryPath ? "Start again" : "Browse tracks"}</ButtonLink>
          <ButtonLink to="/portal/invoices" variant="secondary">
            View my invoices
          </ButtonLink>
        </div>
      </section>
    );
  }
  return (
    <section className={styles.card} aria-labelledby="payment-title">
      <title>{`${FAILED_TITLE} · LearnHub`}</title>
      <span className={`${styles.icon} ${styles.failure}`}>
        <AlertCircleIcon size={36} />
      </span>
      <h1 id="payment-title" className={styles.title}>
        {FAILED_TITLE}
      </h1>
      <p className={styles.text} role="alert">
        {outcome.message}
      </p>
      {outcome.declined && <p className={styles.text}>{outcome.channel ? NOTHING_TAKEN : NOT_CHARGED}</p>}
      <div className={styles.actions}>
        {retryPath && <ButtonLink to={retryPath}>Try again</ButtonLink>}
        <ButtonLink to="/learner-tracks" variant={retryPath ? "secondary" : "primary"}>
          Back to tracks
        </ButtonLink>
        <ButtonLink to="/portal/invoices" variant="secondary">
          View my invoices
        </ButtonLink>
      </div>
    </section>
  );
}
