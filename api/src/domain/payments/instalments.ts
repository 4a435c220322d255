import { formatMoney } from "../../../../common/money.ts";
import type { Prisma } from "../../db/client.ts";
import { recordJobOnce, recordRerunnableJob } from "../../job-contract.ts";
import type { PaystackCurrency } from "../../paystack/contract.ts";
import { paystackFor } from "../../paystack/index.ts";
import { siteUrl } from "../../sites.ts";
import type { DomainServices as Services } from "../deps.ts";
import { composeMail } from "../mails/compose.ts";
import { instalment } from "../mails/templates.ts";
import { utcDay } from "./instalment-plans.ts";
import { newPaymentReference } from "./offline.ts";
import { settlePayment } from "./settle.ts";

/**
 * The later parts of instalment plans, run by every API instance's housekeeping (docs/payments.md, "Instalments").
 * Every step is exactly once across instances and retries:
 * - 3 days before a part's due date, a reminder mail (once per part: its outbox job id);
 * - on the due date, with a reusable saved card in the plan's currency, a `charge-instalment` job (per part and try),
 *   which claims the part with a conditional update (the part gets the charge's reference) before Paystack's
 *   `charge_authorization` is called with that reference: one claim wins, one charge is made. A declined charge mails
 *   the payment link and is tried again a day later, up to INSTALMENT_CHARGE_TRIES; without a card, the payment link;
 * - past the due date plus the owner's `instalmentGraceDays`, the enrollment is paused (never revoked), until the part
 *   is paid or waived (plan-settlement.ts resumes it).
 * Time is the caller's `now` (housekeeping passes the clock's), so tests choose it.
 */

/** How many times a part's saved card is charged (a day apart) before only the payment link is left. */
export const INSTALMENT_CHARGE_TRIES = 3;
/** Days before the due date the reminder goes. */
export const REMINDER_DAYS = 3;
/** How long a claimed charge is left to its claimer before a later run asks Paystack what became of it. */
const CLAIM_LEASE_MS = 10 * 60_000;
const DAY_MS = 86_400_000;

/** Parts read with what their steps need. */
const PART_INCLUDE = {
  paymentPlan: { select: { status: true, parts: true, currency: true } },
  learner: { select: { id: true, email: true, firstName: true } },
  track: { select: { id: true, name: true } },
} satisfies Prisma.InvoiceInclude;

type Part = Prisma.InvoiceGetPayload<{ include: typeof PART_INCLUDE }>;

/** The later parts still to be paid of active plans, by due date (a Prisma `where`). */
const openParts = (dueDate: Prisma.DateTimeNullableFilter): Prisma.InvoiceWhereInput => ({
  status: "PENDING",
  partNumber: { gt: 1 },
  paymentPlan: { status: "ACTIVE" },
  dueDate,
});

export interface InstalmentRun {
  reminders: number;
  charges: number;
  paymentLinks: number;
  paused: number;
}

