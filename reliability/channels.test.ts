import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerWithToken } from "#testing/accounts.ts";
import { startTestAppWithJobs } from "#testing/jobs.ts";
import { VERIFY_MESSAGES } from "../api/src/domain/payments/verify.ts";
import { signPaystackBody } from "../api/src/paystack/signature.ts";
import { record, sleep } from "./lib/report.ts";

/**
 * Issue 32, channels (docs/payments.md, Channels; Settlement, exactly once): payments by channels that complete
 * minutes later (bank transfer, USSD, mobile money) settle through the one settlement, by the webhook alone when the
 * learner closed the page; duplicates and out-of-order reports across channels enroll once; a failed mobile money
 * payment fails the invoice and the page hears it; a currency mismatch is flagged and enrolls nobody.
 */
for (const backend of ["in-process", "bullmq"] as const) {
  describe(`32. delayed channels (${backend} jobs)`, () => {
    let h: Awaited<ReturnType<typeof startTestAppWithJobs>>;
    const app = () => h.app;
    const secret = () => app().services.config.paystack.secretKey;

    beforeAll(async () => {
      h = await startTestAppWithJobs(backend, { prefix: "rel-chan", concurrency: 5 });
      // A Lagos business: naira, every channel enabled (the default).
      await app().services.db.prisma.businessSettings.update({ where: { id: 1 }, data: { currency: "NGN" } });
      // The sandbox completes nothing by itself: each test says when the money arrives.
      await sandbox("/__controls", { transferDelayMs: 3_600_000, mobileMoneyDelayMs: 600_000 });
    });
    afterAll(async () => {
      await h?.stop();
    });

    async function sandbox(path: string, body?: unknown) {
      const res = await app().fetch(`/paystack-sandbox${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { authorization: `Bearer ${secret()}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { data: Record<string, any> } };
    }

    /** A learner's card checkout of a new track in naira (₦150,000), or in cedis when `currency` is GHS. */
    async function checkout(currency: "NGN" | "GHS" = "NGN") {
      const { learner, token } = await learnerWithToken(app());
      const { prisma } = app().services.db;
      const track = await prisma.track.create({
        data: {
          name: `Track ${randomBytes(3).toString("hex")}`,
          priceCents: 15_000_000,
          duration: "4 weeks",
          instructor: "I",
          description: "D",
        },
      });
      if (currency === "GHS") await prisma.trackPrice.create({ data: { trackId: track.id, currency: "GHS", amountCents: 120_000 } });
      const res = await app().fetch("/api/enrollments", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ track: track.id, contact: "+234 802 555 0101", gender: "Female", currency }),
      });
      const body = (await res.json()) as { reference: string; amount: number; currency: string };
      if (!body.reference) throw new Error(`checkout failed: ${JSON.stringify(body)}`);
      return { learner, token, track, reference: body.reference };
    }

    const verify = async (token: string, reference: string) => {
      const res = await app().fetch("/graphql", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({
          query: `mutation ($r: String!) { verifyPayment(reference: $r) { ... on VerifyPaymentPayload { success status message channel } } }`,
          variables: { r: reference },
        }),
      });
      return (
        (await res.json()) as { data: { verifyPayment: { success: boolean; status: string; message: string; channel: string | null } } }
      ).data.verifyPayment;
    };

    /** A signed charge.success as Paystack sends it (the job verifies with Paystack; the body is not trusted). */
    const webhook = async (reference: string) => {
      const body = JSON.stringify({ event: "charge.success", data: { reference, status: "success" } });
      const res = await app().fetch("/api/payments/paystack/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "x-paystack-signature": signPaystackBody(body, secret()) },
        body,
      });
      await res.arrayBuffer();
      return res.status;
    };

    /**
     * Until the sandbox delivered its webhooks and every job ran. `awaiting`: payments the test has not completed yet
     * (the sandbox counts each one's coming webhook as pending).
     */
    const settle = async (awaiting = 0) => {
      for (let i = 0; i < 400 && (await sandbox("/__controls")).body.data.pendingWebhooks > awaiting; i++) await sleep(25);
      for (let round = 0; round < 3; round++) {
        await app().settleJobs();
        await sleep(backend === "bullmq" ? 150 : 10);
      }
    };

    const outcome = async (c: Awaited<ReturnType<typeof checkout>>) => {
      const { prisma } = app().services.db;
      const [enrollments, receipts, invoice] = await Promise.all([
        prisma.enrollment.count({ where: { learnerId: c.learner.id, trackId: c.track.id } }),
        prisma.outboxMail.findMany({ where: { to: c.learner.email, subject: { startsWith: "Payment received" } } }),
        prisma.invoice.findUniqueOrThrow({ where: { reference: c.reference } }),
      ]);
      return { enrollments, receipts, invoice };
    };

    /** Every payment event of a reference from now on (what the learner's open page hears). */
    async function listen(reference: string) {
      const events: string[] = [];
      const iterator = await app().services.pubsub.listen("payment", reference);
      void (async () => {
        for await (const event of iterator) events.push(event.status);
      })();
      return { events, stop: () => iterator.return?.() };
    }

    it(`32.1 a bank transfer confirmed by the webhook after the learner closed the page: enrolled once, receipt once (${backend})`, async () => {
      const c = await checkout();
      await sandbox(`/__simulate/${c.reference}/submit`, { channel: "bank_transfer" });
      // The learner's page: still waiting, and says for what.
      const waiting = await verify(c.token, c.reference);
      expect(waiting).toMatchObject({
        success: false,
        status: "PENDING",
        channel: "BANK_TRANSFER",
        message: VERIFY_MESSAGES.waitingForBankTransfer,
      });
      await settle(1);
      expect((await outcome(c)).invoice).toMatchObject({ status: "PENDING", paymentChannel: "bank_transfer" });
      // The page is closed; minutes later the transfer arrives and Paystack sends charge.success (twice, as it may).
      await sandbox("/__controls", { duplicateWebhooks: 2 });
      try {
        await sandbox(`/__simulate/${c.reference}/complete`, {});
        await settle();
      } finally {
        await sandbox("/__controls", { duplicateWebhooks: 1 });
      }
      const done = await outcome(c);
      const met =
        done.enrollments === 1 &&
        done.receipts.length === 1 &&
        done.invoice.status === "PAID" &&
        done.invoice.paymentMethod === "CARD" &&
        done.invoice.paymentChannel === "bank_transfer" &&
        done.receipts[0]?.text.includes("by bank transfer (Paystack)") === true;
      record({
        item: backend === "in-process" ? "32.1a" : "32.1b",
        check: `delayed bank-transfer webhook after the page closed, ${backend} jobs (enrollments/receipts, channel)`,
        figure: `${done.enrollments}/${done.receipts.length}, ${done.invoice.status} by ${done.invoice.paymentChannel} (method ${done.invoice.paymentMethod})`,
        target: "1/1, PAID by bank_transfer (method CARD)",
        met,
      });
      expect(met, JSON.stringify({ ...done, receipts: done.receipts.map((m) => m.text) })).toBe(true);
      // The learner comes back: paid.
      expect(await verify(c.token, c.reference)).toMatchObject({ success: true, status: "PAID", channel: null });
    });

    it(`32.2 duplicate and out-of-order webhooks across bank transfer, mobile money and USSD enroll once (${backend})`, async () => {
      const figures: string[] = [];
      let met = true;
      const channels = [
        { channel: "bank_transfer", currency: "NGN" },
        { channel: "mobile_money", currency: "GHS", phone: "0551234987", provider: "mtn" },
        { channel: "ussd", currency: "NGN" },
      ] as const;
      for (const { channel, currency, ...wallet } of channels) {
        const c = await checkout(currency);
        const page = await listen(c.reference);
        await sandbox(`/__simulate/${c.reference}/submit`, { channel, ...wallet });
        // Out of order: a charge.success (a replay, or another system's) arrives while Paystack still says pending.
        expect(await webhook(c.reference)).toBe(200);
        await settle(1);
        const early = await outcome(c);
        met &&= early.enrollments === 0 && early.invoice.status === "PENDING";
        // Then the payment completes: Paystack's webhooks three times, more replays and the learner's verify at once.
        await sandbox("/__controls", { duplicateWebhooks: 3 });
        try {
          await sandbox(`/__simulate/${c.reference}/complete`, {});
          await Promise.all([webhook(c.reference), webhook(c.reference), verify(c.token, c.reference), verify(c.token, c.reference)]);
          await settle();
        } finally {
          await sandbox("/__controls", { duplicateWebhooks: 1 });
        }
        // Replayed later still (Paystack retries for 72 hours).
        await webhook(c.reference);
        await settle();
        await page.stop();
        const n = await outcome(c);
        figures.push(
          `${channel}: ${n.enrollments}/${n.receipts.length} ${n.invoice.status} by ${n.invoice.paymentChannel}; page heard ${page.events.join(",")}`,
        );
        met &&=
          n.enrollments === 1 &&
          n.receipts.length === 1 &&
          n.invoice.status === "PAID" &&
          n.invoice.paymentChannel === channel &&
          page.events.includes("PAID");
      }
      record({
        item: backend === "in-process" ? "32.2a" : "32.2b",
        check: `duplicates and out-of-order webhooks per channel, ${backend} jobs (enrollments/receipts)`,
        figure: figures.join("; "),
        target: "1/1 PAID each, the page hears PAID",
        met,
      });
      expect(met, figures.join("\n")).toBe(true);
    });

    it(`32.3 mobile money the learner declines: invoice FAILED, nobody enrolled, the page says so (${backend})`, async () => {
      await sandbox("/__controls", { mobileMoneyOutcome: "failed" });
      const c = await checkout("GHS");
      const page = await listen(c.reference);
      try {
        await sandbox(`/__simulate/${c.reference}/submit`, { channel: "mobile_money", phone: "0551234987", provider: "mtn" });
        expect(await verify(c.token, c.reference)).toMatchObject({
          status: "PENDING",
          channel: "MOBILE_MONEY",
          message: VERIFY_MESSAGES.waitingForMobileMoney,
        });
        await sandbox(`/__simulate/${c.reference}/complete`, {});
        // No webhook for a failure: the settlement job (retrying while the page waits) or the learner's verify finds it,
        // and the open page hears it; a page opened later reads it.
        await verify(c.token, c.reference);
        await settle();
        const answer = await verify(c.token, c.reference);
        const n = await outcome(c);
        const met = n.enrollments === 0 && n.invoice.status === "FAILED" && answer.status === "FAILED" && page.events.includes("FAILED");
        record({
          item: backend === "in-process" ? "32.3a" : "32.3b",
          check: `failed mobile money, ${backend} jobs`,
          figure: `${n.enrollments} enrolled, invoice ${n.invoice.status}, verify ${answer.status}, page heard ${page.events.join(",") || "nothing"}`,
          target: "0 enrolled, FAILED, the page hears FAILED",
          met,
        });
        expect(met).toBe(true);
        expect(answer.message).toBe(VERIFY_MESSAGES.failed);
      } finally {
        await page.stop();
        await sandbox("/__controls", { mobileMoneyOutcome: "success" });
      }
    });

    it(`32.4 a bank transfer reported in another currency is flagged, nobody enrolled (${backend})`, async () => {
      const c = await checkout();
      await sandbox("/__controls", { tamper: { reference: c.reference, currency: "GHS" } });
      await sandbox(`/__simulate/${c.reference}/submit`, { channel: "bank_transfer" });
      await sandbox(`/__simulate/${c.reference}/complete`, {});
      await Promise.all([webhook(c.reference), verify(c.token, c.reference)]);
      await settle();
      const n = await outcome(c);
      const met =
        n.enrollments === 0 && n.invoice.status === "FAILED" && /^Paid GHS .* but the invoice is NGN/.test(n.invoice.flaggedReason ?? "");
      record({
        item: backend === "in-process" ? "32.4a" : "32.4b",
        check: `currency mismatch on a bank transfer, ${backend} jobs`,
        figure: `${n.enrollments} enrolled, invoice ${n.invoice.status}, flag: ${n.invoice.flaggedReason}`,
        target: "0 enrolled, flagged",
        met,
      });
      expect(met).toBe(true);
    });
  });
}
