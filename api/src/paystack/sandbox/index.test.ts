import { randomUUID } from "node:crypto";
import http from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPaystackClient, type InitializeInput, type PaystackClient, PaystackError } from "../client.ts";
import { isValidPaystackSignature } from "../signature.ts";
import { PAYSTACK_SANDBOX_PREFIX } from "./index.ts";
import { ManualScheduler, type TestSandbox as Sandbox, startSandbox as startTestSandbox } from "./testing.ts";

const SECRET = "sk_test_sandbox_suite";
const startSandbox = (options: { scheduler?: ManualScheduler } = {}) => startTestSandbox({ secretKey: SECRET, ...options });

describe("Paystack sandbox", () => {
  let sandbox: Sandbox;
  let client: PaystackClient;

  beforeAll(async () => {
    sandbox = await startSandbox();
    client = sandbox.client;
  });

  afterEach(async () => {
    await sandbox.webhooksSettled();
    await sandbox.call("POST", "/__controls/reset");
    sandbox.deliveries.length = 0;
    sandbox.failWith.length = 0;
  });

  afterAll(() => sandbox.app.close());

  const newInput = (overrides: Partial<InitializeInput> = {}): InitializeInput => ({
    email: "ada@example.com",
    amount: 4999,
    currency: "USD",
    reference: `inv-${randomUUID()}`,
    callback_url: "http://localhost:4000/payment/callback",
    metadata: { invoiceId: "inv_1", learnerId: "learner_1", trackId: "track_1" },
    ...overrides,
  });

  const verifiedData = async (reference: string) => {
    const result = await client.verify(reference);
    if (!result.found) throw new Error(`${reference} not found`);
    return result.data;
  };

  const events = () =>
    sandbox.deliveries.map((d) => JSON.parse(d.raw.toString("utf8")) as { event: string; data: Record<string, unknown> });

  it("initializes, reports ongoing, then success after paying, with one signed charge.success webhook", async () => {
    const input = newInput();
    const init = await client.initialize(input);
    expect(init.reference).toBe(input.reference);
    expect(init.authorization_url).toBe(`${sandbox.base}/checkout/${init.access_code}`);

    expect(await verifiedData(input.reference)).toMatchObject({ status: "ongoing", paid_at: null, amount: 4999, currency: "USD" });

    const paid = await sandbox.call("POST", `/__simulate/${input.reference}/pay`);
    expect(paid).toMatchObject({ status: 200, body: { status: true, data: { status: "success" } } });

    const data = await verifiedData(input.reference);
    expect(data).toMatchObject({
      reference: input.reference,
      status: "success",
      amount: 4999,
      currency: "USD",
      channel: "card",
      gateway_response: "Successful",
      customer: { email: "ada@example.com" },
      metadata: input.metadata,
    });
    expect(Date.parse(data.paid_at ?? "")).not.toBeNaN();

    await sandbox.webhooksSettled();
    expect(sandbox.deliveries).toHaveLength(1);
    const [delivery] = sandbox.deliveries;
    expect(isValidPaystackSignature(delivery!.raw, delivery!.headers["x-paystack-signature"] as string, SECRET)).toBe(true);
    expect(delivery!.headers["content-type"]).toBe("application/json");
    const [event] = events();
    expect(event?.event).toBe("charge.success");
    expect(event?.data).toMatchObject({
      reference: input.reference,
      status: "success",
      amount: 4999,
      currency: "USD",
      metadata: input.metadata,
    });
  });

  it("sends in charge.success the same transaction object verify reports", async () => {
    const { reference } = await client.initialize(newInput());
    await sandbox.call("POST", `/__simulate/${reference}/pay`);
    await sandbox.webhooksSettled();
    const verified = await sandbox.call("GET", `/transaction/verify/${reference}`);
    expect(events()[0]?.data).toEqual(verified.body.data);
    expect(verified.body.data).toMatchObject({ customer: { email: "ada@example.com" }, authorization: { last4: "4081" } });
  });

  it("sends no second webhook when a payment is paid twice", async () => {
    const { reference } = newInput();
    await client.initialize(newInput({ reference }));
    await sandbox.call("POST", `/__simulate/${reference}/pay`);
    expect(await sandbox.call("POST", `/__simulate/${reference}/pay`)).toMatchObject({
      status: 200,
      body: { data: { status: "success" } },
    });
    await sandbox.webhooksSettled();
    expect(sandbox.deliveries).toHaveLength(1);
  });

  it("declines: verify says failed and no webhook is sent; paying afterwards is refused", async () => {
    const { reference } = await client.initialize(newInput());
    await sandbox.call("POST", `/__simulate/${reference}/decline`);
    expect(await verifiedData(reference)).toMatchObject({ status: "failed", gateway_response: "Declined", paid_at: null });
    expect(await sandbox.call("POST", `/__simulate/${reference}/pay`)).toMatchObject({
      status: 409,
      body: { status: false, message: "Transaction already failed" },
    });
    await sandbox.webhooksSettled();
    expect(sandbox.deliveries).toHaveLength(0);
  });

  it("sends N identical signed copies when asked to duplicate webhooks", async () => {
    await sandbox.call("POST", "/__controls", { duplicateWebhooks: 3 });
    const { reference } = await client.initialize(newInput());
    await sandbox.call("POST", `/__simulate/${reference}/pay`);
    await sandbox.webhooksSettled();
    expect(sandbox.deliveries).toHaveLength(3);
    const [first, ...rest] = sandbox.deliveries;
    for (const delivery of sandbox.deliveries) {
      expect(isValidPaystackSignature(delivery.raw, delivery.headers["x-paystack-signature"] as string, SECRET)).toBe(true);
    }
    for (const delivery of rest) {
      expect(delivery.raw.equals(first!.raw)).toBe(true);
      expect(delivery.headers["x-paystack-signature"]).toBe(first!.headers["x-paystack-signature"]);
    }
  });

  it("sends nothing when webhooks are dropped, though verify still reports success", async () => {
    await sandbox.call("POST", "/__controls", { dropWebhooks: true });
    const { reference } = await client.initialize(newInput());
    await sandbox.call("POST", `/__simulate/${reference}/pay`);
    await sandbox.webhooksSettled();
    expect(sandbox.deliveries).toHaveLength(0);
    expect(await verifiedData(reference)).toMatchObject({ status: "success" });
  });

  it("delays webhooks when asked, so verify can win the race", async () => {
    await sandbox.call("POST", "/__controls", { webhookDelayMs: 200 });
    const { reference } = await client.initialize(newInput());
    await sandbox.call("POST", `/__simulate/${reference}/pay`);
    expect(await verifiedData(reference)).toMatchObject({ status: "success" });
    expect((await sandbox.call("GET", "/__controls")).body.data.pendingWebhooks).toBe(1);
    expect(sandbox.deliveries).toHaveLength(0);
    await sandbox.webhooksSettled();
    expect(sandbox.deliveries).toHaveLength(1);
  });

  it("retries a delivery the receiver did not answer with 200", async () => {
    sandbox.failWith.push(500, 204);
    const { reference } = await client.initialize(newInput());
    await sandbox.call("POST", `/__simulate/${reference}/pay`);
    await sandbox.webhooksSettled();
    expect(sandbox.deliveries).toHaveLength(3);
    expect(new Set(sandbox.deliveries.map((d) => d.raw.toString())).size).toBe(1);
  });

  it("reports tampered values in verify and in the webhook", async () => {
    const { reference } = await client.initialize(newInput());
    const controls = await sandbox.call("POST", "/__controls", { tamper: { reference, amount: 100, currency: "NGN" } });
    expect(controls.body.data.tamper).toEqual([{ reference, amount: 100, currency: "NGN" }]);
    expect(await verifiedData(reference)).toMatchObject({ amount: 100, currency: "NGN" });
    await sandbox.call("POST", `/__simulate/${reference}/pay`);
    await sandbox.webhooksSettled();
    expect(events()[0]?.data).toMatchObject({ reference, amount: 100, currency: "NGN" });
  });

  it("refuses a bad key with 401 Invalid key", async () => {
    const intruder = createPaystackClient({ secretKey: "sk_test_wrong", baseUrl: sandbox.base });
    for (const attempt of [() => intruder.initialize(newInput()), () => intruder.verify("inv-1")]) {
      const error = await attempt().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PaystackError);
      expect(error).toMatchObject({ message: "Invalid key", httpStatus: 401 });
    }
    const controls = await fetch(`${sandbox.base}/__controls`, { method: "POST" });
    expect(controls.status).toBe(401);
  });

  it("refuses a duplicate reference with code duplicate_reference", async () => {
    const input = newInput();
    await client.initialize(input);
    const error = await client.initialize(input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaystackError);
    expect(error).toMatchObject({ message: "Duplicate Transaction Reference", httpStatus: 400, code: "duplicate_reference" });
  });

  it("validates initialize like Paystack", async () => {
    const invalid: [Partial<InitializeInput>, string][] = [
      [{ amount: 0 }, "Invalid Amount Sent"],
      [{ amount: 49.99 }, "Invalid Amount Sent"],
      [{ email: "not-an-email" }, "Invalid Email Address Passed"],
      [{ currency: "EUR" as never }, "Currency not supported by merchant"],
    ];
    for (const [overrides, message] of invalid) {
      const error = await client.initialize(newInput(overrides)).catch((e: unknown) => e);
      expect(error).toMatchObject({ message, httpStatus: 400 });
    }
  });

  it("takes Paystack's channel names and refuses any other as a validation error", async () => {
    const init = await client.initialize(newInput({ channels: ["bank_transfer", "card", "bank_transfer"] }));
    expect(init.reference).toBeTruthy();
    for (const channels of [["card", "cash"], "card", [3]]) {
      const refused = await sandbox.call("POST", "/transaction/initialize", { ...newInput(), channels });
      expect(refused, JSON.stringify(channels)).toMatchObject({ status: 400, body: { status: false, type: "validation_error" } });
    }
    const cash = await sandbox.call("POST", "/transaction/initialize", { ...newInput(), channels: ["card", "cash"] });
    expect(cash.body.message).toBe("Invalid payment channel: cash");
  });

  it("answers found:false for an unknown reference", async () => {
    expect(await client.verify("inv-unknown")).toEqual({ found: false, message: "Transaction reference not found" });
    expect(await sandbox.call("POST", "/__simulate/inv-unknown/pay")).toMatchObject({ status: 404 });
  });

  it("echoes metadata as given, and the client reads a missing one as null", async () => {
    const { reference } = await client.initialize(newInput({ metadata: undefined }));
    expect(await verifiedData(reference)).toMatchObject({ metadata: null });
    const raw = await sandbox.call("GET", `/transaction/verify/${reference}`);
    expect(raw.body.data.metadata).toBe("");
  });

  it("builds the authorization URL from the origin the caller used", async () => {
    // fetch cannot set Host, node:http can.
    const body = await new Promise<string>((resolve, reject) => {
      const request = http.request(`${sandbox.base}/transaction/initialize`, {
        method: "POST",
        headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json", host: "pay.learnhub.test:8080" },
      });
      request.on("response", async (response) => {
        const chunks: Buffer[] = [];
        for await (const chunk of response) chunks.push(chunk as Buffer);
        resolve(Buffer.concat(chunks).toString("utf8"));
      });
      request.on("error", reject);
      request.end(JSON.stringify(newInput()));
    });
    const { data } = JSON.parse(body) as { data: { authorization_url: string; access_code: string } };
    expect(data.authorization_url).toBe(`http://pay.learnhub.test:8080${PAYSTACK_SANDBOX_PREFIX}/checkout/${data.access_code}`);
  });

  it("answers a malformed request in Paystack's error shape", async () => {
    const response = await fetch(`${sandbox.base}/transaction/initialize`, {
      method: "POST",
      headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" },
      body: "{",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ status: false });
  });

  describe("hosted checkout", () => {
    it("shows the e-mail, the amount, Pay and Decline, without scripts", async () => {
      const { authorization_url } = await client.initialize(newInput({ email: "grace+test@example.com" }));
      const response = await fetch(authorization_url);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
      const html = await response.text();
      expect(html).toContain("grace+test@example.com");
      expect(html).toContain("USD 49.99");
      expect(html).toContain("Paystack sandbox — no real money");
      expect(html).toMatch(/<button[^>]*>Pay<\/button>/);
      expect(html).toMatch(/<button[^>]*>Decline<\/button>/);
      expect(html).not.toMatch(/<script|<style|style=/i);

      const stylesheet = html.match(/<link rel="stylesheet" href="([^"]+)">/)?.[1];
      const css = await fetch(`${sandbox.origin}${stylesheet}`);
      expect(css.status).toBe(200);
      expect(css.headers.get("content-type")).toMatch(/^text\/css/);
    });

    it("escapes what it shows", async () => {
      const { authorization_url } = await client.initialize(newInput({ email: "o'brien@example.com" }));
      const html = await (await fetch(authorization_url)).text();
      expect(html).toContain("o&#39;brien@example.com");
    });

    it("Pay settles, sends the webhook once and 303-redirects to the callback; paying again changes nothing", async () => {
      const input = newInput({ callback_url: "http://localhost:4000/payment/callback?from=checkout" });
      const { authorization_url } = await client.initialize(input);
      const submit = () =>
        fetch(`${authorization_url}/pay`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: "",
          redirect: "manual",
        });
      const response = await submit();
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(
        `http://localhost:4000/payment/callback?from=checkout&trxref=${input.reference}&reference=${input.reference}`,
      );
      expect((await submit()).status).toBe(303);
      await sandbox.webhooksSettled();
      expect(sandbox.deliveries).toHaveLength(1);
      expect(await verifiedData(input.reference)).toMatchObject({ status: "success" });

      const settledPage = await (await fetch(authorization_url)).text();
      expect(settledPage).toContain("This payment was successful.");
      expect(settledPage).not.toContain(">Pay</button>");
    });

    it("Decline fails the payment, sends no webhook and redirects to the callback", async () => {
      const input = newInput();
      const { authorization_url } = await client.initialize(input);
      const response = await fetch(`${authorization_url}/decline`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "",
        redirect: "manual",
      });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe(`${input.callback_url}?trxref=${input.reference}&reference=${input.reference}`);
      await sandbox.webhooksSettled();
      expect(sandbox.deliveries).toHaveLength(0);
      expect(await verifiedData(input.reference)).toMatchObject({ status: "failed" });
    });

    it("shows the outcome instead of redirecting when there is no callback URL", async () => {
      const { authorization_url } = await client.initialize(newInput({ callback_url: undefined }));
      const response = await fetch(`${authorization_url}/pay`, { method: "POST" });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("This payment was successful.");
    });

    it("answers an unknown checkout with a 404 page", async () => {
      const response = await fetch(`${sandbox.base}/checkout/not-a-code`);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Checkout not found");
    });
  });
});

