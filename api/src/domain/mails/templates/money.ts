/** An amount as mails write it: $12.50. */
export const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
