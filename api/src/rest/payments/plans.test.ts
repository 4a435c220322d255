import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { buyInstalmentPlan } from "#testing/instalments.ts";
import { sandboxControl } from "#testing/paystack.ts";
import { app, call, expectRefusal, GARBAGE_IDS, INVOICE_KEYS, keys, sorted, UNKNOWN_ID, useApp } from "#testing/rest.ts";
import { runInstalments } from "../../domain/payments/instalments.ts";
import { PLAN_MESSAGES } from "../../domain/payments/plan-finance.ts";
import { settlePayment } from "../../domain/payments/settle.ts";
import { PLAN_REST_MESSAGES } from "./plans.ts";

/**
 * Instalment plans over REST (docs/payments.md, Instalments): finance's list, one plan, cancel, waive and move, and
 * the learner's own plans, cards and "Pay now", through the real server and the built-in Paystack sandbox. Each
 * plan is bought as a learner buys it: a 3-part weekly plan of a $300.01 track, part 1 paid by card at checkout.
 */
useApp();

const DAY = 86_400_000;
const NOT_ALLOWED = "You are not allowed to do this.";
const PLAN_KEYS = [
  "_id",
  "status",
  "learner",
  "track",
  "currency",
  "total",
  "partCount",
  "paidParts",
  "overdueParts",
  "nextDueOn",
  "paused",
  "createdAt",
  "parts",
];
const day = (date: Date) => date.toISOString().slice(0, 10);

let owner: string;
let finance: string;
let manager: string;
let instructor: string;

beforeAll(async () => {
  owner = (await adminWithToken(app, "OWNER")).token;
  finance = (await adminWithToken(app, "FINANCE")).token;
  manager = (await adminWithToken(app, "MANAGER")).token;
  instructor = (await adminWithToken(app, "INSTRUCTOR")).token;
  // Part 1's payment is settled by the test itself, not by the sandbox's webhook.
  await sandboxControl(app, "/__controls", { dropWebhooks: true });
});
afterAll(() => sandboxControl(app, "/__controls/reset", {}));

/** A learner who bought a 3-part plan of a $300.01 track and paid part 1 by card (testing/instalments.ts). */
const boughtPlan = () => buyInstalmentPlan(app, owner);

/** Every plan of the list's pages for a query, as the REST answer has them. */
async function listed(token: string, query = "") {
  const first = await call("GET", `/api/payment-plans${query}`, { token });
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const plans = [...first.body.paymentPlans];
  for (let page = 2; page <= first.body.totalPages; page++) {
    const next = await call("GET", `/api/payment-plans${query}${query ? "&" : "?"}page=${page}`, { token });
    plans.push(...next.body.paymentPlans);
  }
  return { plans, total: first.body.total as number, first: first.body };
}

