import { z } from "zod";
import type { DomainServices as Services } from "../deps.ts";
import { NotFoundError } from "../errors.ts";
import { replaceImage, storeImage } from "../images.ts";
import { dollarsToCents } from "../money.ts";
import { NEWEST_FIRST } from "../order.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { type FormInput, parseInput } from "../validation.ts";

/** The catalogue's order: newest first, the id breaking ties so that every list and page has one order. */
/** A track's courses, in the order they were added. */
export const COURSE_ORDER = [{ createdAt: "asc" as const }, { id: "asc" as const }];

/** Which tracks a track's page suggests: up to 4 others, in the catalogue's order (a Prisma findMany's arguments). */
export const relatedTracks = (trackId: string) => ({ where: { id: { not: trackId } }, orderBy: NEWEST_FIRST, take: 4 });

export const TRACK_MESSAGES = {
  required: "Please fill in all required fields.",
  notFound: "Track not found.",
  invalidPrice: "Price must be a number of dollars, 0 or more.",
} as const;

const text = (max: number) =>
  z.string({ error: TRACK_MESSAGES.required }).trim().min(1, TRACK_MESSAGES.required).max(max, `At most ${max} characters.`);

const trackInput = z.object({
  name: text(120),
  price: dollarsToCents(TRACK_MESSAGES.required, TRACK_MESSAGES.invalidPrice),
  duration: text(60),
  instructor: text(120),
  description: text(5000),
});

export type TrackInput = FormInput<z.input<typeof trackInput>> & { image?: File | null };

export async function createTrack(deps: Services, actor: Actor, raw: TrackInput) {
  const { image, ...fields } = raw;
  const input = parseInput(trackInput, fields);
  const imagePath = image ? await storeImage(deps.storage, image) : null;
  const { price, ...rest } = input;
  const track = await deps.db.prisma.$transaction(async (tx) => {
    const created = await tx.track.create({ data: { ...rest, priceCents: price, image: imagePath } });
    await recordAudit(tx, actor, { action: "track.create", entityType: "Track", entityId: created.id, before: null, after: created });
    return created;
  });
  deps.publicCache.clear();
  return track;
}

export async function updateTrack(deps: Services, actor: Actor, id: string, raw: TrackInput) {
  const { image, ...fields } = raw;
  const input = parseInput(trackInput, fields);
  const { prisma } = deps.db;
  const existing = await prisma.track.findUnique({ where: { id } });
  if (!existing) throw new NotFoundError(TRACK_MESSAGES.notFound);
  const imagePath = image ? await replaceImage(deps.storage, image, existing.image) : undefined;
  const { price, ...rest } = input;
  const track = await prisma.$transaction(async (tx) => {
    const updated = await tx.track.update({ where: { id }, data: { ...rest, priceCents: price, image: imagePath } });
    await recordAudit(tx, actor, { action: "track.update", entityType: "Track", entityId: id, before: existing, after: updated });
    return updated;
  });
  deps.publicCache.clear();
  return track;
}

/** Deletes a track with its courses, ratings and enrollments; its invoices stay (for the books) without the link. */
export async function deleteTrack(deps: Services, actor: Actor, id: string) {
  const { prisma } = deps.db;
  const existing = await prisma.track.findUnique({ where: { id }, include: { courses: { select: { image: true } } } });
  if (!existing) throw new NotFoundError(TRACK_MESSAGES.notFound);
  await prisma.$transaction(async (tx) => {
    await tx.track.delete({ where: { id } });
    const { courses: _, ...before } = existing;
    await recordAudit(tx, actor, { action: "track.delete", entityType: "Track", entityId: id, before, after: null });
  });
  deps.publicCache.clear();
  for (const path of [existing.image, ...existing.courses.map((c) => c.image)]) if (path) await deps.storage.remove(path);
  return { id };
}

/**
 * A track's ratings, highest first: the values only, never who gave them. Not in the order they were given: a
 * learner's rating keeps its row when it changes, so a position in a time-ordered list would follow one person.
 */
export const RATING_ORDER = [{ value: "desc" as const }];

/**
 * Every track with its courses' ids and titles and its rating values, in the catalogue's order: one SQL statement
 * however many tracks there are (the courses and ratings are joined in the same query).
 */
export function listTracksWithCourses(deps: Pick<Services, "db">) {
  return deps.db.prisma.track.findMany({
    orderBy: NEWEST_FIRST,
    include: {
      courses: { select: { id: true, title: true }, orderBy: COURSE_ORDER },
      ratings: { select: { value: true }, orderBy: RATING_ORDER },
    },
  });
}

export type TrackWithCourses = Awaited<ReturnType<typeof listTracksWithCourses>>[number];
