import { describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { app, call, expectRefusal, useApp } from "#testing/rest.ts";

/**
 * Local currency over REST (docs/payments.md, Amounts and references): amounts stay numbers in major units with their
 * ISO 4217 `currency` beside them; the settings carry the business currency; a track lists its prices; a checkout and
 * its quote take a currency; learners' totals and the report's CSV files are per currency.
 */
useApp();

const SETTINGS = { offlinePaymentsEnabled: false, offlineExpiryDays: 7, checkoutAbandonHours: 24 };

describe("local currency over REST", () => {
  it("an NGN business sells a track in naira and, at its own price, in cedis; the answers carry each amount's currency", async () => {
    const { token: owner } = await adminWithToken(app, "OWNER");
    expect((await call("GET", "/api/settings", { token: owner })).body.settings.currency).toBe("USD");
    const created = await call("POST", "/api/tracks", {
      token: owner,
      body: { name: "Cloud Lagos", price: 150000, duration: "12 weeks", instructor: "Ada", description: "Cloud." },
    });
    expect(created.body.track).toMatchObject({ price: 150000, currency: "USD", prices: [{ currency: "USD", amount: 150000 }] });
    const trackId = created.body.track._id as string;

    const saved = await call("PUT", "/api/settings", { token: owner, body: { ...SETTINGS, currency: "ngn" } });
    expect(saved.status).toBe(200);
    expect(saved.body.settings.currency).toBe("NGN");
    expectRefusal(
      await call("PUT", "/api/settings", { token: owner, body: { ...SETTINGS, currency: "EUR" } }),
      400,
      "Choose the business currency: NGN, GHS, KES, ZAR or USD.",
    );
    // Re-labelled, not converted.
    expect((await call("GET", `/api/tracks/${trackId}`)).body.track).toMatchObject({ price: 150000, currency: "NGN" });
    expectRefusal(
      await call("PUT", `/api/tracks/${trackId}`, {
        token: owner,
        body: { name: "Cloud Lagos", price: "lots", duration: "12 weeks", instructor: "Ada", description: "Cloud." },
      }),
      400,
      "Price must be a number of naira, 0 or more.",
    );
    const priced = await call("PUT", `/api/tracks/${trackId}/prices/GHS`, { token: owner, body: { amount: "1200" } });
    expect(priced.status).toBe(200);
    expect(priced.body.message).toBe("Price saved.");
    expect(priced.body.track.prices).toEqual([
      { currency: "NGN", amount: 150000 },
      { currency: "GHS", amount: 1200 },
    ]);
    expectRefusal(
      await call("PUT", `/api/tracks/${trackId}/prices/KES`, { token: owner, body: { amount: "-5" } }),
      400,
      "Price must be a number of shillings, 0 or more.",
    );
    const listed = (await call("GET", "/api/tracks")).body.tracks.find((t: { _id: string }) => t._id === trackId);
    expect(listed).toMatchObject({ currency: "NGN", prices: [{ currency: "NGN" }, { currency: "GHS" }] });

    const { learner, token } = await learnerWithToken(app);
    const checkout = { track: trackId, contact: "+233 20 555 0101", gender: "Female" };
    const quote = await call("GET", `/api/checkout/quote?track=${trackId}&currency=ghs`, { token });
    expect(quote.body).toEqual({ subtotal: 1200, discount: 0, tax: 0, total: 1200, coupon: null, currency: "GHS" });
    expectRefusal(
      await call("POST", "/api/enrollments", { token, body: { ...checkout, currency: "ZAR" } }),
      400,
      "This track is not sold in ZAR; it is sold in NGN, GHS.",
    );
    expectRefusal(
      await call("POST", "/api/enrollments", { token, body: { ...checkout, currency: "EUR" } }),
      400,
      "Choose a currency: NGN, GHS, KES, ZAR or USD.",
    );
    const started = await call("POST", "/api/enrollments", { token, body: { ...checkout, currency: "GHS" } });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ amount: 1200, currency: "GHS" });

    // Paid: the invoice, the learner's totals and the report's CSV each carry the currency.
    const { prisma } = app.services.db;
    const invoice = await prisma.invoice.findFirstOrThrow({ where: { learnerId: learner.id } });
    await prisma.invoice.update({ where: { id: invoice.id }, data: { status: "PAID", paidAt: new Date("2026-03-05T10:00:00Z") } });
    await prisma.invoice.create({
      data: { learnerId: learner.id, amountCents: 5_000_000, currency: "NGN", status: "PAID", paidAt: new Date("2026-03-06T10:00:00Z") },
    });
    const invoices = await call("GET", `/api/invoices?search=${encodeURIComponent(learner.lastName)}`, { token: owner });
    expect(invoices.body.invoices.map((i: { amount: number; currency: string }) => [i.amount, i.currency]).sort()).toEqual([
      [1200, "GHS"],
      [50000, "NGN"],
    ]);
    const learners = await call("GET", `/api/learners?search=${encodeURIComponent(learner.email)}`, { token: owner });
    expect(learners.body.learners[0]).toMatchObject({
      totalPaid: 50000,
      currency: "NGN",
      totalsPaid: [
        { currency: "NGN", amount: 50000 },
        { currency: "GHS", amount: 1200 },
      ],
    });
    const learnersCsv = await call("GET", `/api/learners/export.csv?search=${encodeURIComponent(learner.email)}`, { token: owner });
    expect((learnersCsv.body as string).trim().split("\n")[1]).toMatch(/,50000\.00,NGN,GHS 1200\.00$/);

    const months = await call("GET", "/api/reports/months.csv?from=2026-03-01&to=2026-03-31", { token: owner });
    expect(months.body).toBe(
      ["month,revenue,enrollments,completions,currency", "2026-03,50000.00,0,0,NGN", "2026-03,1200.00,,,GHS", ""].join("\n"),
    );
    const tracks = await call("GET", "/api/reports/tracks.csv?from=2026-03-01&to=2026-03-31", { token: owner });
    expect(tracks.body).toBe(
      ["track,revenue,enrollments,currency", "No track,50000.00,0,NGN", "Cloud Lagos,0.00,0,NGN", "Cloud Lagos,1200.00,,GHS", ""].join(
        "\n",
      ),
    );

    const removed = await call("DELETE", `/api/tracks/${trackId}/prices/ghs`, { token: owner });
    expect(removed.body.track.prices).toEqual([{ currency: "NGN", amount: 150000 }]);
    await call("PUT", "/api/settings", { token: owner, body: { ...SETTINGS, currency: "USD" } });
  });

  it("a fixed coupon is in a currency; a percentage in none", async () => {
    const { token: owner } = await adminWithToken(app, "FINANCE");
    const fixed = await call("POST", "/api/coupons", {
      token: owner,
      body: { code: "CEDIS-20", kind: "fixed", value: "20", currency: "GHS" },
    });
    expect(fixed.status).toBe(201);
    expect(fixed.body.coupon).toMatchObject({ kind: "fixed", value: 20, currency: "GHS" });
    const dollars = await call("POST", "/api/coupons", { token: owner, body: { code: "DOLLARS-5", kind: "fixed", value: 5 } });
    expect(dollars.body.coupon).toMatchObject({ value: 5, currency: "USD" });
    const percent = await call("POST", "/api/coupons", {
      token: owner,
      body: { code: "TENTH", kind: "percent", value: 10, currency: "GHS" },
    });
    expect(percent.body.coupon).toMatchObject({ value: 10, currency: null });
  });
});
