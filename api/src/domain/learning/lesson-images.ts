import { NOT_ASSIGNED_MESSAGE } from "../catalogue/courses.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors.ts";
import { storeImage } from "../images.ts";
import type { Actor } from "../staff/audit.ts";
import { mayEditTrackContent } from "../staff/staff.ts";

export const LESSON_IMAGE_MESSAGES = { courseNotFound: "Course not found.", missing: "Choose an image to upload." } as const;

/**
 * An image for a lesson's Markdown ("Insert image" in the lesson editor): stored as track and course images are (its
 * type checked from its bytes, at most 5 MB, a public /uploads/ name), by staff who may edit the course's lessons.
 * Answers the path the Markdown links to.
 */
export async function uploadLessonImage(deps: Services, actor: Actor, courseId: string, image: File | null | undefined): Promise<string> {
  const course = await deps.db.prisma.course.findUnique({ where: { id: courseId }, select: { trackId: true } });
  if (!course) throw new NotFoundError(LESSON_IMAGE_MESSAGES.courseNotFound);
  if (!(await mayEditTrackContent(deps.db.prisma, actor, course.trackId))) throw new ForbiddenError(NOT_ASSIGNED_MESSAGE);
  if (!image) throw ValidationError.forField("image", LESSON_IMAGE_MESSAGES.missing);
  return storeImage(deps.storage, image);
}
