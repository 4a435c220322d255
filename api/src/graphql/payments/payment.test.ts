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
