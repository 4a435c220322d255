/**
 * The payments' limits and messages (docs/payments.md): what the API's rules check and answer
 * (api/src/domain/payments/checkout.ts, offline.ts) and what the learner's checkout form and the admin's confirmation
 * of a received payment check first, written once. Plain values, like the rest of common/.
 */
import { TRACK_MESSAGES } from "./catalogue.ts";
import { type CurrencyCode, isCurrencyCode } from "./money.ts";

export const CHECKOUT_MESSAGES = {
  contact: "Contact is required.",
  gender: "Please select your gender (Male or Female).",
  noTrack: "No track specified.",
  trackNotFound: "Track not found.",
  alreadyEnrolled: "You are already enrolled in this track.",
  enrolled: "Successfully Enrolled!",
  providerDown: "Payment could not be started. Please try again in a moment.",
  noLongerSold: TRACK_MESSAGES.noLongerSold,
  method: "Choose how to pay: card or bank transfer / mobile money.",
  currency: "Choose a currency: NGN, GHS, KES, ZAR or USD.",
  noChannel: (currency: string) =>
    `Payments in ${currency} are not available at the moment: none of the payment channels offered works in ${currency}. Choose another currency or contact us.`,
} as const;

export const OFFLINE_LIMITS = {
  /** Characters of the note staff keep with a confirmed payment. */
  note: 500,
} as const;

export const OFFLINE_MESSAGES = {
  unavailable: "Bank transfer / mobile money is not available at the moment. Please pay by card.",
  notFound: "Invoice not found.",
  alreadyPaid: "This invoice is already paid; nothing was changed.",
  voided: "This invoice was voided; it cannot be paid.",
  expired: "This invoice expired unpaid; it cannot be confirmed.",
  notPending: "Only a pending invoice can be confirmed.",
  method: "Choose how the payment was received: bank transfer, mobile money, cash or other.",
  receivedOn: "Date received is required.",
  futureDate: "The date received cannot be in the future.",
  noteTooLong: "The note must be at most 500 characters.",
} as const;

/**
 * The Paystack payment channels an owner may offer at checkout (BusinessSettings.paymentChannels), by Paystack's names
 * (docs/payments.md, Channels). A new install offers all of them, as a Paystack merchant expects; the checkout opens
 * Paystack with those of them the invoice's currency supports (`checkoutChannels`).
 */
export const PAYMENT_CHANNELS = ["card", "bank", "ussd", "qr", "mobile_money", "bank_transfer", "apple_pay"] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number];

/** A channel as Paystack names it in a payment (`data.channel`): the owner's seven, and South Africa's EFT. */
export type PaystackChannelName = PaymentChannel | "eft";

export const isPaymentChannel = (value: unknown): value is PaymentChannel =>
  typeof value === "string" && (PAYMENT_CHANNELS as readonly string[]).includes(value);

export const isPaystackChannelName = (value: unknown): value is PaystackChannelName => value === "eft" || isPaymentChannel(value);

/**
 * Channels whose payment completes minutes after the learner left Paystack's page (a transfer sent from their bank
 * app, a USSD code dialled, a mobile money prompt approved): pending meanwhile, then settled by the webhook or a verify.
 */
export const DELAYED_CHANNELS = ["bank_transfer", "ussd", "mobile_money"] as const satisfies readonly PaymentChannel[];
export type DelayedChannel = (typeof DELAYED_CHANNELS)[number];
export const isDelayedChannel = (channel: unknown): channel is DelayedChannel =>
  typeof channel === "string" && (DELAYED_CHANNELS as readonly string[]).includes(channel);

/** How each channel reads to people (settings, invoices, the receipt). */
export const PAYMENT_CHANNEL_LABELS: Readonly<Record<PaystackChannelName, string>> = {
  card: "Card",
  bank: "Bank account",
  ussd: "USSD",
  qr: "QR code",
  mobile_money: "Mobile money",
  bank_transfer: "Bank transfer",
  apple_pay: "Apple Pay",
  eft: "EFT",
};

/**
 * Which channels Paystack supports for a payment in each currency, from Paystack's documentation of its payment
 * channels (docs/payments.md, Channels): cards in every currency (USD: cards only); pay with bank, USSD and pay with
 * transfer for naira collections in Nigeria; QR in Nigeria and South Africa; mobile money in Ghana (MTN, Telecel,
 * AirtelTigo) and Kenya (M-Pesa); EFT in South Africa; Apple Pay for the local currencies of Nigeria, Ghana, Kenya and
 * South Africa. The checkout offers the owner's channels that are in the invoice's currency's list, and the sandbox's
 * hosted page never offers one that is not.
 */