describe("Paystack sandbox shutdown", () => {
  it("abandons pending webhook deliveries instead of holding the server open", async () => {
    const sandbox = await startSandbox();
    await sandbox.call("POST", "/__controls", { webhookDelayMs: 60_000 });
    const { reference } = await sandbox.client.initialize({
      email: "ada@example.com",
      amount: 100,
      currency: "USD",
      reference: "inv-close",
    });
    await sandbox.call("POST", `/__simulate/${reference}/pay`);
    const started = Date.now();
    await sandbox.app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(sandbox.deliveries).toHaveLength(0);
  });
});

describe("Paystack sandbox refunds", () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterEach(async () => {
    await sandbox.webhooksSettled();
    await sandbox.call("POST", "/__controls/reset");
    sandbox.deliveries.length = 0;
  });
  afterAll(() => sandbox.app.close());

  async function paid(amount = 10_000) {
    const { reference } = await sandbox.client.initialize({
      email: "ada@example.com",
      amount,
      currency: "USD",
      reference: `inv-${randomUUID()}`,
    });
    await sandbox.call("POST", `/__simulate/${reference}/pay`);
    await sandbox.webhooksSettled();
    sandbox.deliveries.length = 0;
    return reference;
  }

  const refundEvents = () =>
    sandbox.deliveries
      .map((d) => JSON.parse(d.raw.toString("utf8")) as { event: string; data: Record<string, unknown> })
      .filter((e) => e.event === "refund.processed");

  it("refunds in part, answers pending, then processes it and sends one signed refund.processed", async () => {
    const reference = await paid();
    const refund = await sandbox.client.createRefund({ transaction: reference, amount: 2_500 });
    expect(refund).toMatchObject({ amount: 2_500, currency: "USD", status: "pending", transaction: { reference } });

    await sandbox.webhooksSettled();
    expect(await sandbox.client.getRefund(refund.id)).toMatchObject({ id: refund.id, amount: 2_500, status: "processed" });
    const [delivery] = sandbox.deliveries;
    expect(sandbox.deliveries).toHaveLength(1);
    expect(isValidPaystackSignature(delivery!.raw, delivery!.headers["x-paystack-signature"] as string, SECRET)).toBe(true);
    expect(refundEvents()[0]?.data).toMatchObject({
      status: "processed",
      transaction_reference: reference,
      amount: "2500",
      currency: "USD",
      id: String(refund.id),
    });
  });

  it("refunds all that is left when no amount is given, and refuses more with a 400 like Paystack", async () => {
    const reference = await paid(10_000);
    await sandbox.client.createRefund({ transaction: reference, amount: 4_000 });
    const rest = await sandbox.client.createRefund({ transaction: reference });
    expect(rest.amount).toBe(6_000);
    const more = await sandbox.call("POST", "/refund", { transaction: reference, amount: 1 });
    expect(more).toMatchObject({ status: 400, body: { status: false, message: "Transaction has been fully reversed" } });
  });

  it("refuses an amount above what is left, an unpaid transaction and an unknown one", async () => {
    const reference = await paid(10_000);
    await expect(sandbox.client.createRefund({ transaction: reference, amount: 10_001 })).rejects.toMatchObject({
      name: "PaystackError",
      httpStatus: 400,
    });
    const { reference: unpaid } = await sandbox.client.initialize({
      email: "b@example.com",
      amount: 500,
      currency: "USD",
      reference: `inv-${randomUUID()}`,
    });
    expect(await sandbox.call("POST", "/refund", { transaction: unpaid })).toMatchObject({ status: 400, body: { status: false } });
    expect(await sandbox.call("POST", "/refund", { transaction: "nope" })).toMatchObject({ status: 404, body: { status: false } });
    expect(await sandbox.call("POST", "/refund", { transaction: reference, amount: "12abc" })).toMatchObject({ status: 400 });
    expect(await sandbox.client.getRefund(999_999)).toBeNull();
    await sandbox.webhooksSettled();
    expect(refundEvents()).toHaveLength(0);
  });

  it("keeps a refund pending for refundDelayMs and duplicates its webhook when asked", async () => {
    await sandbox.call("POST", "/__controls", { refundDelayMs: 300, duplicateWebhooks: 2 });
    const reference = await paid();
    const refund = await sandbox.client.createRefund({ transaction: reference, amount: 100 });
    expect((await sandbox.client.getRefund(refund.id))?.status).toBe("pending");
    await sandbox.webhooksSettled();
    expect((await sandbox.client.getRefund(refund.id))?.status).toBe("processed");
    expect(refundEvents()).toHaveLength(2);
    expect(sandbox.deliveries[0]!.raw.equals(sandbox.deliveries[1]!.raw)).toBe(true);
  });
});

