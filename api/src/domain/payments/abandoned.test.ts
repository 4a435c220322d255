import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { createTrack } from "#testing/catalogue.ts";
import { sandboxControl } from "#testing/paystack.ts";
import { housekeeping } from "../housekeeping.ts";
import { ABANDONED_DETAILS } from "./checkout.ts";
import { settlePayment } from "./settle.ts";
import { paymentJobId } from "./verify.ts";

/**
 * Abandoned card checkouts (docs/ARCHITECTURE.md, "Archiving and abandoned checkouts"): unpaid past the owner's
 * `checkoutAbandonHours` they become ABANDONED, which no list shows by default and nothing counts; a late payment
 * still settles them.
 */
describe("abandoned checkouts", () => {
  let app: TestApp;
  let finance: string;
  const HOUR = 60 * 60_000;

  beforeAll(async () => {
    app = await startTestApp();
    finance = (await adminWithToken(app, "FINANCE")).token;
  });
  afterAll(() => app?.close());

  const sandbox = (path: string) =>
    app.fetch(`/paystack-sandbox${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${app.services.config.paystack.secretKey}`, "content-type": "application/json" },
      body: "{}",
    });

  async function cardCheckout(hoursAgo: number) {
    const { learner, token } = await learnerWithToken(app);
    const { prisma } = app.services.db;
    const track = await createTrack(app, 2500, { duration: "1 week" });
    const answer = await rest(app, "POST", "/api/enrollments", {
      token,
      body: { track: track.id, contact: "+234 802 555 0101", gender: "Female", location: "Lagos" },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const reference = answer.body.reference as string;
    await prisma.invoice.updateMany({ where: { reference }, data: { createdAt: new Date(Date.now() - hoursAgo * HOUR) } });
    return { learner, token, track, reference };
  }

  const statusOf = async (reference: string) => (await app.services.db.prisma.invoice.findUniqueOrThrow({ where: { reference } })).status;

  it("a card checkout unpaid past the owner's checkoutAbandonHours becomes ABANDONED; a younger one stays pending", async () => {
    const { prisma } = app.services.db;
    await prisma.businessSettings.update({ where: { id: 1 }, data: { checkoutAbandonHours: 2 } });
    try {
      const old = await cardCheckout(3);
      const young = await cardCheckout(1);
      await housekeeping(app.services);
      const abandoned = await prisma.invoice.findUniqueOrThrow({ where: { reference: old.reference } });
      expect(abandoned).toMatchObject({ status: "ABANDONED", flaggedReason: null, paymentDetails: ABANDONED_DETAILS });
      expect(await statusOf(young.reference)).toBe("PENDING");
    } finally {
      await prisma.businessSettings.update({ where: { id: 1 }, data: { checkoutAbandonHours: 24 } });
    }
    // With the default (24 hours), 3 hours is not abandoned.
    const recent = await cardCheckout(3);
    await housekeeping(app.services);
    expect(await statusOf(recent.reference)).toBe("PENDING");
  });

  it("a Paystack success arriving after abandonment still settles it: paid, enrolled once", async () => {
    const { learner, track, reference } = await cardCheckout(25);
    await housekeeping(app.services);
    expect(await statusOf(reference)).toBe("ABANDONED");
    await sandbox(`/__simulate/${reference}/pay`);
    expect(await settlePayment(app.services, reference)).toBe("PAID");
    expect(await settlePayment(app.services, reference)).toBe("PAID");
    expect(await statusOf(reference)).toBe("PAID");
    expect(await app.services.db.prisma.enrollment.count({ where: { learnerId: learner.id, trackId: track.id } })).toBe(1);
  });

  it("Paystack's `abandoned` (opened, not paid yet) leaves the invoice pending; a transfer made later still settles it", async () => {
    const { learner, token, track, reference } = await cardCheckout(0);
    const tamper = (status?: string) => sandboxControl(app, "/__controls", { tamper: { reference, ...(status ? { status } : {}) } });
    await tamper("abandoned");
    try {
      expect(await settlePayment(app.services, reference)).toBe("OPEN");
      expect(await statusOf(reference)).toBe("PENDING");
      // The learner's page asks: not paid yet, still waiting (never "failed"), and the settlement job is not retried.
      const verify = await rest(app, "POST", "/api/enrollments/verify-payment", { token, body: { reference } });
      expect(verify.body).toMatchObject({ success: false, status: "pending" });
      expect(await statusOf(reference)).toBe("PENDING");
      const job = await app.services.db.prisma.outboxJob.findUniqueOrThrow({ where: { jobId: paymentJobId(reference) } });
      expect(await app.services.queue.waitFor(job.jobId, 5_000)).toMatchObject({ state: "completed" });
    } finally {
      await sandboxControl(app, "/__controls/reset", {});
    }
    // The learner pays by bank transfer after all: the one settlement path enrolls them.
    await sandboxControl(app, `/__simulate/${reference}/submit`, { channel: "bank_transfer" });
    await sandboxControl(app, `/__simulate/${reference}/complete`, {});
    expect(await settlePayment(app.services, reference)).toBe("PAID");
    expect(await app.services.db.prisma.enrollment.count({ where: { learnerId: learner.id, trackId: track.id } })).toBe(1);
  });

  it("a stale checkout Paystack reports `abandoned` becomes ABANDONED (not FAILED), and a late success still settles it", async () => {
    const { learner, track, reference } = await cardCheckout(25);
    await sandboxControl(app, "/__controls", { tamper: { reference, status: "abandoned" } });
    try {
      await housekeeping(app.services);
      expect(await statusOf(reference)).toBe("ABANDONED");
    } finally {
      await sandboxControl(app, "/__controls/reset", {});
    }
    await sandbox(`/__simulate/${reference}/pay`);
    expect(await settlePayment(app.services, reference)).toBe("PAID");
    expect(await app.services.db.prisma.enrollment.count({ where: { learnerId: learner.id, trackId: track.id } })).toBe(1);
  });

  it("abandoned invoices are hidden from the learner, from the default admin list and from the dashboard's count; a status filter shows them", async () => {
    const { token, reference } = await cardCheckout(30);
    await housekeeping(app.services);
    expect(await statusOf(reference)).toBe("ABANDONED");
    const invoice = await app.services.db.prisma.invoice.findUniqueOrThrow({ where: { reference } });
    const globalId = Buffer.from(`Invoice:${invoice.id}`).toString("base64");

    // The learner's own invoice table.
    const mine = await app.graphql(`{ me { ... on Learner { invoices(first: 50) { edges { node { id } } } } } }`, {}, token);
    expect(mine.data?.me.invoices.edges).toEqual([]);

    // The admin list: hidden by default, shown when asked for (GraphQL and REST).
    const LIST = `query ($status: InvoiceStatus) { invoices(first: 100, status: $status) { totalCount edges { node { id status } } } }`;
    const ids = async (status: string | null) =>
      (((await app.graphql(LIST, { status }, finance)).data?.invoices.edges ?? []) as { node: { id: string; status: string } }[]).map(
        (e) => e.node,
      );
    const all = await ids(null);
    expect(all.map((n) => n.id)).not.toContain(globalId);
    expect(all.every((n) => n.status !== "ABANDONED")).toBe(true);
    const abandoned = await ids("ABANDONED");
    expect(abandoned.map((n) => n.id)).toContain(globalId);
    expect(abandoned.every((n) => n.status === "ABANDONED")).toBe(true);
    expect((await ids("PENDING")).every((n) => n.status === "PENDING")).toBe(true);

    const restIds = async (query: string) => {
      const answer = await rest(app, "GET", `/api/invoices${query}`, { token: finance });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return (answer.body.invoices as { _id: string; status: string }[]).map((i) => i._id);
    };
    expect(await restIds("")).not.toContain(invoice.id);
    expect(await restIds("?status=abandoned")).toContain(invoice.id);
    expect(await restIds("?status=ABANDONED&page=1")).toContain(invoice.id);
    const bad = await rest(app, "GET", "/api/invoices?status=lost", { token: finance });
    expect(bad.status).toBe(400);

    // The dashboard counts every invoice but abandoned ones.
    const { prisma } = app.services.db;
    const counted = await prisma.invoice.count({ where: { status: { not: "ABANDONED" } } });
    const dashboard = await app.graphql(`{ dashboard { invoices { value } } }`, {}, (await adminWithToken(app, "OWNER")).token);
    expect(dashboard.data?.dashboard.invoices.value).toBe(counted);
    expect(counted).toBeLessThan(await prisma.invoice.count());
  });

  it("the migration turns checkouts marked FAILED as abandoned before into ABANDONED, and leaves real failures", async () => {
    const { prisma } = app.services.db;
    const { learner } = await learnerWithToken(app);
    const old = await prisma.invoice.create({
      data: {
        learnerId: learner.id,
        amountCents: 100,
        status: "FAILED",
        paymentDetails: ABANDONED_DETAILS,
        reference: `old-${learner.id}`,
      },
    });
    const flagged = await prisma.invoice.create({
      data: { learnerId: learner.id, amountCents: 100, status: "FAILED", paymentDetails: ABANDONED_DETAILS, flaggedReason: "Mismatch." },
    });
    const declined = await prisma.invoice.create({
      data: { learnerId: learner.id, amountCents: 100, status: "FAILED", paymentDetails: "Card payment (Paystack)" },
    });
    const sql = readFileSync(
      new URL("../../../prisma/migrations/20261127030000_abandoned_checkouts/migration.sql", import.meta.url),
      "utf8",
    );
    await prisma.$executeRawUnsafe(sql);
    const status = async (id: string) => (await prisma.invoice.findUniqueOrThrow({ where: { id } })).status;
    expect(await status(old.id)).toBe("ABANDONED");
    expect(await status(flagged.id)).toBe("FAILED");
    expect(await status(declined.id)).toBe("FAILED");
  });
});
