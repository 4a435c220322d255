import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken, mailsTo } from "#testing/accounts.ts";
import type { TestApp } from "#testing/app.ts";
import { createTrack } from "#testing/catalogue.ts";
import { globalId } from "#testing/graphql.ts";
import { type AppWithJobs, startTestAppWithJobs } from "#testing/jobs.ts";
import { signPaystackBody } from "../../paystack/signature.ts";
import { housekeeping } from "../housekeeping.ts";
import { checkPendingRefunds, REFUND_CHECK_AFTER_MS } from "./refunds.ts";

/** Refunds through HTTP (REST and GraphQL), with the sandbox's refund.processed webhook, on both job backends. */
function refundSuite(backend: "in-process" | "bullmq") {
  describe(`refunds (${backend} jobs)`, () => {
    let app: TestApp;
    let jobs: AppWithJobs;
    let finance: string;

    beforeAll(async () => {
      jobs = await startTestAppWithJobs(backend, { prefix: "refund" });
      app = jobs.app;
      finance = (await adminWithToken(app, "FINANCE")).token;
    });
    afterAll(() => jobs.stop());

    const secret = () => app.services.config.paystack.secretKey;
    const sandbox = (path: string, body?: unknown) =>
      app.fetch(`/paystack-sandbox${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${secret()}`, "content-type": "application/json" },
        body: JSON.stringify(body ?? {}),
      });

    /** Waits until the sandbox has delivered its webhooks and our jobs have run. */
    async function settle() {
      for (let i = 0; i < 400; i++) {
        const res = await app.fetch("/paystack-sandbox/__controls", { headers: { authorization: `Bearer ${secret()}` } });
        const controls = (await res.json()) as { data: { pendingWebhooks: number } };
        if (controls.data.pendingWebhooks === 0) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      await app.settleJobs();
      if (backend === "bullmq") {
        const queue = (app.services.queue as unknown as { queue: import("bullmq").Queue }).queue;
        for (let i = 0; i < 400; i++) {
          const counts = await queue.getJobCounts("active", "waiting", "delayed");
          if (!counts.active && !counts.waiting && !counts.delayed) break;
          await new Promise((r) => setTimeout(r, 25));
        }
      }
      await app.settleJobs();
    }

    /** A learner who bought a track by card: the invoice is PAID and they are enrolled. */
    async function paidCardInvoice(priceCents = 4999) {
      const { learner, token } = await learnerWithToken(app);
      const track = await createTrack(app, priceCents);
      const res = await app.fetch("/api/enrollments", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ track: track.id, contact: "+234 802 555 0101", gender: "Female", location: "Lagos" }),
      });
      const { reference } = (await res.json()) as { reference: string };
      await sandbox(`/__simulate/${reference}/pay`);
      await settle();
      const invoice = await app.services.db.prisma.invoice.findUniqueOrThrow({ where: { reference } });
      expect(invoice).toMatchObject({ status: "PAID" });
      return { learner, token, track, invoice };
    }

    const refund = async (invoiceId: string, body: Record<string, unknown>, token = finance) => {
      const res = await app.fetch(`/api/invoices/${invoiceId}/refunds`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };

    const enrolled = (learnerId: string, trackId: string) => app.services.db.prisma.enrollment.count({ where: { learnerId, trackId } });
    const invoiceOf = (id: string) => app.services.db.prisma.invoice.findUniqueOrThrow({ where: { id } });

    it("a partial card refund goes through Paystack: pending, then processed by refund.processed; access stays", async () => {
      const { learner, track, invoice } = await paidCardInvoice(4999);
      const answer = await refund(invoice.id, { amount: "10.50", reason: "Late start" });
      expect(answer.status).toBe(201);
      expect(answer.body.refund).toMatchObject({ amount: 10.5, method: "card", reason: "Late start" });
      await settle();

      expect(await invoiceOf(invoice.id)).toMatchObject({ status: "PARTIALLY_REFUNDED", refundedCents: 1050, amountCents: 4999 });
      const [saved] = await app.services.db.prisma.refund.findMany({ where: { invoiceId: invoice.id } });
      expect(saved).toMatchObject({ status: "PROCESSED", amountCents: 1050, method: "CARD", actorEmail: expect.any(String) });
      expect(saved?.paystackRefundId).toMatch(/^\d+$/);
      expect(await enrolled(learner.id, track.id)).toBe(1);
      const audit = await app.services.db.prisma.auditEntry.findMany({ where: { action: "invoice.refund", entityId: invoice.id } });
      expect(audit).toHaveLength(1);
      // The learner reads it as paid, with the refunded amount; finance also sees the history.
      const read = await app.graphql(
        "query ($id: ID!) { node(id: $id) { ... on Invoice { status refundedAmount refunds { amount status reason } } } }",
        { id: Buffer.from(`Invoice:${invoice.id}`).toString("base64") },
        finance,
      );
      expect(read.data?.node).toEqual({
        status: "PARTIALLY_REFUNDED",
        refundedAmount: 10.5,
        refunds: [{ amount: 10.5, status: "PROCESSED", reason: "Late start" }],
      });
    });

    it("a full card refund with duplicated and replayed webhooks counts once, ends access and mails the learner once", async () => {
      const { learner, track, invoice } = await paidCardInvoice(4999);
      await sandbox("/__controls", { duplicateWebhooks: 3 });
      try {
        const answer = await refund(invoice.id, { reason: "Course cancelled" });
        expect(answer.status).toBe(201);
        expect(answer.body.refund.amount).toBe(49.99);
        await settle();
      } finally {
        await sandbox("/__controls/reset");
      }
      expect(await invoiceOf(invoice.id)).toMatchObject({ status: "REFUNDED", refundedCents: 4999 });
      expect(await enrolled(learner.id, track.id)).toBe(0);

      // Paystack retrying the webhook later changes nothing either.
      const saved = await app.services.db.prisma.refund.findFirstOrThrow({ where: { invoiceId: invoice.id } });
      const body = JSON.stringify({ event: "refund.processed", data: { id: saved.paystackRefundId, status: "processed" } });
      const replay = await app.fetch("/api/payments/paystack/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "x-paystack-signature": signPaystackBody(body, secret()) },
        body,
      });
      expect(replay.status).toBe(200);
      await settle();
      await settle();
      expect(await invoiceOf(invoice.id)).toMatchObject({ status: "REFUNDED", refundedCents: 4999 });
      const mails = (await mailsTo(app, learner.email)).filter((m) => m.subject.startsWith("Refund of your payment"));
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(`Your access to ${track.name} has ended.`);
      // Nothing is left to refund.
      expect(await refund(invoice.id, { amount: 1, reason: "again" })).toMatchObject({ status: 409 });
    });

    it("a lost refund.processed webhook: housekeeping asks Paystack later and processes the refund once", async () => {
      const { learner, track, invoice } = await paidCardInvoice(3000);
      await sandbox("/__controls", { dropWebhooks: true });
      try {
        expect((await refund(invoice.id, { reason: "Dropped webhook" })).status).toBe(201);
        await settle();
      } finally {
        await sandbox("/__controls/reset");
      }
      const { prisma } = app.services.db;
      expect(await prisma.refund.findFirstOrThrow({ where: { invoiceId: invoice.id } })).toMatchObject({ status: "PENDING" });
      expect(await invoiceOf(invoice.id)).toMatchObject({ status: "PAID", refundedCents: 0 });
      // Too early to ask; then, past REFUND_CHECK_AFTER_MS, it asks and processes it.
      await checkPendingRefunds(app.services);
      await settle();
      expect(await invoiceOf(invoice.id)).toMatchObject({ status: "PAID" });
      await prisma.refund.updateMany({
        where: { invoiceId: invoice.id },
        data: { createdAt: new Date(Date.now() - REFUND_CHECK_AFTER_MS - 1000) },
      });
      expect((await housekeeping(app.services)).refunds).toBeGreaterThanOrEqual(1);
      await settle();
      expect(await invoiceOf(invoice.id)).toMatchObject({ status: "REFUNDED", refundedCents: 3000 });
      expect(await enrolled(learner.id, track.id)).toBe(0);
    });

    it("Paystack refusing a refund (less left there than we thought) answers 409 and frees the amount", async () => {
      const { invoice } = await paidCardInvoice(5000);
      // Someone refunded part of it straight at Paystack; that webhook names no refund of ours and changes nothing.
      const direct = await sandbox("/refund", { transaction: invoice.reference, amount: 4000 });
      expect(direct.status).toBe(200);
      await settle();
      const refused = await refund(invoice.id, { amount: 20, reason: "Too much now" });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^Paystack refused the refund: /);
      expect(await app.services.db.prisma.refund.findFirstOrThrow({ where: { invoiceId: invoice.id } })).toMatchObject({
        status: "FAILED",
      });
      expect(await invoiceOf(invoice.id)).toMatchObject({ status: "PAID", refundedCents: 0 });
      expect((await refund(invoice.id, { amount: 10, reason: "What Paystack has left" })).status).toBe(201);
      await settle();
      expect(await invoiceOf(invoice.id)).toMatchObject({ status: "PARTIALLY_REFUNDED", refundedCents: 1000 });
    });

    it("ten concurrent refunds of $20 on a $49.99 invoice: two are taken, the rest refused, never more than paid", async () => {
      const { invoice } = await paidCardInvoice(4999);
      const answers = await Promise.all(Array.from({ length: 10 }, () => refund(invoice.id, { amount: 20, reason: "Split" })));
      expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
      for (const a of answers.filter((a) => a.status !== 201)) {
        expect([400, 409]).toContain(a.status);
        expect(a.body.message).toBe("At most $9.99 can be refunded on this invoice.");
      }
      await settle();
      expect(await invoiceOf(invoice.id)).toMatchObject({ status: "PARTIALLY_REFUNDED", refundedCents: 4000 });
      // What is left can still be refunded, and then the invoice is refunded in full.
      expect((await refund(invoice.id, { reason: "Rest" })).body.refund.amount).toBe(9.99);
      await settle();
      expect(await invoiceOf(invoice.id)).toMatchObject({ status: "REFUNDED", refundedCents: 4999 });
    });

    it("an offline payment's refund is recorded at once, without Paystack", async () => {
      const { learner } = await learnerWithToken(app);
      const track = await createTrack(app, 3000);
      const invoice = await app.services.db.prisma.invoice.create({
        data: {
          learnerId: learner.id,
          trackId: track.id,
          amountCents: 3000,
          status: "PAID",
          paymentMethod: "BANK_TRANSFER",
          paidAt: new Date(),
        },
      });
      await app.services.db.prisma.enrollment.create({ data: { learnerId: learner.id, trackId: track.id } });
      const answer = await refund(invoice.id, { amount: 30, reason: "Paid twice" });
      expect(answer.status).toBe(201);
      expect(answer.body).toMatchObject({
        message: "Refund recorded.",
        refund: { method: "offline", status: "processed", amount: 30 },
        invoice: { status: "refunded" },
        refundedAmount: 30,
      });
      expect(await enrolled(learner.id, track.id)).toBe(0);
      await settle();
      expect((await mailsTo(app, learner.email)).map((m) => m.subject)).toContain(`Refund of your payment for ${track.name}`);
    });

    it("a full refund leaves an enrollment staff granted by hand (a comp): the refunded payment did not give it", async () => {
      const { learner } = await learnerWithToken(app);
      const owner = (await adminWithToken(app, "OWNER")).token;
      const track = await createTrack(app, 3000);
      const comp = await app.graphql(
        `mutation ($learnerId: ID!, $trackId: ID!) { enrollLearner(learnerId: $learnerId, trackId: $trackId) { __typename } }`,
        { learnerId: globalId("Learner", learner.id), trackId: globalId("Track", track.id) },
        owner,
      );
      expect(comp.data.enrollLearner.__typename).toBe("EnrollmentPayload");
      // Later the learner also paid for it (e.g. finance recorded a bank transfer), and that payment is given back.
      const invoice = await app.services.db.prisma.invoice.create({
        data: {
          learnerId: learner.id,
          trackId: track.id,
          amountCents: 3000,
          status: "PAID",
          paymentMethod: "BANK_TRANSFER",
          paidAt: new Date(),
        },
      });
      const answer = await refund(invoice.id, { amount: 30, reason: "Was comped" });
      expect([answer.status, answer.body.invoice.status]).toEqual([201, "refunded"]);
      expect(await enrolled(learner.id, track.id)).toBe(1);
    });

    it("refuses what is not a paid invoice (409), bad input (400), unknown invoices (404) and other roles (403), changing nothing", async () => {
      const { invoice, token } = await paidCardInvoice(2000);
      const pending = await app.services.db.prisma.invoice.create({ data: { amountCents: 500, status: "PENDING" } });
      expect(await refund(pending.id, { reason: "x" })).toMatchObject({
        status: 409,
        body: { message: "Only a paid invoice can be refunded." },
      });
      for (const body of [
        { reason: "" },
        { amount: "abc", reason: "x" },
        { amount: -5, reason: "x" },
        { amount: 0, reason: "x" },
        { amount: 1.234, reason: "x" },
        { amount: 20.01, reason: "x" },
        { amount: 1, reason: "x".repeat(501) },
        { amount: 1e9, reason: "x" },
        { amount: [1], reason: "x" },
      ]) {
        const answer = await refund(invoice.id, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
      }
      expect(await refund("00000000-0000-4000-8000-000000000000", { reason: "x" })).toMatchObject({ status: 404 });
      expect(await refund("not-a-uuid", { reason: "x" })).toMatchObject({ status: 404 });
      const manager = (await adminWithToken(app, "MANAGER")).token;
      expect((await refund(invoice.id, { reason: "x" }, manager)).status).toBe(403);
      expect((await refund(invoice.id, { reason: "x" }, token)).status).toBe(403);
      expect(await app.services.db.prisma.refund.count({ where: { invoiceId: { in: [invoice.id, pending.id] } } })).toBe(0);
      expect(await invoiceOf(invoice.id)).toMatchObject({ status: "PAID", refundedCents: 0 });

      // The learner reads their invoice's refunded amount, not who refunded it or why.
      const id = Buffer.from(`Invoice:${invoice.id}`).toString("base64");
      const own = await app.graphql("query ($id: ID!) { node(id: $id) { ... on Invoice { refundedAmount } } }", { id }, token);
      expect(own.data?.node).toEqual({ refundedAmount: 0 });
      const history = await app.graphql("query ($id: ID!) { node(id: $id) { ... on Invoice { refunds { reason } } } }", { id }, token);
      expect(history.errors?.length).toBeGreaterThan(0);
      const mutation = await app.graphql(
        "mutation ($input: RefundInvoiceInput!) { refundInvoice(input: $input) { __typename } }",
        { input: { id, reason: "x" } },
        token,
      );
      expect(JSON.stringify(mutation)).toMatch(/ForbiddenError|not allowed/);
    });
  });
}

refundSuite("in-process");
refundSuite("bullmq");
