import { randomBytes } from "node:crypto";
import { isCurrencyCode } from "../../../../common/money.ts";
import { CARD_CHECK_AMOUNTS, CARD_SETUP_MESSAGES } from "../../../../common/payments.ts";
import type { CardSetup, SavedCard } from "../../generated/prisma/client.ts";
import { PermanentJobError, recordJob, toJobId } from "../../job-contract.ts";
import { PaystackError } from "../../paystack/client.ts";
import { isPaymentReference } from "../../paystack/contract.ts";
import { paystackFor } from "../../paystack/index.ts";
import { siteUrl } from "../../sites.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ConflictError, NotFoundError, RateLimitError, ValidationError } from "../errors.ts";
import { PaymentProviderError } from "./checkout.ts";
import { saveCard } from "./plan-settlement.ts";

/**
 * Saving a card for later instalments without a purchase (docs/payments.md, "Saving a card"). A learner whose part 1
 * was paid by a channel that leaves no reusable authorization (a bank transfer, USSD, mobile money) would only ever get
 * payment links; Paystack's way to keep a card is a small card-only charge whose reusable authorization is kept, then
 * refunded. Here:
 * - `startCardSetup` opens Paystack for CARD_CHECK_AMOUNTS[currency], channels ["card"] only, for a learner with an
 *   active plan in that currency (an open check of the last hour is reused; at most MAX_CARD_CHECKS_PER_DAY a day);
 * - `settleCardSetup`, whoever asks (the learner's return page through `confirmCardSetup`, or the charge.success
 *   webhook's job, which routes references of this prefix here), verifies with Paystack and, in one transaction, flips
 *   the check PENDING -> SAVED (reusable card: `saveCard`) or FAILED (not reusable) by a conditional update, and
 *   records the refund job under an id made from the check's id: one save, one refund, however often it runs;
 * - the `refund-card-setup` job asks Paystack to refund the charge (Paystack refuses more than what is left of it).
 */

/** Card checks' references: distinct from invoices' (`lh-`, offline.ts), so the settlement job can tell them apart. */
const CARD_SETUP_PREFIX = "lhcard-";
export const newCardSetupReference = () => `${CARD_SETUP_PREFIX}${Date.now().toString(36)}-${randomBytes(8).toString("hex")}`;
export const isCardSetupReference = (reference: string) => reference.startsWith(CARD_SETUP_PREFIX);

/** How long an opened, unpaid card check is offered again instead of opening another. */
const REUSE_MS = 60 * 60_000;
/** Card checks one learner may open in a day (each failed one lets them open another). */
export const MAX_CARD_CHECKS_PER_DAY = 10;
const DAY_MS = 86_400_000;
/** Paystack's statuses that are not final for a card check: it stays pending (a later confirm or webhook decides). */
const NOT_FINAL = new Set(["ongoing", "pending", "processing", "queued", "abandoned"]);

export type CardSetupStatus = CardSetup["status"];

export interface CardSetupOutcome {
  status: CardSetupStatus;
  /** Why it failed, in words for the learner; null otherwise. */
  reason: string | null;
  /** The card it saved (SAVED only). */
  card: SavedCard | null;
}

/**
 * Opens a card check in `currency` for the learner: Paystack's page (card only) for the currency's check amount, coming
 * back to the portal's payment plans (`/portal?cardSetup=<reference>`). Only for a learner with an ACTIVE plan in that
 * currency (else a ValidationError: nothing to save a card for). An open check of the last hour is answered again.
 */
