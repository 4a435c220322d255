import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaystackCurrency } from "../contract.ts";
import { ManualScheduler, startSandbox, type TestSandbox } from "./testing.ts";

const SECRET = "sk_test_parity_suite";

/**
 * The calls a Paystack client makes beyond a payment (docs/payments.md, The sandbox): totals, export, timeline, the
 * refund list, customers and banks, in Paystack's shapes, and never taken for a fetch by id.
 */
describe("Paystack sandbox parity calls", () => {
  let sandbox: TestSandbox;
  let clock: ManualScheduler;

  beforeAll(async () => {
    clock = new ManualScheduler();
    sandbox = await startSandbox({ secretKey: SECRET, scheduler: clock });
    await sandbox.call("POST", "/__controls", { dropWebhooks: true });
  });

  afterAll(() => sandbox.app.close());

  const payment = async (email: string, amount: number, currency: PaystackCurrency, action: "pay" | "decline" | null = "pay") => {
    const reference = `par-${randomUUID()}`;
    await sandbox.client.initialize({ email, amount, currency, reference });
    if (action) await sandbox.call("POST", `/__simulate/${reference}/${action}`);
    return (await sandbox.call("GET", `/transaction/verify/${reference}`)).body.data;
  };

  it("totals count and sum successful transactions, per currency too, within a period", async () => {
    const before = clock.now().toISOString();
    await clock.advance(1_000);
    await payment("t1@example.com", 10_000, "NGN");
    await payment("t2@example.com", 25_000, "NGN");
    await payment("t3@example.com", 5_000, "GHS");
    await payment("t4@example.com", 7_000, "NGN", "decline");
    await payment("t5@example.com", 9_000, "NGN", null);
    const totals = await sandbox.call("GET", `/transaction/totals?from=${before}`);
    expect(totals).toEqual({
      status: 200,
      body: {
        status: true,
        message: "Transaction totals",
        data: {
          total_transactions: 3,
          total_volume: 40_000,
          total_volume_by_currency: [
            { currency: "GHS", amount: 5_000 },
            { currency: "NGN", amount: 35_000 },
          ],
          pending_transfers: 40_000,
          pending_transfers_by_currency: [
            { currency: "GHS", amount: 5_000 },
            { currency: "NGN", amount: 35_000 },
          ],
        },
      },
    });
    const later = new Date(clock.now().getTime() + 60_000).toISOString();
    expect((await sandbox.call("GET", `/transaction/totals?from=${later}`)).body.data).toMatchObject({
      total_transactions: 0,
      total_volume: 0,
    });
    expect(await sandbox.call("GET", "/transaction/totals?from=yesterday")).toMatchObject({ status: 400, body: { status: false } });
  });

  it("export answers a link to a CSV of the transactions chosen, which lasts a minute", async () => {
    const email = `export+${randomUUID()}@example.com`;
    const paid = await payment(email, 12_345, "KES");
    const declined = await payment(email, 500, "KES", "decline");
    const { customer } = paid;
    const exported = await sandbox.call("GET", `/transaction/export?customer=${customer.id}&status=all`);
    expect(exported).toMatchObject({ status: 200, body: { status: true, message: "Export successful" } });
    const { path, expiresAt } = exported.body.data as { path: string; expiresAt: string };
    expect(path).toMatch(new RegExp(`^${sandbox.base}/exports/[0-9a-f]{32}\\.csv$`));
    expect(expiresAt).toBe(new Date(clock.now().getTime() + 60_000).toISOString().slice(0, 19).replace("T", " "));

    // No key: like Paystack's presigned link.
    const download = await fetch(path);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toMatch(/^text\/csv/);
    const [header, ...rows] = (await download.text()).trim().split("\r\n");
    expect(header).toBe("id,reference,status,amount,currency,channel,gateway_response,customer_email,customer_code,created_at,paid_at");
    expect(rows.map((row) => row.split(",").slice(1, 5))).toEqual([
      [declined.reference, "failed", "500", "KES"],
      [paid.reference, "success", "12345", "KES"],
    ]);
    const successOnly = await sandbox.call("GET", `/transaction/export?customer=${customer.id}&status=success`);
    const successRows = (await (await fetch(successOnly.body.data.path)).text()).trim().split("\r\n");
    expect(successRows).toHaveLength(2);

    await clock.advance(60_000);
    const expired = await fetch(path);
    expect(expired.status).toBe(404);
    expect(await expired.json()).toMatchObject({ status: false });
  });

  it("timeline answers the log by id or by reference; an empty one before any attempt; 404 for neither", async () => {
    const paid = await payment("timeline@example.com", 1_000, "NGN");
    for (const key of [paid.id, paid.reference]) {
      const timeline = await sandbox.call("GET", `/transaction/timeline/${key}`);
      expect(timeline).toEqual({ status: 200, body: { status: true, message: "Timeline retrieved", data: paid.log } });
    }
    const open = await payment("timeline@example.com", 1_000, "NGN", null);
    expect((await sandbox.call("GET", `/transaction/timeline/${open.reference}`)).body.data).toMatchObject({ attempts: 0, history: [] });
    expect(await sandbox.call("GET", "/transaction/timeline/nope")).toEqual({
      status: 404,
      body: { status: false, message: "Transaction ID or reference is invalid" },
    });
  });

  it("totals, export and timeline are never taken for a fetch by id", async () => {
    for (const path of ["/transaction/totals", "/transaction/export"]) {
      const answer = await sandbox.call("GET", path);
      expect(answer.status, path).toBe(200);
      expect(answer.body.message, path).not.toBe("Transaction not found");
    }
    expect((await sandbox.call("GET", "/transaction/timeline")).status).toBe(404);
  });

  it("lists refunds newest first with Paystack's paging, by transaction and currency", async () => {
    const one = await payment("refunds@example.com", 10_000, "ZAR");
    const two = await payment("refunds@example.com", 10_000, "ZAR");
    const ids: number[] = [];
    for (const [reference, amount] of [
      [one.reference, 1_000],
      [one.reference, 2_000],
      [two.reference, 3_000],
    ] as const) {
      ids.push((await sandbox.client.createRefund({ transaction: reference, amount })).id);
    }
    await clock.advance(0);
    const page1 = await sandbox.call("GET", "/refund?currency=ZAR&perPage=2&page=1");
    expect(page1.status).toBe(200);
    expect(page1.body.message).toBe("Refunds retrieved");
    expect(page1.body.data.map((r: { id: number }) => r.id)).toEqual([ids[2], ids[1]]);
    expect(page1.body.meta).toEqual({ total: 3, skipped: 0, perPage: "2", page: 1, pageCount: 2, failedRefundCount: 0 });
    expect(page1.body.data[0]).toMatchObject({
      transaction: two.id,
      transaction_reference: two.reference,
      amount: 3_000,
      status: "processed",
    });
    const byTransaction = await sandbox.call("GET", `/refund?transaction=${one.reference}`);
    expect(byTransaction.body.data.map((r: { id: number }) => r.id)).toEqual([ids[1], ids[0]]);
    expect((await sandbox.call("GET", `/refund?transaction=${one.id}`)).body.meta.total).toBe(2);
    expect((await sandbox.call("GET", "/refund?transaction=unknown")).body).toMatchObject({ data: [], meta: { total: 0 } });
    expect(await sandbox.call("GET", "/refund?perPage=0")).toMatchObject({ status: 400, body: { status: false } });
  });

  it("creates a customer, updates it by e-mail, and fetches it by code or e-mail with its payments and saved cards", async () => {
    const email = `chioma+${randomUUID()}@example.com`;
    const created = await sandbox.call("POST", "/customer", { email, first_name: "Chioma", phone: "+2348012345678" });
    expect(created).toMatchObject({
      status: 200,
      body: {
        status: true,
        message: "Customer created",
        data: {
          email,
          first_name: "Chioma",
          last_name: null,
          phone: "+2348012345678",
          domain: "test",
          transactions: [],
          identified: false,
        },
      },
    });
    const code = created.body.data.customer_code as string;
    expect(code).toMatch(/^CUS_[a-z0-9]+$/);
    const updated = await sandbox.call("POST", "/customer", {
      email: email.toUpperCase(),
      last_name: "Eze",
      metadata: '{"learnerId":"l1"}',
    });
    expect(updated.body.data).toMatchObject({ customer_code: code, first_name: "Chioma", last_name: "Eze", metadata: { learnerId: "l1" } });

    const paid = await payment(email, 20_000, "NGN");
    const again = await payment(email, 30_000, "NGN");
    await payment(email, 5_000, "NGN", "decline");
    expect(paid.customer).toMatchObject({ customer_code: code, first_name: "Chioma", last_name: "Eze" });

    for (const key of [code, email]) {
      const fetched = await sandbox.call("GET", `/customer/${encodeURIComponent(key)}`);
      expect(fetched.status, key).toBe(200);
      expect(fetched.body).toMatchObject({
        status: true,
        message: "Customer retrieved",
        data: {
          email,
          customer_code: code,
          total_transactions: 2,
          total_transaction_value: [{ currency: "NGN", amount: 50_000 }],
          dedicated_account: null,
          subscriptions: [],
        },
      });
      expect(fetched.body.data.transactions).toHaveLength(3);
      expect(fetched.body.data.authorizations).toEqual([again.authorization, paid.authorization]);
    }
    expect(await sandbox.call("GET", "/customer/CUS_nobody")).toEqual({
      status: 404,
      body: { status: false, message: "Customer not found" },
    });
    expect(await sandbox.call("POST", "/customer", { email: "not-an-email" })).toMatchObject({ status: 400, body: { status: false } });
    expect(await sandbox.call("POST", "/customer", { email, metadata: "[1]" })).toMatchObject({ status: 400 });
  });

  it("lists banks: Nigeria's by default, each country's by name or currency, mobile money wallets by type", async () => {
    const nigeria = await sandbox.call("GET", "/bank");
    expect(nigeria.body).toMatchObject({ status: true, message: "Banks retrieved" });
    expect(new Set(nigeria.body.data.map((b: { currency: string }) => b.currency))).toEqual(new Set(["NGN"]));
    expect(nigeria.body.data.map((b: { name: string }) => b.name)).toContain("Paystack-Titan");
    expect(Object.keys(nigeria.body.data[0]).sort()).toEqual(
      [
        "name",
        "slug",
        "code",
        "longcode",
        "gateway",
        "pay_with_bank",
        "supports_transfer",
        "available_for_direct_debit",
        "active",
        "is_deleted",
        "country",
        "currency",
        "type",
        "id",
        "createdAt",
        "updatedAt",
      ].sort(),
    );
    for (const [query, currency, country] of [
      ["country=ghana", "GHS", "Ghana"],
      ["currency=KES", "KES", "Kenya"],
      ["country=south%20africa", "ZAR", "South Africa"],
      ["currency=NGN", "NGN", "Nigeria"],
    ]) {
      const banks = (await sandbox.call("GET", `/bank?${query}`)).body.data as { currency: string; country: string }[];
      expect(banks.length, query).toBeGreaterThan(2);
      expect(
        banks.every((b) => b.currency === currency && b.country === country),
        query,
      ).toBe(true);
    }
    const wallets = await sandbox.call("GET", "/bank?country=ghana&type=mobile_money");
    expect(wallets.body.data.map((b: { code: string }) => b.code)).toEqual(["MTN", "ATL", "VOD"]);
    expect((await sandbox.call("GET", "/bank?currency=USD")).body.data).toEqual([]);
  });
});
