import { type FormEvent, Suspense, useState } from "react";
import { graphql, type PreloadedQuery, usePreloadedQuery } from "react-relay/hooks";
import { type CurrencyCode, isCurrencyCode } from "../../../../../../common/money.ts";
import { isPaymentChannel, type PaymentChannel } from "../../../../../../common/payments.ts";
import { SETTINGS_LIMITS, SETTINGS_MESSAGES } from "../../../../../../common/settings.ts";
import { useAsyncMutation } from "../../../../shared/relay/useAsyncMutation.ts";
import type { QueryPageProps } from "../../../../shared/routing/pageRoute.tsx";
import { Alert } from "../../../../shared/ui/Alert.tsx";
import { Button } from "../../../../shared/ui/Button.tsx";
import { ConfirmDialog } from "../../../../shared/ui/ConfirmDialog.tsx";
import { TextArea, TextField } from "../../../../shared/ui/Field.tsx";
import { PageHeader } from "../../../../shared/ui/PageHeader.tsx";
import { Spinner } from "../../../../shared/ui/Spinner.tsx";
import { Switch } from "../../../../shared/ui/Switch.tsx";
import { toast } from "../../../../shared/ui/Toast.tsx";
import { failureOf } from "../../../components/failures.ts";
import type {
  BusinessSettingsPageMutation,
  PaymentChannel as PaymentChannelName,
} from "./__generated__/BusinessSettingsPageMutation.graphql.ts";
import type { BusinessSettingsPageQuery } from "./__generated__/BusinessSettingsPageQuery.graphql.ts";
import { BusinessIdentityFields, useIdentityForm } from "./_components/BusinessIdentityFields.tsx";
import { CurrencyField, currencyChangeText } from "./_components/CurrencyField.tsx";
import { graceDaysError, InstalmentGraceField } from "./_components/InstalmentGraceField.tsx";
import { PaymentChannelsField, validatePaymentChannels } from "./_components/PaymentChannelsField.tsx";
import styles from "./BusinessSettingsPage.module.css";

const query = graphql`
  query BusinessSettingsPageQuery {
    businessSettings {
      offlinePaymentsEnabled
      offlineInstructions
      offlineExpiryDays
      checkoutAbandonHours
      instalmentGraceDays
      businessName
      logo
      postalAddress
      taxNumber
      supportEmail
      footerContact
      invoicePrefix
      taxRatePercent
      taxInclusive
      currency
      paymentChannels
    }
  }
`;

const mutation = graphql`
  mutation BusinessSettingsPageMutation($input: BusinessSettingsInput!) {
    updateBusinessSettings(input: $input) {
      __typename
      ... on BusinessSettingsPayload {
        settings {
          offlinePaymentsEnabled
          offlineInstructions
          offlineExpiryDays
          checkoutAbandonHours
          instalmentGraceDays
          businessName
          logo
          postalAddress
          taxNumber
          supportEmail
          footerContact
          invoicePrefix
          taxRatePercent
          taxInclusive
          currency
          paymentChannels
        }
      }
      ...mutationError_error @alias(as: "failure") @relay(mask: false)
    }
  }
`;

export const SETTINGS_FORM_MESSAGES = {
  instructions: SETTINGS_MESSAGES.instructionsRequired,
  instructionsLong: SETTINGS_MESSAGES.instructionsTooLong,
  expiryDays: SETTINGS_MESSAGES.expiryDays,
  abandonHours: SETTINGS_MESSAGES.abandonHours,
  failed: "Failed to save the settings.",
  saved: "Settings saved.",
} as const;

interface Values {
  offlinePaymentsEnabled: boolean;
  offlineInstructions: string;
  offlineExpiryDays: string;
  checkoutAbandonHours: string;
  instalmentGraceDays: string;
}

const wholeIn = (text: string, min: number, max: number) => /^\d+$/.test(text.trim()) && Number(text) >= min && Number(text) <= max;

