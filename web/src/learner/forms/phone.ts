/** Digits, spaces, hyphens and parentheses with an optional leading plus (docs/product.md, Validation: profile and checkout). */
export const PHONE_PATTERN = /^\+?[\d\s\-()]+$/;
