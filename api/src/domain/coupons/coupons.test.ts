import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActor, learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { createTrack } from "#testing/catalogue.ts";
import { INVOICE_MESSAGES, updateInvoice, voidInvoice } from "../invoices/invoices.ts";
import { expireOfflineInvoices } from "../payments/offline.ts";
import { settleWithin } from "../payments/settle.ts";
import { loadReportDiscounts } from "../reports/report.ts";
import type { Actor } from "../staff/audit.ts";
import { batchCsv, CODE_ALPHABET, COUPON_MESSAGES, createCoupon, deactivateCoupon, generateCouponBatch } from "./coupons.ts";

/**
 * Coupons at checkout (docs/ARCHITECTURE.md, "Coupons"): each refusal's message, the invoice's price parts, the caps
 * under concurrent checkouts, a 100% coupon enrolling once, and releases. On PGlite, or PostgreSQL with
 * TEST_DATABASE_URL (CI runs both).
 */

let app: TestApp;
let actor: Actor;
const prisma = () => app.services.db.prisma;

beforeAll(async () => {
  app = await startTestApp();
  actor = await adminActor(app);
});
afterAll(() => app.close());

async function track(priceCents = 10_000) {
  return (await createTrack(app, priceCents)).id;
}

const code = () => `T${randomBytes(4).toString("hex").toUpperCase()}`;

const CHECKOUT = `mutation($input: CheckoutInput!) {
  checkout(input: $input) {
    __typename
    ... on Error { message }
    ... on CheckoutPayload { message authorizationUrl reference enrollment { id } }
  }
}`;

async function checkout(token: string, trackId: string, coupon?: string, method?: "CARD" | "OFFLINE") {
  const { data, errors } = await app.graphql(
    CHECKOUT,
    { input: { trackId: toGlobal(trackId), contact: "+234 802 555 0101", gender: "FEMALE", coupon, method } },
    token,
  );
  if (errors) throw new Error(JSON.stringify(errors));
  const answer = data.checkout as { __typename: string; message?: string; reference?: string | null; enrollment?: { id: string } | null };
  return { ...answer, data: answer.__typename === "CheckoutPayload" ? answer : undefined };
}

const toGlobal = (id: string) => Buffer.from(`Track:${id}`).toString("base64");

async function buyer() {
  const { learner, token } = await learnerWithToken(app);
  return { id: learner.id, token };
}

const invoicesOf = (learnerId: string) => prisma().invoice.findMany({ where: { learnerId } });

