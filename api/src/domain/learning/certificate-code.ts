/**
 * A certificate's public code: 12 characters of the coupons' unambiguous 31-character alphabet (no 0/O, 1/I/L), about
 * 59 bits from crypto.randomInt, stored without dashes and shown as XXXX-XXXX-XXXX.
 */
export const CERTIFICATE_CODE_LENGTH = 12;
const CODE_PATTERN = /^[A-HJKMNP-Z2-9]{12}$/;

/** A code as people read it: XXXX-XXXX-XXXX. */
export function formatCertificateCode(code: string): string {
  return code.match(/.{1,4}/g)?.join("-") ?? code;
}

/**
 * The stored form of a code typed or linked by someone (dashes and spaces dropped, upper case); null when it cannot
 * be a certificate's code, so no lookup is made for it.
 */
export function normaliseCertificateCode(input: unknown): string | null {
  if (typeof input !== "string" || input.length > 40) return null;
  const code = input.replace(/[\s-]/g, "").toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}
