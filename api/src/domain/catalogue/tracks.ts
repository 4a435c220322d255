import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { TRACK_MESSAGES } from "../../../../common/catalogue.ts";
import { COHORT_MESSAGES } from "../../../../common/cohorts.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { siteUrl } from "../../sites.ts";
import { newToken } from "../accounts/sessions.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { replaceImage, storeImage } from "../images.ts";
import { amountToMinor } from "../money.ts";
import { NEWEST_FIRST } from "../order.ts";
import { businessCurrency } from "../settings/settings.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { can, type Viewer } from "../staff/permissions.ts";
import { type FormInput, parseInput } from "../validation.ts";

/** The catalogue's order: newest first, the id breaking ties so that every list and page has one order. */
/** A track's courses, in the order they were added. */
export const COURSE_ORDER = [{ createdAt: "asc" as const }, { id: "asc" as const }];

/**
 * Which tracks a viewer may see (a Prisma `where`): staff who read the catalogue see drafts and archived tracks too;
 * learners and anonymous callers see published tracks that are not archived, everywhere (catalogue, search, related
 * tracks, checkout, REST). The public cache keeps anonymous answers only, so a kept answer never holds a draft.
 */
export function visibleTracks(viewer: Viewer | null | undefined): { status?: "PUBLISHED"; archivedAt?: null } {
  return can(viewer, "readCatalogue") ? {} : { status: "PUBLISHED", archivedAt: null };
}

/**
 * Which track a viewer may open by its id (a track's page, `node`): what `visibleTracks` lists, and for a learner also
 * an archived track they are enrolled in (archived tracks stay fully usable by those enrolled).
 */
export function readableTrack(viewer: Viewer | null | undefined): Omit<Prisma.TrackWhereInput, "id"> {
  if (can(viewer, "readCatalogue")) return {};
  if (viewer?.role !== "LEARNER") return { status: "PUBLISHED", archivedAt: null };
  return { status: "PUBLISHED", OR: [{ archivedAt: null }, { enrollments: { some: { learnerId: viewer.accountId } } }] };
}

/**
 * Which of a track's courses a viewer sees: all for staff; archived courses only for learners enrolled in the track.
 */
export function visibleCourses(viewer: Viewer | null | undefined): Prisma.CourseWhereInput {
  if (can(viewer, "readCatalogue")) return {};
  if (viewer?.role !== "LEARNER") return { archivedAt: null };
  return { OR: [{ archivedAt: null }, { track: { enrollments: { some: { learnerId: viewer.accountId } } } }] };
}

/** The staff list's archive filter (a Prisma `where`): true archived only, false active only, null or omitted both. */
export function archivedWhere(archived: boolean | null | undefined): { archivedAt?: null | { not: null } } {
  if (archived === true) return { archivedAt: { not: null } };
  if (archived === false) return { archivedAt: null };
  return {};
}

/** Which tracks a track's page suggests: up to 4 other published tracks, in the catalogue's order (a Prisma findMany's arguments). */
export const relatedTracks = (trackId: string) => ({
  where: { id: { not: trackId }, status: "PUBLISHED" as const, archivedAt: null },
  orderBy: NEWEST_FIRST,
  take: 4,
});

/** The learners' catalogue orders; NEWEST is the default (and the one the public cache mostly serves). */
export const CATALOGUE_SORTS = ["NEWEST", "PRICE_LOW", "PRICE_HIGH", "RATING"] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];

/** A catalogue order as Prisma's `orderBy`; the id breaks ties so that pages never overlap. Unrated tracks come last by rating. */
export function catalogueOrder(sort: CatalogueSort | null | undefined) {
  switch (sort) {
    case "PRICE_LOW":
      return [{ priceCents: "asc" as const }, ...NEWEST_FIRST];
    case "PRICE_HIGH":
      return [{ priceCents: "desc" as const }, ...NEWEST_FIRST];
    case "RATING":
      return [{ ratingAverage: { sort: "desc" as const, nulls: "last" as const } }, { ratingCount: "desc" as const }, ...NEWEST_FIRST];
    default:
      return NEWEST_FIRST;
  }
}

// Shared with the track form (common/catalogue.ts).
export { TRACK_MESSAGES };

const text = (max: number) =>
  z.string({ error: TRACK_MESSAGES.required }).trim().min(1, TRACK_MESSAGES.required).max(max, `At most ${max} characters.`);

/** A track's form; its price is the main price, in the business currency (`currency`), read in that currency's units. */
const trackInput = (currency: string) =>
  z.object({
    name: text(120),
    price: amountToMinor(TRACK_MESSAGES.required, TRACK_MESSAGES.invalidPriceIn(currency), currency),
    duration: text(60),
    instructor: text(120),
    description: text(5000),
    /** Only when the track is created: omitted, it is published at once. */
    status: z.enum(["DRAFT", "PUBLISHED"], { error: TRACK_MESSAGES.invalidStatus }).optional(),
    /** Self-paced (the default for a new track) or sold in cohorts (docs/cohorts.md); omitted on an update, unchanged. */
    mode: z.enum(["SELF_PACED", "COHORT"], { error: COHORT_MESSAGES.invalidMode }).nullish(),
  });