/** One housekeeping pass over instalment parts as of `now`; answers what it recorded or changed. */
export async function runInstalments(deps: Services, now: Date, batch = 200): Promise<InstalmentRun> {
  const { prisma } = deps.db;
  const today = utcDay(now);
  const run: InstalmentRun = { reminders: 0, charges: 0, paymentLinks: 0, paused: 0 };

  const upcoming = await prisma.invoice.findMany({
    where: openParts({ gt: today, lte: new Date(today.getTime() + REMINDER_DAYS * DAY_MS) }),
    include: PART_INCLUDE,
    take: batch,
  });
  for (const part of upcoming) if (await mailOnce(deps, part, "reminder", `mail-instalment-reminder-${part.id}`)) run.reminders++;

  const due = await prisma.invoice.findMany({ where: openParts({ lte: today }), include: PART_INCLUDE, take: batch });
  for (const part of due) {
    if (part.authorizationUrl) continue; // the learner opened "Pay now": that payment page decides.
    const card = part.learnerId ? await cardFor(deps, part.learnerId, part.currency) : null;
    const chargeable = card && part.chargeAttempts < INSTALMENT_CHARGE_TRIES;
    const waiting = part.nextChargeAt && part.nextChargeAt > now;
    if ((chargeable || part.reference) && !waiting) {
      await recordRerunnableJob(
        prisma,
        "charge-instalment",
        { invoiceId: part.id, attempt: part.chargeAttempts, at: now.toISOString() },
        `instalment-charge-${part.id}-${part.chargeAttempts}`,
      );
      run.charges++;
    } else if (!card && part.chargeAttempts === 0) {
      if (await mailOnce(deps, part, "due", `mail-instalment-due-${part.id}`)) run.paymentLinks++;
    }
  }

  const settings = await prisma.businessSettings.findUnique({ where: { id: 1 }, select: { instalmentGraceDays: true } });
  const graceDays = settings?.instalmentGraceDays ?? 7;
  const overdue = await prisma.invoice.findMany({
    where: openParts({ lt: new Date(today.getTime() - graceDays * DAY_MS) }),
    include: PART_INCLUDE,
    orderBy: { dueDate: "asc" },
    take: batch,
  });
  for (const part of overdue) {
    if (!part.learnerId || !part.trackId) continue;
    const paused = await prisma.enrollment.updateMany({
      where: { learnerId: part.learnerId, trackId: part.trackId, pausedAt: null },
      data: { pausedAt: now, pausedReason: pausedReason(part) },
    });
    run.paused += paused.count;
  }
  if (run.charges || run.reminders || run.paymentLinks) deps.jobs.kick();
  return run;
}

/** Why an enrollment is paused, as the learner reads it. */
export const pausedReason = (part: Pick<Part, "partNumber" | "amountCents" | "currency" | "dueDate" | "paymentPlan">) =>
  `Instalment ${part.partNumber} of ${part.paymentPlan?.parts} (${formatMoney(part.amountCents, part.currency)}) was due on ${part.dueDate?.toISOString().slice(0, 10)} and is unpaid. Pay it to continue; your progress is kept.`;

/** The learner's newest reusable card in `currency`, if any. */
function cardFor(deps: Services, learnerId: string, currency: string) {
  return deps.db.prisma.savedCard.findFirst({ where: { learnerId, currency }, orderBy: { updatedAt: "desc" } });
}

/** Records the part's mail of `kind` under `key`, unless it was recorded before; true when this call recorded it. */
async function mailOnce(deps: Services, part: Part, kind: "reminder" | "due" | "declined", key: string): Promise<boolean> {
  const { prisma } = deps.db;
  if (!part.learner || !part.track || !part.paymentPlan) return false;
  if (await prisma.outboxJob.findUnique({ where: { jobId: key }, select: { id: true } })) return false;
  const card = kind === "reminder" ? await cardFor(deps, part.learner.id, part.currency) : null;
  const mail = await composeMail(deps, undefined, instalment, part.learner.email, {
    kind,
    firstName: part.learner.firstName,
    trackName: part.track.name,
    partNumber: part.partNumber ?? 0,
    parts: part.paymentPlan.parts,
    amountCents: part.amountCents,
    currency: part.currency,
    dueOn: part.dueDate?.toISOString().slice(0, 10) ?? "",
    cardLast4: card && part.chargeAttempts < INSTALMENT_CHARGE_TRIES ? card.last4 : null,
    payUrl: `${siteUrl(deps.config.publicUrl, deps.config.adminHostPrefix, "learner")}/portal/payments`,
  });
  return recordJobOnce(prisma, "send-mail", mail, key);
}

export type ChargeOutcome = "PAID" | "DECLINED" | "SKIPPED" | "RELEASED" | "UNKNOWN";

/**
 * The `charge-instalment` job: charges a due part's saved card once. The part is claimed by a conditional update
 * (PENDING, no reference, `chargeAttempts` still `attempt`) that gives it a new reference; only the winner calls
 * Paystack, with that reference. A success settles through `settlePayment` (the one settlement: receipt, resume,
 * plan completion). A decline lets the reference go, counts the try, mails the payment link and waits a day. A
 * Paystack error (refused or no answer) keeps the claim until its lease ends; only then does a later run look the
 * reference up (not there: the claim is let go, retryable, not counted). Asking at once could hear "not found" for a
 * charge Paystack made but has not recorded yet, and the part would be charged again under a new reference.
 */