describe("finance's list and one plan", () => {
  it("lists plans with learner, track, currency and parts; filters overdue and paused; reads one; refuses others", async () => {
    const late = await boughtPlan();
    const onTime = await boughtPlan();
    const { prisma } = app.services.db;
    // Part 2 ten days late, no card to charge: past the grace days the learner's access is paused.
    await prisma.savedCard.deleteMany({ where: { learnerId: late.learner.id } });
    await prisma.invoice.update({ where: { id: late.parts[1].id }, data: { dueDate: new Date(Date.now() - 10 * DAY) } });
    await runInstalments(app.services, new Date());
    expect((await prisma.enrollment.findFirstOrThrow({ where: { learnerId: late.learner.id } })).pausedAt).not.toBeNull();

    const all = await listed(finance);
    const lateJson = all.plans.find((p) => p._id === late.plan.id);
    expect(keys(lateJson)).toEqual(sorted(PLAN_KEYS));
    const [p1, p2, p3] = late.parts;
    expect(lateJson).toMatchObject({
      status: "active",
      learner: { _id: late.learner.id, email: late.learner.email, firstName: late.learner.firstName },
      track: { _id: late.track.id, name: late.track.name },
      currency: "USD",
      total: 300.01,
      partCount: 3,
      paidParts: 1,
      overdueParts: 1,
      nextDueOn: day(new Date(Date.now() - 10 * DAY)),
      paused: true,
    });
    expect(lateJson.parts).toEqual([
      {
        number: 1,
        amount: 100,
        currency: "USD",
        dueOn: null,
        status: "paid",
        paidAt: p1.paidAt?.toISOString(),
        invoice: { _id: p1.id, number: p1.number },
      },
      {
        number: 2,
        amount: 100,
        currency: "USD",
        dueOn: day(new Date(Date.now() - 10 * DAY)),
        status: "pending",
        paidAt: null,
        invoice: { _id: p2.id, number: p2.number },
      },
      {
        number: 3,
        amount: 100.01,
        currency: "USD",
        dueOn: day(p3.dueDate as Date),
        status: "pending",
        paidAt: null,
        invoice: { _id: p3.id, number: p3.number },
      },
    ]);
    expect(all.plans.find((p) => p._id === onTime.plan.id)).toMatchObject({ overdueParts: 0, paused: false, paidParts: 1 });
    expect(all.first).toMatchObject({ page: 1, totalPages: Math.max(1, Math.ceil(all.total / 10)) });
    expect(all.plans).toHaveLength(all.total);

    for (const filter of ["overdue", "PAUSED"]) {
      const ids = (await listed(finance, `?filter=${filter}`)).plans.map((p) => p._id);
      expect(ids, filter).toContain(late.plan.id);
      expect(ids, filter).not.toContain(onTime.plan.id);
    }
    const active = (await listed(finance, "?filter=active")).plans.map((p) => p._id);
    expect(active).toEqual(expect.arrayContaining([late.plan.id, onTime.plan.id]));

    expectRefusal(
      await call("GET", "/api/payment-plans?filter=late", { token: finance }),
      400,
      "filter must be one of: all, active, overdue, paused.",
    );
    expectRefusal(await call("GET", "/api/payment-plans?page=0", { token: finance }), 400, "page must be a whole number from 1.");

    // One plan: the same JSON as in the list.
    const one = await call("GET", `/api/payment-plans/${late.plan.id}`, { token: finance });
    expect(one.status).toBe(200);
    expect(one.body.paymentPlan).toEqual(lateJson);
    expect(one.body.data).toEqual(lateJson);
    expectRefusal(await call("GET", `/api/payment-plans/${UNKNOWN_ID}`, { token: finance }), 404, PLAN_MESSAGES.planNotFound);
    // An invoice's id is no plan's.
    expectRefusal(await call("GET", `/api/payment-plans/${p2.id}`, { token: finance }), 404, PLAN_MESSAGES.planNotFound);
    for (const garbage of GARBAGE_IDS)
      expectRefusal(await call("GET", `/api/payment-plans/${garbage}`, { token: finance }), 404, PLAN_MESSAGES.planNotFound);

    // Staff who read invoices (a manager) may read; an instructor, a learner (even the plan's own) and no one may not.
    expect((await call("GET", "/api/payment-plans", { token: manager })).status).toBe(200);
    expect((await call("GET", `/api/payment-plans/${late.plan.id}`, { token: manager })).status).toBe(200);
    for (const token of [instructor, late.token]) {
      expectRefusal(await call("GET", "/api/payment-plans", { token }), 403, NOT_ALLOWED);
      expectRefusal(await call("GET", `/api/payment-plans/${late.plan.id}`, { token }), 403, NOT_ALLOWED);
    }
    expect((await call("GET", "/api/payment-plans")).status).toBe(401);
  });
});

