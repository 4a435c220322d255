import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken, mailsTo } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { createTrack } from "#testing/catalogue.ts";
import { globalId } from "#testing/graphql.ts";
import { sandboxControl } from "#testing/paystack.ts";
import { INSTALMENT_CLOCK_PATH } from "../../http/instalment-clock.ts";
import { checkPendingRefunds, REFUND_CHECK_AFTER_MS } from "../invoices/refunds.ts";
import { lessonPaused } from "../learning/access.ts";
import { dueOn, INSTALMENT_MESSAGES, planSchedule, splitAmount } from "./instalment-plans.ts";
import { chargeInstalment, runInstalments } from "./instalments.ts";
import { settlePayment } from "./settle.ts";

const DAY = 86_400_000;

describe("instalment schedule rule (instalment-plans.ts)", () => {
  it("the first part keeps the plan's proportion, the rest split evenly, the last absorbing the rounding", () => {
    expect(splitAmount(30_001, 3, 10_000, 30_001)).toEqual([10_000, 10_000, 10_001]);
    // Another currency (its own price, no exchange rate): first = round(150,000.00 × 100/300.01) naira.
    expect(splitAmount(15_000_000, 3, 10_000, 30_001)).toEqual([5_000_000 - 167, 5_000_083, 5_000_084]);
    expect(splitAmount(100, 3, 99, 100)).toBeNull(); // a later part would be 0
    expect(planSchedule({ parts: 2, interval: "WEEKLY", firstAmountCents: 500 }, 500, 500, new Date())).toBeNull();
  });

  it("due dates: weekly adds 7 days; monthly keeps the day or takes the month's last", () => {
    const jan31 = new Date("2027-01-31T15:00:00Z");
    expect(dueOn(jan31, "WEEKLY", 2).toISOString().slice(0, 10)).toBe("2027-02-14");
    expect(dueOn(jan31, "MONTHLY", 1).toISOString().slice(0, 10)).toBe("2027-02-28");
    expect(dueOn(jan31, "MONTHLY", 2).toISOString().slice(0, 10)).toBe("2027-03-31");
  });
});