export async function chargeInstalment(
  deps: Services,
  job: { invoiceId: string; attempt: number; at: string },
): Promise<{ outcome: ChargeOutcome }> {
  const { prisma } = deps.db;
  const now = new Date(job.at);
  const part = await prisma.invoice.findUnique({ where: { id: job.invoiceId }, include: PART_INCLUDE });
  if (part?.status !== "PENDING" || part.paymentPlan?.status !== "ACTIVE" || !part.learnerId || part.authorizationUrl)
    return { outcome: "SKIPPED" };
  if (part.reference) {
    // A claim made before: still within its lease (someone is charging), or its outcome is to be asked of Paystack.
    if (part.nextChargeAt && part.nextChargeAt > now) return { outcome: "SKIPPED" };
    return { outcome: await resolveCharge(deps, part, part.reference, now) };
  }
  if (part.chargeAttempts !== job.attempt || part.chargeAttempts >= INSTALMENT_CHARGE_TRIES) return { outcome: "SKIPPED" };
  if (part.nextChargeAt && part.nextChargeAt > now) return { outcome: "SKIPPED" };
  const card = await cardFor(deps, part.learnerId, part.currency);
  if (!card) return { outcome: "SKIPPED" };
  const reference = newPaymentReference();
  const claimed = await prisma.invoice.updateMany({
    where: { id: part.id, status: "PENDING", reference: null, authorizationUrl: null, chargeAttempts: job.attempt },
    data: { reference, nextChargeAt: new Date(now.getTime() + CLAIM_LEASE_MS) },
  });
  if (claimed.count === 0) return { outcome: "SKIPPED" };
  try {
    const charge = await paystackFor(deps.config).chargeAuthorization({
      authorization_code: card.authorizationCode,
      email: card.email,
      amount: part.amountCents,
      currency: part.currency as PaystackCurrency,
      reference,
      metadata: { invoiceId: part.id, learnerId: part.learnerId, trackId: part.trackId, part: part.partNumber },
    });
    if (charge.status === "success") return { outcome: (await settlePayment(deps, reference)) === "PAID" ? "PAID" : "UNKNOWN" };
    if (charge.status === "failed") return { outcome: await declined(deps, part, reference, now) };
    return { outcome: "UNKNOWN" };
  } catch (error) {
    deps.logger.warn({ err: error, reference, invoiceId: part.id }, "instalment charge outcome unknown; asked again after the lease");
    return { outcome: "UNKNOWN" };
  }
}

/** What became of a claimed charge, asked of Paystack by its reference. */
async function resolveCharge(deps: Services, part: Part, reference: string, now: Date): Promise<ChargeOutcome> {
  const { prisma } = deps.db;
  let verified: Awaited<ReturnType<ReturnType<typeof paystackFor>["verify"]>>;
  try {
    verified = await paystackFor(deps.config).verify(reference);
  } catch (error) {
    deps.logger.warn({ err: error, reference }, "instalment charge outcome unknown; a later run asks again");
    return "UNKNOWN";
  }
  if (!verified.found) {
    // No transaction was made: the part is free to be charged again (this try is not counted).
    const released = await prisma.invoice.updateMany({
      where: { id: part.id, status: "PENDING", reference },
      data: { reference: null, nextChargeAt: null },
    });
    return released.count ? "RELEASED" : "SKIPPED";
  }
  if (verified.data.status === "success") return (await settlePayment(deps, reference)) === "PAID" ? "PAID" : "UNKNOWN";
  if (verified.data.status === "failed" || verified.data.status === "abandoned") return declined(deps, part, reference, now);
  return "UNKNOWN";
}

/** A declined charge: the reference goes, the try counts, the next waits a day, and the payment link is mailed. */
async function declined(deps: Services, part: Part, reference: string, now: Date): Promise<ChargeOutcome> {
  const changed = await deps.db.prisma.invoice.updateMany({
    where: { id: part.id, status: "PENDING", reference },
    data: { reference: null, chargeAttempts: { increment: 1 }, nextChargeAt: new Date(now.getTime() + DAY_MS) },
  });
  if (changed.count === 0) return "SKIPPED";
  if (await mailOnce(deps, part, "declined", `mail-instalment-declined-${part.id}-${part.chargeAttempts}`)) deps.jobs.kick();
  return "DECLINED";
}
