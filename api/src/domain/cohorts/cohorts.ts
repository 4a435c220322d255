import { z } from "zod";
import { COHORT_MESSAGES, COHORT_NAME_MAX } from "../../../../common/cohorts.ts";
import { UUID_PATTERN } from "../../../../common/formats.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { enrollmentOutlines } from "../learning/progress.ts";
import { mayReadTrackProgress } from "../learning/staff-progress.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import type { Viewer } from "../staff/permissions.ts";
import { type FormInput, parseInput } from "../validation.ts";

/**
 * Cohorts (docs/cohorts.md): the dated intakes of a cohort track, their derived status, their seats, and the seat a
 * checkout claims. Self-paced tracks never meet any of this.
 */

// Shared with the forms (common/cohorts.ts).
export { COHORT_MESSAGES };

export const COHORT_STATUSES = ["DRAFT", "OPEN", "FULL", "RUNNING", "CLOSED", "FINISHED"] as const;
export type CohortStatus = (typeof COHORT_STATUSES)[number];

/** The columns the status is derived from. */
export interface CohortDates {
  published: boolean;
  startsAt: Date;
  endsAt: Date;
  enrollmentOpensAt: Date | null;
  enrollmentClosesAt: Date | null;
}

/**
 * A cohort's status at `now`, from its row and its seats left (null = unlimited). Only OPEN takes enrollments.
 * - DRAFT: not published; FINISHED: now ≥ endsAt;
 * - inside the enrollment window (opens: `enrollmentOpensAt`, or at once; closes: `enrollmentClosesAt`, or `endsAt`):
 *   OPEN with a seat left, FULL without;
 * - outside it: RUNNING once started, CLOSED before (not open yet, or closed before the start).
 */
export function cohortStatus(cohort: CohortDates, seatsLeft: number | null, now: Date = new Date()): CohortStatus {
  if (!cohort.published) return "DRAFT";
  const t = now.getTime();
  if (t >= cohort.endsAt.getTime()) return "FINISHED";
  const opens = cohort.enrollmentOpensAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  const closes = (cohort.enrollmentClosesAt ?? cohort.endsAt).getTime();
  if (t >= opens && t < closes) return seatsLeft !== null && seatsLeft <= 0 ? "FULL" : "OPEN";
  return t >= cohort.startsAt.getTime() ? "RUNNING" : "CLOSED";
}

/** Seats left from a capacity (null = unlimited) and the seats taken; never below 0. */
export function seatsLeftOf(capacity: number | null, taken: number): number | null {
  return capacity === null ? null : Math.max(0, capacity - taken);
}

/**
 * The seats rule in SQL, for the cohorts whose ids are $1 at the time $2: the distinct learners with an enrollment in
 * the cohort, or with a pending checkout invoice for it (part 1 of an instalment plan, or a plain checkout; a card
 * checkout until it is abandoned, an offline one until it lapses at `expiresAt`). One statement for any number of
 * cohorts (a correlated count per cohort row, each an index lookup on `cohortId`), so a list never costs a query per
 * row. A constant text with bound parameters.
 */
const SEATS_TAKEN_SQL = `SELECT c."id"::text AS "id", (
    SELECT count(*)::int FROM (
      SELECT e."learnerId" FROM "Enrollment" e WHERE e."cohortId" = c."id"
      UNION
      SELECT i."learnerId" FROM "Invoice" i
      WHERE i."cohortId" = c."id" AND i."status" = 'PENDING' AND i."learnerId" IS NOT NULL
        AND (i."partNumber" IS NULL OR i."partNumber" = 1)
        AND (i."expiresAt" IS NULL OR i."expiresAt" > $2)
    ) seats
  ) AS "taken"
FROM "Cohort" c
WHERE c."id" = ANY($1::uuid[])`;