describe("finance's actions", () => {
  it("waives a part (access resumes), moves a due date and cancels a plan, each audited once; bad input changes nothing", async () => {
    const { learner, plan, parts } = await boughtPlan();
    const [p1, p2, p3] = parts;
    const { prisma } = app.services.db;
    await prisma.savedCard.deleteMany({ where: { learnerId: learner.id } });
    await prisma.invoice.update({ where: { id: p2.id }, data: { dueDate: new Date(Date.now() - 10 * DAY) } });
    await runInstalments(app.services, new Date());
    const audits = (action: string, entityId: string) => prisma.auditEntry.count({ where: { action, entityId } });
    const invoiceOf = (id: string) => prisma.invoice.findUniqueOrThrow({ where: { id } });

    // Waive: refusals first, each leaving the part pending and nothing audited.
    const waive = (id: string, body: unknown, token = finance) => call("POST", `/api/invoices/${id}/waive`, { token, body });
    expectRefusal(await waive(p2.id, { reason: "Goodwill" }, manager), 403, NOT_ALLOWED);
    expectRefusal(await waive(p2.id, { reason: "Goodwill" }, (await learnerWithToken(app)).token), 403, NOT_ALLOWED);
    expectRefusal(await waive(p2.id, { reason: "  " }), 400, PLAN_MESSAGES.reason);
    expectRefusal(await waive(p2.id, {}), 400, PLAN_MESSAGES.reason);
    expectRefusal(await waive(p2.id, { reason: "x".repeat(501) }), 400, PLAN_MESSAGES.reason);
    expectRefusal(await waive(p2.id, { reason: 5 }), 400, "reason must be text.");
    expectRefusal(await waive(p2.id, "[]"), 415, "Send JSON or a multipart form.");
    expectRefusal(await waive(p1.id, { reason: "Goodwill" }), 409, PLAN_MESSAGES.firstPart);
    expectRefusal(await waive(UNKNOWN_ID, { reason: "Goodwill" }), 404, PLAN_MESSAGES.notFound);
    expectRefusal(await waive("not-an-id", { reason: "Goodwill" }), 404, PLAN_MESSAGES.notFound);
    expect((await invoiceOf(p2.id)).status).toBe("PENDING");
    expect(await audits("instalment.waive", p2.id)).toBe(0);

    const waived = await waive(p2.id, { reason: "Goodwill" });
    expect(waived.status, JSON.stringify(waived.body)).toBe(200);
    expect(waived.body.message).toBe(PLAN_REST_MESSAGES.waived);
    expect(keys(waived.body.invoice)).toEqual(sorted(INVOICE_KEYS));
    expect(waived.body.invoice).toMatchObject({ _id: p2.id, number: p2.number, status: "void", amount: 100, currency: "USD" });
    expect(waived.body.data).toEqual(waived.body.invoice);
    expect((await invoiceOf(p2.id)).voidReason).toBe("Instalment waived: Goodwill");
    expect((await prisma.enrollment.findFirstOrThrow({ where: { learnerId: learner.id } })).pausedAt).toBeNull();
    // Twice: refused, still one audit entry.
    expectRefusal(await waive(p2.id, { reason: "Goodwill" }), 409, PLAN_MESSAGES.notPending);
    expect(await audits("instalment.waive", p2.id)).toBe(1);

    // Move part 3's due date.
    const move = (id: string, body: unknown, token = finance) => call("POST", `/api/invoices/${id}/due-date`, { token, body });
    const before = (await invoiceOf(p3.id)).dueDate;
    expectRefusal(await move(p3.id, { dueOn: "2031-01-01" }, manager), 403, NOT_ALLOWED);
    for (const dueOn of ["2020-01-01", day(new Date(Date.now() - DAY)), "2031-02-30", "next week", ""]) {
      expectRefusal(await move(p3.id, { dueOn }), 400, PLAN_MESSAGES.dueDate);
    }
    expectRefusal(await move(p3.id, {}), 400, PLAN_MESSAGES.dueDate);
    expectRefusal(await move(p3.id, { dueOn: 20310101 }), 400, "dueOn must be text.");
    expectRefusal(await move(p2.id, { dueOn: "2031-01-01" }), 409, PLAN_MESSAGES.notPending);
    expect((await invoiceOf(p3.id)).dueDate).toEqual(before);
    expect(await audits("instalment.move", p3.id)).toBe(0);
    const later = day(new Date(Date.now() + 40 * DAY));
    const moved = await move(p3.id, { dueOn: later });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ message: PLAN_REST_MESSAGES.moved, invoice: { _id: p3.id, dueDate: later, status: "pending" } });
    expect(day((await invoiceOf(p3.id)).dueDate as Date)).toBe(later);
    expect(await audits("instalment.move", p3.id)).toBe(1);
    // Today is allowed.
    expect((await move(p3.id, { dueOn: day(new Date()) })).status).toBe(200);

    // Cancel the plan.
    const cancel = (id: string, body: unknown, token = finance) => call("POST", `/api/payment-plans/${id}/cancel`, { token, body });
    expectRefusal(await cancel(plan.id, { reason: "Left" }, manager), 403, NOT_ALLOWED);
    expectRefusal(await cancel(plan.id, { reason: "Left" }, instructor), 403, NOT_ALLOWED);
    expectRefusal(await cancel(plan.id, { reason: "" }), 400, PLAN_MESSAGES.reason);
    expectRefusal(await cancel(plan.id, { reason: ["Left"] }), 400, "reason must be text.");
    expectRefusal(await cancel(UNKNOWN_ID, { reason: "Left" }), 404, PLAN_MESSAGES.planNotFound);
    expectRefusal(await cancel("0", { reason: "Left" }), 404, PLAN_MESSAGES.planNotFound);
    expect((await prisma.paymentPlan.findUniqueOrThrow({ where: { id: plan.id } })).status).toBe("ACTIVE");
    expect((await invoiceOf(p3.id)).status).toBe("PENDING");

    const cancelled = await cancel(plan.id, { reason: "Learner left" });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.message).toBe(PLAN_REST_MESSAGES.cancelled);
    expect(cancelled.body.paymentPlan).toMatchObject({ _id: plan.id, status: "cancelled", paidParts: 1, nextDueOn: null });
    expect(cancelled.body.paymentPlan.parts.map((p: { status: string }) => p.status)).toEqual(["paid", "void", "void"]);
    expect(cancelled.body.data).toEqual(cancelled.body.paymentPlan);
    expect((await invoiceOf(p3.id)).voidReason).toBe("Plan cancelled: Learner left");
    // Twice: a clear 409, nothing more changed or audited.
    expectRefusal(await cancel(plan.id, { reason: "Again" }), 409, PLAN_MESSAGES.notActive);
    expect(await audits("paymentPlan.cancel", plan.id)).toBe(1);
    expect((await invoiceOf(p3.id)).voidReason).toBe("Plan cancelled: Learner left");
    // A cancelled plan's parts change no more.
    expectRefusal(await move(p3.id, { dueOn: later }), 409, PLAN_MESSAGES.notPending);
    expect((await call("GET", `/api/payment-plans/${plan.id}`, { token: finance })).body.paymentPlan.status).toBe("cancelled");
  });
});

