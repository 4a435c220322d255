import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken, mailsTo } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { globalId } from "#testing/graphql.ts";
import { sandboxControl } from "#testing/paystack.ts";
import { mixedSettlementAttempts, paidCardCheckout, settlementOutcome } from "#testing/settlement.ts";
import { housekeeping } from "../housekeeping.ts";
import { OFFLINE_MESSAGES } from "./offline.ts";
import { cardAfterOtherReason, settlePayment } from "./settle.ts";
import { VERIFY_MESSAGES } from "./verify.ts";

/** One settlement for every path, finance confirming receipt, and offline payments (docs/ARCHITECTURE.md, "Money"). */
describe("settlement", () => {
  let app: TestApp;
  let finance: string;
  let owner: string;
  beforeAll(async () => {
    app = await startTestApp();
    finance = (await adminWithToken(app, "FINANCE")).token;
    owner = (await adminWithToken(app, "OWNER")).token;
  });
  afterAll(async () => {
    await sandboxControl(app, "/__controls/reset", {});
    await app.close();
  });

  const today = () => new Date().toISOString().slice(0, 10);
  const confirm = (id: string, body: Record<string, unknown>, token = finance) =>
    rest(app, "POST", `/api/invoices/${id}/confirm`, { token, body });

  it("finance confirms receipt of a pending invoice: enrolled once, receipt mailed, audited; a second confirmation is a 409", async () => {
    const { learner, token, track, invoice } = await paidCardCheckout(app);
    const done = await confirm(invoice.id, { method: "bank_transfer", receivedOn: today(), note: "Seen on statement 12" });
    expect(done.status).toBe(200);
    expect(done.body.invoice.status).toBe("paid");
    const outcome = await settlementOutcome(app, learner, track.id, invoice.id);
    await app.settleJobs();
    expect((await settlementOutcome(app, learner, track.id, invoice.id)).receipts).toBe(1);
    expect([outcome.enrollments, outcome.paidRecords]).toEqual([1, 1]);
    expect(outcome.invoice).toMatchObject({
      paymentMethod: "BANK_TRANSFER",
      paymentDetails: `Bank transfer received ${today()}`,
      paymentNote: "Seen on statement 12",
    });
    // The learner reads the payment details, never finance's note.
    const NOTE = `query ($id: ID!) { node(id: $id) { ... on Invoice { paymentDetails paymentNote } } }`;
    const asLearner = await app.graphql(NOTE, { id: globalId("Invoice", invoice.id) }, token);
    expect(asLearner.data.node.paymentDetails).toBe(`Bank transfer received ${today()}`);
    expect(asLearner.data.node.paymentNote).toBeNull();
    const asFinance = await app.graphql(NOTE, { id: globalId("Invoice", invoice.id) }, finance);
    expect(asFinance.data.node.paymentNote).toBe("Seen on statement 12");
    const audit = await app.services.db.prisma.auditEntry.findMany({ where: { entityId: invoice.id, action: "invoice.confirm" } });
    expect(audit).toHaveLength(1);

    const again = await confirm(invoice.id, { method: "cash", receivedOn: today() });
    expect([again.status, again.body.message]).toEqual([409, OFFLINE_MESSAGES.alreadyPaid]);
    expect((await settlementOutcome(app, learner, track.id, invoice.id)).enrollments).toBe(1);
  });

  it("refuses bad confirmations with a 4xx and changes nothing", async () => {
    const { learner, track, invoice } = await paidCardCheckout(app);
    const manager = (await adminWithToken(app, "MANAGER")).token;
    const { token: learnerToken } = await learnerWithToken(app);
    const tomorrow = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, string, number][] = [
      [{ method: "bank_transfer", receivedOn: tomorrow }, finance, 400],
      [{ method: "card", receivedOn: today() }, finance, 400],
      [{ method: "bank_transfer" }, finance, 400],
      [{ method: "bank_transfer", receivedOn: "2026-02-30" }, finance, 400],
      [{ method: "bank_transfer", receivedOn: today(), note: "x".repeat(501) }, finance, 400],
      [{ method: "bank_transfer", receivedOn: today() }, manager, 403],
      [{ method: "bank_transfer", receivedOn: today() }, learnerToken, 403],
      [{ method: "bank_transfer", receivedOn: today() }, "", 401],
    ];
    for (const [body, token, status] of cases) expect([body, (await confirm(invoice.id, body, token)).status]).toEqual([body, status]);
    expect((await confirm("00000000-0000-4000-8000-000000000000", { method: "cash", receivedOn: today() })).status).toBe(404);
    await app.services.db.prisma.invoice.update({ where: { id: invoice.id }, data: { status: "VOID", voidReason: "Duplicate" } });
    const voided = await confirm(invoice.id, { method: "cash", receivedOn: today() });
    expect([voided.status, voided.body.message]).toEqual([409, OFFLINE_MESSAGES.voided]);
    const outcome = await settlementOutcome(app, learner, track.id, invoice.id);
    expect([outcome.enrollments, outcome.invoice.status, outcome.invoice.paymentMethod]).toEqual([0, "VOID", null]);
  });

  it("a card payment that arrives after finance confirmed another method is flagged for refund, once; nobody is enrolled twice", async () => {
    const { learner, track, invoice, reference } = await paidCardCheckout(app);
    expect((await confirm(invoice.id, { method: "mobile_money", receivedOn: today() })).status).toBe(200);
    // Before the fix, a paid invoice returned "PAID" without asking Paystack: the card money was never recorded.
    expect(await settlePayment(app.services, reference)).toBe("PAID");
    const after = await settlementOutcome(app, learner, track.id, invoice.id);
    expect(after.invoice.flaggedReason).toBe("Paid by card after it was settled by mobile money; refund due.");
    expect(after.invoice.flaggedReason).toBe(cardAfterOtherReason("MOBILE_MONEY"));
    const verifies = (await sandboxControl(app, "/__controls")).data.verifyRequests;
    expect(await settlePayment(app.services, reference)).toBe("PAID");
    // Flagged once: a repeated delivery does not ask Paystack again or change the record.
    expect((await sandboxControl(app, "/__controls")).data.verifyRequests).toBe(verifies);
    const again = await settlementOutcome(app, learner, track.id, invoice.id);
    expect([again.enrollments, again.paidRecords, again.invoice.updatedAt]).toEqual([1, 1, after.invoice.updatedAt]);
  });

  it("an admin marking a pending card invoice paid enrolls the learner (the one settlement, method OTHER)", async () => {
    const { learner, track, invoice } = await paidCardCheckout(app);
    const res = await rest(app, "PUT", `/api/invoices/${invoice.id}`, {
      token: finance,
      body: { learner: learner.id, amount: 49.99, status: "paid" },
    });
    expect(res.status).toBe(200);
    await app.settleJobs();
    const outcome = await settlementOutcome(app, learner, track.id, invoice.id);
    expect([outcome.enrollments, outcome.paidRecords, outcome.receipts, outcome.invoice.paymentMethod]).toEqual([1, 1, 1, "OTHER"]);
  });

  it("20 concurrent attempts of mixed kinds (webhook, verify, confirmation) give one enrollment, one paid record, one receipt", async () => {
    for (let round = 0; round < 3; round++) {
      const { learner, token, track, invoice, reference } = await paidCardCheckout(app);
      const answers = await mixedSettlementAttempts(app, {
        reference,
        invoiceId: invoice.id,
        learnerToken: token,
        financeToken: finance,
        priceCents: track.priceCents,
      });
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      const confirmations = answers.filter((a) => a.kind === "confirm");
      expect(confirmations.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1);
      expect(confirmations.every((a) => a.status === 200 || a.status === 409)).toBe(true);
      await app.settleJobs();
      const outcome = await settlementOutcome(app, learner, track.id, invoice.id);
      expect([outcome.enrollments, outcome.paidRecords, outcome.receipts]).toEqual([1, 1, 1]);
      // The card payment happened in the sandbox: if the confirmation won, that card money is flagged for refund.
      if (outcome.invoice.paymentMethod === "BANK_TRANSFER") {
        await settlePayment(app.services, reference);
        expect((await app.services.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).flaggedReason).toBe(
          cardAfterOtherReason("BANK_TRANSFER"),
        );
      } else {
        expect(outcome.invoice).toMatchObject({ paymentMethod: "CARD", flaggedReason: null });
      }
    }
  });

  it("refunds in the race: 20 concurrent webhooks, verify calls, confirmations and full refunds give one paid record, at most one refund, and access that matches it", async () => {
    for (let round = 0; round < 3; round++) {
      const { learner, token, track, invoice, reference } = await paidCardCheckout(app);
      // Refund webhooks reach the app (a card refund is processed when Paystack says so); the charge's were dropped.
      await sandboxControl(app, "/__controls", { dropWebhooks: false });
      const answers = await mixedSettlementAttempts(
        app,
        { reference, invoiceId: invoice.id, learnerToken: token, financeToken: finance, priceCents: track.priceCents },
        20,
        ["webhook", "refund", "verify", "confirm", "refund"],
      );
      expect(answers.filter((a) => a.status >= 500)).toEqual([]);
      const refunds = answers.filter((a) => a.kind === "refund");
      expect(refunds.every((a) => a.status === 201 || a.status === 409)).toBe(true);
      const refunded = refunds.filter((a) => a.status === 201).length;
      // Each asks for all that is left: the first one taken holds the whole amount, so at most one is.
      expect(refunded).toBeLessThanOrEqual(1);
      for (let i = 0; i < 200; i++) {
        await app.settleJobs();
        const now = await settlementOutcome(app, learner, track.id, invoice.id);
        if (now.refunds.every((r) => r.status === "PROCESSED")) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      const outcome = await settlementOutcome(app, learner, track.id, invoice.id);
      expect([outcome.paidRecords, outcome.receipts]).toEqual([1, 1]);
      expect(outcome.refunds.reduce((sum, r) => sum + r.amountCents, 0)).toBe(refunded ? track.priceCents : 0);
      expect(outcome.invoice).toMatchObject(
        refunded ? { status: "REFUNDED", refundedCents: track.priceCents } : { status: "PAID", refundedCents: 0 },
      );
      expect([outcome.enrollments, outcome.refundMails]).toEqual(refunded ? [0, 1] : [1, 0]);
      await sandboxControl(app, "/__controls", { dropWebhooks: true });
    }
  });

  describe("offline payments", () => {
    const gql = (query: string, variables: Record<string, unknown>, token?: string) => app.graphql(query, variables, token);
    const SAVE = `mutation($input: BusinessSettingsInput!) {
      updateBusinessSettings(input: $input) {
        __typename ... on Error { message } ... on BusinessSettingsPayload { settings { offlinePaymentsEnabled offlineInstructions } }
      }
    }`;
    const CHECKOUT = `mutation($input: CheckoutInput!) {
      checkout(input: $input) { __typename ... on Error { message } ... on CheckoutPayload { reference authorizationUrl offline message } }
    }`;
    const instructions = "Bank: First Bank\nAccount: 0123456789\n<b>not html</b>";
    const settings = (over: Record<string, unknown> = {}) => ({
      offlinePaymentsEnabled: true,
      offlineInstructions: instructions,
      offlineExpiryDays: 7,
      checkoutAbandonHours: 24,
      ...over,
    });

    async function offlineCheckout(token: string, trackId: string) {
      const trackGid = Buffer.from(`Track:${trackId}`).toString("base64");
      const res = await gql(
        CHECKOUT,
        { input: { trackId: trackGid, contact: "+234 802 555 0101", gender: "MALE", method: "OFFLINE" } },
        token,
      );
      return res.data?.checkout;
    }

    it("only the owner saves settings; instructions are required when enabled; bad values are refused", async () => {
      expect((await gql(SAVE, { input: settings() }, finance)).data?.updateBusinessSettings.__typename).toBe("ForbiddenError");
      const refused = [
        settings({ offlineInstructions: "" }),
        settings({ offlineInstructions: "x".repeat(2001) }),
        settings({ offlineExpiryDays: 0 }),
        settings({ offlineExpiryDays: 366 }),
        settings({ checkoutAbandonHours: 721 }),
      ];
      for (const input of refused)
        expect((await gql(SAVE, { input }, owner)).data?.updateBusinessSettings.__typename).toBe("ValidationError");
      expect((await app.services.db.prisma.businessSettings.findUniqueOrThrow({ where: { id: 1 } })).offlinePaymentsEnabled).toBe(false);
      const rejectedRest = await rest(app, "PUT", "/api/settings", { token: owner, body: { ...settings(), offlineExpiryDays: "seven" } });
      expect(rejectedRest.status).toBe(400);
      expect((await rest(app, "GET", "/api/settings", { token: finance })).status).toBe(403);
    });

    it("bank transfer checkout: a pending invoice with a reference, the instructions shown and mailed; finance confirms; the learner is enrolled", async () => {
      const { learner, token } = await learnerWithToken(app);
      const track = await app.services.db.prisma.track.create({
        data: { name: "Offline Track", priceCents: 12000, duration: "4 weeks", instructor: "I", description: "D", status: "PUBLISHED" },
      });
      // Off: refused, nothing made.
      expect((await offlineCheckout(token, track.id))?.message).toBe(OFFLINE_MESSAGES.unavailable);
      const saved = await rest(app, "PUT", "/api/settings", { token: owner, body: settings() });
      expect(saved.status).toBe(200);
      const publicView = await gql("{ paymentOptions { offlinePaymentsEnabled offlineInstructions } }", {});
      expect(publicView.data?.paymentOptions).toEqual({ offlinePaymentsEnabled: true, offlineInstructions: instructions });
      expect((await gql("{ businessSettings { offlineExpiryDays } }", {}, token)).errors).toBeTruthy();
      expect((await gql("{ businessSettings { offlineExpiryDays } }", {}, owner)).data?.businessSettings).toEqual({ offlineExpiryDays: 7 });

      const verifiesBefore = (await sandboxControl(app, "/__controls")).data.verifyRequests;
      const started = await offlineCheckout(token, track.id);
      expect(started).toMatchObject({ __typename: "CheckoutPayload", authorizationUrl: null, offline: true });
      expect(started.reference).toMatch(/^lh-[a-z0-9]+-[0-9a-f]{16}$/);
      expect((await offlineCheckout(token, track.id))?.reference).toBe(started.reference);
      const invoice = await app.services.db.prisma.invoice.findUniqueOrThrow({ where: { reference: started.reference } });
      expect(invoice).toMatchObject({ status: "PENDING", amountCents: 12000, paymentMethod: null });
      expect(Math.abs((invoice.expiresAt?.getTime() ?? 0) - (Date.now() + 7 * 86_400_000))).toBeLessThan(60_000);
      const mail = (await mailsTo(app, learner.email)).find((m) => m.subject === "How to pay for Offline Track");
      expect(mail?.text).toContain(instructions);
      expect(mail?.text).toContain(started.reference);
      expect(mail?.html).not.toContain("<b>not html");
      expect(mail?.html).toContain("not html");

      // The learner's page: waiting, with the instructions; nothing is asked of Paystack, nothing fails.
      const verified = await rest(app, "POST", "/api/enrollments/verify-payment", { token, body: { reference: started.reference } });
      expect(verified.body).toMatchObject({ success: false, message: VERIFY_MESSAGES.waitingForTransfer });
      const page = await gql(
        "query($r: String!) { offlinePayment(reference: $r) { reference amount trackName instructions status } }",
        { r: started.reference },
        token,
      );
      expect(page.data?.offlinePayment).toEqual({
        reference: started.reference,
        amount: 120,
        trackName: "Offline Track",
        instructions,
        status: "PENDING",
      });
      const stranger = await learnerWithToken(app);
      expect(
        (await gql("query($r: String!) { offlinePayment(reference: $r) { reference } }", { r: started.reference }, stranger.token)).data
          ?.offlinePayment,
      ).toBeNull();
      await housekeeping(app.services);
      await app.settleJobs();
      expect((await app.services.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).status).toBe("PENDING");
      expect((await sandboxControl(app, "/__controls")).data.verifyRequests).toBe(verifiesBefore);

      const done = await confirm(invoice.id, { method: "bank_transfer", receivedOn: today() });
      expect(done.status).toBe(200);
      await app.settleJobs();
      const outcome = await settlementOutcome(app, learner, track.id, invoice.id);
      expect([outcome.enrollments, outcome.paidRecords, outcome.receipts]).toEqual([1, 1, 1]);
    });

    it("REST clients may pay by bank transfer / mobile money too: 202 with the reference and instructions; a bad method is a 400", async () => {
      await rest(app, "PUT", "/api/settings", { token: owner, body: settings() });
      const { token } = await learnerWithToken(app);
      const track = await app.services.db.prisma.track.create({
        data: { name: "REST Offline", priceCents: 4500, duration: "1 week", instructor: "I", description: "D" },
      });
      const body = { track: track.id, contact: "+234 802 555 0101", gender: "Female" };
      const bad = await rest(app, "POST", "/api/enrollments", { token, body: { ...body, method: "cheque" } });
      expect([bad.status, bad.body.message]).toEqual([400, "Payment method must be card or offline."]);
      const started = await rest(app, "POST", "/api/enrollments", { token, body: { ...body, method: "offline" } });
      expect(started.status).toBe(202);
      expect(started.body).toMatchObject({ offline: true, amount: 45, currency: "USD", instructions });
      expect(new Date(started.body.expiresAt).getTime()).toBeGreaterThan(Date.now());
      const invoice = await app.services.db.prisma.invoice.findUniqueOrThrow({ where: { reference: started.body.reference } });
      expect(invoice).toMatchObject({ status: "PENDING", amountCents: 4500, authorizationUrl: null });
      const verified = await rest(app, "POST", "/api/enrollments/verify-payment", { token, body: { reference: started.body.reference } });
      expect(verified.body).toMatchObject({ success: false, status: "pending", message: VERIFY_MESSAGES.waitingForTransfer });
      await rest(app, "PUT", "/api/settings", { token: owner, body: settings({ offlinePaymentsEnabled: false }) });
      const off = await rest(app, "POST", "/api/enrollments", { token, body: { ...body, method: "offline" } });
      expect(off.status).toBeGreaterThanOrEqual(400);
      expect(off.status).toBeLessThan(500);
    });

    it("a pending offline invoice past its expiry becomes VOID (Expired unpaid) in housekeeping and cannot be confirmed", async () => {
      await rest(app, "PUT", "/api/settings", { token: owner, body: settings() });
      const { token } = await learnerWithToken(app);
      const track = await app.services.db.prisma.track.create({
        data: { name: "Lapsing Track", priceCents: 5000, duration: "1 week", instructor: "I", description: "D", status: "PUBLISHED" },
      });
      const started = await offlineCheckout(token, track.id);
      const { prisma } = app.services.db;
      const invoice = await prisma.invoice.update({
        where: { reference: started.reference },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      const expired = await confirm(invoice.id, { method: "cash", receivedOn: today() });
      expect([expired.status, expired.body.message]).toEqual([409, OFFLINE_MESSAGES.expired]);
      expect((await housekeeping(app.services)).offline).toBeGreaterThanOrEqual(1);
      expect(await prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).toMatchObject({
        status: "VOID",
        voidReason: "Expired unpaid",
      });
      const voided = await confirm(invoice.id, { method: "cash", receivedOn: today() });
      expect([voided.status, voided.body.message]).toEqual([409, OFFLINE_MESSAGES.voided]);
      // The learner's payment page says it lapsed, not that a card payment failed.
      const verified = await rest(app, "POST", "/api/enrollments/verify-payment", { token, body: { reference: started.reference } });
      expect(verified.body).toEqual({ success: false, status: "expired", message: VERIFY_MESSAGES.expired });
      await rest(app, "PUT", "/api/settings", { token: owner, body: settings({ offlinePaymentsEnabled: false }) });
    });

    it("a retried or flooded offline checkout gives one invoice and one mail; deleting the track meanwhile archives it, never orphans an invoice", async () => {
      await rest(app, "PUT", "/api/settings", { token: owner, body: settings() });
      const { prisma } = app.services.db;
      const { learner, token } = await learnerWithToken(app);
      const track = await prisma.track.create({
        data: { name: "Offline Flood", priceCents: 5000, duration: "1 week", instructor: "I", description: "D" },
      });
      const answers = await Promise.all(Array.from({ length: 8 }, () => offlineCheckout(token, track.id)));
      const references = new Set(answers.map((a) => a?.reference));
      expect([answers.every((a) => a?.__typename === "CheckoutPayload"), references.size]).toEqual([true, 1]);
      expect(await prisma.invoice.count({ where: { learnerId: learner.id, trackId: track.id } })).toBe(1);
      await app.settleJobs();
      expect((await mailsTo(app, learner.email)).filter((m) => m.subject === `How to pay for ${track.name}`)).toHaveLength(1);

      // Staff delete a track while learners check out offline: each checkout succeeds (the track is then archived, its
      // invoice keeps it) or is refused clearly; none leaves an invoice without its track.
      const raced = await prisma.track.create({
        data: { name: "Offline Race", priceCents: 5000, duration: "1 week", instructor: "I", description: "D" },
      });
      const admin = (await adminWithToken(app, "OWNER")).token;
      const buyers = await Promise.all(Array.from({ length: 4 }, () => learnerWithToken(app)));
      const [deleted, ...checkouts] = await Promise.all([
        rest(app, "DELETE", `/api/tracks/${raced.id}`, { token: admin }),
        ...buyers.map((b) => offlineCheckout(b.token, raced.id)),
      ]);
      expect(deleted.status).toBe(200);
      const sold = checkouts.filter((c) => c?.__typename === "CheckoutPayload").length;
      for (const c of checkouts) expect(["CheckoutPayload", "NotFoundError", "ConflictError"]).toContain(c?.__typename);
      const orphans = await prisma.invoice.count({ where: { learnerId: { in: buyers.map((b) => b.learner.id) }, trackId: null } });
      expect([orphans, await prisma.invoice.count({ where: { trackId: raced.id } })]).toEqual([0, sold]);
      const row = await prisma.track.findUnique({ where: { id: raced.id } });
      if (sold > 0) expect(row?.archivedAt).toBeInstanceOf(Date);
      expect(deleted.body.archived === true).toBe(row !== null);
      await rest(app, "PUT", "/api/settings", { token: owner, body: settings({ offlinePaymentsEnabled: false }) });
    });
  });
});