/** Seats taken per cohort id (SEATS_TAKEN_SQL), in one statement; an id that names no cohort is left out. */
export async function seatsTaken(
  db: Pick<Prisma.TransactionClient, "$queryRawUnsafe">,
  cohortIds: readonly string[],
  now: Date = new Date(),
): Promise<Map<string, number>> {
  if (cohortIds.length === 0) return new Map();
  const rows = await db.$queryRawUnsafe<{ id: string; taken: number }[]>(SEATS_TAKEN_SQL, [...cohortIds], now);
  return new Map(rows.map((row) => [row.id, row.taken]));
}

/** Whether the learner already holds a seat in the cohort (an enrollment in it, or a pending checkout for it). */
async function holdsSeat(db: Prisma.TransactionClient, cohortId: string, learnerId: string, now: Date): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT 1 FROM "Enrollment" WHERE "cohortId" = ${cohortId}::uuid AND "learnerId" = ${learnerId}::uuid
    UNION ALL
    SELECT 1 FROM "Invoice" WHERE "cohortId" = ${cohortId}::uuid AND "learnerId" = ${learnerId}::uuid AND "status" = 'PENDING'
      AND ("partNumber" IS NULL OR "partNumber" = 1) AND ("expiresAt" IS NULL OR "expiresAt" > ${now})
    LIMIT 1`;
  return rows.length > 0;
}

type CohortRow = CohortDates & { id: string; trackId: string; capacity: number | null };

/**
 * Whether the learner may take a seat in the cohort now: the refusal, or null. `staffMove` checks the capacity only
 * (staff may move a learner into a cohort whose enrollment window is closed, or that is still a draft).
 */
async function seatRefusal(
  db: Prisma.TransactionClient,
  cohort: CohortRow,
  learnerId: string,
  now: Date,
  staffMove = false,
): Promise<Error | null> {
  // A learner who already holds a seat in it (a repeated checkout) does not take a second one.
  const held = await holdsSeat(db, cohort.id, learnerId, now);
  const taken = ((await seatsTaken(db, [cohort.id], now)).get(cohort.id) ?? 0) - (held ? 1 : 0);
  const left = seatsLeftOf(cohort.capacity, taken);
  if (staffMove) return left === 0 ? new ConflictError(COHORT_MESSAGES.full) : null;
  const status = cohortStatus(cohort, left, now);
  if (status === "OPEN") return null;
  if (status === "FULL") return new ConflictError(COHORT_MESSAGES.full);
  if (status === "DRAFT") return ValidationError.forField("cohort", COHORT_MESSAGES.notOffered);
  return new ConflictError(COHORT_MESSAGES.closed);
}

/**
 * Claims a seat in the cohort for the learner, inside the caller's transaction and before it writes the invoice or
 * enrollment that holds the seat: the cohort's row is locked (`SELECT ... FOR UPDATE`) until the transaction ends, so
 * concurrent claims on any number of instances take turns and each counts the seats the previous ones took. Refused
 * with a ConflictError when the cohort is full ("This cohort is full.") or not open for enrollment.
 */
export async function claimSeat(
  tx: Prisma.TransactionClient,
  cohortId: string,
  learnerId: string,
  options: { now?: Date; staffMove?: boolean } = {},
): Promise<CohortRow> {
  const now = options.now ?? new Date();
  const [cohort] = await tx.$queryRaw<CohortRow[]>`
    SELECT "id"::text AS "id", "trackId"::text AS "trackId", "published", "startsAt", "endsAt", "enrollmentOpensAt",
      "enrollmentClosesAt", "capacity"
    FROM "Cohort" WHERE "id" = ${cohortId}::uuid FOR UPDATE`;
  if (!cohort) throw new NotFoundError(COHORT_MESSAGES.notFound);
  const refused = await seatRefusal(tx, cohort, learnerId, now, options.staffMove);
  if (refused) throw refused;
  return cohort;
}

/**
 * The cohort a checkout of this track is for, checked before anything is saved (the seat itself is claimed again,
 * under the cohort's lock, in the checkout's transaction: `claimSeat`). A cohort track needs one of its published
 * cohorts ("Choose a cohort."); a self-paced track takes none. Null for a self-paced track.
 */
export async function checkoutCohort(
  db: Prisma.TransactionClient,
  track: { id: string; mode: "SELF_PACED" | "COHORT" },
  cohortId: string | null | undefined,
  learnerId: string,
): Promise<string | null> {
  const given = cohortId?.trim() || null;
  if (track.mode === "SELF_PACED") {
    if (given) throw ValidationError.forField("cohort", COHORT_MESSAGES.notOffered);
    return null;
  }
  if (!given) throw ValidationError.forField("cohort", COHORT_MESSAGES.choose);
  const cohort = UUID_PATTERN.test(given) ? await db.cohort.findFirst({ where: { id: given, trackId: track.id, published: true } }) : null;
  if (!cohort) throw ValidationError.forField("cohort", COHORT_MESSAGES.notOffered);
  const refused = await seatRefusal(db, cohort, learnerId, new Date());
  if (refused) throw refused;
  return cohort.id;
}

// ---- Who sees what ---------------------------------------------------------------------------------------------

/**
 * Whether the viewer may read all of a track's cohorts (drafts too) and their rosters: owners, managers and finance;
 * an instructor only for a track assigned to them (TrackInstructor).
 */
export async function mayReadCohortsOf(
  db: Pick<Prisma.TransactionClient, "trackInstructor">,
  viewer: Viewer | null | undefined,
  trackId: string,
): Promise<boolean> {
  if (viewer?.role !== "ADMIN" || !viewer.staffRole) return false;
  if (viewer.staffRole !== "INSTRUCTOR") return true;
  return (await db.trackInstructor.findUnique({ where: { trackId_adminId: { trackId, adminId: viewer.accountId } } })) !== null;
}

/** What learners and visitors see of cohorts: published ones of a published, unarchived cohort track. */
const PUBLIC_COHORTS = {
  published: true,
  track: { mode: "COHORT", status: "PUBLISHED", archivedAt: null },
} as const satisfies Prisma.CohortWhereInput;

/**
 * Which cohorts a viewer sees (a Prisma `where`): every cohort for owners, managers and finance; for an instructor,
 * every cohort of their tracks and the public ones; for anyone else the public ones (PUBLIC_COHORTS).
 */
export function visibleCohorts(viewer: Viewer | null | undefined): Prisma.CohortWhereInput {
  if (viewer?.role === "ADMIN" && viewer.staffRole && viewer.staffRole !== "INSTRUCTOR") return {};
  if (viewer?.role === "ADMIN" && viewer.staffRole === "INSTRUCTOR")
    return { OR: [PUBLIC_COHORTS, { track: { instructors: { some: { adminId: viewer.accountId } } } }] };
  return PUBLIC_COHORTS;
}

/** A track's cohorts in the order they run: earliest start first, the id breaking ties. */
export const COHORT_ORDER = [{ startsAt: "asc" as const }, { id: "asc" as const }];

// ---- Staff writes ----------------------------------------------------------------------------------------------

/** A date as a form sends it: a Date (GraphQL's DateTime) or ISO text (REST). */
const dateField = (required: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (value.trim() ? new Date(value.trim()) : undefined) : value),
    z.date({ error: (issue) => (issue.input === undefined ? required : COHORT_MESSAGES.date) }),
  );

const optionalDate = z.preprocess(
  (value) => (typeof value === "string" ? (value.trim() ? new Date(value.trim()) : null) : value),
  z.date({ error: COHORT_MESSAGES.date }).nullish(),
);

const cohortInput = z
  .object({
    name: z.string({ error: COHORT_MESSAGES.name }).trim().min(1, COHORT_MESSAGES.name).max(COHORT_NAME_MAX, COHORT_MESSAGES.nameTooLong),
    startsAt: dateField(COHORT_MESSAGES.startsAt),
    endsAt: dateField(COHORT_MESSAGES.endsAt),
    enrollmentOpensAt: optionalDate,
    enrollmentClosesAt: optionalDate,
    capacity: z
      .number({ error: COHORT_MESSAGES.capacity })
      .int(COHORT_MESSAGES.capacity)
      .min(1, COHORT_MESSAGES.capacity)
      .max(1_000_000, COHORT_MESSAGES.capacity)
      .nullish(),
    /** False (the default) keeps the cohort a draft, seen by staff only. */
    published: z.boolean({ error: "Published must be true or false." }).nullish(),
  })
  .superRefine((input, ctx) => {
    if (input.endsAt.getTime() <= input.startsAt.getTime())
      ctx.addIssue({ code: "custom", path: ["endsAt"], message: COHORT_MESSAGES.endAfterStart });
    if (input.enrollmentOpensAt && input.enrollmentClosesAt && input.enrollmentClosesAt.getTime() <= input.enrollmentOpensAt.getTime())
      ctx.addIssue({ code: "custom", path: ["enrollmentClosesAt"], message: COHORT_MESSAGES.windowOrder });
  });

export type CohortInput = FormInput<z.input<typeof cohortInput>>;

/** The columns a cohort form sets. */
function cohortData(input: z.output<typeof cohortInput>) {
  return {
    name: input.name,
    startsAt: input.startsAt,
    endsAt: input.endsAt,
    enrollmentOpensAt: input.enrollmentOpensAt ?? null,
    enrollmentClosesAt: input.enrollmentClosesAt ?? null,
    capacity: input.capacity ?? null,
    published: input.published ?? false,
  };
}

/** Adds a cohort to a track (staff who edit the catalogue), audited. */
export async function createCohort(deps: Services, actor: Actor, trackId: string, raw: CohortInput) {
  const input = parseInput(cohortInput, raw);
  const { prisma } = deps.db;
  const cohort = await prisma.$transaction(async (tx) => {
    const [track] = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Track" WHERE "id" = ${trackId}::uuid FOR SHARE`;
    if (!track) throw new NotFoundError("Track not found.");
    const created = await tx.cohort.create({ data: { trackId, ...cohortData(input) } });
    await recordAudit(tx, actor, { action: "cohort.create", entityType: "Cohort", entityId: created.id, before: null, after: created });
    return created;
  });
  deps.publicCache.clear();
  return cohort;
}

