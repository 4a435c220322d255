/**
 * The coupons' messages (docs/ARCHITECTURE.md, "Coupons"): what the API's rules answer
 * (api/src/domain/coupons/coupons.ts) and what the staff's coupon forms and the checkout's coupon field say when
 * they check the same thing first, written once. Plain values, like the rest of common/.
 */
export const COUPON_MESSAGES = {
  unknown: "This coupon code is not valid.",
  notStarted: "This coupon is not valid yet.",
  expired: "This coupon has expired.",
  usedUp: "This coupon has been used up.",
  alreadyUsed: "You have already used this coupon.",
  notForTrack: "This coupon is not valid for this track.",
  deactivated: "This coupon is no longer active.",
  code: "Codes are 3 to 40 letters, digits or dashes.",
  codeTaken: "A coupon with this code already exists.",
  kind: "Choose percent or fixed amount.",
  percent: "A percentage is a whole number from 1 to 100.",
  amount: "Enter an amount of at least 0.01.",
  tracks: "Choose at least one track, or all tracks.",
  trackNotFound: "Track not found.",
  dates: "The end must be after the start.",
  cap: "The redemption limit is a whole number from 1 to 1,000,000.",
  notFound: "Coupon not found.",
  alreadyInactive: "This coupon is already deactivated.",
  organisation: "Organisation is required (at most 120 characters).",
  count: "Generate 1 to 1000 codes.",
  batchNotFound: "This coupon is not part of a batch of codes.",
  currency: "Choose the currency of the fixed amount: NGN, GHS, KES, ZAR or USD.",
  /** A fixed-amount coupon tried on a checkout in another currency; `off` is its amount, formatted. */
  otherCurrency: (off: string, currency: string) =>
    `This coupon takes ${off} off payments in its currency only; this checkout is in ${currency}.`,
} as const;
