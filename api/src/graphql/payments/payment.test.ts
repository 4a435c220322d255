import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";

describe("paymentsTestMode (the sites' 'test payments' banner)", () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));
  const testMode = async (env: Parameters<typeof startTestApp>[0]) => {
    const app = await startTestApp(env);
    apps.push(app);
    const answer = await app.graphql<{ paymentsTestMode: boolean }>("{ paymentsTestMode }");
    return answer.data?.paymentsTestMode;
  };

  it("is true for anyone while the built-in sandbox takes the payments, in development and in production", async () => {
    expect(await testMode({ NODE_ENV: "development" })).toBe(true);
    expect(await testMode({ NODE_ENV: "production", PAYSTACK_SANDBOX: "true" })).toBe(true);
  });

  it("is false with a real Paystack key", async () => {
    expect(await testMode({ NODE_ENV: "production", PAYSTACK_SECRET_KEY: "sk_live_x" })).toBe(false);
  });
});

describe("paymentStatus and verifyPayment: one ownership and format check (domain/payments/verify.ts findOwnPayment)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  /** The events a paymentStatus subscription sends, over Server-Sent Events, until the server ends the stream. */
  async function statusEvents(reference: string, token: string) {
    const query = "subscription ($r: String!) { paymentStatus(reference: $r) { reference status } }";
    const res = await app.fetch(
      `/graphql?query=${encodeURIComponent(query)}&variables=${encodeURIComponent(JSON.stringify({ r: reference }))}`,
      {
        headers: { accept: "text/event-stream", "x-graphql-yoga-csrf": "1", authorization: `Bearer ${token}` },
      },
    );
    const text = await res.text();
    return [...text.matchAll(/^data: (.+)$/gm)].map((m) => JSON.parse(m[1] as string).data?.paymentStatus?.status);
  }
  const verify = async (reference: string, token: string) =>
    (
      await app.graphql<{ verifyPayment: { status: string } }>(
        "mutation ($r: String!) { verifyPayment(reference: $r) { ... on VerifyPaymentPayload { status } } }",
        { r: reference },
        token,
      )
    ).data?.verifyPayment.status;

  it("the owner hears their settled payment; another learner, an unknown or a malformed reference read NOT_FOUND, in both", async () => {
    const owner = await learnerWithToken(app);
    const other = await learnerWithToken(app);
    await app.services.db.prisma.invoice.create({
      data: { learnerId: owner.learner.id, amountCents: 100, status: "PAID", reference: "ref-owned-1", paidAt: new Date() },
    });
    const cases: [string, string, string][] = [
      ["ref-owned-1", owner.token, "PAID"],
      ["ref-owned-1", other.token, "NOT_FOUND"],
      ["ref-nobody-has", owner.token, "NOT_FOUND"],
      ["ref with spaces", owner.token, "NOT_FOUND"],
      ["r".repeat(101), owner.token, "NOT_FOUND"],
    ];
    for (const [reference, token, status] of cases) {
      expect(await statusEvents(reference, token), reference).toEqual([status]);
      expect(await verify(reference, token), reference).toBe(status);
    }
  });
});

describe("checkout in a currency (payments/payment.ts, coupons/coupon.ts checkoutQuote)", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) {
    __typename ... on CheckoutPayload { reference total { amount minor currency formatted } }
    ... on ValidationError { message fieldErrors { field message } } } }`;
  const QUOTE = `query($trackId: ID!, $currency: CurrencyCode) { checkoutQuote(trackId: $trackId, currency: $currency) {
    __typename ... on CheckoutQuote { amountCents currency total { formatted } } ... on Error { message } } }`;

  it("pays in a currency the track has its own price in, and refuses one it is not sold in", async () => {
    const { prisma } = app.services.db;
    await prisma.businessSettings.update({ where: { id: 1 }, data: { currency: "NGN" } });
    const track = await prisma.track.create({
      data: { name: "Cloud", priceCents: 15_000_000, duration: "12 weeks", instructor: "I", description: "D" },
    });
    await prisma.trackPrice.create({ data: { trackId: track.id, currency: "GHS", amountCents: 120_000 } });
    const trackId = Buffer.from(`Track:${track.id}`).toString("base64");
    const { token } = await learnerWithToken(app);
    const input = { trackId, contact: "+233 20 555 0101", gender: "FEMALE" };

    expect((await app.graphql(QUOTE, { trackId, currency: "GHS" }, token)).data?.checkoutQuote).toEqual({
      __typename: "CheckoutQuote",
      amountCents: 120_000,
      currency: "GHS",
      total: { formatted: "GH₵1,200.00" },
    });
    expect((await app.graphql(QUOTE, { trackId }, token)).data?.checkoutQuote.total).toEqual({ formatted: "₦150,000.00" });

    const paid = await app.graphql(CHECKOUT, { input: { ...input, currency: "GHS" } }, token);
    expect(paid.data?.checkout).toMatchObject({
      __typename: "CheckoutPayload",
      total: { amount: 1200, minor: 120_000, currency: "GHS", formatted: "GH₵1,200.00" },
    });
    const refused = await app.graphql(CHECKOUT, { input: { ...input, currency: "ZAR" } }, token);
    expect(refused.data?.checkout).toEqual({
      __typename: "ValidationError",
      message: "This track is not sold in ZAR; it is sold in NGN, GHS.",
      fieldErrors: [{ field: "currency", message: "This track is not sold in ZAR; it is sold in NGN, GHS." }],
    });
    expect(await prisma.invoice.count({ where: { trackId: track.id } })).toBe(1);
  });
});
