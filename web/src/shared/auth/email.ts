import { ACCOUNT_MESSAGES } from "../../../../common/account-messages.ts";

/** Roughly name@domain.tld: the full check is the server's. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The forgot-password pages' messages about the address, the same on both sites (docs/product.md, Validation). */
export const RESET_EMAIL_MESSAGES = {
  required: ACCOUNT_MESSAGES.emailRequired,
  invalid: ACCOUNT_MESSAGES.resetEmailInvalid,
} as const;

/** What is wrong with the (trimmed) address a reset link is asked for, or null. */
export function resetEmailProblem(address: string): string | null {
  if (!address) return RESET_EMAIL_MESSAGES.required;
  if (!EMAIL_PATTERN.test(address)) return RESET_EMAIL_MESSAGES.invalid;
  return null;
}
