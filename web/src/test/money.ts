import { formatMoney } from "../../../common/money.ts";

/**
 * Money as the API answers it (GraphQL `Money`), for mock resolvers: `amount` in major units of `currency`, dollars
 * unless told, as on a default install (docs/ARCHITECTURE.md, "Money").
 */
export function money(amount: number, currency = "USD") {
  const minor = Math.round(amount * 100);
  return { amount, minor, currency, formatted: formatMoney(minor, currency) };
}

/** A track's price fields as the API answers them: the spec's `price`, `priceMoney`, and `prices` (the main one only). */
export const trackPrice = (price: number, currency = "USD") => ({
  price,
  currency,
  priceMoney: money(price, currency),
  prices: [money(price, currency)],
});
