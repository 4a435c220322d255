import { uploadLessonImage } from "../../domain/learning/lesson-images.ts";
import { progressPercent } from "../../domain/learning/progress.ts";
import { builder } from "../builder.ts";
import { Course } from "../catalogue/course.ts";
import { actor } from "../context.ts";
import { commonErrors } from "../schema/errors.ts";
import { Enrollment } from "./enrollment.ts";

/**
 * Staff progress views (docs/ARCHITECTURE.md, "Learning"): an enrollment's progress details for the learner details
 * dialog (a track's learning figures for its admin page are Track's, in catalogue/outline.ts).
 */

/**
 * What an enrollment's progress details are computed from, loaded with the enrollments (Prisma batches the nested
 * relations of a list into one statement per level, none per enrollment): the track's counted lessons and the
 * learner's progress rows with the track of their lesson.
 */
const DETAILS = {
  trackId: true,
  track: {
    select: { courses: { where: { archivedAt: null }, select: { _count: { select: { lessons: { where: { archivedAt: null } } } } } } },
  },
  learner: {
    select: {
      lessonProgress: {
        select: {
          completedAt: true,
          lastSeenAt: true,
          lesson: { select: { archivedAt: true, course: { select: { trackId: true, archivedAt: true } } } },
        },
      },
    },
  },
} as const;

interface DetailsRow {
  trackId: string;
  track: { courses: { _count: { lessons: number } }[] };
  learner: {
    lessonProgress: {
      completedAt: Date | null;
      lastSeenAt: Date;
      lesson: { archivedAt: Date | null; course: { trackId: string; archivedAt: Date | null } };
    }[];
  };
}

function details(row: DetailsRow) {
  const total = row.track.courses.reduce((sum, c) => sum + c._count.lessons, 0);
  const inTrack = row.learner.lessonProgress.filter((p) => p.lesson.course.trackId === row.trackId);
  // Counted lessons only (active lessons of active courses), as the progress percentage counts them.
  const done = inTrack.filter((p) => p.completedAt !== null && p.lesson.archivedAt === null && p.lesson.course.archivedAt === null).length;
  const last = inTrack.reduce<Date | null>((max, p) => (max === null || p.lastSeenAt > max ? p.lastSeenAt : max), null);
  return { total, done: Math.min(done, total), percent: progressPercent(done, total), last };
}

builder.prismaObjectFields(Enrollment, (t) => ({
  lessonsDone: t.int({
    description: "How many of the track's lessons (active ones) the learner marked done.",
    select: DETAILS,
    resolve: (row) => details(row).done,
  }),
  lessonCount: t.int({
    description: "How many lessons the track holds (active ones).",
    select: DETAILS,
    resolve: (row) => details(row).total,
  }),
  lastActivityAt: t.field({
    type: "DateTime",
    nullable: true,
    description: "When the learner last opened or finished a lesson of the track; null before the first.",
    select: DETAILS,
    resolve: (row) => details(row).last,
  }),
  completedAt: t.expose("completedAt", {
    type: "DateTime",
    nullable: true,
    description: "When the learner finished every lesson of the track (the enrollment became COMPLETED); null until then.",
  }),
}));

const LessonImagePayload = builder.objectRef<{ url: string }>("LessonImagePayload").implement({
  description: "An image stored for a lesson's Markdown.",
  fields: (t) => ({ url: t.exposeString("url", { description: "Its public path (/uploads/...), to write as ![alt](url)." }) }),
});

builder.mutationFields((t) => ({
  uploadLessonImage: t.field({
    type: LessonImagePayload,
    errors: { types: commonErrors },
    authScopes: { can: "editCourses" },
    description:
      "Stores an image for a lesson's Markdown (JPEG, PNG or WebP, at most 5 MB, checked by content), for staff who may edit the course's lessons.",
    args: {
      courseId: t.arg.globalID({ required: true, for: [Course], description: "The course whose lesson shows the image." }),
      // Optional in the schema so that a missing file is answered as a ValidationError (after the permission check).
      image: t.arg({ type: "Upload", description: "The image file (required)." }),
    },
    resolve: async (_root, args, ctx) => ({
      url: await uploadLessonImage(ctx.services, actor(ctx), args.courseId.id, args.image as File | null | undefined),
    }),
  }),
}));
