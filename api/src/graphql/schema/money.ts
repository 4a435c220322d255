import { type CurrencyCode as Code, CURRENCIES, CURRENCY_CODES, formatMoney, toMajorUnits } from "../../../../common/money.ts";
import { builder } from "../builder.ts";

/**
 * Money as every area's types show it (docs/ARCHITECTURE.md, "Money"): an amount of minor units in one currency,
 * beside the spec's plain numbers, which keep their meaning. Belongs to no area: tracks, invoices, learners' totals and
 * the reports all use it.
 */

export const CurrencyCode = builder.enumType("CurrencyCode", {
  description: "An ISO 4217 currency the business may sell in (Paystack's); each has 2 minor-unit digits.",
  values: Object.fromEntries(CURRENCY_CODES.map((code) => [code, { description: `${CURRENCIES[code].name}.` }])) as Record<
    Code,
    { description: string }
  >,
});

/** An amount as the Money type carries it: minor units and their currency. */
export interface MoneyValue {
  minor: number;
  currency: string;
}

export const money = (minor: number, currency: string): MoneyValue => ({ minor, currency });

export const Money = builder.objectRef<MoneyValue>("Money").implement({
  description: "An amount in one currency. Amounts in different currencies are never added together.",
  fields: (t) => ({
    amount: t.float({
      description: "Major units (naira, cedis, shillings, rand, dollars), with the currency's 2 decimals at most.",
      resolve: (m) => toMajorUnits(m.minor, m.currency),
    }),
    minor: t.int({ description: "Minor units (kobo, pesewas, cents): what is stored and what Paystack is sent.", resolve: (m) => m.minor }),
    currency: t.field({ type: CurrencyCode, description: "The ISO 4217 code.", resolve: (m) => m.currency as Code }),
    formatted: t.string({
      description: "As people read it, in the currency's locale and symbol: ₦150,000.00, GH₵1,200.00, KSh 15,000.00, R 2,500.00, $450.00.",
      resolve: (m) => formatMoney(m.minor, m.currency),
    }),
  }),
});
