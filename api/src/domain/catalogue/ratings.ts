import { z } from "zod";
import type { DomainServices as Services } from "../deps.ts";
import { ForbiddenError } from "../errors.ts";
import { parseInput } from "../validation.ts";
import { RATING_ORDER } from "./tracks.ts";

/** A track's average rating from 1 to 5, to one decimal, from its running totals; null before the first rating. */
export function averageRating(track: { ratingCount: number; ratingTotal: number }): number | null {
  return track.ratingCount ? Math.round((track.ratingTotal / track.ratingCount) * 10) / 10 : null;
}

/**
 * The rating values of some tracks (highest first, see RATING_ORDER), by track id, in one query: what the public track answers list. The
 * learner behind each value is not part of it.
 */
export async function ratingValues(deps: Pick<Services, "db">, trackIds: string[]): Promise<Map<string, number[]>> {
  const rows = await deps.db.prisma.rating.findMany({
    where: { trackId: { in: trackIds } },
    select: { trackId: true, value: true },
    orderBy: RATING_ORDER,
  });
  const byTrack = new Map<string, number[]>(trackIds.map((id) => [id, []]));
  for (const row of rows) byTrack.get(row.trackId)?.push(row.value);
  return byTrack;
}

const ratingInput = z.object({
  value: z
    .number({ error: "Rating must be a whole number from 1 to 5." })
    .int("Rating must be a whole number from 1 to 5.")
    .min(1, "Rating must be a whole number from 1 to 5.")
    .max(5, "Rating must be a whole number from 1 to 5."),
});

/**
 * A learner enrolled in a track rates it 1 to 5, once, and may change the rating. The track's running totals move in
 * the same transaction, with the row locked, so concurrent ratings cannot skew the average.
 */
export async function rateTrack(deps: Services, learnerId: string, trackId: string, raw: { value: number }) {
  const { value } = parseInput(ratingInput, raw);
  const { prisma } = deps.db;
  const enrolled = await prisma.enrollment.findUnique({ where: { learnerId_trackId: { learnerId, trackId } }, select: { id: true } });
  if (!enrolled) throw new ForbiddenError("You can rate a track once you are enrolled in it.");
  const rating = await prisma.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT 1 FROM "Track" WHERE "id" = ${trackId}::uuid FOR UPDATE`;
    const previous = await tx.rating.findUnique({ where: { learnerId_trackId: { learnerId, trackId } }, select: { value: true } });
    const rating = await tx.rating.upsert({
      where: { learnerId_trackId: { learnerId, trackId } },
      create: { learnerId, trackId, value },
      update: { value },
    });
    await tx.track.update({
      where: { id: trackId },
      data: previous
        ? { ratingTotal: { increment: value - previous.value } }
        : { ratingTotal: { increment: value }, ratingCount: { increment: 1 } },
    });
    return rating;
  });
  deps.publicCache.clear();
  return rating;
}
