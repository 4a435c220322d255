import { describe, expect, it } from "vitest";
import { isValidPaystackSignature, signPaystackBody } from "./signature.ts";

const secret = "sk_test_signature";
const body = Buffer.from('{"event":"charge.success","data":{"reference":"ref-1","amount":4999}}');

describe("Paystack webhook signatures", () => {
  it("is the hex HMAC-SHA512 of the body keyed with the secret", () => {
    // A published HMAC-SHA512 test vector (Wikipedia, "HMAC").
    expect(signPaystackBody("The quick brown fox jumps over the lazy dog", "key")).toBe(
      "b42af09057bac1e2d41708e48a902e09b5ff7f12ab428a4fe86653c73dd248fb82f948a549f7b791a5b41915ee4d1ec3935357e4e2317250d0372afa2ebeeb3a",
    );
    expect(signPaystackBody(body, secret)).toBe(signPaystackBody(body.toString("utf8"), secret));
  });

  it("accepts the signature of the exact bytes", () => {
    expect(isValidPaystackSignature(body, signPaystackBody(body, secret), secret)).toBe(true);
  });

  it("rejects a tampered body, even one that is the same JSON re-serialised", () => {
    const signature = signPaystackBody(body, secret);
    const tampered = Buffer.from(body.toString().replace("4999", "9999"));
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 2));
    expect(isValidPaystackSignature(tampered, signature, secret)).toBe(false);
    expect(isValidPaystackSignature(reformatted, signature, secret)).toBe(false);
  });

  it("rejects a signature made with another secret", () => {
    expect(isValidPaystackSignature(body, signPaystackBody(body, "sk_test_other"), secret)).toBe(false);
  });

  it("rejects missing, wrong-length, odd-length and non-hex headers without throwing", () => {
    const signature = signPaystackBody(body, secret);
    for (const header of [undefined, "", signature.slice(0, 64), `${signature}00`, signature.slice(1), `${signature.slice(0, 127)}z`]) {
      expect(isValidPaystackSignature(body, header, secret)).toBe(false);
    }
  });
});
