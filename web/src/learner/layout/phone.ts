/** Digits, spaces, hyphens and parentheses with an optional leading plus (spec section 5, profile and checkout). */
export const PHONE_PATTERN = /^\+?[\d\s\-()]+$/;