describe("coupon rules at checkout", () => {
  it("refuses each bad code with its message, changing nothing", async () => {
    const t = await track();
    const other = await track();
    const now = Date.now();
    const later = await createCoupon(app.services, actor, {
      code: code(),
      kind: "PERCENT",
      value: 10,
      startsAt: new Date(now + 86_400_000),
    });
    const past = await createCoupon(app.services, actor, {
      code: code(),
      kind: "PERCENT",
      value: 10,
      startsAt: new Date(now - 2 * 86_400_000),
      endsAt: new Date(now - 86_400_000),
    });
    const elsewhere = await createCoupon(app.services, actor, {
      code: code(),
      kind: "FIXED",
      value: 500,
      allTracks: false,
      trackIds: [other],
    });
    const off = await createCoupon(app.services, actor, { code: code(), kind: "PERCENT", value: 10 });
    await deactivateCoupon(app.services, actor, off.id);
    const once = await createCoupon(app.services, actor, { code: code(), kind: "PERCENT", value: 10 });
    const capped = await createCoupon(app.services, actor, {
      code: code(),
      kind: "PERCENT",
      value: 10,
      maxRedemptions: 1,
      oncePerLearner: false,
    });

    const first = await buyer();
    expect((await checkout(first.token, t, once.code.toLowerCase())).__typename).toBe("CheckoutPayload");
    expect((await checkout(first.token, other, capped.code)).__typename).toBe("CheckoutPayload");

    const b = await buyer();
    const before = await prisma().learner.findUniqueOrThrow({ where: { id: b.id } });
    for (const [coupon, message] of [
      ["NOPE-NOT-A-CODE", COUPON_MESSAGES.unknown],
      [later.code, COUPON_MESSAGES.notStarted],
      [past.code, COUPON_MESSAGES.expired],
      [elsewhere.code, COUPON_MESSAGES.notForTrack],
      [off.code, COUPON_MESSAGES.deactivated],
      [capped.code, COUPON_MESSAGES.usedUp],
    ] as const) {
      const answer = await checkout(b.token, t, coupon);
      expect(answer, coupon).toMatchObject({ __typename: "ValidationError", message });
    }
    // The first learner's second use of a once-per-learner coupon (another track).
    expect(await checkout(first.token, other, once.code)).toMatchObject({
      __typename: "ValidationError",
      message: COUPON_MESSAGES.alreadyUsed,
    });
    // Nothing changed: no invoice, no redemption, the profile as it was.
    expect(await invoicesOf(b.id)).toEqual([]);
    expect(await prisma().couponRedemption.count({ where: { learnerId: b.id } })).toBe(0);
    expect((await prisma().learner.findUniqueOrThrow({ where: { id: b.id } })).contact).toBe(before.contact);
    // The REST checkout answers the same refusal as a 400 naming the field.
    const res = await app.fetch("/api/enrollments", {
      method: "POST",
      headers: { authorization: `Bearer ${b.token}`, "content-type": "application/json" },
      body: JSON.stringify({ track: t, contact: "+234 802 555 0101", gender: "Female", coupon: past.code }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: COUPON_MESSAGES.expired, errors: [{ field: "coupon" }] });
  });

  it("records the price parts: percent, fixed and tax (inclusive and exclusive)", async () => {
    const t = await track(10_000);
    const pct = await createCoupon(app.services, actor, { code: code(), kind: "PERCENT", value: 25 });
    const fixed = await createCoupon(app.services, actor, { code: code(), kind: "FIXED", value: 1_250, allTracks: false, trackIds: [t] });

    const a = await buyer();
    await checkout(a.token, t, pct.code);
    expect(await invoicesOf(a.id)).toMatchObject([
      { subtotalCents: 10_000, discountCents: 2_500, taxCents: 0, amountCents: 7_500, couponId: pct.id, couponCode: pct.code },
    ]);

    await prisma().businessSettings.update({ where: { id: 1 }, data: { taxRateBasisPoints: 750, taxInclusive: false } });
    try {
      const b = await buyer();
      await checkout(b.token, t, fixed.code);
      // 8750 * 7.5% = 656.25 -> 656 added.
      expect(await invoicesOf(b.id)).toMatchObject([{ subtotalCents: 10_000, discountCents: 1_250, taxCents: 656, amountCents: 9_406 }]);
      const tx = await prisma().invoice.findFirstOrThrow({ where: { learnerId: b.id } });
      // Paystack is asked for what the invoice says.
      const sandbox = await app.fetch(`/paystack-sandbox/transaction/verify/${tx.reference}`, {
        headers: { authorization: `Bearer ${app.services.config.paystack.secretKey}` },
      });
      expect(((await sandbox.json()) as { data: { amount: number } }).data.amount).toBe(9_406);

      await prisma().businessSettings.update({ where: { id: 1 }, data: { taxInclusive: true } });
      const c = await buyer();
      await checkout(c.token, t); // no coupon: still priced with the tax setting
      // 10000 * 750 / 10750 = 697.67 -> 698 contained.
      expect(await invoicesOf(c.id)).toMatchObject([
        { subtotalCents: 10_000, discountCents: 0, taxCents: 698, amountCents: 10_000, couponId: null },
      ]);
    } finally {
      await prisma().businessSettings.update({ where: { id: 1 }, data: { taxRateBasisPoints: 0, taxInclusive: true } });
    }
  });

  it("a repeated checkout with the same coupon reuses the invoice and does not count twice", async () => {
    const t = await track();
    const once = await createCoupon(app.services, actor, { code: code(), kind: "PERCENT", value: 10, maxRedemptions: 1 });
    const a = await buyer();
    const first = await checkout(a.token, t, once.code);
    const again = await checkout(a.token, t, once.code);
    expect(again.data?.reference).toBe(first.data?.reference);
    expect(await prisma().couponRedemption.count({ where: { couponId: once.id } })).toBe(1);
  });

  it("a 100% coupon enrolls exactly once with a paid invoice of 0 and the receipt, also when sent 10 times at once", async () => {
    const t = await track(20_000);
    const full = await createCoupon(app.services, actor, { code: code(), kind: "PERCENT", value: 100, oncePerLearner: false });
    const a = await buyer();
    const answers = await Promise.all(Array.from({ length: 10 }, () => checkout(a.token, t, full.code)));
    expect(answers.filter((x) => x.__typename === "CheckoutPayload" && x.data?.enrollment).length).toBeGreaterThanOrEqual(1);
    for (const x of answers) if (x.__typename !== "CheckoutPayload") expect(x.message).toBe("You are already enrolled in this track.");
    expect(await prisma().enrollment.count({ where: { learnerId: a.id, trackId: t } })).toBe(1);
    const invoices = await invoicesOf(a.id);
    expect(invoices).toMatchObject([
      { status: "PAID", amountCents: 0, subtotalCents: 20_000, discountCents: 20_000, paymentMethod: "OTHER" },
    ]);
    expect(await prisma().couponRedemption.findMany({ where: { learnerId: a.id } })).toMatchObject([{ state: "REDEEMED" }]);
    await app.settleJobs();
    const mails = await prisma().outboxMail.findMany({
      where: { to: (await prisma().learner.findUniqueOrThrow({ where: { id: a.id } })).email },
    });
    expect(mails.length).toBe(1);
  });
});

describe("caps under concurrency", () => {
  it("cap 5: 30 learners checking out at once get exactly 5 discounted invoices", async () => {
    const t = await track();
    const capped = await createCoupon(app.services, actor, { code: code(), kind: "PERCENT", value: 50, maxRedemptions: 5 });
    const buyers = await Promise.all(Array.from({ length: 30 }, () => buyer()));
    const answers = await Promise.all(buyers.map((b) => checkout(b.token, t, capped.code)));
    expect(answers.filter((a) => a.__typename === "CheckoutPayload").length).toBe(5);
    expect(answers.filter((a) => a.__typename === "ValidationError").every((a) => a.message === COUPON_MESSAGES.usedUp)).toBe(true);
    expect(await prisma().invoice.count({ where: { couponId: capped.id, discountCents: 5_000 } })).toBe(5);
    expect(await prisma().couponRedemption.count({ where: { couponId: capped.id, state: "RESERVED" } })).toBe(5);
  });

  it("once per learner: one learner's concurrent checkouts of two tracks use the coupon once", async () => {
    const tracks = await Promise.all(Array.from({ length: 6 }, () => track()));
    const once = await createCoupon(app.services, actor, { code: code(), kind: "FIXED", value: 1_000 });
    const a = await buyer();
    const answers = await Promise.all(tracks.map((t) => checkout(a.token, t, once.code)));
    expect(answers.filter((x) => x.__typename === "CheckoutPayload").length).toBe(1);
    expect(answers.filter((x) => x.__typename === "ValidationError").map((x) => x.message)).toEqual(
      Array(5).fill(COUPON_MESSAGES.alreadyUsed),
    );
    expect(await prisma().invoice.count({ where: { couponId: once.id } })).toBe(1);
  });
});

describe("releases", () => {
  it("voiding, expiring or abandoning the invoice frees the coupon's use; paying redeems it", async () => {
    const t = await track();
    const one = await createCoupon(app.services, actor, {
      code: code(),
      kind: "PERCENT",
      value: 10,
      maxRedemptions: 1,
      oncePerLearner: false,
    });
    const a = await buyer();
    await checkout(a.token, t, one.code);
    const b = await buyer();
    expect((await checkout(b.token, t, one.code)).message).toBe(COUPON_MESSAGES.usedUp);
    const held = await prisma().invoice.findFirstOrThrow({ where: { learnerId: a.id } });
    await voidInvoice(app.services, actor, held.id, { reason: "Changed their mind" });
    expect(await prisma().couponRedemption.findUniqueOrThrow({ where: { invoiceId: held.id } })).toMatchObject({ state: "RELEASED" });
    expect((await checkout(b.token, t, one.code)).__typename).toBe("CheckoutPayload");

    // Abandoned (housekeeping's conditional update), then paid late: the use follows the invoice each time.
    const bInvoice = await prisma().invoice.findFirstOrThrow({ where: { learnerId: b.id } });
    await prisma().invoice.update({ where: { id: bInvoice.id }, data: { status: "ABANDONED" } });
    expect((await prisma().couponRedemption.findUniqueOrThrow({ where: { invoiceId: bInvoice.id } })).state).toBe("RELEASED");
    await prisma().invoice.update({ where: { id: bInvoice.id }, data: { status: "PAID", paidAt: new Date(), paymentMethod: "CARD" } });
    expect((await prisma().couponRedemption.findUniqueOrThrow({ where: { invoiceId: bInvoice.id } })).state).toBe("REDEEMED");
  });

  it("an abandoned checkout paid late after its coupon use was taken by another is settled and flagged, never a silent extra use", async () => {
    const t = await track();
    const one = await createCoupon(app.services, actor, {
      code: code(),
      kind: "PERCENT",
      value: 50,
      maxRedemptions: 1,
      oncePerLearner: false,
    });
    const a = await buyer();
    await checkout(a.token, t, one.code);
    const late = await prisma().invoice.findFirstOrThrow({ where: { learnerId: a.id } });
    await prisma().invoice.update({ where: { id: late.id }, data: { status: "ABANDONED" } });
    const b = await buyer();
    expect((await checkout(b.token, t, one.code)).__typename).toBe("CheckoutPayload");
    const bInvoice = await prisma().invoice.findFirstOrThrow({ where: { learnerId: b.id } });
    const settle = (id: string) =>
      prisma().$transaction((tx) => settleWithin(tx, app.services, id, { method: "CARD", paidAt: new Date() }));
    await settle(bInvoice.id);
    // A's old payment page is paid after all: the money is taken and A enrolled, and finance is told the coupon was over its cap.
    const settled = await settle(late.id);
    expect(settled).toMatchObject({ status: "PAID" });
    expect(settled?.flaggedReason).toContain(one.code);
    expect(await prisma().enrollment.count({ where: { learnerId: a.id, trackId: t } })).toBe(1);
    // A settlement within the limits is not flagged.
    expect((await prisma().invoice.findUniqueOrThrow({ where: { id: bInvoice.id } })).flaggedReason).toBeNull();
    // A paid invoice's price parts and coupon, and its coupon use, are locked for any writer (database triggers).
    await expect(prisma().invoice.update({ where: { id: bInvoice.id }, data: { discountCents: 0 } })).rejects.toThrow(/paid record/);
    await expect(prisma().invoice.update({ where: { id: bInvoice.id }, data: { couponCode: null } })).rejects.toThrow(/paid record/);
    await expect(prisma().couponRedemption.update({ where: { invoiceId: bInvoice.id }, data: { state: "RELEASED" } })).rejects.toThrow(
      /cannot change/,
    );
    await expect(prisma().couponRedemption.delete({ where: { invoiceId: bInvoice.id } })).rejects.toThrow(/cannot change/);
  });

  it("staff cannot reprice, move or reopen a checkout's coupon invoice by hand; a new amount on another invoice drops its stale price parts", async () => {
    const t = await track();
    const one = await createCoupon(app.services, actor, {
      code: code(),
      kind: "PERCENT",
      value: 50,
      maxRedemptions: 1,
      oncePerLearner: false,
    });
    const a = await buyer();
    await checkout(a.token, t, one.code);
    const held = await prisma().invoice.findFirstOrThrow({ where: { learnerId: a.id } });
    const edit = (id: string, over: Record<string, unknown>) =>
      updateInvoice(app.services, actor, id, { learnerId: a.id, trackId: t, amount: held.amountCents / 100, status: "PENDING", ...over });
    await expect(edit(held.id, { amount: 1 })).rejects.toThrow(INVOICE_MESSAGES.couponLocked);
    await prisma().invoice.update({ where: { id: held.id }, data: { status: "ABANDONED" } });
    await expect(edit(held.id, { status: "PAID" })).rejects.toThrow(INVOICE_MESSAGES.couponLocked);
    expect(await prisma().invoice.findUniqueOrThrow({ where: { id: held.id } })).toMatchObject({ status: "ABANDONED", amountCents: 5_000 });
    expect((await prisma().couponRedemption.findUniqueOrThrow({ where: { invoiceId: held.id } })).state).toBe("RELEASED");

    const b = await buyer();
    await checkout(b.token, t);
    const plain = await prisma().invoice.findFirstOrThrow({ where: { learnerId: b.id } });
    expect(plain.subtotalCents).toBe(10_000);
    const repriced = await updateInvoice(app.services, actor, plain.id, { learnerId: b.id, trackId: t, amount: 80, status: "PENDING" });
    expect(repriced).toMatchObject({ amountCents: 8_000, subtotalCents: null, discountCents: 0, taxCents: 0 });
  });

  it("an offline invoice that lapses releases its coupon", async () => {
    await prisma().businessSettings.update({ where: { id: 1 }, data: { offlinePaymentsEnabled: true, offlineInstructions: "Bank X" } });
    try {
      const t = await track();
      const one = await createCoupon(app.services, actor, { code: code(), kind: "FIXED", value: 100, maxRedemptions: 1 });
      const a = await buyer();
      expect((await checkout(a.token, t, one.code, "OFFLINE")).__typename).toBe("CheckoutPayload");
      const invoice = await prisma().invoice.findFirstOrThrow({ where: { learnerId: a.id } });
      expect(invoice).toMatchObject({ amountCents: 9_900, discountCents: 100, couponId: one.id });
      await prisma().invoice.update({ where: { id: invoice.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      await expireOfflineInvoices(app.services);
      expect((await prisma().couponRedemption.findUniqueOrThrow({ where: { invoiceId: invoice.id } })).state).toBe("RELEASED");
    } finally {
      await prisma().businessSettings.update({ where: { id: 1 }, data: { offlinePaymentsEnabled: false, offlineInstructions: null } });
    }
  });
});

describe("staff", () => {
  it("refuses bad coupons with the form's messages and records an audit entry for each write", async () => {
    const taken = await createCoupon(app.services, actor, { code: code(), kind: "PERCENT", value: 5 });
    const bad = async (raw: Parameters<typeof createCoupon>[2]) => {
      try {
        await createCoupon(app.services, actor, raw);
        return "created";
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(await bad({ code: "x", kind: "PERCENT", value: 5 })).toBe(COUPON_MESSAGES.code);
    expect(await bad({ code: code(), kind: "PERCENT", value: 101 })).toBe(COUPON_MESSAGES.percent);
    expect(await bad({ code: code(), kind: "FIXED", value: 0 })).toBe(COUPON_MESSAGES.amount);
    expect(await bad({ code: code(), kind: "PERCENT", value: 5, allTracks: false })).toBe(COUPON_MESSAGES.tracks);
    expect(await bad({ code: taken.code.toLowerCase(), kind: "PERCENT", value: 5 })).toBe(COUPON_MESSAGES.codeTaken);
    expect(await bad({ code: code(), kind: "PERCENT", value: 5, startsAt: new Date(2), endsAt: new Date(1) })).toBe(COUPON_MESSAGES.dates);
    const entries = await prisma().auditEntry.findMany({ where: { entityId: taken.id } });
    expect(entries.map((e) => e.action)).toEqual(["coupon.create"]);
    await deactivateCoupon(app.services, actor, taken.id);
    await expect(deactivateCoupon(app.services, actor, taken.id)).rejects.toThrow(COUPON_MESSAGES.alreadyInactive);
    expect((await prisma().auditEntry.findMany({ where: { entityId: taken.id } })).map((e) => e.action).sort()).toEqual([
      "coupon.create",
      "coupon.deactivate",
    ]);
  });

  it("bulk codes: N single-use random codes for one track, exported with who redeemed them", async () => {
    const t = await track();
    const batch = await generateCouponBatch(app.services, actor, { organisation: "Acme Ltd", trackId: t, count: 40 });
    const coupons = await prisma().coupon.findMany({ where: { batchId: batch.id } });
    expect(coupons.length).toBe(40);
    expect(new Set(coupons.map((c) => c.code)).size).toBe(40);
    for (const c of coupons) {
      expect(c.code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{4}-[${CODE_ALPHABET}]{4}-[${CODE_ALPHABET}]{4}$`));
      expect(c).toMatchObject({ kind: "PERCENT", value: 100, maxRedemptions: 1, allTracks: false });
    }
    const a = await buyer();
    const used = coupons[0]?.code as string;
    expect((await checkout(a.token, t, used)).data?.enrollment).toBeTruthy();
    const b = await buyer();
    expect((await checkout(b.token, t, used)).message).toBe(COUPON_MESSAGES.usedUp);
    expect((await checkout(b.token, await track(), coupons[1]?.code)).message).toBe(COUPON_MESSAGES.notForTrack);
    const lines = (await batchCsv(app.services, batch.id)).trim().split(/\r?\n/);
    expect(lines[0]).toBe("code,state,redeemed by,redeemed at");
    expect(lines.length).toBe(41);
    const email = (await prisma().learner.findUniqueOrThrow({ where: { id: a.id } })).email;
    expect(lines.find((l) => l.startsWith(used))).toMatch(new RegExp(`^${used},redeemed,${email},\\d{4}-`));
    expect(lines.filter((l) => l.includes(",unused,")).length).toBe(39);
    await expect(generateCouponBatch(app.services, actor, { organisation: "Acme", trackId: t, count: 1001 })).rejects.toThrow(
      COUPON_MESSAGES.count,
    );
  });
});

describe("guessing", () => {
  it("slows a learner who tries code after code on the checkout page: 429 after 30 tries", async () => {
    const t = await track();
    const a = await buyer();
    const QUOTE = `query($trackId: ID!, $couponCode: String) {
      checkoutQuote(trackId: $trackId, couponCode: $couponCode) { __typename ... on Error { message } ... on CheckoutQuote { amountCents } }
    }`;
    const tries: string[] = [];
    for (let i = 0; i < 31; i++) {
      const { data } = await app.graphql(QUOTE, { trackId: toGlobal(t), couponCode: `GUESS${i}` }, a.token);
      tries.push(data.checkoutQuote.__typename);
    }
    expect(tries.slice(0, 30).every((x) => x === "ValidationError")).toBe(true);
    expect(tries[30]).toBe("RateLimitError");
    // The price without a code is still answered.
    const { data } = await app.graphql(QUOTE, { trackId: toGlobal(t), couponCode: null }, a.token);
    expect(data.checkoutQuote).toEqual({ __typename: "CheckoutQuote", amountCents: 10_000 });
    // Guessing through the checkout itself counts against the same tries: it is refused too, with nothing changed.
    const answer = await checkout(a.token, t, "GUESS31");
    expect(answer.__typename).toBe("RateLimitError");
    expect(await invoicesOf(a.id)).toEqual([]);
  });
});

describe("report", () => {
  it("counts discounts given and redemptions per coupon over paid invoices in the range", async () => {
    const t = await track(8_000);
    const full = await createCoupon(app.services, actor, { code: code(), kind: "PERCENT", value: 100, oncePerLearner: false });
    const quarter = await createCoupon(app.services, actor, { code: code(), kind: "PERCENT", value: 25, oncePerLearner: false });
    for (let i = 0; i < 3; i++) await checkout((await buyer()).token, t, full.code);
    await checkout((await buyer()).token, t, quarter.code); // pending: not a discount given yet
    const today = new Date(new Date().toISOString().slice(0, 10));
    const before = await loadReportDiscounts(app.services, { from: today, to: today });
    const line = before.coupons.find((c) => c.code === full.code);
    expect(line).toMatchObject({ redemptions: 3, discountCents: 24_000 });
    expect(before.coupons.find((c) => c.code === quarter.code)).toBeUndefined();
    expect(before.totalDiscountCents).toBe(before.coupons.reduce((sum, c) => sum + c.discountCents, 0));
    const yesterday = new Date(today.getTime() - 86_400_000);
    expect((await loadReportDiscounts(app.services, { from: yesterday, to: yesterday })).coupons).toEqual([]);
  });
});