/** The rules of the API's settings (checked again there), with its limits and messages (common/settings.ts). */
export function validateSettings(values: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.offlinePaymentsEnabled && !values.offlineInstructions.trim()) errors.offlineInstructions = SETTINGS_FORM_MESSAGES.instructions;
  if (values.offlineInstructions.trim().length > SETTINGS_LIMITS.offlineInstructions)
    errors.offlineInstructions = SETTINGS_FORM_MESSAGES.instructionsLong;
  const { offlineExpiryDays: days, checkoutAbandonHours: hours } = SETTINGS_LIMITS;
  if (!wholeIn(values.offlineExpiryDays, days.min, days.max)) errors.offlineExpiryDays = SETTINGS_FORM_MESSAGES.expiryDays;
  if (!wholeIn(values.checkoutAbandonHours, hours.min, hours.max)) errors.checkoutAbandonHours = SETTINGS_FORM_MESSAGES.abandonHours;
  const grace = graceDaysError(values.instalmentGraceDays);
  if (grace) errors.instalmentGraceDays = grace;
  return errors;
}

/** Owners: whether learners may pay by bank transfer / mobile money and what they are told, and the payment expiries. */
export default function BusinessSettingsPage({ queryRef }: QueryPageProps<BusinessSettingsPageQuery>) {
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your business on invoices, receipts and mails; tax; how learners may pay and how long unpaid checkouts stay open."
      />
      <Suspense fallback={<Spinner size="lg" label="Loading the settings..." />}>
        <SettingsForm queryRef={queryRef} />
      </Suspense>
    </>
  );
}

