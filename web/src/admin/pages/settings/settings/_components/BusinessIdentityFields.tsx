import { useState } from "react";
import { INVOICE_PREFIX_PATTERN, SETTINGS_LIMITS, SETTINGS_MESSAGES } from "../../../../../../../common/settings.ts";
import { Button } from "../../../../../shared/ui/Button.tsx";
import { TextArea, TextField } from "../../../../../shared/ui/Field.tsx";
import { Switch } from "../../../../../shared/ui/Switch.tsx";
import { ImageField } from "../../../../components/ImageField.tsx";
import styles from "../BusinessSettingsPage.module.css";

/** The API's messages for the identity fields (checked again there): common/settings.ts. */
export const IDENTITY_MESSAGES = SETTINGS_MESSAGES;

/** The identity as the page query reads it. */
export interface SavedIdentity {
  businessName: string;
  logo: string | null | undefined;
  postalAddress: string | null | undefined;
  taxNumber: string | null | undefined;
  supportEmail: string | null | undefined;
  footerContact: string | null | undefined;
  invoicePrefix: string;
  taxRatePercent: number;
  taxInclusive: boolean;
}

interface IdentityValues {
  businessName: string;
  postalAddress: string;
  taxNumber: string;
  supportEmail: string;
  footerContact: string;
  invoicePrefix: string;
  taxRatePercent: string;
  taxInclusive: boolean;
}

const TEXT_FIELDS = ["businessName", "postalAddress", "taxNumber", "supportEmail", "footerContact", "invoicePrefix"] as const;

const valuesOf = (saved: SavedIdentity): IdentityValues => ({
  businessName: saved.businessName,
  postalAddress: saved.postalAddress ?? "",
  taxNumber: saved.taxNumber ?? "",
  supportEmail: saved.supportEmail ?? "",
  footerContact: saved.footerContact ?? "",
  invoicePrefix: saved.invoicePrefix,
  taxRatePercent: String(saved.taxRatePercent),
  taxInclusive: saved.taxInclusive,
});

/** The API's rules for the identity (checked again there), with its limits (common/settings.ts). */
export function validateIdentity(values: IdentityValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = values.businessName.trim();
  if (!name) errors.businessName = IDENTITY_MESSAGES.businessName;
  else if (name.length > SETTINGS_LIMITS.businessName) errors.businessName = IDENTITY_MESSAGES.businessNameTooLong;
  if (values.postalAddress.trim().length > SETTINGS_LIMITS.postalAddress) errors.postalAddress = IDENTITY_MESSAGES.postalAddressTooLong;
  if (values.taxNumber.trim().length > SETTINGS_LIMITS.taxNumber) errors.taxNumber = IDENTITY_MESSAGES.taxNumberTooLong;
  const email = values.supportEmail.trim();
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.supportEmail = IDENTITY_MESSAGES.supportEmail;
  if (values.footerContact.trim().length > SETTINGS_LIMITS.footerContact) errors.footerContact = IDENTITY_MESSAGES.footerContactTooLong;
  if (!INVOICE_PREFIX_PATTERN.test(values.invoicePrefix.trim())) errors.invoicePrefix = IDENTITY_MESSAGES.invoicePrefix;
  const rate = values.taxRatePercent.trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(rate) || Number(rate) > SETTINGS_LIMITS.taxRatePercent.max)
    errors.taxRatePercent = IDENTITY_MESSAGES.taxRate;
  return errors;
}

/**
 * The identity part of the settings form: its values, its checks, and what changed since the page loaded (only the
 * changed fields are sent; the API keeps the others).
 */
