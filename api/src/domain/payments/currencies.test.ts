import { randomBytes } from "node:crypto";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, lastMailTo, learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { paystackFor } from "../../paystack/index.ts";
import { removeTrackPrice, setTrackPrice, TRACK_PRICE_MESSAGES } from "../catalogue/prices.ts";
import { createTrack, TRACK_MESSAGES } from "../catalogue/tracks.ts";
import { COUPON_MESSAGES, checkoutQuote, createCoupon } from "../coupons/coupons.ts";
import { AppError, NotFoundError, ValidationError } from "../errors.ts";
import { createInvoice, INVOICE_MESSAGES } from "../invoices/invoices.ts";
import { invoicePdf } from "../invoices/pdf.ts";
import { REFUND_MESSAGES, refundInvoice } from "../invoices/refunds.ts";
import { loadDashboard } from "../reports/dashboard.ts";
import { loadReport, loadReportDiscounts } from "../reports/report.ts";
import { SETTINGS_MESSAGES, updateBusinessSettings } from "../settings/settings.ts";
import type { Actor } from "../staff/audit.ts";
import { startCheckout } from "./checkout.ts";
import { afterSettlement, mismatchReason, settleWithin } from "./settle.ts";

/**
 * Local currency (docs/ARCHITECTURE.md, "Money"): the business currency and what changing it does, explicit track
 * prices in further currencies, checkout in a currency (the invoice and Paystack carry it), fixed coupons per currency,
 * reports per currency, and every amount written in its own currency in mails, PDFs and messages. On PGlite, or
 * PostgreSQL with TEST_DATABASE_URL.
 */

let app: TestApp;
let owner: Actor;
const prisma = () => app.services.db.prisma;

beforeAll(async () => {
  app = await startTestApp();
  const { admin } = await adminWithToken(app, "OWNER");
  owner = { id: admin.id, email: admin.email, role: "OWNER", ip: "127.0.0.1" };
});
afterAll(() => app.close());

const SETTINGS = { offlinePaymentsEnabled: false, offlineExpiryDays: 7, checkoutAbandonHours: 24 };
const switchTo = (currency: string) => updateBusinessSettings(app.services, owner, { ...SETTINGS, currency: currency as "USD" });

function track(priceCents: number) {
  return prisma().track.create({
    data: { name: `Track ${randomBytes(3).toString("hex")}`, priceCents, duration: "4 weeks", instructor: "I", description: "D" },
  });
}

/** The error a call fails with (its class and message), or null when it succeeds. */
async function refusal(run: () => Promise<unknown>): Promise<{ name: string; message: string; fields?: unknown } | null> {
  try {
    await run();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { name: error.name, message: error.message, ...(error instanceof ValidationError ? { fields: error.fieldErrors } : {}) };
  }
}

const CONTACT = { contact: "+233 20 555 0101", gender: "FEMALE" } as const;