/** A track with a 3-part weekly plan bought by a learner's card in the sandbox, part 1 settled. */
describe("instalments end to end on the server (checkout, settlement, charges, pause)", () => {
  let app: TestApp;
  let owner: string;
  beforeAll(async () => {
    app = await startTestApp();
    owner = (await adminWithToken(app, "OWNER")).token;
  });
  afterAll(async () => {
    await sandboxControl(app, "/__controls/reset", {});
    await app.close();
  });

  const SET = `mutation ($id: ID!, $input: InstalmentPlanInput!) {
    setInstalmentPlan(id: $id, input: $input) {
      ... on TrackPayload { track { instalmentPlan { parts interval firstAmount { formatted } schedule { number amount { minor } dueOn } } } }
      ... on Error { message } ... on ValidationError { fieldErrors { field message } }
    }
  }`;

  async function planTrack(priceCents = 30_001) {
    const track = await createTrack(app, priceCents);
    const set = await app.graphql(
      SET,
      { id: globalId("Track", track.id), input: { parts: 3, interval: "WEEKLY", firstAmount: 100 } },
      owner,
    );
    expect(set.data.setInstalmentPlan.track.instalmentPlan.parts).toBe(3);
    return track;
  }

  async function boughtPlan(priceCents = 30_001) {
    const track = await planTrack(priceCents);
    const { learner, token } = await learnerWithToken(app);
    const res = await rest(app, "POST", "/api/enrollments", {
      token,
      body: { track: track.id, contact: "+234 802 555 0101", gender: "Female", plan: "instalments" },
    });
    expect(res.status).toBe(200);
    await sandboxControl(app, "/__controls", { dropWebhooks: true });
    await sandboxControl(app, `/__simulate/${res.body.reference}/pay`, {});
    expect(await settlePayment(app.services, res.body.reference)).toBe("PAID");
    const { prisma } = app.services.db;
    const parts = await prisma.invoice.findMany({ where: { learnerId: learner.id, trackId: track.id }, orderBy: { partNumber: "asc" } });
    return { track, learner, token, res, parts };
  }

  it("staff set a plan (refusals are 4xx); GET /api/tracks/{id} shows it with today's schedule", async () => {
    const track = await createTrack(app, 30_001);
    const id = globalId("Track", track.id);
    const tooLarge = await app.graphql(SET, { id, input: { parts: 3, interval: "WEEKLY", firstAmount: 300.01 } }, owner);
    expect(tooLarge.data.setInstalmentPlan.message).toBeTruthy();
    const badParts = await app.graphql(SET, { id, input: { parts: 13, interval: "WEEKLY", firstAmount: 10 } }, owner);
    expect(badParts.data.setInstalmentPlan.fieldErrors[0].message).toBe(INSTALMENT_MESSAGES.parts);
    const { token: learner } = await learnerWithToken(app);
    const refused = await app.graphql(SET, { id, input: { parts: 3, interval: "WEEKLY", firstAmount: 100 } }, learner);
    expect(refused.data.setInstalmentPlan.message).toBe("You are not allowed to do this.");
    expect(await app.services.db.prisma.instalmentPlan.count({ where: { trackId: track.id } })).toBe(0);

    const planned = await planTrack();
    const read = await rest(app, "GET", `/api/tracks/${planned.id}`);
    const today = new Date();
    expect(read.body.track.instalmentPlan).toEqual({
      parts: 3,
      interval: "weekly",
      firstAmount: 100,
      currency: "USD",
      schedule: [
        { number: 1, amount: 100, dueOn: dueOn(today, "WEEKLY", 0).toISOString().slice(0, 10) },
        { number: 2, amount: 100, dueOn: dueOn(today, "WEEKLY", 1).toISOString().slice(0, 10) },
        { number: 3, amount: 100.01, dueOn: dueOn(today, "WEEKLY", 2).toISOString().slice(0, 10) },
      ],
    });
  });

  it("with prices that exclude tax, the schedule shown is what checkout charges: the tax is added and split", async () => {
    const { prisma } = app.services.db;
    const before = await prisma.businessSettings.findUniqueOrThrow({ where: { id: 1 } });
    await prisma.businessSettings.update({ where: { id: 1 }, data: { taxRateBasisPoints: 1_000, taxInclusive: false } });
    app.services.publicCache.clear();
    try {
      const track = await planTrack(30_000);
      const shown = await rest(app, "GET", `/api/tracks/${track.id}`);
      expect(shown.body.track.instalmentPlan.schedule.map((p: { amount: number }) => p.amount)).toEqual([110, 110, 110]);
      const { learner, token } = await learnerWithToken(app);
      const res = await rest(app, "POST", "/api/enrollments", {
        token,
        body: { track: track.id, contact: "+234 802 555 0101", gender: "Female", plan: "instalments" },
      });
      expect([res.status, res.body.amount]).toEqual([200, 110]);
      await sandboxControl(app, `/__simulate/${res.body.reference}/pay`, {});
      expect(await settlePayment(app.services, res.body.reference)).toBe("PAID");
      const parts = await prisma.invoice.findMany({ where: { learnerId: learner.id }, orderBy: { partNumber: "asc" } });
      expect(parts.map((p) => [p.amountCents, p.taxCents])).toEqual([
        [11_000, 1_000],
        [11_000, 1_000],
        [11_000, 1_000],
      ]);
    } finally {
      await prisma.businessSettings.update({
        where: { id: 1 },
        data: { taxRateBasisPoints: before.taxRateBasisPoints, taxInclusive: before.taxInclusive },
      });
      app.services.publicCache.clear();
    }
  });

  it("checkout refuses a coupon with instalments; part 1's settlement enrols, activates the plan once, makes the later parts and keeps the card", async () => {
    const track = await planTrack();
    const { token } = await learnerWithToken(app);
    const withCoupon = await rest(app, "POST", "/api/enrollments", {
      token,
      body: { track: track.id, contact: "+234 802 555 0101", gender: "Female", plan: "instalments", coupon: "ANY" },
    });
    expect([withCoupon.status, withCoupon.body.message]).toEqual([400, INSTALMENT_MESSAGES.noCoupon]);

    const { learner, res, parts } = await boughtPlan();
    expect([res.body.amount, res.body.currency]).toEqual([100, "USD"]);
    const { prisma } = app.services.db;
    expect(parts.map((p) => [p.partNumber, p.amountCents, p.status, p.reference === null])).toEqual([
      [1, 10_000, "PAID", false],
      [2, 10_000, "PENDING", true],
      [3, 10_001, "PENDING", true],
    ]);
    const paidOn = parts[0]?.paidAt as Date;
    expect(parts[1]?.dueDate?.toISOString().slice(0, 10)).toBe(dueOn(paidOn, "WEEKLY", 1).toISOString().slice(0, 10));
    expect(new Set(parts.map((p) => p.number)).size).toBe(3);
    const plan = await prisma.paymentPlan.findFirstOrThrow({ where: { learnerId: learner.id } });
    expect(plan.status).toBe("ACTIVE");
    expect(await prisma.enrollment.count({ where: { learnerId: learner.id } })).toBe(1);
    // Settling again changes nothing (no second set of parts).
    expect(await settlePayment(app.services, res.body.reference)).toBe("PAID");
    expect(await prisma.invoice.count({ where: { paymentPlanId: plan.id } })).toBe(3);
    const cards = await prisma.savedCard.findMany({ where: { learnerId: learner.id } });
    expect(cards).toHaveLength(1);
    expect(cards[0]?.last4).toMatch(/^\d{4}$/);
  });

  it("an abandoned part-1 checkout leaves no active plan and no later parts; a new checkout makes a new plan", async () => {
    const track = await planTrack();
    const { learner, token } = await learnerWithToken(app);
    const body = { track: track.id, contact: "+234 802 555 0101", gender: "Female", plan: "instalments" };
    const first = await rest(app, "POST", "/api/enrollments", { token, body });
    const { prisma } = app.services.db;
    // Older than the abandon hours, never paid: housekeeping marks it abandoned.
    await prisma.invoice.update({ where: { reference: first.body.reference }, data: { createdAt: new Date(Date.now() - 25 * 3_600_000) } });
    await runInstalments(app.services, new Date());
    await import("./checkout.ts").then(({ expireAbandonedCheckouts }) => expireAbandonedCheckouts(app.services));
    expect((await prisma.invoice.findUniqueOrThrow({ where: { reference: first.body.reference } })).status).toBe("ABANDONED");
    const plans = await prisma.paymentPlan.findMany({ where: { learnerId: learner.id } });
    expect(plans.map((p) => p.status)).toEqual(["PENDING"]);
    expect(await prisma.invoice.count({ where: { learnerId: learner.id, partNumber: { gt: 1 } } })).toBe(0);
    expect(await prisma.enrollment.count({ where: { learnerId: learner.id } })).toBe(0);
    const second = await rest(app, "POST", "/api/enrollments", { token, body });
    expect(second.body.reference).not.toBe(first.body.reference);
    expect(await prisma.paymentPlan.count({ where: { learnerId: learner.id } })).toBe(2);
  });

  it("20 concurrent due-date runs charge part 2 once; the reminder goes once; the settlement is not flagged", async () => {
    const { learner, parts } = await boughtPlan();
    const part2 = parts[1] as (typeof parts)[number];
    const due = part2.dueDate as Date;
    const { prisma } = app.services.db;
    await sandboxControl(app, "/__controls", { dropWebhooks: false });

    const threeDaysBefore = new Date(due.getTime() - 3 * DAY + 3_600_000);
    await Promise.all(Array.from({ length: 5 }, () => runInstalments(app.services, threeDaysBefore)));
    const reminders = (await mailsTo(app, learner.email)).filter((m) => m.subject.startsWith("Instalment 2 of 3"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toMatch(/saved card ending \d{4}/);

    const onDue = new Date(due.getTime() + 9 * 3_600_000);
    await Promise.all([
      ...Array.from({ length: 10 }, () => runInstalments(app.services, onDue)),
      ...Array.from({ length: 10 }, () => chargeInstalment(app.services, { invoiceId: part2.id, attempt: 0, at: onDue.toISOString() })),
    ]);
    await app.settleJobs();
    const after = await prisma.invoice.findUniqueOrThrow({ where: { id: part2.id } });
    expect([after.status, after.paymentMethod, after.flaggedReason]).toEqual(["PAID", "CARD", null]);
    expect(await chargesOf(part2.id)).toBe(1);
    // The receipt names the part, not an enrollment (part 1's said that).
    const receipts = (await mailsTo(app, learner.email)).filter((m) => m.subject.startsWith("Payment received"));
    expect(receipts.map((m) => m.subject).sort()).toEqual([
      expect.stringMatching(/^Payment received: instalment 2 of 3 for /),
      expect.stringMatching(/^Payment received: you are enrolled in /),
    ]);
    expect(receipts.find((m) => m.subject.includes("instalment 2"))?.text).toMatch(/Instalment 2 of 3 for .* is paid/);
    // Running again later charges nothing more.
    await runInstalments(app.services, new Date(onDue.getTime() + DAY));
    await app.settleJobs();
    expect(await chargesOf(part2.id)).toBe(1);
  });

  it("a declined charge mails the payment link and is retried a day later, then succeeds", async () => {
    const { learner, parts } = await boughtPlan();
    const part2 = parts[1] as (typeof parts)[number];
    const onDue = new Date((part2.dueDate as Date).getTime() + 9 * 3_600_000);
    const { prisma } = app.services.db;
    await sandboxControl(app, "/__controls", { failNextCharges: 1 });
    await runInstalments(app.services, onDue);
    await app.settleJobs();
    let now = await prisma.invoice.findUniqueOrThrow({ where: { id: part2.id } });
    expect([now.status, now.chargeAttempts, now.reference]).toEqual(["PENDING", 1, null]);
    const declined = (await mailsTo(app, learner.email)).filter((m) => m.subject.startsWith("We could not charge instalment 2"));
    expect(declined).toHaveLength(1);
    // The same day: no second try.
    await runInstalments(app.services, new Date(onDue.getTime() + 3_600_000));
    await app.settleJobs();
    expect(await chargesOf(part2.id)).toBe(1);
    // A day later: charged again, and paid.
    await runInstalments(app.services, new Date(onDue.getTime() + DAY + 60_000));
    await app.settleJobs();
    now = await prisma.invoice.findUniqueOrThrow({ where: { id: part2.id } });
    expect(now.status).toBe("PAID");
    expect(await chargesOf(part2.id)).toBe(2);
  });

  it("a charge whose answer is lost is asked after its lease, not at once: Paystack slow to record it charges once", async () => {
    const { parts } = await boughtPlan();
    const part2 = parts[1] as (typeof parts)[number];
    const onDue = new Date((part2.dueDate as Date).getTime() + 9 * 3_600_000);
    const { prisma } = app.services.db;
    await sandboxControl(app, "/__controls", { dropWebhooks: true, loseNextChargeAnswers: 1 });
    expect(await chargeInstalment(app.services, { invoiceId: part2.id, attempt: 0, at: onDue.toISOString() })).toEqual({
      outcome: "UNKNOWN",
    });
    const claimed = await prisma.invoice.findUniqueOrThrow({ where: { id: part2.id } });
    expect(claimed.status).toBe("PENDING");
    expect(claimed.reference).not.toBeNull();
    // Within the lease, while Paystack still answers "not found" for it: no second charge, the claim is kept.
    const inLease = new Date(onDue.getTime() + 5 * 60_000);
    await runInstalments(app.services, inLease);
    await chargeInstalment(app.services, { invoiceId: part2.id, attempt: 0, at: inLease.toISOString() });
    await app.settleJobs();
    expect(await chargesOf(part2.id)).toBe(1);
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: part2.id } })).reference).toBe(claimed.reference);
    // Paystack has recorded it by the time the lease ends: the next run finds it and settles the part.
    await sandboxControl(app, "/__controls", { revealLostCharges: true });
    await runInstalments(app.services, new Date(onDue.getTime() + 11 * 60_000));
    await app.settleJobs();
    const paid = await prisma.invoice.findUniqueOrThrow({ where: { id: part2.id } });
    expect([paid.status, paid.reference]).toEqual(["PAID", claimed.reference]);
    expect(await chargesOf(part2.id)).toBe(1);
  });

  it("a part unpaid past the grace days pauses the enrollment (content refused, 4xx); paying it resumes at once; the last part completes the plan", async () => {
    const { learner, token, track, parts } = await boughtPlan();
    const { prisma } = app.services.db;
    // No saved card: the learner pays by link.
    await prisma.savedCard.deleteMany({ where: { learnerId: learner.id } });
    const course = await prisma.course.create({ data: { title: "C", description: "D", trackId: track.id } });
    const lesson = await prisma.lesson.create({
      data: { courseId: course.id, title: "L", kind: "TEXT", body: "secret", minutes: 5, position: 1 },
    });
    const part2 = parts[1] as (typeof parts)[number];
    const due = part2.dueDate as Date;

    await runInstalments(app.services, new Date(due.getTime() + 3_600_000));
    expect((await mailsTo(app, learner.email)).filter((m) => m.subject === `Instalment 2 of 3 for ${track.name} is due`)).toHaveLength(1);
    await runInstalments(app.services, new Date(due.getTime() + 7 * DAY + 3_600_000));
    expect((await prisma.enrollment.findFirstOrThrow({ where: { learnerId: learner.id } })).pausedAt).toBeNull();
    await runInstalments(app.services, new Date(due.getTime() + 8 * DAY + 3_600_000));
    const paused = await prisma.enrollment.findFirstOrThrow({ where: { learnerId: learner.id } });
    expect(paused.pausedReason).toMatch(/^Instalment 2 of 3 \(\$100\.00\) was due on/);

    const READ = `query ($id: ID!) { node(id: $id) { ... on Lesson { locked body pausedReason } } }`;
    const read = await app.graphql(READ, { id: globalId("Lesson", lesson.id) }, token);
    expect(read.data.node).toEqual({ locked: true, body: null, pausedReason: lessonPaused(paused.pausedReason) });
    const complete = await app.graphql(
      `mutation ($id: ID!) { completeLesson(id: $id) { __typename ... on Error { message } } }`,
      { id: globalId("Lesson", lesson.id) },
      token,
    );
    expect(complete.data.completeLesson).toEqual({ __typename: "ForbiddenError", message: lessonPaused(paused.pausedReason) });

    // Finance marks... here the learner's payment settles it (the one settlement): access resumes at once.
    await prisma.$transaction((tx) =>
      import("./settle.ts").then(({ settleWithin }) => settleWithin(tx, app.services, part2.id, { method: "OTHER", paidAt: new Date() })),
    );
    const resumed = await prisma.enrollment.findFirstOrThrow({ where: { learnerId: learner.id } });
    expect(resumed.pausedAt).toBeNull();
    expect((await app.graphql(READ, { id: globalId("Lesson", lesson.id) }, token)).data.node.body).toBe("secret");
    const part3 = parts[2] as (typeof parts)[number];
    await prisma.$transaction((tx) =>
      import("./settle.ts").then(({ settleWithin }) => settleWithin(tx, app.services, part3.id, { method: "OTHER", paidAt: new Date() })),
    );
    expect((await prisma.paymentPlan.findFirstOrThrow({ where: { learnerId: learner.id } })).status).toBe("COMPLETED");
  });

  it("the owner sets the grace days (GraphQL and REST settings); out of range is a 400 and changes nothing; finance may not", async () => {
    const body = (instalmentGraceDays: unknown) => ({
      offlinePaymentsEnabled: false,
      offlineExpiryDays: 7,
      checkoutAbandonHours: 24,
      instalmentGraceDays,
    });
    const saved = await rest(app, "PUT", "/api/settings", { token: owner, body: body(2) });
    expect([saved.status, saved.body.settings.instalmentGraceDays]).toEqual([200, 2]);
    for (const bad of [61, -1, 1.5, "x"])
      expect((await rest(app, "PUT", "/api/settings", { token: owner, body: body(bad) })).status).toBe(400);
    const finance = (await adminWithToken(app, "FINANCE")).token;
    expect((await rest(app, "PUT", "/api/settings", { token: finance, body: body(9) })).status).toBe(403);
    const read = await app.graphql("{ businessSettings { instalmentGraceDays } }", {}, owner);
    expect(read.data.businessSettings.instalmentGraceDays).toBe(2);
    // Omitted keeps it.
    const kept = await rest(app, "PUT", "/api/settings", {
      token: owner,
      body: { offlinePaymentsEnabled: false, offlineExpiryDays: 7, checkoutAbandonHours: 24 },
    });
    expect(kept.body.settings.instalmentGraceDays).toBe(2);
    await rest(app, "PUT", "/api/settings", { token: owner, body: body(7) });
  });

  it("finance lists plans (overdue, paused), moves a due date, waives a part (access resumes) and cancels a plan, each audited; others are refused", async () => {
    const { learner, parts } = await boughtPlan();
    const { prisma } = app.services.db;
    await prisma.savedCard.deleteMany({ where: { learnerId: learner.id } });
    const finance = (await adminWithToken(app, "FINANCE")).token;
    const manager = (await adminWithToken(app, "MANAGER")).token;
    const part2 = parts[1] as (typeof parts)[number];
    const part3 = parts[2] as (typeof parts)[number];
    // Make part 2 overdue past the grace days, and pause.
    await prisma.invoice.update({ where: { id: part2.id }, data: { dueDate: new Date(Date.now() - 10 * DAY) } });
    await runInstalments(app.services, new Date());
    const LIST = `query ($filter: PaymentPlanFilter) { paymentPlans(filter: $filter, first: 50) { edges { node {
      id learner { email } partCount paidParts overdueParts nextDueOn paused total { formatted } parts { id partNumber status }
    } } } }`;
    for (const filter of ["OVERDUE", "PAUSED"]) {
      const listed = await app.graphql(LIST, { filter }, finance);
      const mine = listed.data.paymentPlans.edges.map((e: any) => e.node).find((n: any) => n.learner.email === learner.email);
      expect(mine).toMatchObject({ partCount: 3, paidParts: 1, overdueParts: 1, paused: true, total: { formatted: "$300.01" } });
    }
    const { token: other } = await learnerWithToken(app);
    expect((await app.graphql(LIST, {}, other)).data?.paymentPlans ?? null).toBeNull();

    const WAIVE = `mutation ($id: ID!, $reason: String!) { waiveInstalment(id: $id, reason: $reason) { __typename ... on InstalmentPayload { invoice { status } } ... on Error { message } } }`;
    const id2 = globalId("Invoice", part2.id);
    expect((await app.graphql(WAIVE, { id: id2, reason: "Goodwill" }, manager)).data.waiveInstalment.__typename).toBe("ForbiddenError");
    expect((await app.graphql(WAIVE, { id: id2, reason: " " }, finance)).data.waiveInstalment.__typename).toBe("ValidationError");
    expect(
      (await app.graphql(WAIVE, { id: globalId("Invoice", parts[0]?.id as string), reason: "x" }, finance)).data.waiveInstalment.__typename,
    ).toBe("ConflictError");
    const waived = await app.graphql(WAIVE, { id: id2, reason: "Goodwill" }, finance);
    expect(waived.data.waiveInstalment.invoice.status).toBe("VOID");
    expect((await prisma.enrollment.findFirstOrThrow({ where: { learnerId: learner.id } })).pausedAt).toBeNull();
    expect(await prisma.auditEntry.count({ where: { action: "instalment.waive", entityId: part2.id } })).toBe(1);

    const MOVE = `mutation ($id: ID!, $dueOn: String!) { moveInstalmentDueDate(id: $id, dueOn: $dueOn) { __typename ... on InstalmentPayload { invoice { dueDate } } ... on Error { message } } }`;
    const later = new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10);
    expect(
      (await app.graphql(MOVE, { id: globalId("Invoice", part3.id), dueOn: "2020-01-01" }, finance)).data.moveInstalmentDueDate.__typename,
    ).toBe("ValidationError");
    const moved = await app.graphql(MOVE, { id: globalId("Invoice", part3.id), dueOn: later }, finance);
    expect(moved.data.moveInstalmentDueDate.__typename).toBe("InstalmentPayload");
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: part3.id } })).dueDate?.toISOString().slice(0, 10)).toBe(later);
    expect(await prisma.auditEntry.count({ where: { action: "instalment.move", entityId: part3.id } })).toBe(1);

    const plan = await prisma.paymentPlan.findFirstOrThrow({ where: { learnerId: learner.id } });
    const CANCEL = `mutation ($id: ID!, $reason: String!) { cancelPaymentPlan(id: $id, reason: $reason) { __typename ... on PaymentPlanPayload { plan { status } } ... on Error { message } } }`;
    const cancelled = await app.graphql(CANCEL, { id: globalId("PaymentPlan", plan.id), reason: "Learner left" }, finance);
    expect(cancelled.data.cancelPaymentPlan.plan.status).toBe("CANCELLED");
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: part3.id } })).status).toBe("VOID");
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: parts[0]?.id as string } })).status).toBe("PAID");
    expect(await prisma.auditEntry.count({ where: { action: "paymentPlan.cancel", entityId: plan.id } })).toBe(1);
  });

  it('the learner pays a due part with "Pay now" (their own only), sees their plan and card without its code', async () => {
    const { learner, token, parts } = await boughtPlan();
    const { prisma } = app.services.db;
    const part2 = parts[1] as (typeof parts)[number];
    const PAY = `mutation ($id: ID!) { payInstalment(id: $id) { __typename ... on PayInstalmentPayload { authorizationUrl reference } ... on Error { message } } }`;
    // Not yet due (a week ahead): refused.
    expect((await app.graphql(PAY, { id: globalId("Invoice", part2.id) }, token)).data.payInstalment.__typename).toBe("ConflictError");
    await prisma.invoice.update({ where: { id: part2.id }, data: { dueDate: new Date(Date.now() - DAY) } });
    const { token: other } = await learnerWithToken(app);
    expect((await app.graphql(PAY, { id: globalId("Invoice", part2.id) }, other)).data.payInstalment.__typename).toBe("NotFoundError");
    const paid = await app.graphql(PAY, { id: globalId("Invoice", part2.id) }, token);
    const { reference, authorizationUrl } = paid.data.payInstalment;
    expect(authorizationUrl).toMatch(/^http/);
    // Again: the same page.
    expect((await app.graphql(PAY, { id: globalId("Invoice", part2.id) }, token)).data.payInstalment.reference).toBe(reference);
    await sandboxControl(app, "/__controls", { dropWebhooks: true });
    await sandboxControl(app, `/__simulate/${reference}/pay`, {});
    expect(await settlePayment(app.services, reference)).toBe("PAID");
    expect((await prisma.invoice.findUniqueOrThrow({ where: { id: part2.id } })).flaggedReason).toBeNull();

    const MINE = `{ myPaymentPlans { partCount paidParts nextDueOn parts { partNumber status } } mySavedCards { brand last4 expiry currency } }`;
    const mine = await app.graphql(MINE, {}, token);
    expect(mine.data.myPaymentPlans[0]).toMatchObject({ partCount: 3, paidParts: 2 });
    expect(mine.data.mySavedCards[0].last4).toMatch(/^\d{4}$/);
    const card = await prisma.savedCard.findFirstOrThrow({ where: { learnerId: learner.id } });
    expect(JSON.stringify(mine)).not.toContain(card.authorizationCode);
    expect((await app.graphql(MINE, {}, other)).data.myPaymentPlans).toEqual([]);
  });

  it("refunding part 1 in full takes access back and ends the plan: nothing more is charged", async () => {
    const { learner, parts } = await boughtPlan();
    const { prisma } = app.services.db;
    const finance = (await adminWithToken(app, "FINANCE")).token;
    const res = await rest(app, "POST", `/api/invoices/${parts[0]?.id}/refunds`, { token: finance, body: { reason: "Changed mind" } });
    expect(res.status).toBeLessThan(300);
    await app.settleJobs();
    // The refund.processed webhook is dropped (boughtPlan): past REFUND_CHECK_AFTER_MS housekeeping asks Paystack.
    await prisma.refund.updateMany({
      where: { invoiceId: parts[0]?.id },
      data: { createdAt: new Date(Date.now() - REFUND_CHECK_AFTER_MS - 1000) },
    });
    await checkPendingRefunds(app.services);
    await app.settleJobs();
    expect(await prisma.enrollment.count({ where: { learnerId: learner.id } })).toBe(0);
    const plan = await prisma.paymentPlan.findFirstOrThrow({ where: { learnerId: learner.id } });
    expect(plan.status).toBe("CANCELLED");
    expect((await prisma.invoice.findMany({ where: { paymentPlanId: plan.id, partNumber: { gt: 1 } } })).map((i) => i.status)).toEqual([
      "VOID",
      "VOID",
    ]);
  });

  it("the browser tests' clock control (sandbox only, the sandbox's key) runs the step at a chosen time", async () => {
    const { learner, parts } = await boughtPlan();
    const post = (body: unknown, key = app.services.config.paystack.secretKey) =>
      app.fetch(INSTALMENT_CLOCK_PATH, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const due = parts[1]?.dueDate as Date;
    const at = new Date(due.getTime() - 2 * DAY).toISOString();
    expect((await post({ at }, "sk_test_wrong")).status).toBe(401);
    expect((await post({ at: "tomorrow" })).status).toBe(400);
    const ran = await post({ at });
    expect(ran.status).toBe(200);
    expect(((await ran.json()) as { data: { reminders: number } }).data.reminders).toBeGreaterThanOrEqual(1);
    expect((await mailsTo(app, learner.email)).filter((m) => m.subject.startsWith("Instalment 2 of 3"))).toHaveLength(1);
  });

  /** How many charges of saved cards the sandbox made for an invoice (its charge log: transactions with its metadata). */
  async function chargesOf(invoiceId: string): Promise<number> {
    const res = await app.fetch("/paystack-sandbox/transaction?perPage=500", {
      headers: { authorization: `Bearer ${app.services.config.paystack.secretKey}` },
    });
    const body = (await res.json()) as { data: { metadata: unknown }[] };
    return body.data.filter((t) => typeof t.metadata === "object" && (t.metadata as { invoiceId?: string })?.invoiceId === invoiceId)
      .length;
  }
});
