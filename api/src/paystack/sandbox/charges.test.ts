import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type ChargeAuthorizationInput, PaystackError } from "../client.ts";
import type { PaystackChannel } from "../contract.ts";
import { isValidPaystackSignature } from "../signature.ts";
import { startSandbox, type TestSandbox } from "./testing.ts";

const SECRET = "sk_test_charges_suite";

/** The fields Paystack's charge_authorization answer carries (its OpenAPI description, ChargeAuthorizationResponse). */
const CHARGE_FIELDS = [
  "amount",
  "currency",
  "transaction_date",
  "status",
  "reference",
  "domain",
  "metadata",
  "gateway_response",
  "message",
  "channel",
  "ip_address",
  "log",
  "fees",
  "authorization",
  "customer",
  "plan",
  "id",
];

/** Charges of saved cards (docs/payments.md, Calls): what an instalment plan's later parts are paid with. */
describe("Paystack sandbox charges of saved cards", () => {
  let sandbox: TestSandbox;

  beforeAll(async () => {
    sandbox = await startSandbox({ secretKey: SECRET });
  });

  afterEach(async () => {
    await sandbox.webhooksSettled();
    await sandbox.call("POST", "/__controls/reset");
    sandbox.deliveries.length = 0;
  });

  afterAll(() => sandbox.app.close());

  const newReference = () => `part-${randomUUID()}`;

  /** A checkout paid (or declined) by the customer, its webhooks forgotten; answers verify's data. */
  const checkout = async (email: string, action: "pay" | "decline" = "pay", channels?: PaystackChannel[]) => {
    const reference = newReference();
    await sandbox.client.initialize({ email, amount: 50_000, currency: "NGN", reference, ...(channels ? { channels } : {}) });
    if (channels?.includes("bank_transfer")) {
      await sandbox.call("POST", "/__controls", { transferDelayMs: 0 });
      await sandbox.call("POST", `/__simulate/${reference}/submit`, { channel: "bank_transfer" });
    } else {
      await sandbox.call("POST", `/__simulate/${reference}/${action}`);
    }
    await sandbox.webhooksSettled();
    sandbox.deliveries.length = 0;
    return (await sandbox.call("GET", `/transaction/verify/${reference}`)).body.data;
  };

  const charge = (input: Partial<ChargeAuthorizationInput> & { authorization_code: string; email: string }) =>
    sandbox.call("POST", "/transaction/charge_authorization", {
      amount: 40_000,
      currency: "NGN",
      reference: newReference(),
      ...input,
    });

  const events = () => sandbox.deliveries.map((d) => JSON.parse(d.raw.toString("utf8")) as { event: string; data: Record<string, any> });

  it("a card payment saves a reusable authorization; charging it succeeds at once, in Paystack's shape, with a signed charge.success", async () => {
    const first = await checkout("ngozi@example.com");
    expect(first.authorization).toMatchObject({ channel: "card", reusable: true });
    const code = first.authorization.authorization_code as string;
    const verified = await sandbox.client.verify(first.reference);
    expect(verified.found && verified.data.authorization).toMatchObject({ authorization_code: code, reusable: true, channel: "card" });

    const reference = newReference();
    const answer = await charge({
      authorization_code: code,
      email: "Ngozi@Example.com",
      amount: 40_000,
      reference,
      metadata: { invoiceId: "inv_2", part: 2 },
    });
    expect(answer).toMatchObject({ status: 200, body: { status: true, message: "Charge attempted" } });
    expect(Object.keys(answer.body.data).sort()).toEqual([...CHARGE_FIELDS].sort());
    expect(answer.body.data).toMatchObject({
      status: "success",
      reference,
      amount: 40_000,
      currency: "NGN",
      gateway_response: "Approved",
      channel: "card",
      ip_address: null,
      log: null,
      plan: null,
      metadata: { invoiceId: "inv_2", part: 2 },
      authorization: { authorization_code: code, signature: first.authorization.signature, reusable: true },
      customer: { email: "ngozi@example.com", customer_code: first.customer.customer_code, international_format_phone: null },
    });

    await sandbox.webhooksSettled();
    expect(sandbox.deliveries).toHaveLength(1);
    const [delivery] = sandbox.deliveries;
    expect(isValidPaystackSignature(delivery!.raw, delivery!.headers["x-paystack-signature"] as string, SECRET)).toBe(true);
    const verifiedCharge = (await sandbox.call("GET", `/transaction/verify/${reference}`)).body.data;
    expect(events()[0]).toEqual({ event: "charge.success", data: verifiedCharge });
    expect(verifiedCharge).toMatchObject({ status: "success", amount: 40_000, paid_at: expect.any(String) });

    // The client reads it like a verify.
    const parsed = await sandbox.client.chargeAuthorization({
      authorization_code: code,
      email: "ngozi@example.com",
      amount: 100,
      currency: "NGN",
      reference: newReference(),
    });
    expect(parsed).toMatchObject({
      status: "success",
      amount: 100,
      channel: "card",
      authorization: { authorization_code: code, reusable: true },
    });
  });

  it("declines while failNextCharges lasts (HTTP 200, status failed, no webhook), then charges again", async () => {
    const { authorization } = await checkout("kwame@example.com");
    await sandbox.call("POST", "/__controls", { failNextCharges: 2 });
    for (let i = 0; i < 2; i++) {
      const declined = await charge({ authorization_code: authorization.authorization_code, email: "kwame@example.com" });
      expect(declined).toMatchObject({
        status: 200,
        body: {
          status: true,
          message: "Charge attempted",
          data: { status: "failed", gateway_response: "Declined", authorization: { reusable: true } },
        },
      });
      const parsed = await sandbox.client.verify(declined.body.data.reference);
      expect(parsed.found && parsed.data).toMatchObject({ status: "failed", paid_at: null });
    }
    expect((await sandbox.call("GET", "/__controls")).body.data.failNextCharges).toBe(0);
    const paid = await sandbox.client.chargeAuthorization({
      authorization_code: authorization.authorization_code,
      email: "kwame@example.com",
      amount: 40_000,
      currency: "NGN",
      reference: newReference(),
    });
    expect(paid.status).toBe("success");
    await sandbox.webhooksSettled();
    expect(events().map((e) => [e.event, e.data.reference])).toEqual([["charge.success", paid.reference]]);
  });

  it("refuses, creating no transaction: a reference used before, an unknown or malformed code, another's card, a card that cannot be reused", async () => {
    const paid = await checkout("ada@example.com");
    const code = paid.authorization.authorization_code as string;
    const reference = newReference();
    expect((await charge({ authorization_code: code, email: "ada@example.com", reference })).status).toBe(200);
    const again = await sandbox.client
      .chargeAuthorization({ authorization_code: code, email: "ada@example.com", amount: 40_000, currency: "NGN", reference })
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(PaystackError);
    expect(again).toMatchObject({ httpStatus: 400, code: "duplicate_reference", message: "Duplicate Transaction Reference" });
    // The checkout's own reference is taken too.
    expect(await charge({ authorization_code: code, email: "ada@example.com", reference: paid.reference })).toMatchObject({
      status: 400,
      body: { code: "duplicate_reference" },
    });

    const declined = await checkout("ada@example.com", "decline");
    const transfer = await checkout("ada@example.com", "pay", ["bank_transfer"]);
    expect(transfer).toMatchObject({ status: "success", channel: "bank_transfer" });
    const notYours =
      "Email does not match Authorization code. Authorization may be inactive or belong to a different email. Please confirm.";
    const refusals: [Parameters<typeof charge>[0], string][] = [
      [{ authorization_code: "AUTH_unknown0001", email: "ada@example.com" }, "Authorization code is invalid"],
      [{ authorization_code: code, email: "grace@example.com" }, notYours],
      [{ authorization_code: declined.authorization.authorization_code, email: "ada@example.com" }, notYours],
      [{ authorization_code: transfer.authorization.authorization_code, email: "ada@example.com" }, notYours],
      [
        { authorization_code: "nope", email: "ada@example.com" },
        '"authorization_code" with value "nope" fails to match the required pattern: /^AUTH_[a-z0-9]+$/i',
      ],
      [{ authorization_code: code, email: "ada@example.com", amount: 0 }, "Invalid Amount Sent"],
      [{ authorization_code: code, email: "ada@example.com", currency: "EUR" as never }, "Currency not supported by merchant"],
    ];
    for (const [input, message] of refusals) {
      const refusedReference = newReference();
      const refused = await charge({ ...input, reference: refusedReference });
      expect(refused, message).toMatchObject({ status: 400, body: { status: false, message } });
      expect((await sandbox.client.verify(refusedReference)).found).toBe(false);
    }
    await sandbox.webhooksSettled();
    expect(events().filter((e) => e.data.reference !== reference)).toEqual([]);
  });

  it("partial_debit takes the whole amount in Paystack's shape, and needs the currency", async () => {
    const { authorization } = await checkout("zanele@example.com");
    const debit = await sandbox.call("POST", "/transaction/partial_debit", {
      authorization_code: authorization.authorization_code,
      email: "zanele@example.com",
      amount: 25_000,
      currency: "NGN",
      at_least: "10000",
    });
    expect(debit).toMatchObject({
      status: 200,
      body: { status: true, message: "Charge attempted", data: { status: "success", amount: 25_000, requested_amount: 25_000, plan: 0 } },
    });
    const noCurrency = await sandbox.call("POST", "/transaction/partial_debit", {
      authorization_code: authorization.authorization_code,
      email: "zanele@example.com",
      amount: 25_000,
    });
    expect(noCurrency).toMatchObject({ status: 400, body: { status: false, type: "validation_error" } });
  });
});
