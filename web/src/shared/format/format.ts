import { currencyRules, formatMoney as formatMinorUnits } from "../../../../common/money.ts";

/**
 * An amount as GraphQL's `Money` carries it: minor units (cents, kobo, pesewas) and their ISO 4217 currency
 * (docs/ARCHITECTURE.md, "Money"). Screens read `minor` and `currency` and format here, with the same rules the
 * server's mails, PDFs and `Money.formatted` use (common/money.ts).
 */
export interface MoneyValue {
  readonly minor: number;
  readonly currency: string;
}

/** An amount with its currency's symbol, in its locale: $1,499.99, ₦150,000.00, GH₵1,200.00, KSh 15,000.00, R 2,500.00. */
export function formatMoney(money: MoneyValue): string {
  return formatMinorUnits(money.minor, money.currency);
}

/** A major-unit amount (what a form holds, or the spec's plain `amount` numbers) as a MoneyValue of `currency`. */
export function moneyOf(amount: number, currency: string): MoneyValue {
  return { minor: Math.round(amount * 10 ** currencyRules(currency).digits), currency };
}

/** A currency's symbol as forms label amounts with it: "$", "₦", "GH₵", "KSh", "R". */
export function currencySymbol(currency: string): string {
  return formatMinorUnits(0, currency).replace(/[\d.,\s\u00a0]/gu, "");
}

/**
 * Amounts in several currencies, one figure each and never added together (docs/ARCHITECTURE.md, "Money"):
 * "₦150,000.00 · $20.00"; `empty` (the business currency's zero) when there is none.
 */
export function formatMoneys(moneys: readonly MoneyValue[], empty: MoneyValue): string {
  return (moneys.length > 0 ? moneys : [empty]).map(formatMoney).join(" · ");
}

/** "Ada Nwosu" from a stored user's names, falling back to the e-mail when both are empty. */
export function fullName(user: { firstName: string; lastName: string; email: string }): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** Up to two capital letters for avatar fallbacks: "Ada Nwosu" gives "AN". */
export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? "");
  return (letters.length > 1 ? `${letters[0]}${letters[letters.length - 1]}` : (letters[0] ?? "?")).slice(0, 2);
}

/** A track's price as the catalogue shows it: "Free", or the amount with its currency ("$350.00", "₦150,000.00"). */
export const formatPrice = (price: MoneyValue) => (price.minor === 0 ? "Free" : formatMoney(price));

/** The 6-digit e-mail code as typed or pasted: only digits are kept, at most 6 ("123 456" becomes "123456"; docs/product.md, Validation). */
export function otpDigits(value: string): string {
  return value.replace(/\D/g, "").slice(0, 6);
}
