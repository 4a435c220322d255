import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActor, learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { createTrack } from "#testing/catalogue.ts";
import { deleteTrack } from "../catalogue/tracks.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import type { Actor } from "../staff/audit.ts";
import { createInvoice, deleteInvoice, INVOICE_MESSAGES, updateInvoice, voidInvoice } from "./invoices.ts";

/**
 * Paid records are locked (docs/ARCHITECTURE.md, "Money"): the domain's refusals, the database trigger behind them,
 * voiding, and what an invoice is for. On PGlite, or on PostgreSQL with TEST_DATABASE_URL.
 */

let app: TestApp;
let actor: Actor;
const prisma = () => app.services.db.prisma;

beforeAll(async () => {
  app = await startTestApp();
  actor = await adminActor(app);
});
afterAll(() => app.close());

async function learner() {
  return (await learnerWithToken(app)).learner.id;
}

async function track(priceCents = 45_000) {
  return (await createTrack(app, priceCents)).id;
}

/** An invoice settled by card, as the settlement leaves it. */
async function paidInvoice(learnerId: string, trackId: string) {
  return prisma().invoice.create({
    data: {
      learnerId,
      trackId,
      amountCents: 45_000,
      status: "PAID",
      paymentMethod: "CARD",
      paidAt: new Date(),
      reference: `ref-${randomBytes(6).toString("hex")}`,
    },
  });
}

const auditOf = (entityId: string) => prisma().auditEntry.findMany({ where: { entityId }, orderBy: { createdAt: "asc" } });

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    // "ConflictError: <message>": the error's type (so its HTTP status) and its message.
    return String(error);
  }
  throw new Error("expected a refusal");
}