describe("the learner's own plans, cards and Pay now", () => {
  it("sees only their plans and cards (never the card's code); pays their own due part; another learner gets 404", async () => {
    const mine = await boughtPlan();
    const other = await boughtPlan();
    const [, p2] = mine.parts;
    const { prisma } = app.services.db;

    const plans = await call("GET", "/api/me/payment-plans", { token: mine.token });
    expect(plans.status).toBe(200);
    expect(plans.body.paymentPlans.map((p: { _id: string }) => p._id)).toEqual([mine.plan.id]);
    expect(plans.body.paymentPlans[0]).toMatchObject({ status: "active", partCount: 3, paidParts: 1, learner: { _id: mine.learner.id } });
    const { token: newcomer } = await learnerWithToken(app);
    expect((await call("GET", "/api/me/payment-plans", { token: newcomer })).body).toEqual({ paymentPlans: [] });

    const cards = await call("GET", "/api/me/saved-cards", { token: mine.token });
    expect(cards.status).toBe(200);
    expect(cards.body.savedCards).toHaveLength(1);
    expect(keys(cards.body.savedCards[0])).toEqual(["brand", "currency", "expiry", "last4"]);
    expect(cards.body.savedCards[0]).toMatchObject({ currency: "USD", last4: expect.stringMatching(/^\d{4}$/) });
    const card = await prisma.savedCard.findFirstOrThrow({ where: { learnerId: mine.learner.id } });
    expect(JSON.stringify(cards.body)).not.toContain(card.authorizationCode);
    expect((await call("GET", "/api/me/saved-cards", { token: newcomer })).body).toEqual({ savedCards: [] });

    // Staff have no plans of their own here; no session is a 401.
    for (const path of ["/api/me/payment-plans", "/api/me/saved-cards"]) {
      expect((await call("GET", path, { token: finance })).status).toBe(403);
      expect((await call("GET", path)).status).toBe(401);
    }

    const pay = (id: string, token = mine.token) => call("POST", `/api/me/invoices/${id}/pay`, { token, body: {} });
    // A week ahead: not due yet.
    expectRefusal(await pay(p2.id), 409, PLAN_MESSAGES.notDue);
    await prisma.invoice.update({ where: { id: p2.id }, data: { dueDate: new Date(Date.now() - DAY) } });
    // Another learner's part, part 1, an unknown or malformed id: 404, and the part is untouched.
    expectRefusal(await pay(p2.id, other.token), 404, PLAN_MESSAGES.notFound);
    expectRefusal(await pay(p2.id, newcomer), 404, PLAN_MESSAGES.notFound);
    expectRefusal(await pay(mine.parts[0].id), 404, PLAN_MESSAGES.notFound);
    expectRefusal(await pay(UNKNOWN_ID), 404, PLAN_MESSAGES.notFound);
    expectRefusal(await pay("garbage"), 404, PLAN_MESSAGES.notFound);
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: p2.id } })).reference).toBeNull();
    expect((await pay(p2.id, finance)).status).toBe(403);

    const paying = await pay(p2.id);
    expect(paying.status, JSON.stringify(paying.body)).toBe(200);
    expect(keys(paying.body)).toEqual(["authorizationUrl", "reference"]);
    expect(paying.body.authorizationUrl).toMatch(/^http/);
    // Again while the page is open (a POST without a body too): the same page.
    expect((await pay(p2.id)).body).toEqual(paying.body);
    expect((await call("POST", `/api/me/invoices/${p2.id}/pay`, { token: mine.token })).body).toEqual(paying.body);
    // Finance cannot void the part under the open payment.
    expectRefusal(
      await call("POST", `/api/invoices/${p2.id}/waive`, { token: finance, body: { reason: "x" } }),
      409,
      PLAN_MESSAGES.inFlight,
    );

    await sandboxControl(app, `/__simulate/${paying.body.reference}/pay`, {});
    expect(await settlePayment(app.services, paying.body.reference)).toBe("PAID");
    expectRefusal(await pay(p2.id), 409, PLAN_MESSAGES.notPending);
    const after = (await call("GET", "/api/me/payment-plans", { token: mine.token })).body.paymentPlans[0];
    expect(after).toMatchObject({ paidParts: 2, overdueParts: 0 });
    expect(after.parts[1]).toMatchObject({ number: 2, status: "paid", invoice: { _id: p2.id } });
    // The other learner's plan is as it was.
    expect((await call("GET", "/api/me/payment-plans", { token: other.token })).body.paymentPlans[0]).toMatchObject({ paidParts: 1 });
  });
});
