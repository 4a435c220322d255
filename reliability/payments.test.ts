import { randomBytes } from "node:crypto";
import type { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerWithToken } from "#testing/accounts.ts";
import type { TestApp } from "#testing/app.ts";
import { startTestAppWithJobs } from "#testing/jobs.ts";
import { signPaystackBody } from "../api/src/paystack/signature.ts";
import { ms, percentile, pool, record, sleep } from "./lib/report.ts";

/**
 * Item 4, payments (docs/payments.md, Settlement; BullMQ "idempotent jobs"): duplicates and races deliver value once, tampering
 * delivers nothing, and the webhook answers at once. See api/src/domain/payments/payments.test.ts for the journey.
 */

interface Harness {
  app: TestApp;
  backend: "in-process" | "bullmq";
  stop(): Promise<void>;
}

function harness(backend: Harness["backend"]): Promise<Harness> {
  return startTestAppWithJobs(backend, { prefix: "rel-pay", concurrency: 5 });
}

function helpers(h: Harness) {
  const { app } = h;
  const secret = () => app.services.config.paystack.secretKey;
  const sandbox = async (path: string, body?: unknown) => {
    const res = await app.fetch(`/paystack-sandbox${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${secret()}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { data: Record<string, any> };
  };
  /** A learner with a pending invoice for a new track (checkout through REST). */
  const checkout = async (priceCents = 4999) => {
    const { learner, token } = await learnerWithToken(app);
    const track = await app.services.db.prisma.track.create({
      data: { name: `Track ${randomBytes(3).toString("hex")}`, priceCents, duration: "4 weeks", instructor: "I", description: "D" },
    });
    const res = await app.fetch("/api/enrollments", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ track: track.id, contact: "+234 802 555 0101", gender: "Female" }),
    });
    const body = (await res.json()) as { reference: string };
    if (!body.reference) throw new Error(`checkout failed: ${JSON.stringify(body)}`);
    return { learner, token, track, reference: body.reference };
  };
  const webhookBody = (reference: string, amount = 4999) =>
    JSON.stringify({ event: "charge.success", data: { reference, amount, currency: "USD", status: "success" } });
  const webhook = async (body: string) => {
    const started = performance.now();
    const res = await app.fetch("/api/payments/paystack/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "x-paystack-signature": signPaystackBody(body, secret()) },
      body,
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  };
  const verify = async (token: string, reference: string) => {
    const res = await app.fetch("/api/enrollments/verify-payment", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ reference }),
    });
    return { status: res.status, body: (await res.json()) as { success: boolean; status: string } };
  };
  /** Waits until every recorded job was dispatched and ran (mails included). */
  const settle = async () => {
    for (let round = 0; round < 3; round++) {
      await app.settleJobs();
      if (h.backend === "bullmq") {
        const queue = (app.services.queue as unknown as { queue: Queue }).queue;
        for (let i = 0; i < 400; i++) {
          const c = await queue.getJobCounts("active", "waiting", "delayed", "prioritized");
          if (!c.active && !c.waiting && !c.delayed && !c.prioritized) break;
          await sleep(25);
        }
      }
    }
  };
  const counts = async (learnerId: string, trackId: string, email: string) => {
    const { prisma } = app.services.db;
    const [enrollments, paid, receipts, invoices] = await Promise.all([
      prisma.enrollment.count({ where: { learnerId, trackId } }),
      prisma.invoice.count({ where: { learnerId, trackId, status: "PAID" } }),
      prisma.outboxMail.count({ where: { to: email, subject: { startsWith: "Payment received" } } }),
      prisma.invoice.findMany({ where: { learnerId, trackId } }),
    ]);
    return { enrollments, paid, receipts, invoices };
  };
  return { sandbox, checkout, webhookBody, webhook, verify, settle, counts };
}

for (const backend of ["in-process", "bullmq"] as const) {
  describe(`4. payments (${backend} jobs)`, () => {
    let h: Harness;
    let x: ReturnType<typeof helpers>;
    beforeAll(async () => {
      h = await harness(backend);
      x = helpers(h);
      // The test sends the webhooks itself.
      await x.sandbox("/__controls", { dropWebhooks: true });
    });
    afterAll(async () => {
      await h.stop();
    });

    it(`4.2 duplicate and concurrent webhooks and verify calls settle once (${backend})`, async () => {
      const scenarios: Record<string, (c: Awaited<ReturnType<typeof x.checkout>>) => Promise<unknown>> = {
        "10 identical webhooks in a row": async (c) => {
          for (let i = 0; i < 10; i++) await x.webhook(x.webhookBody(c.reference));
        },
        "10 identical webhooks at once": (c) => Promise.all(Array.from({ length: 10 }, () => x.webhook(x.webhookBody(c.reference)))),
        "50 parallel verify calls": (c) => Promise.all(Array.from({ length: 50 }, () => x.verify(c.token, c.reference))),
        "10 webhooks + 50 verify calls at once": (c) =>
          Promise.all([
            ...Array.from({ length: 10 }, () => x.webhook(x.webhookBody(c.reference))),
            ...Array.from({ length: 50 }, () => x.verify(c.token, c.reference)),
          ]),
      };
      const figures: string[] = [];
      let met = true;
      for (const [name, act] of Object.entries(scenarios)) {
        const c = await x.checkout();
        await x.sandbox(`/__simulate/${c.reference}/pay`, {});
        await act(c);
        await x.settle();
        const n = await x.counts(c.learner.id, c.track.id, c.learner.email);
        figures.push(`${name}: ${n.enrollments}/${n.paid}/${n.receipts}`);
        met &&= n.enrollments === 1 && n.paid === 1 && n.receipts === 1;
        // Still once after everything is replayed later (Paystack retries for 72 hours).
        await x.webhook(x.webhookBody(c.reference));
        await x.verify(c.token, c.reference);
        await x.settle();
        const again = await x.counts(c.learner.id, c.track.id, c.learner.email);
        met &&= again.enrollments === 1 && again.paid === 1 && again.receipts === 1;
      }
      record({
        item: backend === "in-process" ? "4.2a" : "4.2b",
        check: `duplicates and races, ${backend} jobs (enrollments/paid invoices/receipt mails)`,
        figure: figures.join("; "),
        target: "1/1/1 each",
        met,
      });
      expect(met, figures.join("\n")).toBe(true);
    });

    it(`4.3 amount or currency tampering enrolls nobody (${backend})`, async () => {
      const results: string[] = [];
      let met = true;
      for (const tamper of [{ amount: 100 }, { currency: "NGN" }, { amount: 499900 }]) {
        const c = await x.checkout(4999);
        await x.sandbox("/__controls", { tamper: { reference: c.reference, ...tamper } });
        await x.sandbox(`/__simulate/${c.reference}/pay`, {});
        await Promise.all([x.webhook(x.webhookBody(c.reference)), x.verify(c.token, c.reference)]);
        await x.settle();
        const n = await x.counts(c.learner.id, c.track.id, c.learner.email);
        const invoice = n.invoices[0];
        results.push(
          `${JSON.stringify(tamper)}: ${n.enrollments} enrolled, invoice ${invoice?.status}${invoice?.flaggedReason ? " flagged" : ""}`,
        );
        met &&= n.enrollments === 0 && n.paid === 0 && invoice?.status === "FAILED" && Boolean(invoice.flaggedReason);
      }
      record({
        item: backend === "in-process" ? "4.3a" : "4.3b",
        check: `tampered payments (Paystack reports another amount or currency), ${backend} jobs`,
        figure: results.join("; "),
        target: "0 enrolled, flagged",
        met,
      });
      expect(met, results.join("\n")).toBe(true);
    });

    if (backend === "in-process") {
      it("4.4 the webhook answers in under 1 s at p99 (200 POSTs; the work runs in the job)", async () => {
        const references = 40;
        const copies = 5;
        const payments = [];
        for (let i = 0; i < references; i++) {
          const c = await x.checkout();
          await x.sandbox(`/__simulate/${c.reference}/pay`, {});
          payments.push(c);
        }
        const bodies = payments.flatMap((c) => Array.from({ length: copies }, () => x.webhookBody(c.reference)));
        // Shuffled, 8 at a time: duplicates of one reference arrive together, as Paystack's retries can.
        bodies.sort(() => Math.random() - 0.5);
        const answers = await pool(bodies.length, 8, (i) => x.webhook(bodies[i] as string));
        const times = answers.map((a) => a.ms);
        const p50 = percentile(times, 50);
        const p99 = percentile(times, 99);
        const ok = answers.filter((a) => a.status === 200).length;
        await x.settle();
        let enrolled = 0;
        for (const c of payments) enrolled += (await x.counts(c.learner.id, c.track.id, c.learner.email)).enrollments;
        const met = p99 < 1000 && ok === bodies.length && enrolled === references;
        record({
          item: "4.4",
          check: `webhook latency, ${bodies.length} signed POSTs (${references} references x ${copies}), 8 concurrent, in-process jobs`,
          figure: `p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(Math.max(...times))}; ${ok} answered 200; ${enrolled}/${references} enrolled once`,
          target: "p99 < 1 s",
          met,
        });
        expect(met).toBe(true);
      });
    }
  });
}
