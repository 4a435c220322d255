import * as crypto from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { ROOT } from "../api/src/paths.ts";
import { isValidPaystackSignature, signPaystackBody } from "../api/src/paystack/signature.ts";
import { record } from "./lib/report.ts";

// The comparison is observed through a spy around the real timingSafeEqual (same behaviour, calls recorded).
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});

/** Item 4, payments: the webhook signature (docs/payments.md, Webhook: HMAC-SHA512 of the raw body, compared in constant time). */
describe("4. payments: webhook signature", () => {
  it("4.1 isValidPaystackSignature compares equal-length digests with timingSafeEqual, over the raw bytes", () => {
    const spy = vi.mocked(crypto.timingSafeEqual);
    const secret = "sk_test_reliability";
    const body = Buffer.from('{"event":"charge.success","data":{"reference":"ref-1","amount":4999}}');
    const good = signPaystackBody(body, secret);
    const flipped = `${good[0] === "a" ? "b" : "a"}${good.slice(1)}`;
    const lengths: [number, number][] = [];
    const run = (raw: Buffer, header: string | undefined) => {
      spy.mockClear();
      const ok = isValidPaystackSignature(raw, header, secret);
      for (const [a, b] of spy.mock.calls) lengths.push([(a as Buffer).length, (b as Buffer).length]);
      return { ok, compared: spy.mock.calls.length };
    };
    const cases = {
      valid: run(body, good),
      "first hex digit wrong": run(body, flipped),
      "re-serialised JSON": run(Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 1)), good),
      "short header": run(body, good.slice(0, 64)),
      "missing header": run(body, undefined),
    };
    // Code review, kept honest: the only comparison of the digests is timingSafeEqual, guarded by a length check.
    const source = readFileSync(join(ROOT, "api/src/paystack/signature.ts"), "utf8");
    const guarded = /given\.length === expected\.length && timingSafeEqual\(given, expected\)/.test(source);
    const noStringCompare = !/(header|given|expected)\s*===\s*(header|given|expected|signature)/.test(
      source.replace(/given\.length === expected\.length/, ""),
    );
    const met =
      cases.valid.ok &&
      cases.valid.compared === 1 &&
      !cases["first hex digit wrong"].ok &&
      cases["first hex digit wrong"].compared === 1 &&
      !cases["re-serialised JSON"].ok &&
      !cases["short header"].ok &&
      cases["short header"].compared === 0 &&
      !cases["missing header"].ok &&
      lengths.every(([a, b]) => a === b && a === 64) &&
      guarded &&
      noStringCompare;
    record({
      item: "4.1",
      check: "webhook signature check (HMAC-SHA512 over the raw body)",
      figure: `timingSafeEqual on ${lengths.length} comparisons, all 64 B vs 64 B; wrong length refused before comparing; re-serialised body refused; no string ===`,
      target: "constant-time comparison of equal lengths, raw bytes",
      met,
    });
    expect(met).toBe(true);
  });
});
