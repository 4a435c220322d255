import { type FormEvent, useEffect, useState } from "react";
import { graphql, useFragment } from "react-relay/hooks";
import { useNavigate } from "react-router-dom";
import { ConnectionHandler } from "relay-runtime";
import { ACCOUNT_MESSAGES } from "../../../../../../../common/account-messages.ts";
import { PHONE_PATTERN } from "../../../../../../../common/formats.ts";
import type { CurrencyCode } from "../../../../../../../common/money.ts";
import { CHECKOUT_MESSAGES } from "../../../../../../../common/payments.ts";
import { useAsyncMutation } from "../../../../../shared/relay/useAsyncMutation.ts";
import { Alert } from "../../../../../shared/ui/Alert.tsx";
import { Button, ButtonLink } from "../../../../../shared/ui/Button.tsx";
import { TextArea, TextField } from "../../../../../shared/ui/Field.tsx";
import { ENROLLMENTS_CONNECTION } from "../../../../connections.ts";
import formStyles from "../../../../forms/forms.module.css";
import { type FieldErrors, serverFieldErrors, useFields } from "../../../../forms/forms.ts";
import { GenderSelect } from "../../../../forms/GenderSelect.tsx";
import type { InstalmentSchedule_track$key } from "../../../../instalments/__generated__/InstalmentSchedule_track.graphql.ts";
import { rememberCheckout } from "../checkoutReturn.ts";
import type { CheckoutForm_learner$key } from "./__generated__/CheckoutForm_learner.graphql.ts";
import type { CheckoutFormMutation, Gender } from "./__generated__/CheckoutFormMutation.graphql.ts";
import styles from "./CheckoutForm.module.css";
import { CouponField, type CouponQuote } from "./CouponField.tsx";
import { type PaymentChoice, PaymentMethodChoice } from "./PaymentMethodChoice.tsx";
import { PlanChoice, type PlanValue } from "./PlanChoice.tsx";

