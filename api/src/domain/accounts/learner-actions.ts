import { randomUUID } from "node:crypto";
import { z } from "zod";
import { type CurrencyCode, plainAmount } from "../../../../common/money.ts";
import type { Prisma } from "../../db/client.ts";
import { recordJob, toJobId } from "../../job-contract.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ConflictError, NotFoundError, ValidationError } from "../errors.ts";
import { learnerTotal, PAID_INVOICES, paidTotals } from "../invoices/invoices.ts";
import { NEWEST_FIRST } from "../order.ts";
import { csv } from "../reports/report.ts";
import { businessCurrency } from "../settings/settings.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { parseInput } from "../validation.ts";
import { revokeAllSessions } from "./login.ts";
import { forgetSessions } from "./sessions.ts";

/** What staff do to a learner's account from the back office (permission `manageLearners`), each audited. */
export const LEARNER_ACTION_MESSAGES = {
  learnerNotFound: "Learner not found.",
  trackNotFound: "Track not found.",
  draftTrack: "Publish the track before enrolling learners in it.",
  archivedTrack: "This track is archived: restore it before enrolling learners in it.",
  alreadyEnrolled: "This learner is already enrolled in this track.",
  resetSent: "A password reset link has been sent to the learner.",
  disabledAccount: "The learner's account is disabled.",
} as const;

const idInput = (message: string) => z.string({ error: message }).uuid(message);

const enrollInput = z.object({
  learnerId: idInput(LEARNER_ACTION_MESSAGES.learnerNotFound),
  trackId: idInput(LEARNER_ACTION_MESSAGES.trackNotFound),
});

/**
 * Enrolls a learner in a published, unarchived track without a payment (a comp). Exactly once: the enrollment is inserted with
 * ON CONFLICT DO NOTHING against its unique (learner, track) key, and only the call that inserted it records the
 * audit entry; every other call, concurrent or later, is refused as already enrolled and changes nothing.
 */
export async function compEnrollment(deps: Services, actor: Actor, raw: { learnerId: string; trackId: string }) {
  const { learnerId, trackId } = parseInput(enrollInput, raw);
  const { prisma } = deps.db;
  return prisma.$transaction(async (tx) => {
    const learner = await tx.learner.findUnique({ where: { id: learnerId }, select: { id: true } });
    if (!learner) throw new NotFoundError(LEARNER_ACTION_MESSAGES.learnerNotFound);
    // The track's row is held (shared) like a checkout holds it: a delete running now either sees this enrollment and
    // archives the track, or runs first and this comp is refused, never a foreign-key error.
    const [track] = await tx.$queryRaw<
      { status: string; archivedAt: Date | null }[]
    >`SELECT "status"::text AS "status", "archivedAt" FROM "Track" WHERE "id" = ${trackId}::uuid FOR SHARE`;
    if (!track) throw new NotFoundError(LEARNER_ACTION_MESSAGES.trackNotFound);
    if (track.archivedAt) throw new ValidationError(LEARNER_ACTION_MESSAGES.archivedTrack);
    if (track.status !== "PUBLISHED") throw new ValidationError(LEARNER_ACTION_MESSAGES.draftTrack);
    const { count } = await tx.enrollment.createMany({ data: [{ learnerId, trackId }], skipDuplicates: true });
    if (count === 0) throw new ConflictError(LEARNER_ACTION_MESSAGES.alreadyEnrolled);
    const enrollment = await tx.enrollment.findUniqueOrThrow({ where: { learnerId_trackId: { learnerId, trackId } } });
    await recordAudit(tx, actor, {
      action: "enrollment.comp",
      entityType: "Enrollment",
      entityId: enrollment.id,
      before: null,
      after: enrollment,
    });
    return enrollment;
  });
}

/**
 * Disables a learner's account (every session ends in the same transaction, and login is refused with the
 * disabled-account text) or enables it again. Setting the state it already has changes nothing and records nothing.
 */
