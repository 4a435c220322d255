import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { closeSharedApp } from "#testing/database.ts";
import { sandboxControl } from "#testing/paystack.ts";
import { OwnRedis } from "#testing/redis.ts";
import { killAll, startWorkerProcess, workerEnvFor } from "#testing/server.ts";
import { mixedSettlementAttempts, paidCardCheckout, settlementOutcome } from "#testing/settlement.ts";
import { ms, record, sleep, until } from "./lib/report.ts";

/**
 * Item 4.10, one settlement for every path (docs/ARCHITECTURE.md, "Money"): on PostgreSQL, with BullMQ worker
 * processes settling card payments while finance confirms the same invoice through the API, 20 concurrent attempts
 * of mixed kinds (card webhook, learner verify, finance confirmation) give exactly one enrollment, one paid record and
 * one receipt; if the confirmation won, the card money is flagged for refund. The embedded twin of this check is in
 * api/src/domain/payments/settlement.test.ts.
 */
describe("4.10 one settlement under concurrency (PostgreSQL, BullMQ workers)", () => {
  let redis: OwnRedis;
  let app: TestApp;
  const workers: ChildProcess[] = [];
  const prefix = `rel-settle-${randomBytes(4).toString("hex")}`;

  beforeAll(async () => {
    redis = await OwnRedis.start();
    app = await startTestApp({ REDIS_URL: redis.url, QUEUE_PREFIX: prefix });
    expect(app.services.db.kind, "worker processes share PostgreSQL with the API").toBe("postgresql");
    workers.push(startWorkerProcess(workerEnvFor(app, redis.url, prefix)), startWorkerProcess(workerEnvFor(app, redis.url, prefix)));
  });
  afterAll(async () => {
    await killAll(workers);
    if (app) await closeSharedApp(app);
    await redis?.stop();
  });

  it("4.10 20 concurrent webhook / verify / confirmation attempts per invoice: one enrollment, one paid record, one receipt", async () => {
    const finance = (await adminWithToken(app, "FINANCE")).token;
    const rounds = 5;
    let exact = 0;
    let serverErrors = 0;
    let confirmationsWon = 0;
    let flaggedWhenConfirmed = 0;
    const started = performance.now();
    for (let round = 0; round < rounds; round++) {
      const { learner, token, track, invoice, reference } = await paidCardCheckout(app);
      const answers = await mixedSettlementAttempts(app, {
        reference,
        invoiceId: invoice.id,
        learnerToken: token,
        financeToken: finance,
        priceCents: track.priceCents,
      });
      serverErrors += answers.filter((a) => a.status >= 500).length;
      // The workers finish the queued card settlement (which flags the card money if the confirmation won), and the
      // outbox sends the one receipt.
      const settled = await until(
        "the settlement job and the receipt",
        async () => {
          const outcome = await settlementOutcome(app, learner, track.id, invoice.id);
          const cardDone = outcome.invoice.paymentMethod === "CARD" || outcome.invoice.flaggedReason !== null;
          return outcome.receipts >= 1 && cardDone ? outcome : null;
        },
        60_000,
      );
      await sleep(300);
      const outcome = await settlementOutcome(app, learner, track.id, invoice.id);
      if (outcome.enrollments === 1 && outcome.paidRecords === 1 && outcome.receipts === 1) exact++;
      if (settled.invoice.paymentMethod === "BANK_TRANSFER") {
        confirmationsWon++;
        if (outcome.invoice.flaggedReason === "Paid by card after it was settled by bank transfer; refund due.") flaggedWhenConfirmed++;
      }
    }
    const met = exact === rounds && serverErrors === 0 && flaggedWhenConfirmed === confirmationsWon;
    record({
      item: "4.10",
      check: `${rounds} invoices x 20 concurrent settlement attempts (card webhook, verify, finance confirmation), 2 worker processes, PostgreSQL`,
      figure: `${exact}/${rounds} settled exactly once (1 enrollment, 1 paid record, 1 receipt); confirmation won ${confirmationsWon}x, card money flagged ${flaggedWhenConfirmed}x; ${serverErrors} 5xx; ${ms(performance.now() - started)}`,
      target: "every invoice settled exactly once; no 5xx; card money flagged whenever the confirmation won",
      met,
    });
    expect(met).toBe(true);
    await sandboxControl(app, "/__controls/reset", {});
  });

  it("4.11 refunds in the race: 20 concurrent webhooks, verify calls, confirmations and full refunds per invoice", async () => {
    const finance = (await adminWithToken(app, "FINANCE")).token;
    const rounds = 4;
    let exact = 0;
    let serverErrors = 0;
    let refundedRounds = 0;
    const started = performance.now();
    for (let round = 0; round < rounds; round++) {
      const { learner, token, track, invoice, reference } = await paidCardCheckout(app);
      // Refund webhooks reach the app (a card refund is processed when Paystack says so); the charge's were dropped.
      await sandboxControl(app, "/__controls", { dropWebhooks: false });
      const answers = await mixedSettlementAttempts(
        app,
        { reference, invoiceId: invoice.id, learnerToken: token, financeToken: finance, priceCents: track.priceCents },
        20,
        ["webhook", "refund", "verify", "confirm", "refund"],
      );
      serverErrors += answers.filter((a) => a.status >= 500).length;
      const refunded = answers.filter((a) => a.kind === "refund" && a.status === 201).length;
      if (refunded) refundedRounds++;
      // The workers finish the card settlement and any card refund (Paystack's refund.processed webhook); the outbox
      // sends the receipt and the refund mail.
      const outcome = await until(
        "the settlement, the refund and their mails",
        async () => {
          const now = await settlementOutcome(app, learner, track.id, invoice.id);
          const refundsDone = now.refunds.every((r) => r.status === "PROCESSED");
          return now.receipts >= 1 && refundsDone && now.refundMails >= (refunded ? 1 : 0) ? now : null;
        },
        60_000,
      );
      await sleep(300);
      const last = await settlementOutcome(app, learner, track.id, invoice.id);
      const held = last.refunds.reduce((sum, r) => sum + r.amountCents, 0);
      const consistent = refunded
        ? last.invoice.status === "REFUNDED" && held === track.priceCents && last.enrollments === 0 && last.refundMails === 1
        : last.invoice.status === "PAID" && held === 0 && last.enrollments === 1 && last.refundMails === 0;
      if (refunded <= 1 && last.paidRecords === 1 && last.receipts === 1 && consistent && outcome) exact++;
      await sandboxControl(app, "/__controls", { dropWebhooks: true });
    }
    const met = exact === rounds && serverErrors === 0;
    record({
      item: "4.11",
      check: `${rounds} invoices x 20 concurrent attempts (card webhook, verify, finance confirmation, full refunds), 2 worker processes, PostgreSQL`,
      figure: `${exact}/${rounds} consistent (1 paid record, 1 receipt, at most 1 refund taken, access and refund mail as refunded); refunded in ${refundedRounds}/${rounds}; ${serverErrors} 5xx; ${ms(performance.now() - started)}`,
      target:
        "every invoice: one paid record and receipt, refunds never above the amount, access removed exactly when refunded in full; no 5xx",
      met,
    });
    expect(met).toBe(true);
    await sandboxControl(app, "/__controls/reset", {});
  });
});