export type TrackInput = FormInput<z.input<ReturnType<typeof trackInput>>> & { image?: File | null };

export async function createTrack(deps: Services, actor: Actor, raw: TrackInput) {
  const { image, ...fields } = raw;
  const input = parseInput(trackInput(await businessCurrency(deps)), fields);
  const imagePath = image ? await storeImage(deps.storage, image) : null;
  const { price, status, mode, ...rest } = input;
  const track = await deps.db.prisma.$transaction(async (tx) => {
    const created = await tx.track.create({
      data: { ...rest, status: status ?? "PUBLISHED", mode: mode ?? "SELF_PACED", priceCents: price, image: imagePath },
    });
    await recordAudit(tx, actor, { action: "track.create", entityType: "Track", entityId: created.id, before: null, after: created });
    return created;
  });
  deps.publicCache.clear();
  return track;
}

export async function updateTrack(deps: Services, actor: Actor, id: string, raw: TrackInput) {
  const { image, ...fields } = raw;
  const input = parseInput(trackInput(await businessCurrency(deps)), fields);
  const { prisma } = deps.db;
  const existing = await prisma.track.findUnique({ where: { id } });
  if (!existing) throw new NotFoundError(TRACK_MESSAGES.notFound);
  const imagePath = image ? await replaceImage(deps.storage, image, existing.image) : undefined;
  // The status changes only through publishing and unpublishing (setTrackStatus).
  const { price, status: _, mode, ...rest } = input;
  const track = await prisma.$transaction(async (tx) => {
    const updated = await tx.track.update({
      where: { id },
      data: { ...rest, ...(mode ? { mode } : {}), priceCents: price, image: imagePath },
    });
    await recordAudit(tx, actor, { action: "track.update", entityType: "Track", entityId: id, before: existing, after: updated });
    return updated;
  });
  deps.publicCache.clear();
  return track;
}

/**
 * Publishes a draft (learners see it at once) or takes a published track back to draft (it leaves the catalogue;
 * learners already enrolled keep their enrollment). The public cache is cleared after the commit either way.
 */
export async function setTrackStatus(deps: Services, actor: Actor, id: string, raw: { status: string }) {
  const { status } = parseInput(z.object({ status: z.enum(["DRAFT", "PUBLISHED"], { error: TRACK_MESSAGES.invalidStatus }) }), raw);
  const { prisma } = deps.db;
  const track = await prisma.$transaction(async (tx) => {
    const existing = await tx.track.findUnique({ where: { id } });
    if (!existing) throw new NotFoundError(TRACK_MESSAGES.notFound);
    if (existing.status === status) return existing;
    // Publishing retires the draft's preview link: a track unpublished again needs a new one.
    const updated = await tx.track.update({ where: { id }, data: { status, ...(status === "PUBLISHED" ? { previewToken: null } : {}) } });
    const action = status === "PUBLISHED" ? "track.publish" : "track.unpublish";
    await recordAudit(tx, actor, { action, entityType: "Track", entityId: id, before: existing, after: updated });
    return updated;
  });
  deps.publicCache.clear();
  return track;
}

/** A draft's preview address on the learner site: its track page with the token in the query string. */
function previewUrl(deps: Services, id: string, token: string) {
  const page = `${siteUrl(deps.config.publicUrl, deps.config.adminHostPrefix, "learner")}/learner-track-details/${id}`;
  return `${page}?preview=${encodeURIComponent(token)}`;
}

/**
 * A draft's unlisted preview link, created on first ask and the same afterwards (until the track is published), so
 * a link already shared keeps working. Every ask is audited (who obtained the link); the token itself never enters
 * the audit log. Refused for a published track, whose page is public.
 */
