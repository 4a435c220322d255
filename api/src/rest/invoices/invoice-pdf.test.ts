import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { createTrack } from "#testing/catalogue.ts";
import { pdfText } from "#testing/pdf.ts";
import { nextInvoiceNumber } from "../../domain/invoices/numbers.ts";
import { priceParts } from "../../domain/money.ts";

/**
 * GET /api/invoices/{id}/pdf (docs/ARCHITECTURE.md, "Invoice numbers and PDFs"): the PDF's text read back (seller,
 * buyer, number, amounts, status, payment), and who may download which invoice.
 */

let app: TestApp;
const prisma = () => app.services.db.prisma;

beforeAll(async () => {
  app = await startTestApp();
  await prisma().businessSettings.update({
    where: { id: 1 },
    data: {
      businessName: "Acme Academy Ltd",
      postalAddress: "12 Harbour Road\nAccra, Ghana",
      taxNumber: "GH-TAX-0042",
      supportEmail: "help@acme.test",
      footerContact: "+233 20 000 0000\nacme.test",
    },
  });
});
afterAll(() => app.close());

async function paidInvoiceFor(learnerId: string) {
  const track = await createTrack(app, 45_000, { name: `Data Science ${randomBytes(2).toString("hex")}` });
  // 450.00 less a 50.00 discount, 7.5% tax added: 430.00.
  const parts = priceParts(45_000, 5_000, { taxRateBasisPoints: 750, taxInclusive: false });
  const invoice = await prisma().$transaction(async (tx) =>
    tx.invoice.create({
      data: {
        number: await nextInvoiceNumber(tx),
        learnerId,
        trackId: track.id,
        ...parts,
        status: "PAID",
        paymentMethod: "CARD",
        paidAt: new Date("2026-03-04T10:00:00Z"),
        reference: `lh-${randomBytes(6).toString("hex")}`,
      },
    }),
  );
  return { invoice, track, parts };
}

const get = (id: string, token?: string) =>
  app.fetch(`/api/invoices/${id}/pdf`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe("invoice PDF", () => {
  it("is a receipt with the seller, buyer, number, lines, totals, status and payment, as selectable text", async () => {
    const { learner, token } = await learnerWithToken(app, { firstName: "Ama", lastName: "Mensah" });
    const { invoice, track, parts } = await paidInvoiceFor(learner.id);
    const res = await get(invoice.id, token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const bytes = await res.arrayBuffer();
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(bytes);
    for (const expected of [
      "Acme Academy Ltd",
      "12 Harbour Road",
      "Accra, Ghana",
      "Tax number: GH-TAX-0042",
      "help@acme.test",
      "Receipt",
      `Number: ${invoice.number}`,
      "Status: PAID",
      "Ama Mensah",
      learner.email,
      track.name,
      "$450.00",
      "Discount",
      "-$50.00",
      "Tax 7.50% (added)",
      `$${(parts.taxCents / 100).toFixed(2)}`,
      "Total",
      `$${(parts.amountCents / 100).toFixed(2)}`,
      "Payment method: Card (Paystack)",
      `Reference: ${invoice.reference}`,
      "Paid: 2026-03-04",
      "+233 20 000 0000",
    ]) {
      expect(text).toContain(expected);
    }
    // The font is embedded (a subset of DejaVu Sans), not one of the PDF reader's standard fonts.
    expect(Buffer.from(bytes).toString("latin1")).toMatch(/FontFile2/);
  });

  it("is an invoice while pending, and shows a refund", async () => {
    const { learner, token } = await learnerWithToken(app);
    const pending = await prisma().invoice.create({
      data: { learnerId: learner.id, amountCents: 12_345, description: "Workshop seat", dueDate: new Date("2026-12-01") },
    });
    const text = await pdfText(await (await get(pending.id, token)).arrayBuffer());
    expect(text).toContain("Invoice");
    expect(text).toContain("Status: PENDING");
    expect(text).toContain("Workshop seat");
    expect(text).toContain("$123.45");
    expect(text).toContain("Due: 2026-12-01");
    expect(text).not.toContain("Discount");

    const { invoice } = await paidInvoiceFor(learner.id);
    await prisma().invoice.update({ where: { id: invoice.id }, data: { status: "PARTIALLY_REFUNDED", refundedCents: 10_000 } });
    const refunded = await pdfText(await (await get(invoice.id, token)).arrayBuffer());
    expect(refunded).toContain("Status: PARTIALLY REFUNDED (refunded $100.00)");
  });

  it("is the owner's only: anonymous 401, another learner 404, staff as their permissions say", async () => {
    const owner = await learnerWithToken(app);
    const other = await learnerWithToken(app);
    const { invoice } = await paidInvoiceFor(owner.learner.id);
    expect((await get(invoice.id)).status).toBe(401);
    expect((await get(invoice.id, other.token)).status).toBe(404);
    expect((await get(invoice.id, owner.token)).status).toBe(200);
    expect((await get("not-a-uuid", owner.token)).status).toBe(404);
    expect((await get("00000000-0000-4000-8000-000000000000", owner.token)).status).toBe(404);
    for (const [role, status] of [
      ["OWNER", 200],
      ["MANAGER", 200],
      ["FINANCE", 200],
      ["INSTRUCTOR", 403],
      [null, 403],
    ] as const) {
      const { token } = await adminWithToken(app, role);
      const res = await get(invoice.id, token);
      expect([role, res.status]).toEqual([role, status]);
      if (status === 200) expect(res.headers.get("content-type")).toBe("application/pdf");
      else expect(await res.json()).toHaveProperty("message");
    }
  });
});
