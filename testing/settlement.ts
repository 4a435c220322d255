import { PAID_RECORD_STATUSES } from "../api/src/domain/invoices/status.ts";
import { signPaystackBody } from "../api/src/paystack/signature.ts";
import { learnerWithToken } from "./accounts.ts";
import type { TestApp } from "./app.ts";
import { createTrack } from "./catalogue.ts";
import { sandboxControl } from "./paystack.ts";

/**
 * One settlement for every path (docs/ARCHITECTURE.md, "Money"): a learner's card checkout paid in the sandbox (its
 * webhooks dropped, so the test decides when the app hears of it), then many settlement attempts of mixed kinds at
 * once, over HTTP: the card webhook, the learner's verify call, and finance confirming receipt by bank transfer.
 */
export async function paidCardCheckout(app: TestApp, priceCents = 4999) {
  const { learner, token } = await learnerWithToken(app);
  const track = await createTrack(app, priceCents);
  const res = await app.fetch("/api/enrollments", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ track: track.id, contact: "+234 802 555 0101", gender: "Female" }),
  });
  const { reference } = (await res.json()) as { reference: string };
  if (!reference) throw new Error("checkout gave no reference");
  await sandboxControl(app, "/__controls", { dropWebhooks: true });
  await sandboxControl(app, `/__simulate/${reference}/pay`, {});
  const invoice = await app.services.db.prisma.invoice.findUniqueOrThrow({ where: { reference } });
  return { learner, token, track, reference, invoice };
}

export type AttemptKind = "webhook" | "verify" | "confirm" | "refund";

/**
 * `count` attempts at once, the kinds in turn (webhook, verify, confirm, ... or the kinds given: "refund" is finance
 * refunding all that is left); answers each one's kind and HTTP status.
 */
export async function mixedSettlementAttempts(
  app: TestApp,
  target: { reference: string; invoiceId: string; learnerToken: string; financeToken: string; priceCents: number },
  count = 20,
  kinds: AttemptKind[] = ["webhook", "verify", "confirm"],
): Promise<{ kind: AttemptKind; status: number }[]> {
  const webhook = JSON.stringify({
    event: "charge.success",
    data: { reference: target.reference, amount: target.priceCents, currency: "USD", status: "success" },
  });
  const receivedOn = new Date().toISOString().slice(0, 10);
  const attempt = async (kind: AttemptKind) => {
    const json = { "content-type": "application/json" };
    const res =
      kind === "webhook"
        ? await app.fetch("/api/payments/paystack/webhook", {
            method: "POST",
            headers: { ...json, "x-paystack-signature": signPaystackBody(webhook, app.services.config.paystack.secretKey) },
            body: webhook,
          })
        : kind === "verify"
          ? await app.fetch("/api/enrollments/verify-payment", {
              method: "POST",
              headers: { ...json, authorization: `Bearer ${target.learnerToken}` },
              body: JSON.stringify({ reference: target.reference }),
            })
          : kind === "confirm"
            ? await app.fetch(`/api/invoices/${target.invoiceId}/confirm`, {
                method: "POST",
                headers: { ...json, authorization: `Bearer ${target.financeToken}` },
                body: JSON.stringify({ method: "bank_transfer", receivedOn, note: "Transfer seen on the statement" }),
              })
            : await app.fetch(`/api/invoices/${target.invoiceId}/refunds`, {
                method: "POST",
                headers: { ...json, authorization: `Bearer ${target.financeToken}` },
                body: JSON.stringify({ reason: "Asked for the money back" }),
              });
    await res.arrayBuffer();
    return { kind, status: res.status };
  };
  return Promise.all(Array.from({ length: count }, (_, i) => attempt(kinds[i % kinds.length] as AttemptKind)));
}

/** What the race left: enrollments, paid records (refunded ones too), receipts and refund mails of the learner for the
 * track, the refunds held against the invoice (pending or processed), and the invoice. */
export async function settlementOutcome(app: TestApp, learner: { id: string; email: string }, trackId: string, invoiceId: string) {
  const { prisma } = app.services.db;
  const [enrollments, paidRecords, receipts, invoice] = await Promise.all([
    prisma.enrollment.count({ where: { learnerId: learner.id, trackId } }),
    prisma.invoice.count({ where: { learnerId: learner.id, trackId, status: { in: [...PAID_RECORD_STATUSES] } } }),
    prisma.outboxMail.count({ where: { to: learner.email.toLowerCase(), subject: { startsWith: "Payment received" } } }),
    prisma.invoice.findUniqueOrThrow({ where: { id: invoiceId } }),
  ]);
  const [refundMails, refunds] = await Promise.all([
    prisma.outboxMail.count({ where: { to: learner.email.toLowerCase(), subject: { startsWith: "Refund of your payment" } } }),
    prisma.refund.findMany({ where: { invoiceId, status: { in: ["PENDING", "PROCESSED"] } } }),
  ]);
  return { enrollments, paidRecords, receipts, invoice, refundMails, refunds };
}