export async function setLearnerDisabled(deps: Services, actor: Actor, learnerId: string, disabled: boolean) {
  const id = parseInput(z.object({ id: idInput(LEARNER_ACTION_MESSAGES.learnerNotFound) }), { id: learnerId }).id;
  const learner = await deps.db.prisma.$transaction(async (tx) => {
    // Locked, so that two concurrent changes record one entry each against what the other left.
    await tx.$executeRaw`SELECT 1 FROM "Learner" WHERE "id" = ${id}::uuid FOR UPDATE`;
    const before = await tx.learner.findUnique({ where: { id } });
    if (!before) throw new NotFoundError(LEARNER_ACTION_MESSAGES.learnerNotFound);
    if (disabled) await revokeAllSessions(tx, "LEARNER", id);
    if (before.disabled === disabled) return before;
    const after = await tx.learner.update({ where: { id }, data: { disabled } });
    await recordAudit(tx, actor, {
      action: disabled ? "learner.disable" : "learner.enable",
      entityType: "Learner",
      entityId: id,
      before,
      after,
    });
    return after;
  });
  if (disabled) await forgetSessions(deps, { accountId: id });
  return learner;
}

/**
 * Mails the learner a password reset link through the existing reset flow (the `password-reset` job, as when the
 * learner asks for it), recorded with the audit entry in one transaction. A disabled account gets no mail.
 */
export async function sendLearnerPasswordReset(deps: Services, actor: Actor, learnerId: string) {
  const id = parseInput(z.object({ id: idInput(LEARNER_ACTION_MESSAGES.learnerNotFound) }), { id: learnerId }).id;
  await deps.db.prisma.$transaction(async (tx) => {
    const learner = await tx.learner.findUnique({ where: { id }, select: { id: true, email: true, disabled: true } });
    if (!learner) throw new NotFoundError(LEARNER_ACTION_MESSAGES.learnerNotFound);
    if (learner.disabled) throw new ValidationError(LEARNER_ACTION_MESSAGES.disabledAccount);
    await recordJob(tx, "password-reset", { email: learner.email }, toJobId("staff-reset", randomUUID()));
    await recordAudit(tx, actor, {
      action: "learner.passwordReset",
      entityType: "Learner",
      entityId: id,
      before: null,
      after: null,
    });
  });
  deps.jobs.kick();
  return { message: LEARNER_ACTION_MESSAGES.resetSent };
}

/** The most rows a learners CSV holds (newest first): an export, not a backup. */
export const LEARNERS_CSV_LIMIT = 10_000;

/**
 * The learners (those `where` selects, newest first) as CSV, one header row, for the back office's export. Every cell
 * a learner typed goes through `csv`, which neutralises spreadsheet formulas (a cell starting with = + - @). "total
 * paid" is the learner's one total (`learnerTotal`) with its currency beside it; a learner who paid in further
 * currencies has those totals in "other totals paid" ("GHS 1200.00; KES 500.00"): amounts are never added across
 * currencies. The new columns come last, so readers of the older file keep working.
 */
export async function learnersCsv(deps: Pick<Services, "db">, where: Prisma.LearnerWhereInput): Promise<string> {
  const rows = await deps.db.prisma.learner.findMany({
    where,
    orderBy: NEWEST_FIRST,
    take: LEARNERS_CSV_LIMIT,
    select: {
      firstName: true,
      lastName: true,
      email: true,
      contact: true,
      location: true,
      gender: true,
      disabled: true,
      createdAt: true,
      invoices: PAID_INVOICES,
      enrollments: { select: { track: { select: { name: true } } }, orderBy: NEWEST_FIRST },
    },
  });
  let business: Promise<CurrencyCode> | undefined;
  const businessOnce = () => (business ??= businessCurrency(deps));
  const lines = await Promise.all(
    rows.map(async (r) => {
      const totals = paidTotals(r.invoices);
      const total = await learnerTotal(totals, businessOnce);
      const others = totals.filter((t) => t.currency !== total.currency).map((t) => `${t.currency} ${plainAmount(t.cents, t.currency)}`);
      return { r, total, others };
    }),
  );
  return csv([
    [
      "first name",
      "last name",
      "email",
      "contact",
      "location",
      "gender",
      "status",
      "joined",
      "tracks",
      "total paid",
      "currency",
      "other totals paid",
    ],
    ...lines.map(({ r, total, others }) => [
      r.firstName,
      r.lastName,
      r.email,
      r.contact,
      r.location ?? "",
      r.gender ?? "",
      r.disabled ? "disabled" : "active",
      r.createdAt.toISOString(),
      r.enrollments.map((e) => e.track.name).join("; "),
      plainAmount(total.cents, total.currency),
      total.currency,
      others.join("; "),
    ]),
  ]);
}