describe("the business currency", () => {
  it("is USD on a new installation, and changing it re-labels every track's main price without converting it", async () => {
    expect((await prisma().businessSettings.findUniqueOrThrow({ where: { id: 1 } })).currency).toBe("USD");
    const { learner } = await learnerWithToken(app);
    const sold = await track(45_000);
    const invoice = await prisma().invoice.create({
      data: { learnerId: learner.id, trackId: sold.id, amountCents: 45_000, status: "PAID", paidAt: new Date() },
    });
    expect(sold.currency).toBe("USD");

    const saved = await switchTo("NGN");
    expect(saved.currency).toBe("NGN");
    // The numbers stay: 450.00 dollars became 450.00 naira; the invoice keeps its own currency for ever.
    expect(await prisma().track.findUniqueOrThrow({ where: { id: sold.id } })).toMatchObject({ priceCents: 45_000, currency: "NGN" });
    expect(await prisma().invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({ amountCents: 45_000, currency: "USD" });
    const audit = await prisma().auditEntry.findFirstOrThrow({ where: { action: "settings.update" }, orderBy: { createdAt: "desc" } });
    expect(JSON.stringify(audit.changes)).toContain('"currency":["USD","NGN"]');

    // Whoever writes a track, its main price is in the business currency.
    const raw = await prisma().track.create({
      data: { name: "Raw", priceCents: 1, currency: "USD", duration: "1 week", instructor: "I", description: "D" },
    });
    expect(raw.currency).toBe("NGN");
    expect((await prisma().track.update({ where: { id: raw.id }, data: { currency: "KES" } })).currency).toBe("NGN");
    // The form reads a price in the business currency's unit.
    expect(
      await refusal(() => createTrack(app.services, owner, { name: "N", price: "-1", duration: "d", instructor: "i", description: "d" })),
    ).toMatchObject({
      message: "Price must be a number of naira, 0 or more.",
    });
    expect(TRACK_MESSAGES.invalidPriceIn("USD")).toBe(TRACK_MESSAGES.invalidPrice);
    const made = await createTrack(app.services, owner, {
      name: "N",
      price: "150000.50",
      duration: "d",
      instructor: "i",
      description: "d",
    });
    expect(made).toMatchObject({ priceCents: 15_000_050, currency: "NGN" });

    expect(await refusal(() => switchTo("EUR"))).toMatchObject({ name: "ValidationError", message: SETTINGS_MESSAGES.currency });
  });
});

describe("track prices in further currencies", () => {
  it("are set, replaced and removed by staff, never in the business currency, each audited", async () => {
    await switchTo("NGN");
    const t = await track(15_000_000);
    expect(await setTrackPrice(app.services, owner, t.id, { currency: "GHS", amount: "1200" })).toMatchObject({
      currency: "GHS",
      amountCents: 120_000,
    });
    expect((await setTrackPrice(app.services, owner, t.id, { currency: "GHS", amount: 1_350.5 })).amountCents).toBe(135_050);
    expect(await prisma().trackPrice.count({ where: { trackId: t.id } })).toBe(1);
    expect(await refusal(() => setTrackPrice(app.services, owner, t.id, { currency: "NGN", amount: "1" }))).toMatchObject({
      message: TRACK_PRICE_MESSAGES.businessCurrency("NGN"),
    });
    expect(await refusal(() => setTrackPrice(app.services, owner, t.id, { currency: "GHS", amount: "-1" }))).toMatchObject({
      message: "Price must be a number of cedis, 0 or more.",
    });
    expect(await refusal(() => setTrackPrice(app.services, owner, t.id, { currency: "KES", amount: "1.001" }))).toMatchObject({
      message: "Amounts have at most 2 decimals.",
    });
    expect(await refusal(() => setTrackPrice(app.services, owner, t.id, { currency: "EUR", amount: "1" }))).toMatchObject({
      message: TRACK_PRICE_MESSAGES.currency,
    });
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(await refusal(() => setTrackPrice(app.services, owner, missing, { currency: "GHS", amount: "1" }))).toMatchObject({
      name: "NotFoundError",
    });

    // GHS cannot become the business currency while a track has its own GHS price: its main price would clash.
    expect(await refusal(() => switchTo("GHS"))).toMatchObject({
      name: "ValidationError",
      message: SETTINGS_MESSAGES.currencyPriced(1, "GHS"),
    });
    expect((await prisma().businessSettings.findUniqueOrThrow({ where: { id: 1 } })).currency).toBe("NGN");
    expect((await prisma().track.findUniqueOrThrow({ where: { id: t.id } })).currency).toBe("NGN");

    await removeTrackPrice(app.services, owner, t.id, { currency: "GHS" });
    expect(await prisma().trackPrice.count({ where: { trackId: t.id } })).toBe(0);
    expect(await refusal(() => removeTrackPrice(app.services, owner, t.id, { currency: "GHS" }))).toMatchObject({
      name: NotFoundError.name,
      message: TRACK_PRICE_MESSAGES.noPrice("GHS"),
    });
    const actions = await prisma().auditEntry.findMany({
      where: { entityId: t.id },
      orderBy: { createdAt: "asc" },
      select: { action: true },
    });
    expect(actions.map((a) => a.action)).toEqual(["track.price", "track.price", "track.price.remove"]);
  });
});

describe("checkout in a currency", () => {
  it("in GHS on an NGN business: the invoice and Paystack's initialize carry GHS and the price in pesewas", async () => {
    await switchTo("NGN");
    const t = await track(15_000_000);
    await setTrackPrice(app.services, owner, t.id, { currency: "GHS", amount: "1200" });
    const { learner } = await learnerWithToken(app);
    const started = await startCheckout(app.services, learner.id, { trackId: t.id, ...CONTACT, currency: "GHS" });
    expect(started.kind).toBe("redirect");
    const invoice = await prisma().invoice.findFirstOrThrow({ where: { learnerId: learner.id, trackId: t.id } });
    expect(invoice).toMatchObject({ status: "PENDING", currency: "GHS", amountCents: 120_000, subtotalCents: 120_000 });
    const atPaystack = await paystackFor(app.services.config).verify(invoice.reference as string);
    expect(atPaystack.found && { currency: atPaystack.data.currency, amount: atPaystack.data.amount }).toEqual({
      currency: "GHS",
      amount: 120_000,
    });

    // Without a currency, the business currency and the main price.
    const other = await learnerWithToken(app);
    await startCheckout(app.services, other.learner.id, { trackId: t.id, ...CONTACT });
    expect(await prisma().invoice.findFirstOrThrow({ where: { learnerId: other.learner.id } })).toMatchObject({
      currency: "NGN",
      amountCents: 15_000_000,
    });
  });

  it("in a currency the track is not sold in is refused with what it is sold in, and nothing is made or saved", async () => {
    await switchTo("NGN");
    const t = await track(15_000_000);
    await setTrackPrice(app.services, owner, t.id, { currency: "GHS", amount: "1200" });
    const { learner } = await learnerWithToken(app);
    expect(await refusal(() => startCheckout(app.services, learner.id, { trackId: t.id, ...CONTACT, currency: "KES" }))).toEqual({
      name: "ValidationError",
      message: "This track is not sold in KES; it is sold in NGN, GHS.",
      fields: [{ field: "currency", message: "This track is not sold in KES; it is sold in NGN, GHS." }],
    });
    expect(
      await refusal(() => startCheckout(app.services, learner.id, { trackId: t.id, ...CONTACT, currency: "EUR" as never })),
    ).toMatchObject({
      message: "Choose a currency: NGN, GHS, KES, ZAR or USD.",
    });
    expect(await prisma().invoice.count({ where: { learnerId: learner.id } })).toBe(0);
    expect((await prisma().learner.findUniqueOrThrow({ where: { id: learner.id } })).contact).toBe("+234 801 000 0000");
    // The quote refuses it alike.
    expect(await refusal(() => checkoutQuote(app.services, learner.id, t.id, null, "KES"))).toMatchObject({
      message: TRACK_PRICE_MESSAGES.notSold("KES", ["NGN", "GHS"]),
    });
  });

  it("a fixed coupon takes its amount off checkouts in its own currency only; a percentage applies in any", async () => {
    await switchTo("NGN");
    const t = await track(15_000_000);
    await setTrackPrice(app.services, owner, t.id, { currency: "GHS", amount: "1200" });
    const code = () => `C${randomBytes(4).toString("hex").toUpperCase()}`;
    const naira = await createCoupon(app.services, owner, { code: code(), kind: "FIXED", value: 5_000_000 });
    const cedis = await createCoupon(app.services, owner, { code: code(), kind: "FIXED", value: 20_000, currency: "GHS" });
    const tenth = await createCoupon(app.services, owner, { code: code(), kind: "PERCENT", value: 10, currency: "GHS" });
    expect([naira.currency, cedis.currency, tenth.currency]).toEqual(["NGN", "GHS", null]);
    expect(
      await refusal(() => createCoupon(app.services, owner, { code: code(), kind: "FIXED", value: 1, currency: "EUR" as never })),
    ).toMatchObject({
      message: COUPON_MESSAGES.currency,
    });

    const { learner } = await learnerWithToken(app);
    const quote = (coupon: string, currency?: string) => checkoutQuote(app.services, learner.id, t.id, coupon, currency);
    expect(await quote(naira.code)).toMatchObject({ currency: "NGN", discountCents: 5_000_000, amountCents: 10_000_000 });
    expect(await refusal(() => quote(naira.code, "GHS"))).toMatchObject({
      name: "ValidationError",
      message: COUPON_MESSAGES.otherCurrency("₦50,000.00", "GHS"),
    });
    expect(await quote(cedis.code, "GHS")).toMatchObject({ currency: "GHS", discountCents: 20_000, amountCents: 100_000 });
    expect(await refusal(() => quote(cedis.code))).toMatchObject({ message: COUPON_MESSAGES.otherCurrency("GH₵200.00", "NGN") });
    expect(await quote(tenth.code, "GHS")).toMatchObject({ currency: "GHS", discountCents: 12_000 });
    expect(await quote(tenth.code)).toMatchObject({ currency: "NGN", discountCents: 1_500_000 });

    // The checkout checks it again: refused there too, with nothing made.
    expect(
      await refusal(() => startCheckout(app.services, learner.id, { trackId: t.id, ...CONTACT, currency: "GHS", coupon: naira.code })),
    ).toMatchObject({ message: COUPON_MESSAGES.otherCurrency("₦50,000.00", "GHS") });
    expect(await prisma().invoice.count({ where: { learnerId: learner.id } })).toBe(0);
    await startCheckout(app.services, learner.id, { trackId: t.id, ...CONTACT, currency: "GHS", coupon: cedis.code });
    expect(await prisma().invoice.findFirstOrThrow({ where: { learnerId: learner.id } })).toMatchObject({
      currency: "GHS",
      subtotalCents: 120_000,
      discountCents: 20_000,
      amountCents: 100_000,
      couponCode: cedis.code,
    });
  });

  it("a settlement in another currency or amount is flagged with each amount in its own currency", () => {
    expect(mismatchReason({ amount: 100, currency: "NGN" }, { amountCents: 120_000, currency: "GHS" })).toBe(
      "Paid NGN 1.00 but the invoice is GHS 1,200.00; nobody was enrolled.",
    );
    expect(mismatchReason({ amount: 100, currency: "USD" }, { amountCents: 4_999, currency: "USD" })).toBe(
      "Paid USD 1.00 but the invoice is USD 49.99; nobody was enrolled.",
    );
    // Whatever Paystack names, the flag is written.
    expect(mismatchReason({ amount: 100, currency: "<b>" }, { amountCents: 1, currency: "USD" })).toContain("Paid <b> 1.00");
  });
});

describe("every amount in its own currency", () => {
  async function pdfText(bytes: Uint8Array) {
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes).slice()), { mergePages: true });
    return text.replace(/\s+/g, " ");
  }

  it("the receipt mail, the PDF and refund messages write a GHS invoice in cedis", async () => {
    await switchTo("NGN");
    const t = await track(15_000_000);
    const { learner } = await learnerWithToken(app);
    const invoice = await createInvoice(app.services, owner, {
      learnerId: learner.id,
      trackId: t.id,
      amount: "1200",
      currency: "GHS",
      status: "PENDING",
    });
    expect(invoice).toMatchObject({ currency: "GHS", amountCents: 120_000 });
    const settled = await prisma().$transaction((tx) => settleWithin(tx, app.services, invoice.id, { method: "CASH", paidAt: new Date() }));
    afterSettlement(app.services, settled as NonNullable<typeof settled>);
    const mail = await lastMailTo(app, learner.email);
    expect(mail.text).toContain("We received your payment of GH₵1,200.00");

    const pdf = await invoicePdf(app.services, invoice.id);
    const text = await pdfText(pdf?.bytes as Uint8Array);
    expect(text).toContain("GH₵1,200.00");
    expect(text).toContain("Currency: GHS");

    expect(await refusal(() => refundInvoice(app.services, owner, { invoiceId: invoice.id, amount: 1_200.01, reason: "x" }))).toMatchObject(
      {
        message: REFUND_MESSAGES.tooMuch(120_000, "GHS"),
      },
    );
    expect(REFUND_MESSAGES.tooMuch(120_000, "GHS")).toBe("At most GH₵1,200.00 can be refunded on this invoice.");
    expect(await refusal(() => refundInvoice(app.services, owner, { invoiceId: invoice.id, amount: "0", reason: "x" }))).toMatchObject({
      message: "Amount must be a number of cedis, more than 0, with at most 2 decimals.",
    });
    const refund = await refundInvoice(app.services, owner, { invoiceId: invoice.id, amount: "200", reason: "Partial" });
    expect(refund).toMatchObject({ currency: "GHS", amountCents: 20_000, status: "PROCESSED" });

    // A staff invoice is in the business currency unless another is named, its amount read in that currency's unit.
    const plain = await createInvoice(app.services, owner, {
      learnerId: learner.id,
      amount: "5000",
      status: "PENDING",
      description: "Seat",
    });
    expect(plain).toMatchObject({ currency: "NGN", amountCents: 500_000 });
    expect(
      await refusal(() => createInvoice(app.services, owner, { learnerId: learner.id, amount: "x", currency: "KES", status: "PENDING" })),
    ).toMatchObject({ message: INVOICE_MESSAGES.invalidAmountIn("KES") });
    expect(INVOICE_MESSAGES.invalidAmountIn("KES")).toBe("Amount must be a number of shillings, 0 or more.");
  });
});