describe("a paid record", () => {
  it("keeps its amount, learner, track and status, and is never deleted; nothing changes and nothing is audited", async () => {
    const [ada, kofi, trackId, otherTrack] = [await learner(), await learner(), await track(), await track()];
    const paid = await paidInvoice(ada, trackId);
    const same = { learnerId: ada, amount: 450, status: "PAID", trackId };
    for (const change of [
      { amount: 0.01 },
      { learnerId: kofi },
      { trackId: otherTrack },
      { trackId: null, description: "Something else" },
      { status: "PENDING" },
    ]) {
      const error = await refusal(updateInvoice(app.services, actor, paid.id, { ...same, ...change }));
      expect([change, error]).toEqual([change, String(new ConflictError(INVOICE_MESSAGES.paidLocked))]);
    }
    expect(await refusal(deleteInvoice(app.services, actor, paid.id))).toEqual(String(new ConflictError(INVOICE_MESSAGES.paidNotDeleted)));
    expect(await prisma().invoice.findUniqueOrThrow({ where: { id: paid.id } })).toEqual(paid);
    expect(await auditOf(paid.id)).toEqual([]);
  });

  it("may still change its words and due date (payment details, description), audited", async () => {
    const paid = await paidInvoice(await learner(), await track());
    const updated = await updateInvoice(app.services, actor, paid.id, {
      learnerId: paid.learnerId,
      amount: 450,
      status: "PAID",
      dueDate: new Date("2026-12-01T00:00:00Z"),
      paymentDetails: "Card, receipt 42",
    });
    expect(updated).toMatchObject({ amountCents: 45_000, trackId: paid.trackId, status: "PAID", paymentDetails: "Card, receipt 42" });
    expect(updated.paidAt).toEqual(paid.paidAt);
    expect(updated.dueDate?.toISOString().slice(0, 10)).toBe("2026-12-01");
    const [entry] = await auditOf(paid.id);
    expect(entry).toMatchObject({ action: "invoice.update", actorEmail: actor.email });
    expect(entry?.changes).toMatchObject({ paymentDetails: [null, "Card, receipt 42"] });
  });

  it("a refunded record stays what it is when its words change", async () => {
    const paid = await paidInvoice(await learner(), await track());
    await prisma().invoice.update({ where: { id: paid.id }, data: { status: "REFUNDED", refundedCents: 45_000 } });
    const updated = await updateInvoice(app.services, actor, paid.id, {
      learnerId: paid.learnerId,
      amount: 450,
      status: "PAID",
      paymentDetails: "Refunded by card",
    });
    expect(updated).toMatchObject({ status: "REFUNDED", refundedCents: 45_000, paymentDetails: "Refunded by card" });
    expect(await refusal(deleteInvoice(app.services, actor, paid.id))).toEqual(String(new ConflictError(INVOICE_MESSAGES.paidNotDeleted)));
  });

  it("a pending invoice stays editable and deletable", async () => {
    const [ada, kofi, trackId] = [await learner(), await learner(), await track()];
    const pending = await createInvoice(app.services, actor, { learnerId: ada, amount: 450, status: "PENDING", trackId });
    const moved = await updateInvoice(app.services, actor, pending.id, {
      learnerId: kofi,
      amount: 12.5,
      status: "PENDING",
      trackId: null,
      description: "Books",
    });
    expect(moved).toMatchObject({ learnerId: kofi, amountCents: 1250, trackId: null, description: "Books" });
    expect(await deleteInvoice(app.services, actor, pending.id)).toEqual({ id: pending.id });
    expect((await auditOf(pending.id)).map((e) => e.action)).toEqual(["invoice.create", "invoice.update", "invoice.delete"]);
  });

  it("an edit racing a card settlement of the same invoice either lands first or is refused, never a server error", async () => {
    for (let i = 0; i < 10; i++) {
      const ada = await learner();
      const pending = await prisma().invoice.create({ data: { learnerId: ada, trackId: await track(), amountCents: 45_000 } });
      // What the settlement does: a conditional update pending -> paid.
      const settle = prisma().invoice.updateMany({
        where: { id: pending.id, status: "PENDING" },
        data: { status: "PAID", paidAt: new Date() },
      });
      const edit = updateInvoice(app.services, actor, pending.id, { learnerId: ada, amount: 0.01, status: "PENDING" });
      const [settled, edited] = await Promise.allSettled([settle, edit]);
      expect(settled.status).toBe("fulfilled");
      const after = await prisma().invoice.findUniqueOrThrow({ where: { id: pending.id } });
      if (edited.status === "rejected") {
        expect(String(edited.reason)).toEqual(String(new ConflictError(INVOICE_MESSAGES.paidLocked)));
        expect(after).toMatchObject({ status: "PAID", amountCents: 45_000 });
      } else {
        // The edit came first; the settlement then found it pending and paid it at the edited amount (the
        // settlement's own amount check is what refuses a mismatch).
        expect(after.amountCents).toBe(1);
      }
    }
  });
});

describe("the database lock (trigger), for writers that bypass the domain", () => {
  it("refuses a raw change of amount, currency, learner or track, a paid record becoming unpaid, and a delete", async () => {
    const [ada, kofi, trackId] = [await learner(), await learner(), await track()];
    const paid = await paidInvoice(ada, trackId);
    for (const data of [
      { amountCents: 1 },
      { currency: "NGN" },
      { learnerId: kofi },
      { learnerId: null },
      { trackId: null },
      { status: "PENDING" as const },
      { status: "VOID" as const },
    ]) {
      const error = await refusal(prisma().invoice.update({ where: { id: paid.id }, data }));
      expect([data, String(error)]).toEqual([data, expect.stringContaining("is a paid record")]);
    }
    expect(String(await refusal(prisma().invoice.delete({ where: { id: paid.id } })))).toContain("cannot be deleted");
    expect(String(await refusal(prisma().$executeRaw`DELETE FROM "Invoice" WHERE "id" = ${paid.id}::uuid`))).toContain("cannot be deleted");
    // Deleting the learner would unlink the paid record (ON DELETE SET NULL): refused too.
    expect(String(await refusal(prisma().learner.delete({ where: { id: ada } })))).toContain("is a paid record");
    expect(await prisma().invoice.findUniqueOrThrow({ where: { id: paid.id } })).toEqual(paid);

    // What may change: its words, and refunds (it stays a paid record).
    await prisma().invoice.update({ where: { id: paid.id }, data: { paymentDetails: "noted", flaggedReason: "checked" } });
    await prisma().invoice.update({ where: { id: paid.id }, data: { status: "PARTIALLY_REFUNDED", refundedCents: 100 } });
    expect(String(await refusal(prisma().invoice.update({ where: { id: paid.id }, data: { amountCents: 50_000 } })))).toContain(
      "is a paid record",
    );
  });

  it("leaves unpaid invoices alone: edited, deleted, unlinked when their learner goes", async () => {
    const ada = await learner();
    const pending = await prisma().invoice.create({ data: { learnerId: ada, amountCents: 100 } });
    await prisma().invoice.update({ where: { id: pending.id }, data: { amountCents: 200 } });
    await prisma().learner.delete({ where: { id: ada } });
    expect((await prisma().invoice.findUniqueOrThrow({ where: { id: pending.id } })).learnerId).toBeNull();
    await prisma().invoice.delete({ where: { id: pending.id } });
  });
});

