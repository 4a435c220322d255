import { randomUUID } from "node:crypto";
import { createPaystack } from "@alexasomba/paystack-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { AUTHORIZATION_FIELDS, CUSTOMER_FIELDS, type PaystackSandbox, paystackSandbox, TRANSACTION_FIELDS } from "#testing/paystack.ts";

/**
 * The sandbox driven by a Paystack client library we did not write (typed from Paystack's OpenAPI description), through
 * the whole server as a developer runs it: whatever that library can do against Paystack it must be able to do here.
 */
describe("Paystack sandbox under an independent Paystack client", () => {
  let app: TestApp;
  let base: string;
  let paystack: PaystackSandbox["paystack"];
  let raw: PaystackSandbox["raw"];

  /** The sandbox's Pay control: what the checkout's Pay button does. */
  const pay = (reference: string) => raw(`/__simulate/${reference}/pay`, { method: "POST" });

  beforeAll(async () => {
    app = await startTestApp();
    ({ base, paystack, raw } = await paystackSandbox(app));
  });

  afterAll(() => app.close());

  const initialize = async (amount: number | string, email = `ada+${randomUUID()}@example.com`) => {
    const reference = `lib-${randomUUID()}`;
    // The library types `amount` as a number; Paystack's own examples send a string of digits.
    const result = await paystack.transaction_initialize({
      body: { email, amount: amount as number, currency: "NGN", reference },
    });
    return { reference, email, result };
  };

  it("initializes with a string amount, pays, verifies, fetches by id and lists in Paystack's shape", async () => {
    const { reference, email, result } = await initialize("500000");
    expect(result.error).toBeUndefined();
    expect(result.response.status).toBe(200);
    expect(result.data).toMatchObject({ status: true, message: "Authorization URL created", data: { reference } });

    expect(await pay(reference)).toMatchObject({ status: 200, body: { data: { status: "success" } } });

    const verified = await paystack.transaction_verify({ params: { path: { reference } } });
    expect(verified.response.status).toBe(200);
    expect(verified.data?.message).toBe("Verification successful");
    const data = verified.data?.data as Record<string, any>;
    expect(Object.keys(data).sort()).toEqual([...TRANSACTION_FIELDS].sort());
    expect(data).toMatchObject({
      domain: "test",
      status: "success",
      reference,
      amount: 500000,
      requested_amount: 500000,
      currency: "NGN",
      gateway_response: "Successful",
      channel: "card",
      ip_address: "127.0.0.1",
      paidAt: data.paid_at,
      createdAt: data.created_at,
      transaction_date: data.created_at,
      log: { attempts: 1, errors: 0, success: true },
    });
    expect(typeof data.id).toBe("number");
    expect(Date.parse(data.paid_at)).not.toBeNaN();
    expect(Object.keys(data.authorization).sort()).toEqual([...AUTHORIZATION_FIELDS].sort());
    expect(data.authorization).toMatchObject({ channel: "card", reusable: true });
    expect(Object.keys(data.customer).sort()).toEqual([...CUSTOMER_FIELDS].sort());
    expect(data.customer).toMatchObject({ email, risk_action: "default" });
    expect(data.customer.customer_code).toMatch(/^CUS_[a-z0-9]+$/);

    const fetched = await paystack.transaction_fetch({ params: { path: { id: data.id } } });
    expect(fetched.response.status).toBe(200);
    expect(fetched.data).toEqual({ status: true, message: "Transaction retrieved", data });

    const listed = await paystack.transaction_list({
      params: { query: { customer_code: data.customer.customer_code, status: "success", per_page: 10, page: 1 } },
    });
    expect(listed.response.status).toBe(200);
    expect(listed.data).toEqual({
      status: true,
      message: "Transactions retrieved",
      data: [data],
      meta: { total: 1, total_volume: 500000, skipped: 0, perPage: 10, page: 1, pageCount: 1 },
    });
  });

  it("refuses amounts Paystack refuses, as numbers or strings", async () => {
    for (const amount of ["", "0", "-5", "49.99", "12a", " 100", "1e5", "99999999999999999999", 0, -5, 49.99]) {
      const { result } = await initialize(amount);
      expect(result.response.status, `amount ${JSON.stringify(amount)}`).toBe(400);
      expect(result.error).toMatchObject({ status: false, message: "Invalid Amount Sent" });
    }
  });

  it("lists newest first with Paystack's paging and filters", async () => {
    const email = `grace+${randomUUID()}@example.com`;
    const references: string[] = [];
    for (const amount of [1000, 2000, 3000]) references.push((await initialize(amount, email)).reference);
    await pay(references[1] as string);
    await raw(`/__simulate/${references[2]}/decline`, { method: "POST" });
    const verified = await raw(`/transaction/verify/${references[0]}`);
    const customerId = verified.body.data.customer.id as number;

    // Paystack's docs spell it `perPage` and filter by customer id.
    const first = await raw(`/transaction?customer=${customerId}&perPage=2&page=1`);
    expect(first.status).toBe(200);
    expect(first.body.data.map((tx: any) => tx.reference)).toEqual([references[2], references[1]]);
    expect(first.body.meta).toEqual({ total: 3, total_volume: 2000, skipped: 0, perPage: 2, page: 1, pageCount: 2 });
    const second = await raw(`/transaction?customer=${customerId}&perPage=2&page=2`);
    expect(second.body.data.map((tx: any) => tx.reference)).toEqual([references[0]]);
    expect(second.body.meta).toMatchObject({ skipped: 2, page: 2, pageCount: 2 });

    const failed = await raw(`/transaction?customer=${customerId}&status=failed`);
    expect(failed.body.data.map((tx: any) => tx.reference)).toEqual([references[2]]);
    expect(failed.body.data[0]).toMatchObject({ status: "failed", gateway_response: "Declined", paid_at: null });

    const today = new Date().toISOString().slice(0, 10);
    const inRange = await raw(`/transaction?customer=${customerId}&from=${today}&to=${today}`);
    expect(inRange.body.meta.total).toBe(3);
    const future = await raw(`/transaction?customer=${customerId}&from=${new Date(Date.now() + 60_000).toISOString()}`);
    expect(future.body).toMatchObject({ status: true, data: [], meta: { total: 0, pageCount: 0 } });

    for (const query of ["perPage=0", "perPage=abc", "page=0", "status=paid", "from=yesterday", "to=2026-13-45"]) {
      const bad = await raw(`/transaction?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body).toMatchObject({ status: false });
    }
  });

  it("reports an ongoing transaction with an empty authorization and no log", async () => {
    const { reference } = await initialize(4999);
    const verified = await paystack.transaction_verify({ params: { path: { reference } } });
    expect(verified.data?.data).toMatchObject({ status: "ongoing", paid_at: null, paidAt: null, log: null, authorization: {} });
  });

  it("answers 404 JSON for an unknown transaction id", async () => {
    const fetched = await paystack.transaction_fetch({ params: { path: { id: 987654321 } } });
    expect(fetched.response.status).toBe(404);
    expect(fetched.error).toEqual({ status: false, message: "Transaction not found" });
    expect(await raw("/transaction/not-a-number")).toMatchObject({ status: 404, body: { status: false } });
  });

  it("answers 404 JSON, not the web app's page, for any unknown sandbox path or method", async () => {
    for (const [method, path] of [
      ["GET", "/nope"],
      ["GET", "/transaction/totals/extra"],
      ["POST", "/transaction/verify/abc"],
      ["DELETE", "/transaction/1"],
      ["GET", "/"],
      ["GET", ""],
      ["PUT", "/__controls"],
    ] as const) {
      const answer = await raw(path, { method });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.contentType).toMatch(/^application\/json/);
      expect(answer.body).toMatchObject({ status: false, message: expect.any(String) });
    }
  });

  it("still asks for the secret key on the new endpoints", async () => {
    const intruder = createPaystack({ secretKey: "sk_test_wrong", baseUrl: base, retry: { retries: 0 } });
    const listed = await intruder.transaction_list();
    expect(listed.response.status).toBe(401);
    expect(listed.error).toEqual({ status: false, message: "Invalid key" });
    const fetched = await intruder.transaction_fetch({ params: { path: { id: 1 } } });
    expect(fetched.response.status).toBe(401);
  });
});

describe("Paystack sandbox refunds under an independent Paystack client", () => {
  let app: TestApp;
  let paystack: PaystackSandbox["paystack"];
  let raw: PaystackSandbox["raw"];

  beforeAll(async () => {
    app = await startTestApp();
    ({ paystack, raw } = await paystackSandbox(app));
  });
  afterAll(() => app.close());

  it("creates a partial refund and fetches it in the shapes of Paystack's OpenAPI description; refuses more than is left", async () => {
    const reference = `lib-${randomUUID()}`;
    // Its webhooks would reach the app's payment jobs, which know no such payment: drop them.
    await raw("/__controls", {
      method: "POST",
      body: JSON.stringify({ dropWebhooks: true }),
      headers: { "content-type": "application/json" },
    });
    await paystack.transaction_initialize({ body: { email: "ada@example.com", amount: 10_000, currency: "NGN", reference } });
    await raw(`/__simulate/${reference}/pay`, { method: "POST" });

    const created = await paystack.refund_create({ body: { transaction: reference, amount: 2_500, merchant_note: "Late start" } });
    expect(created.response.status).toBe(200);
    expect(created.data).toMatchObject({
      status: true,
      message: "Refund has been queued for processing",
      data: { amount: 2_500, currency: "NGN", status: "pending", merchant_note: "Late start", transaction: { reference, amount: 10_000 } },
    });
    const id = created.data?.data.id as number;

    const fetched = await paystack.refund_fetch({ params: { path: { id } } });
    expect(fetched.response.status).toBe(200);
    expect(fetched.data?.data).toMatchObject({
      id,
      amount: 2_500,
      transaction_reference: reference,
      transaction_amount: 10_000,
      refund_type: "partial",
    });

    const tooMuch = await paystack.refund_create({ body: { transaction: reference, amount: 7_501 } });
    expect(tooMuch.response.status).toBe(400);
    await raw("/__controls/reset", { method: "POST" });
  });
});

describe("Paystack sandbox's other calls under an independent Paystack client", () => {
  let app: TestApp;
  let paystack: PaystackSandbox["paystack"];
  let raw: PaystackSandbox["raw"];

  beforeAll(async () => {
    // Its webhooks are dropped (paystackSandbox): these payments belong to no invoice.
    app = await startTestApp();
    ({ paystack, raw } = await paystackSandbox(app));
  });
  afterAll(() => app.close());

  it("totals, export, timeline, charge_authorization, partial_debit, refund list, customers and banks answer in Paystack's shapes", async () => {
    const email = `lib+${randomUUID()}@example.com`;
    const reference = `lib-${randomUUID()}`;
    await paystack.transaction_initialize({
      body: { email, amount: 20_000, currency: "NGN", reference, channels: ["card", "bank_transfer"] },
    });
    await raw(`/__simulate/${reference}/pay`, { method: "POST" });
    const verified = (await paystack.transaction_verify({ params: { path: { reference } } })).data?.data as Record<string, any>;
    const code = verified.authorization.authorization_code as string;

    const totals = await paystack.transaction_totals({ params: { query: {} } });
    expect(totals.response.status).toBe(200);
    expect(Object.keys(totals.data?.data ?? {}).sort()).toEqual(
      ["total_transactions", "total_volume", "total_volume_by_currency", "pending_transfers", "pending_transfers_by_currency"].sort(),
    );

    const exported = await paystack.transaction_export({ params: { query: { status: "success" } } });
    expect(exported.response.status).toBe(200);
    const csv = await (await fetch(exported.data?.data.path as string)).text();
    expect(csv).toContain(reference);

    const timeline = await paystack.transaction_timeline({ params: { path: { id: verified.id } } });
    expect(timeline.data).toEqual({ status: true, message: "Timeline retrieved", data: verified.log });

    const charged = await paystack.transaction_chargeAuthorization({
      body: { email, amount: 15_000, authorization_code: code, reference: `lib-${randomUUID()}`, currency: "NGN" },
    });
    expect(charged.response.status).toBe(200);
    expect(charged.data).toMatchObject({ status: true, message: "Charge attempted", data: { status: "success", amount: 15_000 } });
    const debited = await paystack.transaction_partialDebit({
      body: { email, amount: 5_000, authorization_code: code, currency: "NGN" },
    });
    expect(debited.data).toMatchObject({ status: true, data: { status: "success", requested_amount: 5_000 } });
    const refused = await paystack.transaction_chargeAuthorization({
      body: { email: "someone@example.com", amount: 100, authorization_code: code },
    });
    expect(refused.response.status).toBe(400);

    const refund = await paystack.refund_create({ body: { transaction: reference, amount: 1_000 } });
    const refunds = await paystack.refund_list({ params: { query: { perPage: 10 } } });
    expect(refunds.response.status).toBe(200);
    expect(refunds.data?.data[0]).toMatchObject({ id: refund.data?.data.id, transaction_reference: reference });
    expect(refunds.data?.meta).toMatchObject({ perPage: "10", page: 1 });

    const created = await paystack.customer_create({ body: { email, first_name: "Ada", last_name: "Obi" } });
    expect(created.data?.data).toMatchObject({ email, first_name: "Ada", customer_code: verified.customer.customer_code });
    const fetched = await paystack.customer_fetch({ params: { path: { code: verified.customer.customer_code } } });
    expect(fetched.response.status).toBe(200);
    expect(fetched.data?.data).toMatchObject({ email, first_name: "Ada", last_name: "Obi", authorizations: [verified.authorization] });

    const banks = await paystack.bank_list({ params: { query: { country: "ghana", type: "mobile_money" } } });
    expect(banks.response.status).toBe(200);
    expect(banks.data?.data.map((bank) => bank.code)).toEqual(["MTN", "ATL", "VOD"]);
  });
});
