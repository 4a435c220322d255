import { createCourse, deleteCourse, updateCourse } from "../../domain/catalogue/courses.ts";
import { NEWEST_FIRST } from "../../domain/order.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { commonErrors } from "../schema/errors.ts";
import { pageArgs, pagedConnection, pagedConnectionType, wordsWhere } from "../schema/paging.ts";
import { DeletePayload } from "../schema/payloads.ts";
import { Track } from "./track.ts";

export const Course = builder.prismaNode("Course", {
  id: { field: "id" },
  // A well-formed id of a record that does not exist resolves to null, not an error.
  nullable: true,
  description: "A course of a track.",
  fields: (t) => ({
    title: t.exposeString("title", { description: "Title." }),
    description: t.exposeString("description", { description: "What the course teaches." }),
    image: t.exposeString("image", { nullable: true, description: "URL of the cover image; null when there is none." }),
    track: t.relation("track", { description: "The track the course belongs to." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the course was added." }),
  }),
});

const CourseConnection = pagedConnectionType(Course, "CourseConnection", "A page of courses.");

builder.queryFields((t) => ({
  courses: t.field({
    type: CourseConnection,
    authScopes: { can: "readCatalogue" },
    description: "All courses, newest first, 10 a page; `search` matches the title.",
    args: { search: t.arg.string({ description: "Words the title must contain." }), ...pageArgs },
    resolve: (_root, args, ctx, info) => {
      const { prisma } = ctx.services.db;
      const where = wordsWhere(args.search, ["title"]);
      return pagedConnection(args, ctx, info, {
        count: () => prisma.course.count({ where }),
        rows: (query, skip, take) => prisma.course.findMany({ ...query, where, orderBy: NEWEST_FIRST, skip, take }),
      });
    },
  }),
}));

const CourseInput = builder.inputType("CourseInput", {
  description: "The course form.",
  fields: (t) => ({
    title: t.string({ description: "Title." }),
    trackId: t.globalID({ for: [Track], description: "The track the course belongs to." }),
    description: t.string({ description: "What the course teaches." }),
    image: t.field({ type: "Upload", description: "JPEG, PNG or WebP, at most 5 MB. Omit to keep the current image." }),
  }),
});

export const CoursePayload = builder.objectRef<{ course: typeof Course.$inferType }>("CoursePayload").implement({
  description: "A saved course.",
  fields: (t) => ({ course: t.field({ type: Course, description: "The course as saved.", resolve: (p) => p.course }) }),
});

const errors = { types: commonErrors };

/** Course inputs carry the track's global id; the domain works with database ids. */
function courseInput<T extends { trackId?: { id: string } | null }>(input: T) {
  return { ...input, trackId: input.trackId?.id };
}

builder.mutationFields((t) => ({
  createCourse: t.field({
    type: CoursePayload,
    errors,
    authScopes: { can: "editCourses" },
    description: "Adds a course to a track.",
    args: { input: t.arg({ type: CourseInput, required: true, description: "The course." }) },
    resolve: async (_root, { input }, ctx) => ({ course: await createCourse(ctx.services, actor(ctx), courseInput(input)) }),
  }),
  updateCourse: t.field({
    type: CoursePayload,
    errors,
    authScopes: { can: "editCourses" },
    description: "Saves changes to a course.",
    args: {
      id: t.arg.globalID({ required: true, for: [Course], description: "The course's ID." }),
      input: t.arg({ type: CourseInput, required: true, description: "The course's new values." }),
    },
    resolve: async (_root, { id, input }, ctx) => ({
      course: await updateCourse(ctx.services, actor(ctx), id.id, courseInput(input)),
    }),
  }),
  deleteCourse: t.field({
    type: DeletePayload,
    errors,
    authScopes: { can: "editCourses" },
    description: "Deletes a course; a course of a track with enrollments is archived instead (`archived: true` in the payload).",
    args: { id: t.arg.globalID({ required: true, for: [Course], description: "The course's ID." }) },
    resolve: async (_root, { id }, ctx) => ({ ...(await deleteCourse(ctx.services, actor(ctx), id.id)), type: "Course" }),
  }),
}));