describe("deleting a track", () => {
  it("archives a track with invoices instead (paid or pending): it stays, and every invoice keeps its track", async () => {
    const trackId = await track();
    const paid = await paidInvoice(await learner(), trackId);
    const pending = await prisma().invoice.create({ data: { learnerId: await learner(), trackId, amountCents: 100 } });
    expect(await deleteTrack(app.services, actor, trackId)).toEqual({ id: trackId, archived: true });
    expect((await prisma().track.findUniqueOrThrow({ where: { id: trackId } })).archivedAt).toBeInstanceOf(Date);
    for (const invoice of [paid, pending]) {
      expect((await prisma().invoice.findUniqueOrThrow({ where: { id: invoice.id } })).trackId).toBe(trackId);
    }
  });
});

describe("deleting a track while a card payment for it settles", () => {
  it("archives it whichever comes first, and the invoice keeps its track; never a server error", async () => {
    for (let i = 0; i < 10; i++) {
      const trackId = await track();
      const pending = await prisma().invoice.create({ data: { learnerId: await learner(), trackId, amountCents: 45_000 } });
      const settle = prisma().invoice.updateMany({
        where: { id: pending.id, status: "PENDING" },
        data: { status: "PAID", paidAt: new Date() },
      });
      const [deleted] = await Promise.all([deleteTrack(app.services, actor, trackId), settle]);
      expect(deleted).toEqual({ id: trackId, archived: true });
      expect(await prisma().invoice.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({ status: "PAID", trackId });
    }
  });
});

describe("voiding", () => {
  it("cancels a pending invoice with a reason, audited as invoice.void; then it neither changes nor goes", async () => {
    const ada = await learner();
    const pending = await prisma().invoice.create({ data: { learnerId: ada, amountCents: 9_900 } });
    const voided = await voidInvoice(app.services, actor, pending.id, { reason: "  Sent twice by mistake  " });
    expect(voided).toMatchObject({ status: "VOID", voidReason: "Sent twice by mistake", amountCents: 9_900 });
    expect(voided.voidedAt).toBeInstanceOf(Date);
    const [entry] = await auditOf(pending.id);
    expect(entry).toMatchObject({ action: "invoice.void", entityType: "Invoice", actorRole: "FINANCE" });
    expect(entry?.changes).toMatchObject({ status: ["PENDING", "VOID"], voidReason: [null, "Sent twice by mistake"] });

    expect(await refusal(voidInvoice(app.services, actor, pending.id, { reason: "again" }))).toEqual(
      String(new ConflictError(INVOICE_MESSAGES.voidNotPending)),
    );
    expect(await refusal(updateInvoice(app.services, actor, pending.id, { learnerId: ada, amount: 99, status: "PENDING" }))).toEqual(
      String(new ConflictError(INVOICE_MESSAGES.voidLocked)),
    );
    expect(await refusal(deleteInvoice(app.services, actor, pending.id))).toEqual(String(new ConflictError(INVOICE_MESSAGES.voidLocked)));
    expect(await auditOf(pending.id)).toHaveLength(1);
  });

  it("refuses a paid record (refund it instead), a missing or long reason, and an unknown invoice", async () => {
    const paid = await paidInvoice(await learner(), await track());
    expect(await refusal(voidInvoice(app.services, actor, paid.id, { reason: "Wrong learner" }))).toEqual(
      String(new ConflictError(INVOICE_MESSAGES.voidPaid)),
    );
    const pending = await prisma().invoice.create({ data: { learnerId: await learner(), amountCents: 100 } });
    for (const reason of [undefined, null, "", "   "]) {
      expect(await refusal(voidInvoice(app.services, actor, pending.id, { reason }))).toEqual(
        String(new ValidationError(INVOICE_MESSAGES.voidReason)),
      );
    }
    expect(await refusal(voidInvoice(app.services, actor, pending.id, { reason: "x".repeat(501) }))).toEqual(
      String(new ValidationError(INVOICE_MESSAGES.voidReasonTooLong)),
    );
    expect((await voidInvoice(app.services, actor, pending.id, { reason: "x".repeat(500) })).voidReason).toHaveLength(500);
    expect(await refusal(voidInvoice(app.services, actor, "00000000-0000-4000-8000-000000000000", { reason: "x" }))).toEqual(
      String(new NotFoundError(INVOICE_MESSAGES.notFound)),
    );
    expect(await prisma().invoice.findUniqueOrThrow({ where: { id: paid.id } })).toEqual(paid);
  });
});

describe("what an invoice is for", () => {
  it("a track or a described line, not both; an unknown track or a long description is refused", async () => {
    const [ada, trackId] = [await learner(), await track()];
    const forTrack = await createInvoice(app.services, actor, { learnerId: ada, amount: 450, status: "PENDING", trackId });
    expect(forTrack).toMatchObject({ trackId, description: null });
    const other = await createInvoice(app.services, actor, {
      learnerId: ada,
      amount: 20,
      status: "PENDING",
      description: " Printed books ",
    });
    expect(other).toMatchObject({ trackId: null, description: "Printed books" });
    // The spec's form names neither: learner, amount, due date, status and payment details alone make an invoice.
    const bare = await createInvoice(app.services, actor, {
      learnerId: ada,
      amount: 75,
      dueDate: new Date("2027-03-15T00:00:00Z"),
      status: "PENDING",
      paymentDetails: "Mobile money",
    });
    expect(bare).toMatchObject({ trackId: null, description: null, amountCents: 7500, paymentDetails: "Mobile money" });
    const count = await prisma().invoice.count();
    const cases: [Record<string, unknown>, string][] = [
      [{ trackId, description: "Both" }, String(new ValidationError(INVOICE_MESSAGES.trackOrDescription))],
      [{ trackId: "00000000-0000-4000-8000-000000000000" }, String(new NotFoundError(INVOICE_MESSAGES.trackNotFound))],
      [{ trackId: "not-an-id" }, String(new ValidationError(INVOICE_MESSAGES.trackNotFound))],
      [{ description: "x".repeat(201) }, String(new ValidationError(INVOICE_MESSAGES.descriptionTooLong))],
    ];
    for (const [extra, expected] of cases) {
      const error = await refusal(createInvoice(app.services, actor, { learnerId: ada, amount: 1, status: "PENDING", ...extra }));
      expect([extra, error]).toEqual([extra, expected]);
    }
    // Switching a pending invoice from its track to a described line needs the track cleared.
    expect(
      await refusal(
        updateInvoice(app.services, actor, forTrack.id, { learnerId: ada, amount: 450, status: "PENDING", description: "Other" }),
      ),
    ).toEqual(String(new ValidationError(INVOICE_MESSAGES.trackOrDescription)));
    expect(await prisma().invoice.count()).toBe(count);
  });
});