export async function startCardSetup(deps: Services, learnerId: string, currency: string) {
  if (!isCurrencyCode(currency)) throw ValidationError.forField("currency", CARD_SETUP_MESSAGES.currency);
  const { prisma } = deps.db;
  const now = new Date();
  const setup = await prisma.$transaction(async (tx) => {
    // One learner's checks are made one at a time, so two clicks reuse one check.
    const learners = await tx.$queryRaw<{ email: string }[]>`SELECT "email" FROM "Learner" WHERE "id" = ${learnerId}::uuid FOR UPDATE`;
    const learner = learners[0];
    if (!learner) throw new NotFoundError(CARD_SETUP_MESSAGES.notFound);
    const plans = await tx.paymentPlan.count({ where: { learnerId, currency, status: "ACTIVE" } });
    if (plans === 0) throw ValidationError.forField("currency", CARD_SETUP_MESSAGES.noPlan(currency));
    const open = await tx.cardSetup.findFirst({
      where: { learnerId, currency, status: "PENDING", createdAt: { gt: new Date(now.getTime() - REUSE_MS) } },
      orderBy: { createdAt: "desc" },
    });
    if (open?.authorizationUrl) return { ...open, email: learner.email, reused: true };
    if (open && open.createdAt.getTime() > now.getTime() - 60_000) throw new ConflictError(CARD_SETUP_MESSAGES.inProgress);
    // Counted under the learner's lock: concurrent calls cannot pass the cap together.
    const today = await tx.cardSetup.findMany({
      where: { learnerId, createdAt: { gt: new Date(now.getTime() - DAY_MS) } },
      select: { createdAt: true },
      orderBy: { createdAt: "asc" },
    });
    const oldest = today[0];
    if (today.length >= MAX_CARD_CHECKS_PER_DAY && oldest)
      throw new RateLimitError(Math.ceil((oldest.createdAt.getTime() + DAY_MS - now.getTime()) / 1000), CARD_SETUP_MESSAGES.tooMany);
    const created = await tx.cardSetup.create({
      data: { learnerId, currency, amountCents: CARD_CHECK_AMOUNTS[currency], reference: newCardSetupReference() },
    });
    return { ...created, email: learner.email, reused: false };
  });
  if (setup.reused && setup.authorizationUrl) return { reference: setup.reference, authorizationUrl: setup.authorizationUrl };
  const learnerSite = siteUrl(deps.config.publicUrl, deps.config.adminHostPrefix, "learner");
  try {
    const page = await paystackFor(deps.config).initialize({
      email: setup.email,
      amount: setup.amountCents,
      currency,
      reference: setup.reference,
      // Paystack adds `&trxref=...&reference=...`; the portal reads `cardSetup`.
      callback_url: `${learnerSite}/portal?cardSetup=${setup.reference}`,
      metadata: { cardSetupId: setup.id, learnerId, purpose: "card-check" },
      channels: ["card"],
    });
    await prisma.cardSetup.update({ where: { id: setup.id }, data: { authorizationUrl: page.authorization_url } });
    return { reference: setup.reference, authorizationUrl: page.authorization_url };
  } catch (error) {
    deps.logger.error({ err: error, reference: setup.reference }, "Paystack initialize failed for a card check");
    // No payment page was made: nothing can be paid under this reference.
    await prisma.cardSetup.updateMany({
      where: { id: setup.id, status: "PENDING", authorizationUrl: null },
      data: { status: "FAILED", failureReason: "Paystack could not open the card check.", settledAt: new Date() },
    });
    throw new PaymentProviderError("The card check could not be opened. Please try again in a moment.");
  }
}

/** Where a card check ended: the learner's own check only (another learner's reads as not found). */
export async function confirmCardSetup(deps: Services, learnerId: string, reference: string): Promise<CardSetupOutcome> {
  const { prisma } = deps.db;
  const setup = isPaymentReference(reference) ? await prisma.cardSetup.findUnique({ where: { reference } }) : null;
  if (!setup || setup.learnerId !== learnerId) throw new NotFoundError(CARD_SETUP_MESSAGES.notFound);
  if (setup.status === "PENDING") {
    try {
      await settleCardSetup(deps, reference);
    } catch (error) {
      // Paystack did not answer: the check is reported as it stands (pending), and its webhook settles it later.
      deps.logger.warn({ err: error, reference }, "card check not confirmed with Paystack; left pending");
    }
  }
  const now = await prisma.cardSetup.findUniqueOrThrow({ where: { id: setup.id } });
  const card = now.savedCardId ? await prisma.savedCard.findFirst({ where: { id: now.savedCardId, learnerId } }) : null;
  return { status: now.status, reason: now.status === "FAILED" ? now.failureReason : null, card };
}

export type CardSetupSettlement = CardSetupStatus | "UNKNOWN";

/**
 * Settles a card check, whoever asks, any number of times and concurrently: verifies with Paystack; a success for the
 * check's amount and currency with a reusable card saves it (SAVED), any other success fails it (FAILED, with the
 * reason); both record the refund of what was charged. Declined or unknown: FAILED, nothing to refund. Not final yet
 * (opened, not paid): left PENDING.
 */
export async function settleCardSetup(deps: Services, reference: string): Promise<CardSetupSettlement> {
  const { prisma } = deps.db;
  const setup = await prisma.cardSetup.findUnique({ where: { reference }, include: { learner: { select: { email: true } } } });
  if (!setup) return "UNKNOWN";
  if (setup.status !== "PENDING") return setup.status;
  const verified = await paystackFor(deps.config).verify(reference);
  if (!verified.found) return finish(deps, setup, { status: "FAILED", reason: CARD_SETUP_MESSAGES.unknown });
  const tx = verified.data;
  if (NOT_FINAL.has(tx.status)) return "PENDING";
  if (tx.status !== "success") return finish(deps, setup, { status: "FAILED", reason: CARD_SETUP_MESSAGES.declined });
  // Money was taken: whatever happens next, what was charged is refunded (once).
  if (tx.amount !== setup.amountCents || tx.currency !== setup.currency) {
    deps.logger.warn({ reference, paid: tx.amount, currency: tx.currency }, "card check amount or currency mismatch");
    return finish(deps, setup, { status: "FAILED", reason: CARD_SETUP_MESSAGES.mismatch, refundCents: tx.amount });
  }
  const reusable = tx.authorization?.reusable === true && tx.authorization.channel === "card";
  if (!reusable) return finish(deps, setup, { status: "FAILED", reason: CARD_SETUP_MESSAGES.notReusable, refundCents: tx.amount });
  return finish(deps, setup, { status: "SAVED", refundCents: tx.amount, email: tx.customer.email, authorization: tx.authorization });
}

