import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { closeSharedApp } from "#testing/database.ts";
import { COUPON_MESSAGES, createCoupon } from "../api/src/domain/coupons/coupons.ts";
import type { Actor } from "../api/src/domain/staff/audit.ts";
import { ms, record } from "./lib/report.ts";

/**
 * Item 4.12, coupon caps under concurrency (docs/ARCHITECTURE.md, "Coupons"): checkouts lock the coupon's row before
 * counting its uses, so a redemption cap and a 100% coupon hold when many checkouts arrive at once, on the database
 * the suite runs on (PostgreSQL in CI). The embedded twin is api/src/domain/coupons/coupons.test.ts.
 */
describe("4.12 coupons under concurrency", () => {
  let app: TestApp;
  let actor: Actor;

  beforeAll(async () => {
    app = await startTestApp();
    const { admin } = await adminWithToken(app, "FINANCE");
    actor = { id: admin.id, email: admin.email, role: "FINANCE", ip: "127.0.0.1" };
  });
  afterAll(() => (app ? closeSharedApp(app) : undefined));

  const track = (priceCents: number) =>
    app.services.db.prisma.track.create({
      data: { name: `Coupon track ${randomBytes(3).toString("hex")}`, priceCents, duration: "1 week", instructor: "I", description: "D" },
    });
  const checkout = (token: string, trackId: string, coupon: string) =>
    app.fetch("/api/enrollments", {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ track: trackId, contact: "+234 802 555 0101", gender: "Female", coupon }),
    });

  it("4.12a a coupon capped at 5 uses, 40 learners checking out with it at once", async () => {
    const { id: trackId } = await track(20_000);
    const coupon = await createCoupon(app.services, actor, {
      code: `CAP${randomBytes(3).toString("hex").toUpperCase()}`,
      kind: "PERCENT",
      value: 40,
      maxRedemptions: 5,
    });
    const learners = await Promise.all(Array.from({ length: 40 }, () => learnerWithToken(app)));
    const started = performance.now();
    const answers = await Promise.all(
      learners.map(async ({ token }) => {
        const res = await checkout(token, trackId, coupon.code.toLowerCase());
        return { status: res.status, body: (await res.json()) as { message?: string } };
      }),
    );
    const took = performance.now() - started;
    const discounted = await app.services.db.prisma.invoice.count({ where: { couponId: coupon.id, discountCents: 8_000 } });
    const ok = answers.filter((a) => a.status === 200).length;
    const usedUp = answers.filter((a) => a.status === 400 && a.body.message === COUPON_MESSAGES.usedUp).length;
    const serverErrors = answers.filter((a) => a.status >= 500).length;
    const met = discounted === 5 && ok === 5 && usedUp === 35 && serverErrors === 0;
    record({
      item: "4.12a",
      check: `coupon capped at 5 uses, 40 learners check out with it at once (${app.services.db.kind})`,
      figure: `${discounted} discounted invoices; ${ok} payment pages, ${usedUp} "${COUPON_MESSAGES.usedUp}" (400); ${serverErrors} 5xx; ${ms(took)}`,
      target: "exactly 5 discounted invoices; every other checkout 400 used up; no 5xx",
      met,
    });
    expect(met).toBe(true);
  });

  it("4.12b a 100% coupon sent by one learner 15 times at once", async () => {
    const { id: trackId } = await track(30_000);
    const coupon = await createCoupon(app.services, actor, {
      code: `FULL${randomBytes(3).toString("hex").toUpperCase()}`,
      kind: "PERCENT",
      value: 100,
      oncePerLearner: false,
    });
    const { learner, token } = await learnerWithToken(app);
    const answers = await Promise.all(Array.from({ length: 15 }, () => checkout(token, trackId, coupon.code)));
    const statuses = answers.map((a) => a.status);
    await app.settleJobs();
    const { prisma } = app.services.db;
    const [enrollments, paid, receipts] = await Promise.all([
      prisma.enrollment.count({ where: { learnerId: learner.id, trackId } }),
      prisma.invoice.count({ where: { learnerId: learner.id, trackId, status: "PAID", amountCents: 0, couponId: coupon.id } }),
      prisma.outboxMail.count({ where: { to: learner.email } }),
    ]);
    const serverErrors = statuses.filter((s) => s >= 500).length;
    const met =
      enrollments === 1 && paid === 1 && receipts === 1 && serverErrors === 0 && statuses.every((s) => s === 201 || s === 409 || s === 429);
    record({
      item: "4.12b",
      check: `a 100% coupon, one learner's checkout sent 15 times at once (${app.services.db.kind})`,
      figure: `${enrollments} enrollment, ${paid} paid invoice of $0 with the coupon; ${receipts} receipt mail; answers ${[...new Set(statuses)].sort().join("/")}; ${serverErrors} 5xx`,
      target: "one enrollment, one paid invoice of 0, one receipt; the others 409 already enrolled (or 429); no 5xx",
      met,
    });
    expect(met).toBe(true);
  });
});