/**
 * Saves a cohort form (every field, as the form shows it). The cohort's row is locked as `claimSeat` locks it, so the
 * capacity is checked against the seats taken at that moment: it may not go below them.
 */
export async function updateCohort(deps: Services, actor: Actor, id: string, raw: CohortInput) {
  const input = parseInput(cohortInput, raw);
  const cohort = await deps.db.prisma.$transaction(async (tx) => {
    const existing = await lockedCohort(tx, id);
    const data = cohortData(input);
    if (data.capacity !== null) {
      const taken = (await seatsTaken(tx, [id])).get(id) ?? 0;
      if (data.capacity < taken) throw ValidationError.forField("capacity", COHORT_MESSAGES.capacityBelowTaken(taken));
    }
    const updated = await tx.cohort.update({ where: { id }, data });
    await recordAudit(tx, actor, { action: "cohort.update", entityType: "Cohort", entityId: id, before: existing, after: updated });
    return updated;
  });
  deps.publicCache.clear();
  return cohort;
}

/** Deletes a cohort nobody enrolled in or checked out for; one with enrollments or invoices is refused (409). */
export async function deleteCohort(deps: Services, actor: Actor, id: string): Promise<{ id: string }> {
  await deps.db.prisma.$transaction(async (tx) => {
    const existing = await lockedCohort(tx, id);
    const [enrollments, invoices] = await Promise.all([
      tx.enrollment.count({ where: { cohortId: id } }),
      tx.invoice.count({ where: { cohortId: id } }),
    ]);
    if (enrollments > 0 || invoices > 0) throw new ConflictError(COHORT_MESSAGES.inUse);
    await tx.cohort.delete({ where: { id } });
    await recordAudit(tx, actor, { action: "cohort.delete", entityType: "Cohort", entityId: id, before: existing, after: null });
  });
  deps.publicCache.clear();
  return { id };
}

