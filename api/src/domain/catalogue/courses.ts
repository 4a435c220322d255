import { z } from "zod";
import type { Services } from "../../services.ts";
import { NotFoundError } from "../errors.ts";
import { replaceImage, storeImage } from "../images.ts";
import { parseInput } from "../validation.ts";

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

export type CourseInput = { title?: string | null; trackId?: string | null; description?: string | null; image?: File | null };

async function requireTrack(deps: Services, trackId: string) {
  const track = await deps.db.prisma.track.findUnique({ where: { id: trackId }, select: { id: true } });
  if (!track) throw new NotFoundError(COURSE_MESSAGES.trackNotFound);
}

export async function createCourse(deps: Services, raw: CourseInput) {
  const { image, ...fields } = raw;
  const input = parseInput(courseInput, fields);
  await requireTrack(deps, input.trackId);
  const imagePath = image ? await storeImage(deps.storage, image) : null;
  const course = await deps.db.prisma.course.create({ data: { ...input, image: imagePath } });
  deps.publicCache.clear();
  return course;
}

export async function updateCourse(deps: Services, id: string, raw: CourseInput) {
  const { image, ...fields } = raw;
  const input = parseInput(courseInput, fields);
  const { prisma } = deps.db;
  const existing = await prisma.course.findUnique({ where: { id }, select: { image: true } });
  if (!existing) throw new NotFoundError(COURSE_MESSAGES.notFound);
  await requireTrack(deps, input.trackId);
  const imagePath = image ? await replaceImage(deps.storage, image, existing.image) : undefined;
  const course = await prisma.course.update({ where: { id }, data: { ...input, image: imagePath } });
  deps.publicCache.clear();
  return course;
}

export async function deleteCourse(deps: Services, id: string) {
  const { prisma } = deps.db;
  const existing = await prisma.course.findUnique({ where: { id }, select: { image: true } });
  if (!existing) throw new NotFoundError(COURSE_MESSAGES.notFound);
  await prisma.course.delete({ where: { id } });
  deps.publicCache.clear();
  if (existing.image) await deps.storage.remove(existing.image);
  return { id };
}
