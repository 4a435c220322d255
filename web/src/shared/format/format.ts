const dollars = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2 });

/** Amounts are shown in dollars with two decimals (docs/product.md, Limits), e.g. `$1,499.99`. */
export function formatMoney(amount: number): string {
  return dollars.format(amount);
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

/** A track's price as the catalogue shows it: "Free", or dollars with 2 decimals. */
export const formatPrice = (price: number) => (price === 0 ? "Free" : formatMoney(price));

/** The 6-digit e-mail code as typed or pasted: only digits are kept, at most 6 ("123 456" becomes "123456"; docs/product.md, Validation). */
export function otpDigits(value: string): string {
  return value.replace(/\D/g, "").slice(0, 6);
}