export function useIdentityForm(saved: SavedIdentity) {
  const [initial] = useState(() => valuesOf(saved));
  const [values, setValues] = useState(initial);
  const [logo, setLogo] = useState<File | null>(null);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [logoError, setLogoError] = useState<string | null>(null);
  const set = <K extends keyof IdentityValues>(key: K, value: IdentityValues[K]) => setValues((current) => ({ ...current, [key]: value }));
  const changes = () => {
    const input: Record<string, unknown> = {};
    for (const key of TEXT_FIELDS) if (values[key].trim() !== initial[key].trim()) input[key] = values[key].trim();
    if (values.taxRatePercent.trim() !== initial.taxRatePercent) input.taxRatePercent = Number(values.taxRatePercent.trim());
    if (values.taxInclusive !== initial.taxInclusive) input.taxInclusive = values.taxInclusive;
    if (logo) input.logo = logo;
    else if (removeLogo) input.removeLogo = true;
    return input;
  };
  return {
    values,
    set,
    logo,
    setLogo,
    removeLogo,
    setRemoveLogo,
    logoError,
    setLogoError,
    validate: () => validateIdentity(values),
    changes,
    currentLogo: removeLogo ? null : (saved.logo ?? null),
  };
}

type IdentityForm = ReturnType<typeof useIdentityForm>;

/** Name, logo, address, tax number, support e-mail and footer lines; then the invoice prefix and the tax rate. */
export function BusinessIdentityFields({ form, errors }: { form: IdentityForm; errors: Record<string, string> }) {
  const { values, set } = form;
  return (
    <>
      <section className={styles.section} aria-labelledby="identity-title">
        <h2 id="identity-title" className={styles.title}>
          Business identity
        </h2>
        <TextField
          label="Business name"
          hint="On invoices, receipts, mails and the learner site's footer."
          required
          maxLength={SETTINGS_LIMITS.businessName}
          value={values.businessName}
          onChange={(e) => set("businessName", e.target.value)}
          error={errors.businessName}
        />
        <ImageField
          label="Logo"
          currentUrl={form.currentLogo}
          file={form.logo}
          onFileChange={(file) => {
            form.setLogo(file);
            if (file) form.setRemoveLogo(false);
          }}
          error={form.logoError ?? errors.logo}
          onError={form.setLogoError}
        />
        {form.currentLogo && !form.logo && (
          <div>
            <Button variant="ghost" size="sm" onClick={() => form.setRemoveLogo(true)}>
              Remove logo
            </Button>
          </div>
        )}
        <TextArea
          label="Postal address"
          hint="The seller's address on invoices and receipts."
          rows={3}
          maxLength={SETTINGS_LIMITS.postalAddress}
          value={values.postalAddress}
          onChange={(e) => set("postalAddress", e.target.value)}
          error={errors.postalAddress}
        />
        <TextField
          label="Tax number"
          maxLength={SETTINGS_LIMITS.taxNumber}
          value={values.taxNumber}
          onChange={(e) => set("taxNumber", e.target.value)}
          error={errors.taxNumber}
        />
        <TextField
          label="Support e-mail"
          type="email"
          autoComplete="email"
          value={values.supportEmail}
          onChange={(e) => set("supportEmail", e.target.value)}
          error={errors.supportEmail}
        />
        <TextArea
          label="Footer contact lines"
          hint="One per line (phone, address, opening hours...): the learner site's footer and the invoices show them."
          rows={3}
          maxLength={SETTINGS_LIMITS.footerContact}
          value={values.footerContact}
          onChange={(e) => set("footerContact", e.target.value)}
          error={errors.footerContact}
        />
      </section>
      <section className={styles.section} aria-labelledby="invoices-title">
        <h2 id="invoices-title" className={styles.title}>
          Invoices and tax
        </h2>
        <TextField
          label="Invoice number prefix"
          hint={`New invoices are numbered ${values.invoicePrefix.trim() || "INV"}-${new Date().getFullYear()}-000123 (1 to 12 letters, digits or dashes).`}
          required
          maxLength={SETTINGS_LIMITS.invoicePrefix}
          value={values.invoicePrefix}
          onChange={(e) => set("invoicePrefix", e.target.value)}
          error={errors.invoicePrefix}
        />
        <TextField
          label="Tax rate (%)"
          hint="0 to 100, up to 2 decimals; 0 shows no tax line."
          inputMode="decimal"
          value={values.taxRatePercent}
          onChange={(e) => set("taxRatePercent", e.target.value)}
          error={errors.taxRatePercent}
        />
        <Switch
          label="Prices include tax"
          description="On: the tax is part of each track's price. Off: the tax is added to the price at checkout."
          checked={values.taxInclusive}
          onCheckedChange={(checked) => set("taxInclusive", checked)}
        />
      </section>
    </>
  );
}