export const CHANNELS_BY_CURRENCY: Readonly<Record<CurrencyCode, readonly PaystackChannelName[]>> = {
  NGN: ["card", "bank", "ussd", "qr", "bank_transfer", "apple_pay"],
  GHS: ["card", "mobile_money", "apple_pay"],
  KES: ["card", "mobile_money", "apple_pay"],
  ZAR: ["card", "qr", "eft", "apple_pay"],
  USD: ["card"],
};

/** The channels Paystack supports in a currency (cards only for one it does not know). */
export const channelsSupportedIn = (currency: string): readonly PaystackChannelName[] =>
  isCurrencyCode(currency) ? CHANNELS_BY_CURRENCY[currency] : ["card"];

/**
 * What a checkout in `currency` opens Paystack with: the owner's enabled channels that the currency supports, in
 * PAYMENT_CHANNELS order. Empty when none is (only bank transfer enabled, a learner paying in USD): that checkout is
 * refused (CHECKOUT_MESSAGES.noChannel) rather than offering a channel the owner turned off.
 */
export function checkoutChannels(enabled: readonly string[], currency: string): PaymentChannel[] {
  const supported = channelsSupportedIn(currency);
  return PAYMENT_CHANNELS.filter((channel) => enabled.includes(channel) && supported.includes(channel));
}

export const PAYMENT_CHANNEL_MESSAGES = {
  atLeastOne: "Keep at least one payment channel enabled.",
  unknown: "Payment channels must be among: card, bank, ussd, qr, mobile_money, bank_transfer, apple_pay.",
} as const;

/** A channel inside a sentence ("paid by bank transfer"). */
const CHANNEL_WORDS: Readonly<Record<PaystackChannelName, string>> = {
  card: "card",
  bank: "bank account",
  ussd: "USSD",
  qr: "QR code",
  mobile_money: "mobile money",
  bank_transfer: "bank transfer",
  apple_pay: "Apple Pay",
  eft: "EFT",
};

/** Finance's ways of recording a payment (Invoice.paymentMethod) inside a sentence. */
const METHOD_WORDS: Readonly<Record<string, string>> = {
  BANK_TRANSFER: "bank transfer",
  MOBILE_MONEY: "mobile money",
  CASH: "cash",
};

/**
 * How an invoice was paid, inside a sentence ("Paid by bank transfer (Paystack)"): the Paystack channel when Paystack
 * reported one (docs/payments.md, Channels), else finance's method for money paid outside Paystack, else "card
 * (Paystack)" for a card payment settled before channels were recorded; null when the record says nothing more
 * (unpaid, or marked paid by staff).
 */
export function paidByWords(method: string | null | undefined, channel: string | null | undefined): string | null {
  if (channel && isPaystackChannelName(channel)) return `${CHANNEL_WORDS[channel]} (Paystack)`;
  if (method === "CARD") return "card (Paystack)";
  return (method && METHOD_WORDS[method]) || null;
}

/**
 * The amount a card check charges to save a card for later instalments, in each currency's minor units
 * (docs/payments.md, "Saving a card"): small, above what card networks decline as too small, refunded at once.
 */
export const CARD_CHECK_AMOUNTS: Readonly<Record<CurrencyCode, number>> = {
  NGN: 5_000,
  GHS: 100,
  KES: 1_000,
  ZAR: 1_000,
  USD: 100,
};

export const CARD_SETUP_MESSAGES = {
  currency: "Choose a currency: NGN, GHS, KES, ZAR or USD.",
  noPlan: (currency: string) => `You have no active payment plan in ${currency}, so there is nothing to save a card for.`,
  notFound: "Card check not found.",
  cardNotFound: "Saved card not found.",
  inProgress: "A card check is being opened; try again in a moment.",
  tooMany: "You have tried to add a card many times today. Please try again tomorrow.",
  notReusable: "This card cannot be charged automatically. Nothing was kept, and the check amount is refunded.",
  declined: "The card was not charged, so it was not saved. Try again or use another card.",
  mismatch: "The card check was not for the amount asked, so the card was not saved; what was charged is refunded.",
  unknown: "Paystack does not know this card check.",
} as const;
