import { channelsSupportedIn } from "../../../../common/payments.ts";
import { PAYSTACK_CHANNELS, type PaystackChannel } from "../contract.ts";

/** The order the checkout lists channels in, card first. */
export const CHANNEL_ORDER: readonly PaystackChannel[] = [
  "card",
  "bank_transfer",
  "ussd",
  "mobile_money",
  "qr",
  "bank",
  "eft",
  "apple_pay",
];

export const CHANNEL_NAMES: Record<PaystackChannel, string> = {
  card: "Card",
  bank_transfer: "Bank transfer",
  ussd: "USSD",
  mobile_money: "Mobile money",
  qr: "QR code",
  bank: "Bank",
  eft: "EFT",
  apple_pay: "Apple Pay",
};

/**
 * Channels the customer completes away from the page (a transfer from their bank app, a USSD code dialled, a prompt
 * approved on their phone): once they say they have paid, the transaction is pending until the sandbox completes it
 * later. Every other channel settles at once, like the card.
 */
export const OFFLINE_CHANNELS = ["bank_transfer", "ussd", "mobile_money"] as const satisfies readonly PaystackChannel[];
export type OfflineChannel = (typeof OFFLINE_CHANNELS)[number];
export type ImmediateChannel = Exclude<PaystackChannel, OfflineChannel>;

export const isOfflineChannel = (channel: PaystackChannel): channel is OfflineChannel =>
  (OFFLINE_CHANNELS as readonly string[]).includes(channel);

export const isPaystackChannel = (value: unknown): value is PaystackChannel =>
  typeof value === "string" && (PAYSTACK_CHANNELS as readonly string[]).includes(value);

/**
 * The channels a transaction's checkout offers, in the page's order: those initialize named, or all, and of them only
 * those Paystack supports in the payment's currency (common/payments.ts, CHANNELS_BY_CURRENCY: a dollar checkout is
 * card only). The card, which every currency supports, when none of the named ones is.
 */
export function offeredChannels(named: readonly PaystackChannel[] | null, currency: string): PaystackChannel[] {
  const supported = channelsSupportedIn(currency);
  const offered = CHANNEL_ORDER.filter((channel) => (!named || named.includes(channel)) && supported.includes(channel));
  return offered.length > 0 ? offered : ["card"];
}

/**
 * Mobile money providers by Paystack's codes (Ghana: MTN, Telecel, formerly Vodafone, and AirtelTigo; Kenya: M-Pesa),
 * with what Paystack reports in the payment's `authorization`.
 */
export const MOBILE_MONEY_PROVIDERS = {
  mtn: { name: "MTN Mobile Money", bank: "MTN Mobile Money", brand: "Mtn mobile money", country: "GH" },
  vod: { name: "Telecel Cash", bank: "Vodafone Cash", brand: "Vodafone cash", country: "GH" },
  atl: { name: "AirtelTigo Money", bank: "AirtelTigo Money", brand: "Airteltigo money", country: "GH" },
  mpesa: { name: "M-Pesa", bank: "M-PESA", brand: "M-pesa", country: "KE" },
} as const;
export type MobileMoneyProvider = keyof typeof MOBILE_MONEY_PROVIDERS;

export const isMobileMoneyProvider = (value: unknown): value is MobileMoneyProvider =>
  typeof value === "string" && Object.hasOwn(MOBILE_MONEY_PROVIDERS, value);

/** A phone number as a person types it: digits, optionally a leading +, spaces and dashes; 9 to 15 digits. */
export function mobileMoneyNumber(value: unknown): string | null {
  if (typeof value !== "string" || !/^\+?[\d\s-]+$/.test(value.trim())) return null;
  const digits = value.replace(/\D/g, "");
  return digits.length >= 9 && digits.length <= 15 ? digits : null;
}

/** How long Paystack keeps a pay-with-transfer account number open for its payment. */
export const TRANSFER_ACCOUNT_MINUTES = 30;

/**
 * The one-time account a pay-with-transfer checkout shows, as Paystack's test mode answers it (bank "Test Bank",
 * account name "TEST-MANAGED-ACCOUNT"); the number is made from the access code, so it stays put across visits.
 */
export function transferAccount(accessCode: string) {
  const number = String(Number.parseInt(accessCode.slice(0, 12), 16) % 10_000_000_000).padStart(10, "0");
  return { bank: { slug: "test-bank", name: "Test Bank", id: 24 }, accountName: "TEST-MANAGED-ACCOUNT", accountNumber: number };
}

/** The bank whose USSD code the sandbox shows (Guaranty Trust Bank's *737#), and the code for a transaction. */
export const USSD_BANK = "Guaranty Trust Bank";
export function ussdCode(transactionId: number): string {
  return `*737*000*${String(transactionId % 10_000).padStart(4, "0")}#`;
}