describe("reports per currency", () => {
  it("count revenue per currency, the business currency's in the spec's figures, never a sum across currencies", async () => {
    await prisma().$executeRawUnsafe(`TRUNCATE "Refund", "CouponRedemption", "Invoice"`);
    await switchTo("NGN");
    const lagos = await track(15_000_000);
    const accra = await track(15_000_000);
    const paidAt = new Date("2025-03-10T10:00:00Z");
    const paid = (trackId: string | null, amountCents: number, currency: string, at = paidAt) =>
      prisma().invoice.create({ data: { trackId, amountCents, currency, status: "PAID", paidAt: at, createdAt: at } });
    await paid(lagos.id, 15_000_000, "NGN");
    await paid(lagos.id, 15_000_000, "NGN");
    await paid(accra.id, 120_000, "GHS");
    await paid(lagos.id, 100_000, "GHS", new Date("2025-04-02T10:00:00Z"));
    await paid(null, 45_000, "USD");
    await prisma().invoice.create({
      data: { trackId: accra.id, amountCents: 999_999, currency: "GHS", status: "PENDING", createdAt: paidAt },
    });

    const report = await loadReport(app.services, { from: new Date("2025-03-01"), to: new Date("2025-04-30") });
    expect(report.currency).toBe("NGN");
    expect(report.totalRevenueCents).toBe(30_000_000);
    expect(report.months.map((m) => [m.month, m.revenueCents])).toEqual([
      ["2025-03", 30_000_000],
      ["2025-04", 0],
    ]);
    expect(report.revenueByCurrency.map((c) => [c.currency, c.totalRevenueCents, c.months.map((m) => m.revenueCents)])).toEqual([
      ["NGN", 30_000_000, [30_000_000, 0]],
      ["GHS", 220_000, [120_000, 100_000]],
      ["USD", 45_000, [45_000, 0]],
    ]);
    // Each track's line counts the business currency; its other currencies are in their own lists.
    expect(report.tracks.map((t) => [t.trackId, t.revenueCents])).toEqual([
      [lagos.id, 30_000_000],
      [accra.id, 0],
      [null, 0],
    ]);
    expect(report.revenueByCurrency[1]?.tracks.map((t) => [t.trackId, t.revenueCents])).toEqual([
      [accra.id, 120_000],
      [lagos.id, 100_000],
    ]);

    const dashboard = await loadDashboard(app.services, new Date("2025-04-20T10:00:00Z"));
    expect(dashboard.currency).toBe("NGN");
    expect(dashboard.revenue).toMatchObject({ value: 30_000_000, currentMonth: 0, previousMonth: 30_000_000 });
    expect(
      dashboard.revenueByCurrency.map((c) => [c.currency, c.revenue.value, c.revenue.currentMonth, c.revenueByMonth.at(-1)?.revenueCents]),
    ).toEqual([
      ["NGN", 30_000_000, 0, 0],
      ["GHS", 220_000, 100_000, 100_000],
      ["USD", 45_000, 0, 0],
    ]);
    expect(dashboard.revenueByMonth).toEqual(dashboard.revenueByCurrency[0]?.revenueByMonth);

    // Switching back to dollars: the same records, now with USD as the spec's figure.
    await switchTo("USD");
    const inDollars = await loadReport(app.services, { from: new Date("2025-03-01"), to: new Date("2025-04-30") });
    expect([inDollars.currency, inDollars.totalRevenueCents, inDollars.revenueByCurrency.map((c) => c.currency)]).toEqual([
      "USD",
      45_000,
      ["USD", "NGN", "GHS"],
    ]);
    const discounts = await loadReportDiscounts(app.services, { from: new Date("2025-03-01"), to: new Date("2025-04-30") });
    expect(discounts).toEqual({ currency: null, totalDiscountCents: 0, totals: [], coupons: [] });
  });
});
