import { z } from "zod";
import type { DomainServices as Services } from "../deps.ts";
import { ForbiddenError, NotFoundError } from "../errors.ts";
import { replaceImage, storeImage } from "../images.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { mayEditTrackContent } from "../staff/staff.ts";
import { type FormInput, parseInput } from "../validation.ts";

export const COURSE_MESSAGES = {
  title: "Title is required.",
  track: "Track is required.",
  description: "Description is required.",
  notFound: "Course not found.",
  trackNotFound: "The selected track does not exist.",
} as const;

const courseInput = z.object({
  title: z.string({ error: COURSE_MESSAGES.title }).trim().min(1, COURSE_MESSAGES.title).max(160),
  trackId: z.string({ error: COURSE_MESSAGES.track }).uuid(COURSE_MESSAGES.trackNotFound),
  description: z.string({ error: COURSE_MESSAGES.description }).trim().min(1, COURSE_MESSAGES.description).max(5000),
});

export type CourseInput = FormInput<z.input<typeof courseInput>> & { image?: File | null };

export const NOT_ASSIGNED_MESSAGE = "You can only edit the courses of tracks assigned to you.";

async function requireTrack(deps: Services, actor: Actor, trackId: string) {
  const track = await deps.db.prisma.track.findUnique({ where: { id: trackId }, select: { id: true } });
  if (!track) throw new NotFoundError(COURSE_MESSAGES.trackNotFound);
  if (!(await mayEditTrackContent(deps.db.prisma, actor, trackId))) throw new ForbiddenError(NOT_ASSIGNED_MESSAGE);
}

/** Instructors create and edit courses only in the tracks assigned to them (domain/staff/permissions.ts). */
export async function createCourse(deps: Services, actor: Actor, raw: CourseInput) {
  const { image, ...fields } = raw;
  const input = parseInput(courseInput, fields);
  await requireTrack(deps, actor, input.trackId);
  const imagePath = image ? await storeImage(deps.storage, image) : null;
  const course = await deps.db.prisma.$transaction(async (tx) => {
    const created = await tx.course.create({ data: { ...input, image: imagePath } });
    await recordAudit(tx, actor, { action: "course.create", entityType: "Course", entityId: created.id, before: null, after: created });
    return created;
  });
  deps.publicCache.clear();
  return course;
}

export async function updateCourse(deps: Services, actor: Actor, id: string, raw: CourseInput) {
  const { image, ...fields } = raw;
  const input = parseInput(courseInput, fields);
  const { prisma } = deps.db;
  const existing = await prisma.course.findUnique({ where: { id } });
  if (!existing) throw new NotFoundError(COURSE_MESSAGES.notFound);
  // Moving a course needs the right to edit both tracks.
  if (!(await mayEditTrackContent(prisma, actor, existing.trackId))) throw new ForbiddenError(NOT_ASSIGNED_MESSAGE);
  await requireTrack(deps, actor, input.trackId);
  const imagePath = image ? await replaceImage(deps.storage, image, existing.image) : undefined;
  const course = await prisma.$transaction(async (tx) => {
    const updated = await tx.course.update({ where: { id }, data: { ...input, image: imagePath } });
    await recordAudit(tx, actor, { action: "course.update", entityType: "Course", entityId: id, before: existing, after: updated });
    return updated;
  });
  deps.publicCache.clear();
  return course;
}

/**
 * Deletes a course, unless its track has enrollments: then the course is archived instead (`archived: true`), hidden
 * from the track's public course list but kept for those enrolled and for staff, restorable (restoreCourse).
 */
export async function deleteCourse(deps: Services, actor: Actor, id: string): Promise<{ id: string; archived: boolean }> {
  const { prisma } = deps.db;
  const existing = await prisma.course.findUnique({ where: { id } });
  if (!existing) throw new NotFoundError(COURSE_MESSAGES.notFound);
  if (!(await mayEditTrackContent(prisma, actor, existing.trackId))) throw new ForbiddenError(NOT_ASSIGNED_MESSAGE);
  const archived = await prisma.$transaction(async (tx) => {
    // The track's row lock orders this with an enrollment made at the same moment (its insert waits for the lock).
    await tx.$executeRaw`SELECT 1 FROM "Track" WHERE "id" = ${existing.trackId}::uuid FOR UPDATE`;
    const current = await tx.course.findUnique({ where: { id } });
    if (!current) throw new NotFoundError(COURSE_MESSAGES.notFound);
    if ((await tx.enrollment.count({ where: { trackId: current.trackId } })) > 0) {
      if (current.archivedAt) return true;
      const after = await tx.course.update({ where: { id }, data: { archivedAt: new Date() } });
      await recordAudit(tx, actor, { action: "course.archive", entityType: "Course", entityId: id, before: current, after });
      return true;
    }
    await tx.course.delete({ where: { id } });
    await recordAudit(tx, actor, { action: "course.delete", entityType: "Course", entityId: id, before: current, after: null });
    return false;
  });
  deps.publicCache.clear();
  if (!archived && existing.image) await deps.storage.remove(existing.image);
  return { id, archived };
}

/** Brings an archived course back to its track's course list. Restoring an active course changes nothing. */
export async function restoreCourse(deps: Services, actor: Actor, id: string) {
  const { prisma } = deps.db;
  const existing = await prisma.course.findUnique({ where: { id } });
  if (!existing) throw new NotFoundError(COURSE_MESSAGES.notFound);
  if (!(await mayEditTrackContent(prisma, actor, existing.trackId))) throw new ForbiddenError(NOT_ASSIGNED_MESSAGE);
  const course = await prisma.$transaction(async (tx) => {
    const current = await tx.course.findUniqueOrThrow({ where: { id } });
    if (!current.archivedAt) return current;
    const updated = await tx.course.update({ where: { id }, data: { archivedAt: null } });
    await recordAudit(tx, actor, { action: "course.restore", entityType: "Course", entityId: id, before: current, after: updated });
    return updated;
  });
  deps.publicCache.clear();
  return course;
}
