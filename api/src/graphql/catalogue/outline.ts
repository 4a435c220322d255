import { visibleLessons } from "../../domain/learning/access.ts";
import { COUNTED_LESSONS } from "../../domain/learning/progress.ts";
import { mayReadTrackProgress, type TrackLearningStats, trackLearningStats } from "../../domain/learning/staff-progress.ts";
import { can, type Viewer } from "../../domain/staff/permissions.ts";
import { builder } from "../builder.ts";
import { refuseOversizedPage } from "../schema/paging.ts";
import { Course } from "./course.ts";
import { Track } from "./track.ts";

/**
 * What a track and a course show of their lessons and learners (docs/ARCHITECTURE.md, "Learning"): a course's lesson
 * lists, a track's outline figures, and its learning figures for staff. Declared here, beside the types they belong
 * to; the lessons themselves, progress and enrollments are graphql/learning/.
 */

/** A course's lessons in order. */
export const LESSON_ORDER = [{ position: "asc" as const }, { id: "asc" as const }];

/** Which lessons a course lists: staff see archived ones too; others the active lessons they may see. */
function listedLessons(viewer: Viewer | null | undefined) {
  return can(viewer, "readCatalogue") ? {} : { AND: [{ archivedAt: null }, visibleLessons(viewer)] };
}

builder.prismaObjectFields(Course, (t) => ({
  lessonList: t.relation("lessons", {
    // A plain list beside the connection: the curriculum's and the player's outline, shallow enough for the query-cost
    // limit when nested under a track's courses.
    query: (_args, ctx) => ({ where: listedLessons(ctx.viewer), orderBy: LESSON_ORDER, take: 200 }),
    description: "The course's lessons in order, as one list (the first 200; archived ones for staff only).",
  }),
  lessons: t.relatedConnection(
    "lessons",
    {
      cursor: "id",
      maxSize: refuseOversizedPage,
      query: (_args, ctx) => ({ where: listedLessons(ctx.viewer), orderBy: LESSON_ORDER }),
      description: "The course's lessons, in order (archived ones for staff only).",
    },
    { description: "A page of a course's lessons." },
  ),
}));

/** The counted lessons of a track's courses (for the outline's figures), as a Prisma select on Track. */
const OUTLINE = {
  courses: { where: { archivedAt: null }, select: { lessons: { where: COUNTED_LESSONS, select: { minutes: true } } } },
};

builder.prismaObjectFields(Track, (t) => ({
  outcomes: t.exposeStringList("outcomes", { description: "\"What you'll learn\": the track's bullets, in order." }),
  enrolledCount: t.relationCount("enrollments", { description: "How many learners are enrolled in the track." }),
  lessonCount: t.int({
    description: "How many lessons the track's courses hold (active ones).",
    select: OUTLINE,
    resolve: (track) => track.courses.reduce((sum, c) => sum + c.lessons.length, 0),
  }),
  totalMinutes: t.int({
    description: "The estimated minutes of all its lessons.",
    select: OUTLINE,
    resolve: (track) => track.courses.reduce((sum, c) => sum + c.lessons.reduce((m, l) => m + l.minutes, 0), 0),
  }),
}));

const TrackLearningStatsRef = builder.objectRef<TrackLearningStats>("TrackLearningStats").implement({
  description: "How a track's enrolled learners are doing.",
  fields: (t) => ({
    enrolled: t.exposeInt("enrolled", { description: "Learners enrolled in the track." }),
    started: t.exposeInt("started", { description: "Enrolled learners who opened or finished at least one lesson." }),
    finished: t.exposeInt("finished", { description: "Enrolled learners who finished every lesson (100 %)." }),
    medianProgress: t.exposeFloat("medianProgress", {
      nullable: true,
      description: "The median progress of the enrolled learners, 0 to 100 (an even count averages the middle two); null without learners.",
    }),
  }),
});

builder.prismaObjectFields(Track, (t) => ({
  learningStats: t.field({
    type: TrackLearningStatsRef,
    nullable: true,
    description:
      "Started, finished and median progress of the track's learners: for owners, managers and the instructors assigned to the track; null for anyone else.",
    select: { id: true },
    resolve: async (track, _args, ctx) => {
      const { prisma } = ctx.services.db;
      if (!(await mayReadTrackProgress(prisma, ctx.viewer, track.id))) return null;
      return trackLearningStats(prisma, track.id);
    },
  }),
}));
