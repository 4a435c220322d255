/**
 * Money as the server and the browser both read it (docs/ARCHITECTURE.md, "Money"): integer minor units (kobo,
 * pesewas, cents) per ISO 4217 currency, written and read in major units. This folder is the lowest layer: it imports
 * nothing and holds plain values and functions only, since the web bundle includes what it imports.
 */

/** The currencies a business may sell in: Paystack's (docs/payments.md, Amounts and references). */
export const CURRENCY_CODES = ["NGN", "GHS", "KES", "ZAR", "USD"] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** A new installation's business currency: the spec's dollars. */
export const DEFAULT_CURRENCY: CurrencyCode = "USD";

export interface Currency {
  code: CurrencyCode;
  /** "Nigerian naira". */
  name: string;
  /** Minor-unit digits (ISO 4217): 2 for all five, 100 kobo, pesewas or cents to the unit. */
  digits: number;
  /** The major unit as messages name it: "Price must be a number of naira, 0 or more." */
  unit: string;
  /**
   * The locale amounts are formatted in (Intl.NumberFormat): the one whose symbol the currency's own market reads,
   * with grouping commas and a decimal point everywhere. en-NG gives ₦150,000.00 and en-GH GH₵1,200.00; en-ZA would
   * write R 2 500,00, so ZAR takes "en" (R 2,500.00), the form South African price lists in English also use.
   */
  locale: string;
  /** The symbol written instead of ICU's narrow symbol: ICU writes "Ksh"; Kenyan price tags and the issue write KSh. */
  symbol?: string;
  /** The largest amount accepted as a price, an invoice or a refund, in major units (twice it still fits in an int4 of minor units). */
  maxAmount: number;
}

export const CURRENCIES: Readonly<Record<CurrencyCode, Currency>> = {
  NGN: { code: "NGN", name: "Nigerian naira", digits: 2, unit: "naira", locale: "en-NG", maxAmount: 10_000_000 },
  GHS: { code: "GHS", name: "Ghanaian cedi", digits: 2, unit: "cedis", locale: "en-GH", maxAmount: 10_000_000 },
  KES: { code: "KES", name: "Kenyan shilling", digits: 2, unit: "shillings", locale: "en-KE", symbol: "KSh", maxAmount: 10_000_000 },
  ZAR: { code: "ZAR", name: "South African rand", digits: 2, unit: "rand", locale: "en", maxAmount: 10_000_000 },
  USD: { code: "USD", name: "US dollar", digits: 2, unit: "dollars", locale: "en-US", maxAmount: 1_000_000 },
};

export const isCurrencyCode = (value: unknown): value is CurrencyCode =>
  typeof value === "string" && (CURRENCY_CODES as readonly string[]).includes(value);

/** A currency's rules; a code outside the five (never stored: a CHECK constraint holds it) reads as 2 digits. */
export function currencyRules(code: string): Currency {
  return isCurrencyCode(code)
    ? CURRENCIES[code]
    : { code: code as CurrencyCode, name: code, digits: 2, unit: code, locale: "en", maxAmount: 1_000_000 };
}

/**
 * How an amount may be written as text: plain decimal digits with an optional fraction ("12", "12.5", "12.50").
 * `Number()` alone would also take "0x10" (16), "1e3", " 12 " and "Infinity".
 */
export const DECIMAL_TEXT = /^\d{1,15}(\.\d{1,15})?$/;

/** An amount written as text, as a number, or NaN when it is not plain decimal digits. */
export const decimalText = (text: string) => (DECIMAL_TEXT.test(text) ? Number(text) : Number.NaN);

/** Why an amount was refused: not a number >= 0 within the currency's maximum, or more decimals than its minor unit has. */
export type AmountRefusal = "invalid" | "decimals";

/**
 * A major-unit amount (a number, or text as DECIMAL_TEXT allows) as an integer of the currency's minor units:
 * "1500.5" NGN is 150050 kobo. Refused: NaN, negatives, more than the currency's `maxAmount`, more decimals than it has.
 */
export function toMinorUnits(value: number | string, currency: string): { minor: number } | { refused: AmountRefusal } {
  const rules = currencyRules(currency);
  const major = typeof value === "string" ? decimalText(value) : value;
  if (typeof major !== "number" || !Number.isFinite(major) || major < 0 || major > rules.maxAmount) return { refused: "invalid" };
  const scaled = major * 10 ** rules.digits;
  if (Math.abs(Math.round(scaled) - scaled) >= 1e-6) return { refused: "decimals" };
  return { minor: Math.round(scaled) };
}

/** Minor units as a major-unit number (what REST's `price`/`amount` and GraphQL's `Money.amount` carry): 150050 NGN is 1500.5. */
export const toMajorUnits = (minor: number, currency: string) => minor / 10 ** currencyRules(currency).digits;

/** Minor units as plain major-unit text with the currency's digits, for CSV cells: 150050 NGN is "1500.50". */
export const plainAmount = (minor: number, currency: string) => toMajorUnits(minor, currency).toFixed(currencyRules(currency).digits);

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale} ${currency}`;
  let kept = formatters.get(key);
  if (!kept) {
    kept = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    });
    formatters.set(key, kept);
  }
  return kept;
}

/**
 * An amount in minor units as people read it, with Intl.NumberFormat in the currency's locale (or `locale`) and its
 * narrow symbol: ₦150,000.00, GH₵1,200.00, KSh 15,000.00, R 2,500.00, $450.00. A space ICU puts between symbol and
 * digits is written as a no-break space on every ICU version, so the symbol never ends a line alone.
 */
export function formatMoney(minor: number, currency: string, locale?: string): string {
  // Never stored (a CHECK constraint holds the five), but no text must make Intl throw: it is written with its code.
  if (!isCurrencyCode(currency)) return formatMoneyWithCode(minor, currency);
  const rules = currencyRules(currency);
  return formatter(rules.code, locale ?? rules.locale, rules.digits)
    .formatToParts(toMajorUnits(minor, rules.code))
    .map((part) => {
      if (part.type === "currency") return rules.symbol ?? part.value;
      if (part.type === "literal" && /^\s+$/u.test(part.value)) return "\u00a0";
      return part.value;
    })
    .join("");
}

/**
 * An amount with its ISO code instead of a symbol, for finance's texts where two currencies meet (a settlement whose
 * currency differs from its invoice's): "NGN 150,000.00", "USD 49.99". Any code is written as it is, known or not.
 */
export function formatMoneyWithCode(minor: number, currency: string): string {
  const rules = currencyRules(currency);
  const digits = new Intl.NumberFormat(rules.locale, { minimumFractionDigits: rules.digits, maximumFractionDigits: rules.digits });
  return `${currency} ${digits.format(toMajorUnits(minor, currency))}`;
}