describe("Paystack sandbox on a clock the test drives", () => {
  let sandbox: Sandbox;
  let clock: ManualScheduler;
  beforeAll(async () => {
    clock = new ManualScheduler();
    sandbox = await startSandbox({ scheduler: clock });
  });
  afterAll(() => sandbox.app.close());

  const paid = async () => {
    const { reference } = await sandbox.client.initialize({
      email: "ada@example.com",
      amount: 10_000,
      currency: "USD",
      reference: `inv-${randomUUID()}`,
    });
    await sandbox.call("POST", `/__simulate/${reference}/pay`);
    return reference;
  };

  it("delivers a delayed webhook when its delay has passed, not before, and dates the payment by that clock", async () => {
    await sandbox.call("POST", "/__controls", { webhookDelayMs: 60_000 });
    const started = clock.now().getTime();
    const reference = await paid();
    await clock.advance(59_999);
    expect(sandbox.deliveries).toHaveLength(0);
    expect((await sandbox.call("GET", "/__controls")).body.data.pendingWebhooks).toBe(1);
    await clock.advance(1);
    await sandbox.webhooksSettled();
    expect(sandbox.deliveries).toHaveLength(1);
    const verified = await sandbox.call("GET", `/transaction/verify/${reference}`);
    expect(Date.parse(verified.body.data.paid_at)).toBe(started);
    await sandbox.call("POST", "/__controls/reset");
    sandbox.deliveries.length = 0;
  });

  it("keeps a refund pending for refundDelayMs of that clock", async () => {
    await sandbox.call("POST", "/__controls", { refundDelayMs: 600_000 });
    const reference = await paid();
    await sandbox.webhooksSettled();
    const refund = await sandbox.client.createRefund({ transaction: reference, amount: 100 });
    await clock.advance(599_000);
    expect((await sandbox.client.getRefund(refund.id))?.status).toBe("pending");
    await clock.advance(1_000);
    await sandbox.webhooksSettled();
    expect((await sandbox.client.getRefund(refund.id))?.status).toBe("processed");
    await sandbox.call("POST", "/__controls/reset");
  });
});