// A free track answers with the new enrollment: it goes on top of the portal's course list (newest first), and the
// learner's saved contact details are refreshed in the store. It is asked for only when the track is free: for a paid
// track the API resolves it to null and, outside production, reports that as an error ("Prisma query was unused").
const mutation = graphql`
  mutation CheckoutFormMutation($input: CheckoutInput!, $free: Boolean!, $connections: [ID!]!) {
    checkout(input: $input) {
      __typename
      ... on CheckoutPayload {
        authorizationUrl
        reference
        offline
        message
        enrollment
          @include(if: $free)
          @prependNode(connections: $connections, edgeTypeName: "LearnerEnrollmentsConnectionEdge") {
          id
          learner {
            id
            contact
            gender
            location
            bio
          }
          ...EnrolledTrackCard_enrollment
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

/** The delay (docs/product.md, Limits) before a free enrollment goes on to the portal. */
export const ENROLLED_REDIRECT_MS = 2000;

const fields = ["contact", "gender", "location", "description"] as const;
type Field = (typeof fields)[number];

export interface CheckoutValues {
  contact: string;
  gender: "" | Gender;
  location: string;
  description: string;
}

/** Contact and gender (Male or Female) are required; location and description are optional (docs/product.md, Validation). */
export function validateCheckout(values: CheckoutValues): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  const contact = values.contact.trim();
  if (!contact) errors.contact = CHECKOUT_MESSAGES.contact;
  else if (!PHONE_PATTERN.test(contact)) errors.contact = ACCOUNT_MESSAGES.invalidPhone;
  if (values.gender !== "MALE" && values.gender !== "FEMALE") errors.gender = CHECKOUT_MESSAGES.gender;
  return errors;
}

type State = { step: "form" } | { step: "processing" } | { step: "redirecting" } | { step: "enrolled"; message: string };

interface CheckoutFormProps {
  learnerKey: CheckoutForm_learner$key;
  trackId: string;
  /** The currency the learner pays in when it is not the business one (they picked it and the track is sold in it). */
  currency?: CurrencyCode | null;
  free: boolean;
  /** The owner offers bank transfer / mobile money: the learner picks it or card. */
  offlineAvailable?: boolean;
  /** The applied coupon's quote (shown by the summary too); the checkout sends its code and the server prices it again. */
  coupon?: CouponQuote | null;
  onCoupon?: (quote: CouponQuote | null) => void;
  /** The track's instalment offer: the learner may pay in full or in parts when it has one. */
  planKey?: InstalmentSchedule_track$key | null;
}

export function CheckoutForm({
  learnerKey,
  trackId,
  currency = null,
  free: freeTrack,
  offlineAvailable = false,
  coupon = null,
  onCoupon,
  planKey = null,
}: CheckoutFormProps) {
  // A coupon that takes the whole price enrolls at once, as a free track does.
  const free = freeTrack || coupon?.amountCents === 0;
  const [couponError, setCouponError] = useState<string | null>(null);
  const learner = useFragment(
    graphql`
      fragment CheckoutForm_learner on Learner {
        id
        fullName
        email
        contact
        gender
        location
        bio
      }
    `,
    learnerKey,
  );
  const navigate = useNavigate();
  const { values, showErrors, formRef, field } = useFields<CheckoutValues, Field>({
    contact: learner.contact,
    gender: learner.gender === "MALE" || learner.gender === "FEMALE" ? learner.gender : "",
    location: learner.location ?? "",
    description: learner.bio ?? "",
  });
  const [message, setMessage] = useState<string | null>(null);
  const [state, setState] = useState<State>({ step: "form" });
  const [method, setMethod] = useState<PaymentChoice>("CARD");
  const [plan, setPlan] = useState<PlanValue>("FULL");
  // Instalments are by card only (docs/payments.md, "Instalments"): the method choice steps aside.
  const instalments = !free && plan === "INSTALMENTS";
  const offline = offlineAvailable && !free && !instalments && method === "OFFLINE";
  const [checkout] = useAsyncMutation<CheckoutFormMutation>(mutation);

  useEffect(() => {
    if (state.step !== "enrolled") return;
    const timer = setTimeout(() => navigate("/portal"), ENROLLED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.step, navigate]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const found = validateCheckout(values);
    if (showErrors(found)) return;
    setState({ step: "processing" });
    try {
      const { checkout: result } = await checkout({
        variables: {
          input: {
            trackId,
            contact: values.contact.trim(),
            gender: values.gender as Gender,
            location: values.location.trim() || null,
            description: values.description.trim() || null,
            ...(offline ? { method: "OFFLINE" as const } : {}),
            ...(coupon ? { coupon: coupon.code } : {}),
            ...(currency ? { currency } : {}),
            ...(instalments ? { plan: "INSTALMENTS" as const } : {}),
          },
          free,
          connections: [ConnectionHandler.getConnectionID(learner.id, ENROLLMENTS_CONNECTION)],
        },
      });
      if (result.__typename === "CheckoutPayload") {
        if (result.offline && result.reference) {
          // Bank transfer / mobile money: the payment page shows the instructions and waits for finance.
          rememberCheckout(result.reference, trackId);
          navigate(`/payment-verification?reference=${encodeURIComponent(result.reference)}`);
          return;
        }
        if (result.authorizationUrl) {
          // Paystack's payment page; it comes back to /payment-verification?reference=...
          setState({ step: "redirecting" });
          if (result.reference) rememberCheckout(result.reference, trackId);
          window.location.assign(result.authorizationUrl);
          return;
        }
        setState({ step: "enrolled", message: "Successfully Enrolled!" });
        return;
      }
      if (result.failure?.fieldErrors) {
        showErrors(serverFieldErrors(result.failure.fieldErrors, fields));
        const refused = result.failure.fieldErrors.find((e) => e.field === "coupon");
        if (refused) {
          // The coupon stopped applying since it was quoted (used up, expired): back to the list price.
          setCouponError(refused.message);
          onCoupon?.(null);
        }
      }
      setMessage(result.failure?.message || "An error occurred.");
      setState({ step: "form" });
    } catch {
      setMessage("An error occurred.");
      setState({ step: "form" });
    }
  };

  if (state.step === "enrolled") {
    return (
      <div className={styles.done}>
        <Alert tone="success" title={state.message}>
          Taking you to your portal...
        </Alert>
        <ButtonLink to="/portal" variant="secondary">
          Go to my courses now
        </ButtonLink>
      </div>
    );
  }

  const busy = state.step !== "form";
  return (
    <form ref={formRef} className={formStyles.form} onSubmit={submit} noValidate aria-busy={busy || undefined}>
      {message && <Alert tone="error">{message}</Alert>}
      <div className={formStyles.row}>
        <TextField label="Full name" name="name" value={learner.fullName} readOnly />
        <TextField label="Email" name="email" type="email" value={learner.email} readOnly />
      </div>
      <div className={formStyles.row}>
        <TextField label="Contact" type="tel" autoComplete="tel" required {...field("contact")} />
        <GenderSelect required {...field("gender")} />
      </div>
      <TextField label="Location" autoComplete="address-level2" hint="Optional" {...field("location")} />
      <TextArea
        label="Description"
        hint="Optional: tell your instructor a little about yourself and your goals."
        rows={4}
        {...field("description")}
      />
      {!freeTrack && onCoupon && (
        <CouponField
          trackId={trackId}
          currency={currency}
          applied={coupon}
          onApplied={(quote) => {
            setCouponError(null);
            onCoupon(quote);
          }}
          error={couponError}
          disabled={busy}
        />
      )}
      {planKey && !free && <PlanChoice trackKey={planKey} currency={currency} value={plan} onChange={setPlan} disabled={busy} />}
      {offlineAvailable && !free && !instalments && <PaymentMethodChoice value={method} onChange={setMethod} disabled={busy} />}
      <div className={formStyles.actions}>
        <Button type="submit" size="lg" block loading={busy}>
          {busy
            ? "Processing..."
            : free
              ? "Enroll for free"
              : offline
                ? "Get payment instructions"
                : instalments
                  ? "Pay the first instalment"
                  : "Proceed to payment"}
        </Button>
      </div>
    </form>
  );
}
