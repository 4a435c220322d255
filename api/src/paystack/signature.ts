import { createHmac, timingSafeEqual } from "node:crypto";

/** Paystack signs a webhook with the hex HMAC-SHA512 of the exact body bytes, keyed with the secret key. */
export function signPaystackBody(rawBody: Buffer | string, secret: string): string {
  return createHmac("sha512", secret).update(rawBody).digest("hex");
}

const SIGNATURE_HEX = /^[0-9a-f]{128}$/i;

/**
 * Checks a webhook's `x-paystack-signature` over the raw bytes received (re-serialised JSON would not match).
 * Compares in constant time; anything malformed is simply invalid, so a hostile request cannot make it throw.
 */
export function isValidPaystackSignature(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (typeof header !== "string" || !SIGNATURE_HEX.test(header)) return false;
  const expected = createHmac("sha512", secret).update(rawBody).digest();
  const given = Buffer.from(header, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}
