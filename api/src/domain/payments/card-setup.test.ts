import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { createTrack } from "#testing/catalogue.ts";
import { globalId } from "#testing/graphql.ts";
import { sandboxControl } from "#testing/paystack.ts";
import { CARD_CHECK_AMOUNTS, CARD_SETUP_MESSAGES } from "../../../../common/payments.ts";
import { MAX_CARD_CHECKS_PER_DAY, refundJobId, settleCardSetup } from "./card-setup.ts";
import { runInstalments } from "./instalments.ts";
import { settlePayment } from "./settle.ts";
import { enqueueSettlement } from "./verify.ts";

/**
 * Saving a card without a purchase (docs/payments.md, "Saving a card"): a learner whose part 1 was paid by bank
 * transfer (no reusable authorization) adds a card through a small card check, saved and refunded exactly once, and
 * the worker then charges part 2 to it.
 */
describe("card checks: a card saved for later instalments", () => {
  let app: TestApp;
  let owner: string;
  const REQUIRED = { offlinePaymentsEnabled: false, offlineExpiryDays: 7, checkoutAbandonHours: 24 };

  beforeAll(async () => {
    app = await startTestApp();
    owner = (await adminWithToken(app, "OWNER")).token;
    const put = await rest(app, "PUT", "/api/settings", { token: owner, body: { ...REQUIRED, currency: "NGN" } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  });
  afterAll(async () => {
    await sandboxControl(app, "/__controls/reset", {});
    await app.close();
  });

  const ADD = `mutation ($currency: CurrencyCode!) {
    addPaymentCard(currency: $currency) {
      __typename
      ... on AddPaymentCardPayload { authorizationUrl reference }
      ... on Error { message }
    }
  }`;
  const CONFIRM = `mutation ($reference: String!) {
    confirmPaymentCard(reference: $reference) {
      __typename
      ... on ConfirmPaymentCardPayload { status reason card { id brand last4 currency } }
      ... on Error { message }
    }
  }`;
  const REMOVE = `mutation ($id: ID!) {
    removeSavedCard(id: $id) { __typename ... on DeletePayload { deletedId } ... on Error { message } }
  }`;
  const CARDS = `{ mySavedCards { id brand last4 currency } }`;

  const sandbox = (path: string, body?: unknown) => sandboxControl(app, path, body);
  const refundsAtPaystack = async (reference: string) => {
    const response = await app.fetch(`/paystack-sandbox/refund?transaction=${reference}`, {
      headers: { authorization: `Bearer ${app.services.config.paystack.secretKey}` },
    });
    return ((await response.json()) as { data: { amount: number }[] }).data;
  };

  /** A naira track sold in 3 weekly parts, part 1 paid by bank transfer in the sandbox and settled. */
  async function planPaidByTransfer() {
    const track = await createTrack(app, 3_000_000);
    const set = await app.graphql(
      `mutation ($id: ID!) { setInstalmentPlan(id: $id, input: { parts: 3, interval: WEEKLY, firstAmount: 10000 }) { __typename } }`,
      { id: globalId("Track", track.id) },
      owner,
    );
    expect(set.data.setInstalmentPlan.__typename).toBe("TrackPayload");
    const { learner, token } = await learnerWithToken(app);
    const checkout = await rest(app, "POST", "/api/enrollments", {
      token,
      body: { track: track.id, contact: "+234 802 555 0101", gender: "Female", plan: "instalments" },
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body.currency).toBe("NGN");
    const reference = checkout.body.reference as string;
    await sandbox("/__controls", { dropWebhooks: true });
    await sandbox(`/__simulate/${reference}/submit`, { channel: "bank_transfer" });
    await sandbox(`/__simulate/${reference}/complete`, {});
    expect(await settlePayment(app.services, reference)).toBe("PAID");
    const { prisma } = app.services.db;
    const parts = await prisma.invoice.findMany({ where: { learnerId: learner.id, trackId: track.id }, orderBy: { partNumber: "asc" } });
    expect(parts.map((p) => [p.partNumber, p.status, p.paymentChannel])).toEqual([
      [1, "PAID", "bank_transfer"],
      [2, "PENDING", null],
      [3, "PENDING", null],
    ]);
    // A bank transfer leaves nothing to charge later.
    expect(await prisma.savedCard.count({ where: { learnerId: learner.id } })).toBe(0);
    return { track, learner, token, parts };
  }

  it("part 1 by bank transfer, then a card check: saved once and refunded once while confirm and webhook race and replay; part 2 is charged to it", async () => {
    const { learner, token, parts } = await planPaidByTransfer();
    const { prisma } = app.services.db;

    const added = await app.graphql(ADD, { currency: "NGN" }, token);
    expect(added.data.addPaymentCard.__typename, JSON.stringify(added)).toBe("AddPaymentCardPayload");
    const { reference, authorizationUrl } = added.data.addPaymentCard;
    expect(reference).toMatch(/^lhcard-/);
    // Card only, for the naira check amount.
    const page = await (await fetch(authorizationUrl)).text();
    expect(page).not.toContain("?channel=bank_transfer");
    const setup = await prisma.cardSetup.findUniqueOrThrow({ where: { reference } });
    expect([setup.status, setup.amountCents, setup.currency]).toEqual(["PENDING", CARD_CHECK_AMOUNTS.NGN, "NGN"]);
    // Asking again within the hour opens the same check.
    const again = await app.graphql(ADD, { currency: "NGN" }, token);
    expect(again.data.addPaymentCard.reference).toBe(reference);
    expect(await prisma.cardSetup.count({ where: { learnerId: learner.id } })).toBe(1);

    // Paid by card; the sandbox's charge.success webhook and the learner's return page race, and both are replayed.
    await sandbox("/__controls", { dropWebhooks: false, duplicateWebhooks: 3 });
    await sandbox(`/__simulate/${reference}/pay`, {});
    const [confirms] = await Promise.all([
      Promise.all(Array.from({ length: 4 }, () => app.graphql(CONFIRM, { reference }, token))),
      ...Array.from({ length: 4 }, () => settleCardSetup(app.services, reference)),
      enqueueSettlement(app.services, reference).then(() => app.settleJobs()),
    ]);
    for (const answer of confirms) {
      expect(answer.data.confirmPaymentCard.__typename).toBe("ConfirmPaymentCardPayload");
      expect(answer.data.confirmPaymentCard.status).toBe("SAVED");
      expect(answer.data.confirmPaymentCard.card).toMatchObject({ brand: "visa", last4: "4081", currency: "NGN" });
    }
    // The sandbox's own charge.success delivery has arrived (and queued the settlement job) before the replays.
    const pendingWebhooks = async () => ((await sandbox("/__controls")).data as unknown as { pendingWebhooks: number }).pendingWebhooks;
    for (let i = 0; i < 200 && (await pendingWebhooks()) > 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await pendingWebhooks()).toBe(0);
    await enqueueSettlement(app.services, reference);
    await app.settleJobs();
    expect(await settleCardSetup(app.services, reference)).toBe("SAVED");
    await app.settleJobs();

    const saved = await prisma.cardSetup.findUniqueOrThrow({ where: { reference } });
    expect([saved.status, saved.refundCents, saved.failureReason]).toEqual(["SAVED", CARD_CHECK_AMOUNTS.NGN, null]);
    expect(saved.paystackRefundId).toBeTruthy();
    const cards = await prisma.savedCard.findMany({ where: { learnerId: learner.id } });
    expect(cards.map((c) => [c.id, c.currency, c.last4])).toEqual([[saved.savedCardId, "NGN", "4081"]]);
    expect(await prisma.outboxJob.count({ where: { jobId: refundJobId(saved.id) } })).toBe(1);
    expect((await refundsAtPaystack(reference)).map((r) => r.amount)).toEqual([CARD_CHECK_AMOUNTS.NGN]);
    // Paystack's refund.processed (sent by the sandbox once it processed the refund) is kept on the check.
    for (let i = 0; i < 200 && (await pendingWebhooks()) > 0; i++) await new Promise((r) => setTimeout(r, 10));
    await app.settleJobs();
    expect((await prisma.cardSetup.findUniqueOrThrow({ where: { reference } })).refundStatus).toBe("processed");
    // No invoice was made or touched by the check.
    expect(await prisma.invoice.count({ where: { learnerId: learner.id } })).toBe(3);

    // Part 2's due date: the worker charges it to the saved card.
    const part2 = parts[1] as (typeof parts)[number];
    const onDue = new Date((part2.dueDate as Date).getTime() + 9 * 3_600_000);
    const run = await runInstalments(app.services, onDue);
    expect(run.charges).toBe(1);
    await app.settleJobs();
    const paid = await prisma.invoice.findUniqueOrThrow({ where: { id: part2.id } });
    expect([paid.status, paid.paymentMethod, paid.paymentChannel, paid.amountCents]).toEqual(["PAID", "CARD", "card", part2.amountCents]);
    await sandbox("/__controls", { dropWebhooks: true, duplicateWebhooks: 1 });
  });

  it("a learner without an active plan in the currency is refused, and nothing is opened at Paystack", async () => {
    const { learner, token } = await learnerWithToken(app);
    const refused = await app.graphql(ADD, { currency: "NGN" }, token);
    expect(refused.data.addPaymentCard).toEqual({ __typename: "ValidationError", message: CARD_SETUP_MESSAGES.noPlan("NGN") });
    const badCurrency = await app.graphql(ADD, { currency: "EUR" }, token);
    expect(badCurrency.errors?.[0]?.message).toMatch(/EUR/);
    const { startCardSetup } = await import("./card-setup.ts");
    await expect(startCardSetup(app.services, learner.id, "EUR")).rejects.toThrow(CARD_SETUP_MESSAGES.currency);
    // A plan in naira gives no reason to save a card in cedis.
    const withPlan = await planPaidByTransfer();
    const otherCurrency = await app.graphql(ADD, { currency: "GHS" }, withPlan.token);
    expect(otherCurrency.data.addPaymentCard.message).toBe(CARD_SETUP_MESSAGES.noPlan("GHS"));
    expect(await app.services.db.prisma.cardSetup.count({ where: { learnerId: { in: [learner.id, withPlan.learner.id] } } })).toBe(0);
    const staff = (await adminWithToken(app, "FINANCE")).token;
    const notLearner = await app.graphql(ADD, { currency: "NGN" }, staff);
    expect(notLearner.data.addPaymentCard).toEqual({ __typename: "ForbiddenError", message: "You are not allowed to do this." });
  });

  it("a learner who opened many checks today is told to wait (429) and nothing is opened", async () => {
    const { learner, token } = await planPaidByTransfer();
    const { prisma } = app.services.db;
    await prisma.cardSetup.createMany({
      data: Array.from({ length: MAX_CARD_CHECKS_PER_DAY }, (_, i) => ({
        learnerId: learner.id,
        currency: "NGN",
        amountCents: CARD_CHECK_AMOUNTS.NGN,
        reference: `lhcard-test-${learner.id.slice(0, 8)}-${i}`,
        status: "FAILED" as const,
        createdAt: new Date(Date.now() - (i + 2) * 3_600_000),
      })),
    });
    const refused = await app.graphql(
      `mutation { addPaymentCard(currency: NGN) { __typename ... on RateLimitError { message retryAfterSeconds } } }`,
      {},
      token,
    );
    expect(refused.data.addPaymentCard).toMatchObject({ __typename: "RateLimitError", message: CARD_SETUP_MESSAGES.tooMany });
    expect(refused.data.addPaymentCard.retryAfterSeconds).toBeGreaterThan(0);
    expect(await prisma.cardSetup.count({ where: { learnerId: learner.id } })).toBe(MAX_CARD_CHECKS_PER_DAY);
  });

  it("another learner can neither confirm a check nor remove a card that is not theirs (not found); the owner removes theirs", async () => {
    const { learner, token } = await planPaidByTransfer();
    const { token: stranger } = await learnerWithToken(app);
    const { prisma } = app.services.db;
    const { reference } = (await app.graphql(ADD, { currency: "NGN" }, token)).data.addPaymentCard;
    await sandbox(`/__simulate/${reference}/pay`, {});
    const theirs = await app.graphql(CONFIRM, { reference }, stranger);
    expect(theirs.data.confirmPaymentCard).toEqual({ __typename: "NotFoundError", message: CARD_SETUP_MESSAGES.notFound });
    // The stranger's call did not settle it.
    expect((await prisma.cardSetup.findUniqueOrThrow({ where: { reference } })).status).toBe("PENDING");
    const mine = await app.graphql(CONFIRM, { reference }, token);
    expect(mine.data.confirmPaymentCard.status).toBe("SAVED");
    const cardId = mine.data.confirmPaymentCard.card.id as string;

    const removeTheirs = await app.graphql(REMOVE, { id: cardId }, stranger);
    expect(removeTheirs.data.removeSavedCard).toEqual({ __typename: "NotFoundError", message: CARD_SETUP_MESSAGES.cardNotFound });
    expect(await prisma.savedCard.count({ where: { learnerId: learner.id } })).toBe(1);
    const notACard = await app.graphql(REMOVE, { id: globalId("Invoice", crypto.randomUUID()) }, token);
    expect(notACard.data.removeSavedCard.__typename).toBe("NotFoundError");

    expect((await app.graphql(CARDS, {}, token)).data.mySavedCards).toEqual([
      { id: cardId, brand: "visa", last4: "4081", currency: "NGN" },
    ]);
    const removed = await app.graphql(REMOVE, { id: cardId }, token);
    expect(removed.data.removeSavedCard).toEqual({ __typename: "DeletePayload", deletedId: cardId });
    expect((await app.graphql(CARDS, {}, token)).data.mySavedCards).toEqual([]);
    const twice = await app.graphql(REMOVE, { id: cardId }, token);
    expect(twice.data.removeSavedCard.__typename).toBe("NotFoundError");
    await app.settleJobs();
  });

  it("a declined check fails without a refund; a card Paystack says is not reusable fails with the reason and is still refunded once", async () => {
    const { learner, token } = await planPaidByTransfer();
    const { prisma } = app.services.db;
    const first = (await app.graphql(ADD, { currency: "NGN" }, token)).data.addPaymentCard.reference as string;
    await sandbox(`/__simulate/${first}/decline`, {});
    const declined = await app.graphql(CONFIRM, { reference: first }, token);
    expect(declined.data.confirmPaymentCard).toMatchObject({ status: "FAILED", reason: CARD_SETUP_MESSAGES.declined, card: null });
    await app.settleJobs();
    const failed = await prisma.cardSetup.findUniqueOrThrow({ where: { reference: first } });
    expect([failed.refundCents, await prisma.outboxJob.count({ where: { jobId: refundJobId(failed.id) } })]).toEqual([null, 0]);

    // A new check (the failed one is not reused) paid by a channel that leaves no reusable card.
    const second = (await app.graphql(ADD, { currency: "NGN" }, token)).data.addPaymentCard.reference as string;
    expect(second).not.toBe(first);
    // The sandbox's control lets it be paid by a channel whose authorization is not reusable (a card Paystack will not
    // let us charge again reads the same); while pending, nothing is decided.
    await sandbox(`/__simulate/${second}/submit`, { channel: "bank_transfer" });
    expect(await settleCardSetup(app.services, second)).toBe("PENDING");
    await sandbox(`/__simulate/${second}/complete`, {});
    const outcomes = await Promise.all([
      app.graphql(CONFIRM, { reference: second }, token),
      settleCardSetup(app.services, second),
      settleCardSetup(app.services, second),
    ]);
    expect(outcomes[0].data.confirmPaymentCard).toMatchObject({ status: "FAILED", reason: CARD_SETUP_MESSAGES.notReusable, card: null });
    await app.settleJobs();
    const notReusable = await prisma.cardSetup.findUniqueOrThrow({ where: { reference: second } });
    expect(await prisma.outboxJob.count({ where: { jobId: refundJobId(notReusable.id) } })).toBe(1);
    expect((await refundsAtPaystack(second)).map((r) => r.amount)).toEqual([CARD_CHECK_AMOUNTS.NGN]);
    expect(await prisma.savedCard.count({ where: { learnerId: learner.id } })).toBe(0);

    // Paystack reports another amount than the check's: nothing is saved, and what was charged is refunded.
    const third = (await app.graphql(ADD, { currency: "NGN" }, token)).data.addPaymentCard.reference as string;
    await sandbox(`/__simulate/${third}/pay`, {});
    await sandbox("/__controls", { tamper: { reference: third, amount: 100 } });
    const mismatch = await app.graphql(CONFIRM, { reference: third }, token);
    expect(mismatch.data.confirmPaymentCard).toMatchObject({ status: "FAILED", reason: CARD_SETUP_MESSAGES.mismatch, card: null });
    await app.settleJobs();
    expect((await prisma.cardSetup.findUniqueOrThrow({ where: { reference: third } })).refundCents).toBe(100);
    expect((await refundsAtPaystack(third)).map((r) => r.amount)).toEqual([100]);
    expect(await prisma.savedCard.count({ where: { learnerId: learner.id } })).toBe(0);
  });
});
