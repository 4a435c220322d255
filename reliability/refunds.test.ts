import { randomBytes } from "node:crypto";
import type { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import type { TestApp } from "#testing/app.ts";
import { type AppWithJobs, startTestAppWithJobs } from "#testing/jobs.ts";
import { signPaystackBody } from "../api/src/paystack/signature.ts";
import { record } from "./lib/report.ts";

/**
 * Item 4, refunds (docs/ARCHITECTURE.md, "Money"): concurrent refund requests on one invoice never refund more than
 * was paid, and duplicated and replayed refund.processed webhooks count each refund once. See
 * api/src/domain/invoices/refunds.test.ts for the journey.
 */
for (const backend of ["in-process", "bullmq"] as const) {
  describe(`4.6 refunds (${backend} jobs)`, () => {
    let app: TestApp;
    let jobs: AppWithJobs;
    let finance: string;

    beforeAll(async () => {
      jobs = await startTestAppWithJobs(backend, { prefix: "rel-refund", concurrency: 5 });
      app = jobs.app;
      finance = (await adminWithToken(app, "FINANCE")).token;
    });
    afterAll(() => jobs.stop());

    const secret = () => app.services.config.paystack.secretKey;
    const sandbox = (path: string, body?: unknown) =>
      app.fetch(`/paystack-sandbox${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { authorization: `Bearer ${secret()}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    async function settle() {
      for (let i = 0; i < 400; i++) {
        const controls = (await (await sandbox("/__controls")).json()) as { data: { pendingWebhooks: number } };
        if (controls.data.pendingWebhooks === 0) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      await app.settleJobs();
      if (backend === "bullmq") {
        const queue = (app.services.queue as unknown as { queue: Queue }).queue;
        for (let i = 0; i < 400; i++) {
          const counts = await queue.getJobCounts("active", "waiting", "delayed");
          if (!counts.active && !counts.waiting && !counts.delayed) break;
          await new Promise((r) => setTimeout(r, 25));
        }
      }
      await app.settleJobs();
    }
    const refund = (invoiceId: string, body: Record<string, unknown>) =>
      app.fetch(`/api/invoices/${invoiceId}/refunds`, {
        method: "POST",
        headers: { authorization: `Bearer ${finance}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const refundWebhook = (paystackRefundId: string) => {
      const body = JSON.stringify({ event: "refund.processed", data: { id: paystackRefundId, status: "processed" } });
      return app.fetch("/api/payments/paystack/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "x-paystack-signature": signPaystackBody(body, secret()) },
        body,
      });
    };

    it(`4.6 concurrent refunds and duplicate refund.processed webhooks refund once, never more than paid (${backend})`, async () => {
      const { prisma } = app.services.db;
      const { learner, token } = await learnerWithToken(app);
      const track = await prisma.track.create({
        data: { name: `Track ${randomBytes(3).toString("hex")}`, priceCents: 5000, duration: "4 weeks", instructor: "I", description: "D" },
      });
      const checkout = await app.fetch("/api/enrollments", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ track: track.id, contact: "+234 802 555 0101", gender: "Female" }),
      });
      const { reference } = (await checkout.json()) as { reference: string };
      await sandbox(`/__simulate/${reference}/pay`, {});
      await settle();
      const invoice = await prisma.invoice.findUniqueOrThrow({ where: { reference } });

      // 20 refund requests of $15 at once (3 fit in $50), each refund's webhook sent 3 times by the sandbox.
      await sandbox("/__controls", { duplicateWebhooks: 3 });
      let answers: number[];
      try {
        answers = await Promise.all(
          Array.from({ length: 20 }, async () => (await refund(invoice.id, { amount: 15, reason: "Race" })).status),
        );
        await settle();
      } finally {
        await sandbox("/__controls/reset", {});
      }
      // Then Paystack retries every webhook later, all at once.
      const refunds = await prisma.refund.findMany({ where: { invoiceId: invoice.id } });
      await Promise.all(
        refunds.flatMap((r) => (r.paystackRefundId ? [refundWebhook(r.paystackRefundId), refundWebhook(r.paystackRefundId)] : [])),
      );
      await settle();
      // The rest, in full: access ends, one mail.
      const rest = await refund(invoice.id, { reason: "Rest" });
      await settle();

      const after = await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } });
      const processed = await prisma.refund.findMany({ where: { invoiceId: invoice.id, status: "PROCESSED" } });
      const mails = await prisma.outboxMail.count({ where: { to: learner.email, subject: { startsWith: "Refund of your payment" } } });
      const enrolled = await prisma.enrollment.count({ where: { learnerId: learner.id, trackId: track.id } });
      const taken = answers.filter((s) => s === 201).length;
      const refused = answers.filter((s) => s === 400 || s === 409).length;
      const figure =
        `20 requests of $15 on $50: ${taken} taken, ${refused} refused (4xx), ${answers.length - taken - refused} other; ` +
        `refunded ${after.refundedCents / 100} of ${after.amountCents / 100} over ${processed.length} processed refunds; ` +
        `status ${after.status}; refund mails ${mails}; enrollments ${enrolled}`;
      const met =
        taken === 3 &&
        refused === 17 &&
        rest.status === 201 &&
        processed.length === 4 &&
        after.refundedCents === 5000 &&
        processed.reduce((sum, r) => sum + r.amountCents, 0) === 5000 &&
        after.status === "REFUNDED" &&
        mails === 1 &&
        enrolled === 0;
      record({
        item: backend === "in-process" ? "4.6a" : "4.6b",
        check: `refunds: concurrent requests, duplicated and replayed refund.processed webhooks, ${backend} jobs`,
        figure,
        target: "3 taken, 17 refused; $50 of $50 refunded once; REFUNDED; 1 mail; 0 enrollments",
        met,
      });
      expect(met, figure).toBe(true);
    });
  });
}