export async function trackPreviewLink(deps: Services, actor: Actor, id: string) {
  const token = await deps.db.prisma.$transaction(async (tx) => {
    const existing = await tx.track.findUnique({ where: { id }, select: { status: true, previewToken: true } });
    if (!existing) throw new NotFoundError(TRACK_MESSAGES.notFound);
    if (existing.status === "PUBLISHED") throw new ConflictError(TRACK_MESSAGES.previewPublished);
    let token = existing.previewToken;
    if (!token) {
      // Conditional: two staff asking at once get the same link (the second reads the first's token).
      await tx.track.updateMany({ where: { id, status: "DRAFT", previewToken: null }, data: { previewToken: newToken() } });
      token = (await tx.track.findUniqueOrThrow({ where: { id }, select: { previewToken: true } })).previewToken;
    }
    await recordAudit(tx, actor, {
      action: "track.preview-link",
      entityType: "Track",
      entityId: id,
      ...(existing.previewToken ? {} : { before: { previewLink: false }, after: { previewLink: true } }),
    });
    return token as string;
  });
  return { url: previewUrl(deps, id, token) };
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether a preview token given by a caller opens this draft: constant-time over SHA-256 digests (equal lengths
 * whatever was sent). A track without a link, or published, opens to no token.
 */
export function previewTokenOpens(track: { status: string; previewToken: string | null } | null, given: string): boolean {
  if (track?.status !== "DRAFT" || !track.previewToken) return false;
  return timingSafeEqual(digest(track.previewToken), digest(given));
}

/**
 * Deletes a track with its courses and ratings, unless it has history: a track with enrollments or invoices (paid
 * records must never lose their track, and a pending one may still be paid) is archived instead (`archived: true`):
 * gone from the catalogue and checkout, still usable by those enrolled, restorable (restoreTrack). The track's row is
 * locked first, so an enrollment or invoice made at the same moment is either seen here or waits for the archive.
 */
export async function deleteTrack(deps: Services, actor: Actor, id: string): Promise<{ id: string; archived: boolean }> {
  const { prisma } = deps.db;
  const found = await prisma.track.findUnique({ where: { id }, select: { id: true } });
  if (!found) throw new NotFoundError(TRACK_MESSAGES.notFound);
  const outcome = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Track" WHERE "id" = ${id}::uuid FOR UPDATE`;
    const existing = await tx.track.findUnique({
      where: { id },
      include: { courses: { select: { image: true } }, _count: { select: { enrollments: true, invoices: true } } },
    });
    if (!existing) throw new NotFoundError(TRACK_MESSAGES.notFound);
    const { courses, _count, ...before } = existing;
    if (_count.enrollments > 0 || _count.invoices > 0) {
      if (existing.archivedAt) return { archived: true, images: [] };
      const after = await tx.track.update({ where: { id }, data: { archivedAt: new Date() } });
      await recordAudit(tx, actor, { action: "track.archive", entityType: "Track", entityId: id, before, after });
      return { archived: true, images: [] };
    }
    await tx.track.delete({ where: { id } });
    await recordAudit(tx, actor, { action: "track.delete", entityType: "Track", entityId: id, before, after: null });
    return { archived: false, images: [existing.image, ...courses.map((c) => c.image)] };
  });
  deps.publicCache.clear();
  for (const path of outcome.images) if (path) await deps.storage.remove(path);
  return { id, archived: outcome.archived };
}

/** Brings an archived track back to the catalogue (as it was: a draft stays a draft). Restoring an active track changes nothing. */
export async function restoreTrack(deps: Services, actor: Actor, id: string) {
  const { prisma } = deps.db;
  const found = await prisma.track.findUnique({ where: { id }, select: { id: true } });
  if (!found) throw new NotFoundError(TRACK_MESSAGES.notFound);
  const track = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Track" WHERE "id" = ${id}::uuid FOR UPDATE`;
    const existing = await tx.track.findUniqueOrThrow({ where: { id } });
    if (!existing.archivedAt) return existing;
    const updated = await tx.track.update({ where: { id }, data: { archivedAt: null } });
    await recordAudit(tx, actor, { action: "track.restore", entityType: "Track", entityId: id, before: existing, after: updated });
    return updated;
  });
  deps.publicCache.clear();
  return track;
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
    // The public catalogue: published tracks only, whoever asks (staff list drafts through GraphQL's `tracks`).
    where: visibleTracks(null),
    orderBy: NEWEST_FIRST,
    include: {
      courses: {
        where: visibleCourses(null),
        select: {
          id: true,
          title: true,
          // The outline of each course's lessons (never their content), as GET /api/tracks/{id} lists them.
          lessons: {
            where: { archivedAt: null },
            orderBy: [{ position: "asc" }, { id: "asc" }],
            select: { id: true, title: true, kind: true, minutes: true, freePreview: true },
          },
        },
        orderBy: COURSE_ORDER,
      },
      ratings: { select: { value: true }, orderBy: RATING_ORDER },
      // Its prices in further currencies, joined in the same statement (catalogue/prices.ts).
      prices: { select: { currency: true, amountCents: true }, orderBy: { currency: "asc" } },
    },
  });
}

export type TrackWithCourses = Awaited<ReturnType<typeof listTracksWithCourses>>[number];

/**
 * Holds the track's row (shared) until the checkout's transaction ends, and refuses a track deleted or archived at this
 * very moment: deleteTrack locks the row for update, so it either sees this checkout's invoice or enrollment (and
 * archives the track instead of deleting it) or runs first (and this checkout is refused, never a 5xx). Every way of
 * buying a track takes it: free enrollment, card and offline (bank transfer / mobile money) checkouts.
 */
export async function lockSoldTrack(tx: Prisma.TransactionClient, trackId: string) {
  const [sold] = await tx.$queryRaw<
    { archivedAt: Date | null }[]
  >`SELECT "archivedAt" FROM "Track" WHERE "id" = ${trackId}::uuid FOR SHARE`;
  if (!sold) throw new NotFoundError(TRACK_MESSAGES.notFound);
  if (sold.archivedAt) throw new ConflictError(TRACK_MESSAGES.noLongerSold);
}
