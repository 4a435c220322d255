/**
 * The business settings' limits and messages, which the API's rules (api/src/domain/settings/settings.ts) and the
 * owner's settings form (web/src/admin/pages/settings/) both check, written once so that a limit or its message
 * cannot differ between the two. Plain values, like the rest of common/.
 */

export const SETTINGS_LIMITS = {
  /** Characters of the offline payment instructions. */
  offlineInstructions: 2000,
  /** Days a pending bank transfer / mobile money invoice stays open. */
  offlineExpiryDays: { min: 1, max: 365 },
  /** Hours after which an unpaid card checkout counts as abandoned. */
  checkoutAbandonHours: { min: 1, max: 720 },
  /** Days after an instalment's due date before the unpaid part pauses the learner's access. */
  instalmentGraceDays: { min: 0, max: 60 },
  businessName: 120,
  postalAddress: 500,
  taxNumber: 50,
  supportEmail: 254,
  footerContact: 500,
  /** The invoice number prefix's length (see INVOICE_PREFIX_PATTERN). */
  invoicePrefix: 12,
  /** A percentage with at most 2 decimals. */
  taxRatePercent: { min: 0, max: 100 },
} as const;

/** An invoice number prefix: 1 to 12 letters, digits or dashes, starting with a letter or digit. */
export const INVOICE_PREFIX_PATTERN = /^[A-Za-z0-9][A-Za-z0-9-]{0,11}$/;

export const SETTINGS_MESSAGES = {
  instructionsRequired: "Payment instructions are required when bank transfer / mobile money is enabled.",
  instructionsTooLong: "Payment instructions must be at most 2000 characters.",
  expiryDays: "Offline payments must expire after 1 to 365 days.",
  abandonHours: "Card checkouts must be abandoned after 1 to 720 hours.",
  graceDays: "Grace days must be a whole number from 0 to 60.",
  businessName: "Business name is required.",
  businessNameTooLong: "Business name must be at most 120 characters.",
  postalAddressTooLong: "Postal address must be at most 500 characters.",
  taxNumberTooLong: "Tax number must be at most 50 characters.",
  supportEmail: "Enter a valid support e-mail address.",
  businessNameCharacters: "Business name contains a character that is not allowed.",
  taxNumberCharacters: "Tax number contains a character that is not allowed.",
  textCharacters: "This text contains a character that is not allowed.",
  footerContactTooLong: "Footer contact details must be at most 500 characters.",
  invoicePrefix: "Invoice prefix must be 1 to 12 letters, digits or dashes, starting with a letter or digit.",
  taxRate: "Tax rate must be a percentage from 0 to 100 with at most 2 decimals.",
  currency: "Choose the business currency: NGN, GHS, KES, ZAR or USD.",
  /** A track priced explicitly in the currency that is to become the business one: its main price would clash. */
  currencyPriced: (count: number, currency: string) =>
    `${count === 1 ? "A track has" : `${count} tracks have`} their own ${currency} price: remove ${count === 1 ? "it" : "them"} before making ${currency} the business currency.`,
} as const;

/**
 * What a change of the business currency does, as the settings form and the API say it: like Thinkific or Teachable,
 * the numbers stay and only their currency changes.
 */
export const CURRENCY_CHANGE_NOTE =
  "Changing the currency re-labels every track's main price in the new currency without converting it (a price of 450 stays 450); invoices keep their own currency.";