type Finish =
  | { status: "FAILED"; reason: string; refundCents?: number }
  | {
      status: "SAVED";
      refundCents: number;
      email: string;
      authorization: Parameters<typeof saveCard>[4];
    };

/**
 * The one transaction that ends a check: a conditional update PENDING -> SAVED or FAILED (zero rows: someone else ended
 * it, and nothing else is done), the card kept, and the refund job recorded under the check's id.
 */
async function finish(deps: Services, setup: CardSetup & { learner: { email: string } }, end: Finish): Promise<CardSetupSettlement> {
  const { prisma } = deps.db;
  const settledAt = new Date();
  const done = await prisma.$transaction(async (db) => {
    const flipped = await db.cardSetup.updateMany({
      where: { id: setup.id, status: "PENDING" },
      data: {
        status: end.status,
        failureReason: end.status === "FAILED" ? end.reason : null,
        settledAt,
        refundCents: end.refundCents ?? null,
      },
    });
    if (flipped.count === 0) return false;
    if (end.status === "SAVED") {
      const card = await saveCard(db, setup.learnerId, end.email, setup.currency, end.authorization);
      if (card) await db.cardSetup.update({ where: { id: setup.id }, data: { savedCardId: card.id } });
    }
    if (end.refundCents) await recordJob(db, "refund-card-setup", { setupId: setup.id }, refundJobId(setup.id));
    return true;
  });
  if (!done) return (await prisma.cardSetup.findUniqueOrThrow({ where: { id: setup.id }, select: { status: true } })).status;
  if (end.refundCents) deps.jobs.kick();
  deps.logger.info({ reference: setup.reference, status: end.status }, "card check settled");
  return end.status;
}

export const refundJobId = (setupId: string) => toJobId("card-setup-refund", setupId);

/** The settle-payment job's face for a card check's reference: an unknown one is a permanent failure. */
export async function settleCardSetupJob(deps: Services, reference: string): Promise<{ outcome: CardSetupSettlement }> {
  const outcome = await settleCardSetup(deps, reference);
  if (outcome === "UNKNOWN") throw new PermanentJobError(`No card check has reference ${reference}`);
  return { outcome };
}

/** The note sent with a check's refund, which leads Paystack's refund.processed back to the check. */
const refundNote = (setupId: string) => `Card check refunded (LearnHub card check ${setupId})`;
const CHECK_IN_NOTE = /LearnHub card check ([0-9a-f-]{36})\)$/;

/**
 * The `refund-card-setup` job (recorded once, when the check was settled): asks Paystack to refund what the check
 * charged and keeps Paystack's refund id and status. A retry after Paystack made the refund is refused by Paystack
 * (nothing is left of the charge), so the charge is refunded at most once.
 */
export async function refundCardSetup(deps: Services, setupId: string): Promise<{ outcome: string }> {
  const { prisma } = deps.db;
  const setup = await prisma.cardSetup.findUnique({ where: { id: setupId } });
  if (!setup?.refundCents || setup.status === "PENDING") return { outcome: "NOTHING" };
  if (setup.paystackRefundId) return { outcome: setup.refundStatus ?? "pending" };
  try {
    const answer = await paystackFor(deps.config).createRefund({
      transaction: setup.reference,
      amount: setup.refundCents,
      merchant_note: refundNote(setup.id),
    });
    await prisma.cardSetup.updateMany({
      where: { id: setup.id, paystackRefundId: null },
      data: { paystackRefundId: String(answer.id), refundStatus: answer.status },
    });
    return { outcome: answer.status };
  } catch (error) {
    if (error instanceof PaystackError && error.httpStatus !== undefined && error.httpStatus >= 400 && error.httpStatus < 500) {
      deps.logger.error({ err: error, setupId }, "Paystack refused a card check's refund");
      await prisma.cardSetup.updateMany({ where: { id: setup.id, paystackRefundId: null }, data: { refundStatus: "refused" } });
      throw new PermanentJobError(`Paystack refused the refund of card check ${setup.id}: ${error.message}`);
    }
    throw error;
  }
}

/**
 * Paystack's refund.processed for a card check's refund (found by its note): its status is kept; true when the note
 * named a check of ours. Called by the refund job (invoices/refunds.ts), which knows only invoices' refunds.
 */
export async function cardSetupRefundProcessed(deps: Services, note: string | null, paystackRefundId: string, status: string) {
  const setupId = CHECK_IN_NOTE.exec(note ?? "")?.[1];
  if (!setupId) return false;
  const changed = await deps.db.prisma.cardSetup.updateMany({
    where: { id: setupId, OR: [{ paystackRefundId: null }, { paystackRefundId }] },
    data: { paystackRefundId, refundStatus: status },
  });
  return changed.count === 1;
}

/** The learner removes one of their saved cards (another learner's reads as not found); later parts are not charged to it. */
export async function removeSavedCard(deps: Services, learnerId: string, cardId: string) {
  const removed = await deps.db.prisma.savedCard.deleteMany({ where: { id: cardId, learnerId } });
  if (removed.count === 0) throw new NotFoundError(CARD_SETUP_MESSAGES.cardNotFound);
}