/** The cohort's row, locked for update until the transaction ends; a NotFoundError when there is none. */
async function lockedCohort(tx: Prisma.TransactionClient, id: string) {
  const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT "id" FROM "Cohort" WHERE "id" = ${id}::uuid FOR UPDATE`;
  if (!locked) throw new NotFoundError(COHORT_MESSAGES.notFound);
  return tx.cohort.findUniqueOrThrow({ where: { id } });
}

/**
 * Staff move an enrolled learner to another cohort of the same track: the target's capacity is checked under its
 * lock (`claimSeat`, capacity only: staff may move into a cohort whose enrollment window is closed), and the move is
 * audited (`enrollment.move-cohort`). Moving to the cohort the learner is in changes nothing.
 */
export async function moveEnrollmentToCohort(deps: Services, actor: Actor, enrollmentId: string, cohortId: string) {
  const enrollment = await deps.db.prisma.$transaction(async (tx) => {
    const existing = await tx.enrollment.findUnique({ where: { id: enrollmentId } });
    if (!existing) throw new NotFoundError(COHORT_MESSAGES.enrollmentNotFound);
    const target = await tx.cohort.findUnique({ where: { id: cohortId }, select: { trackId: true } });
    if (!target) throw new NotFoundError(COHORT_MESSAGES.notFound);
    if (target.trackId !== existing.trackId) throw ValidationError.forField("cohort", COHORT_MESSAGES.otherTrack);
    if (existing.cohortId === cohortId) return existing;
    await claimSeat(tx, cohortId, existing.learnerId, { staffMove: true });
    const updated = await tx.enrollment.update({ where: { id: enrollmentId }, data: { cohortId } });
    await recordAudit(tx, actor, {
      action: "enrollment.move-cohort",
      entityType: "Enrollment",
      entityId: enrollmentId,
      before: { cohortId: existing.cohortId },
      after: { cohortId },
    });
    return updated;
  });
  deps.publicCache.clear();
  return enrollment;
}

// ---- The roster ------------------------------------------------------------------------------------------------

export interface RosterEntry {
  enrollmentId: string;
  learnerId: string;
  firstName: string;
  lastName: string;
  email: string;
  enrolledAt: Date;
  /** 0..100 as the learner sees it; null for staff who do not read learners' progress (finance). */
  progress: number | null;
}

/**
 * A cohort's learners, in the order they enrolled: name, e-mail, enrolled date and progress (for the staff who see
 * learners' progress, `mayReadTrackProgress`). Two statements whatever the cohort's size (the enrollments with their
 * learners, then every progress figure at once). Owners, managers and finance read every roster; an instructor those
 * of their tracks; anyone else is refused.
 */
export async function cohortRoster(
  deps: Pick<Services, "db">,
  viewer: Viewer | null | undefined,
  cohortId: string,
): Promise<RosterEntry[]> {
  const { prisma } = deps.db;
  const cohort = UUID_PATTERN.test(cohortId)
    ? await prisma.cohort.findUnique({ where: { id: cohortId }, select: { trackId: true } })
    : null;
  if (!cohort) throw new NotFoundError(COHORT_MESSAGES.notFound);
  if (!(await mayReadCohortsOf(prisma, viewer, cohort.trackId))) throw new ForbiddenError();
  const enrollments = await prisma.enrollment.findMany({
    where: { cohortId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: { id: true, createdAt: true, learner: { select: { id: true, firstName: true, lastName: true, email: true } } },
  });
  const outlines = (await mayReadTrackProgress(prisma, viewer, cohort.trackId))
    ? await enrollmentOutlines(
        prisma,
        enrollments.map((e) => e.id),
      )
    : null;
  return enrollments.map((e) => ({
    enrollmentId: e.id,
    learnerId: e.learner.id,
    firstName: e.learner.firstName,
    lastName: e.learner.lastName,
    email: e.learner.email,
    enrolledAt: e.createdAt,
    progress: outlines ? (outlines.get(e.id)?.progress ?? 0) : null,
  }));
}