function SettingsForm({ queryRef }: { queryRef: PreloadedQuery<BusinessSettingsPageQuery> }) {
  const { businessSettings: saved } = usePreloadedQuery<BusinessSettingsPageQuery>(query, queryRef);
  const [values, setValues] = useState<Values>({
    offlinePaymentsEnabled: saved.offlinePaymentsEnabled,
    offlineInstructions: saved.offlineInstructions ?? "",
    offlineExpiryDays: String(saved.offlineExpiryDays ?? 7),
    checkoutAbandonHours: String(saved.checkoutAbandonHours ?? 24),
    instalmentGraceDays: String(saved.instalmentGraceDays ?? 7),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [save] = useAsyncMutation<BusinessSettingsPageMutation>(mutation);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((current) => ({ ...current, [key]: value }));
  const identity = useIdentityForm(saved);
  const savedChannels = saved.paymentChannels.map((channel) => channel.toLowerCase()).filter(isPaymentChannel);
  const [channels, setChannels] = useState<PaymentChannel[]>(savedChannels);
  // The settings have no id, so the saved answer does not update the query's record: the saved currency is kept here.
  const [savedCurrency, setSavedCurrency] = useState<CurrencyCode>(isCurrencyCode(saved.currency) ? saved.currency : "USD");
  const [currency, setCurrency] = useState<CurrencyCode>(savedCurrency);
  const [confirming, setConfirming] = useState(false);

  /** Saves the form; answers the failure's message (also shown on the form), or null once saved. */
  const store = async (): Promise<string | null> => {
    setPending(true);
    try {
      const result = await save({
        variables: {
          input: {
            offlinePaymentsEnabled: values.offlinePaymentsEnabled,
            offlineInstructions: values.offlineInstructions.trim() || null,
            offlineExpiryDays: Number(values.offlineExpiryDays),
            checkoutAbandonHours: Number(values.checkoutAbandonHours),
            // Sent only when changed, like the identity fields (omitted keeps it).
            ...(Number(values.instalmentGraceDays) !== saved.instalmentGraceDays
              ? { instalmentGraceDays: Number(values.instalmentGraceDays) }
              : {}),
            // Sent when changed, like the identity: omitted keeps them.
            ...(channels.join() === savedChannels.join()
              ? {}
              : { paymentChannels: channels.map((channel) => channel.toUpperCase() as PaymentChannelName) }),
            ...identity.changes(),
            ...(currency !== savedCurrency ? { currency } : {}),
          },
        },
      });
      const failure = failureOf(result.updateBusinessSettings, SETTINGS_FORM_MESSAGES.failed);
      if (failure) {
        setErrors(failure.fieldErrors);
        setMessage(failure.message);
        return failure.message;
      }
      identity.setLogo(null);
      const answered = result.updateBusinessSettings;
      if (answered.__typename === "BusinessSettingsPayload" && isCurrencyCode(answered.settings?.currency))
        setSavedCurrency(answered.settings.currency);
      toast.success(SETTINGS_FORM_MESSAGES.saved);
      return null;
    } catch {
      setMessage(SETTINGS_FORM_MESSAGES.failed);
      return SETTINGS_FORM_MESSAGES.failed;
    } finally {
      setPending(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const channelsError = validatePaymentChannels(channels);
    const found = { ...identity.validate(), ...validateSettings(values), ...(channelsError ? { paymentChannels: channelsError } : {}) };
    setErrors(found);
    setMessage(null);
    if (Object.keys(found).length || identity.logoError) return;
    // A new business currency re-labels every track's price: the owner confirms it first.
    if (currency !== savedCurrency) return setConfirming(true);
    await store();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={pending || undefined}>
      {message && <Alert tone="error">{message}</Alert>}
      <BusinessIdentityFields form={identity} errors={errors} />
      <CurrencyField
        value={currency}
        saved={savedCurrency}
        error={errors.currency}
        onChange={(next) => {
          setCurrency(next);
          setErrors(({ currency: _, ...rest }) => rest);
        }}
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        {...currencyChangeText(savedCurrency, currency)}
        confirmLabel={`Change to ${currency}`}
        tone="primary"
        onConfirm={async () => {
          const failure = await store();
          // The dialog stays open with the server's reason (e.g. a track already has its own price in that currency).
          if (failure) throw new Error(failure);
        }}
      />
      <PaymentChannelsField value={channels} onChange={setChannels} currency={currency} error={errors.paymentChannels} />
      <section className={styles.section} aria-labelledby="offline-title">
        <h2 id="offline-title" className={styles.title}>
          Bank transfer / mobile money
        </h2>
        <Switch
          label="Offer bank transfer / mobile money at checkout"
          description="Learners get a payment reference and your instructions; finance confirms each payment on the invoice."
          checked={values.offlinePaymentsEnabled}
          onCheckedChange={(checked) => set("offlinePaymentsEnabled", checked)}
        />
        <TextArea
          label="Payment instructions"
          hint="Account or wallet details, shown to the learner and mailed to them as plain text (line breaks are kept)."
          rows={6}
          maxLength={SETTINGS_LIMITS.offlineInstructions}
          required={values.offlinePaymentsEnabled}
          value={values.offlineInstructions}
          onChange={(e) => set("offlineInstructions", e.target.value)}
          error={errors.offlineInstructions}
        />
        <TextField
          label="Days to pay"
          hint="A pending bank transfer / mobile money invoice lapses after this many days (1 to 365)."
          type="number"
          inputMode="numeric"
          min={SETTINGS_LIMITS.offlineExpiryDays.min}
          max={SETTINGS_LIMITS.offlineExpiryDays.max}
          value={values.offlineExpiryDays}
          onChange={(e) => set("offlineExpiryDays", e.target.value)}
          error={errors.offlineExpiryDays}
        />
      </section>
      <section className={styles.section} aria-labelledby="card-title">
        <h2 id="card-title" className={styles.title}>
          Card checkouts
        </h2>
        <TextField
          label="Hours before an unpaid card checkout is abandoned"
          hint="1 to 720 hours."
          type="number"
          inputMode="numeric"
          min={SETTINGS_LIMITS.checkoutAbandonHours.min}
          max={SETTINGS_LIMITS.checkoutAbandonHours.max}
          value={values.checkoutAbandonHours}
          onChange={(e) => set("checkoutAbandonHours", e.target.value)}
          error={errors.checkoutAbandonHours}
        />
      </section>
      <InstalmentGraceField
        value={values.instalmentGraceDays}
        onChange={(value) => set("instalmentGraceDays", value)}
        error={errors.instalmentGraceDays}
      />
      <div className={styles.actions}>
        <Button type="submit" loading={pending}>
          Save settings
        </Button>
      </div>
    </form>
  );
}
