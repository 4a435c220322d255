import { createCourse, deleteCourse, updateCourse } from "../../domain/catalogue/courses.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { commonErrors } from "./errors.ts";
import { pagedConnection, wordsWhere } from "./paging.ts";
import { DeletePayload } from "./payloads.ts";
import { Track } from "./track.ts";

export const Course = builder.prismaNode("Course", {
  id: { field: "id" },
  // A well-formed id of a record that does not exist resolves to null, not an error.
  nullable: true,
  fields: (t) => ({
    title: t.exposeString("title"),
    description: t.exposeString("description"),
    image: t.exposeString("image", { nullable: true }),
    track: t.relation("track"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
  }),
});

const CourseConnection = builder.connectionObject({
  type: Course,
  name: "CourseConnection",
  fields: (t) => ({ totalCount: t.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
});

builder.queryFields((t) => ({
  courses: t.field({
    type: CourseConnection,
    authScopes: { can: "readCatalogue" },
    description: "All courses, newest first, 10 a page; `search` matches the title.",
    args: { search: t.arg.string(), first: t.arg.int(), after: t.arg.string(), page: t.arg.int() },
    resolve: (_root, args, ctx, info) => {
      const { prisma } = ctx.services.db;
      const where = wordsWhere(args.search, ["title"]);
      return pagedConnection(args, ctx, info, {
        count: () => prisma.course.count({ where }),
        rows: (query, skip, take) =>
          prisma.course.findMany({ ...query, where, orderBy: [{ createdAt: "desc" }, { id: "asc" }], skip, take }),
      }) as never;
    },
  }),
}));

const CourseInput = builder.inputType("CourseInput", {
  fields: (t) => ({
    title: t.string(),
    trackId: t.globalID({ for: [Track] }),
    description: t.string(),
    image: t.field({ type: "Upload", description: "JPEG, PNG or WebP, at most 5 MB. Omit to keep the current image." }),
  }),
});

const CoursePayload = builder.objectRef<{ course: object }>("CoursePayload").implement({
  fields: (t) => ({ course: t.field({ type: Course, resolve: (p) => p.course as never }) }),
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
    args: { input: t.arg({ type: CourseInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ course: await createCourse(ctx.services, actor(ctx), courseInput(input) as never) }),
  }),
  updateCourse: t.field({
    type: CoursePayload,
    errors,
    authScopes: { can: "editCourses" },
    args: { id: t.arg.globalID({ required: true, for: [Course] }), input: t.arg({ type: CourseInput, required: true }) },
    resolve: async (_root, { id, input }, ctx) => ({
      course: await updateCourse(ctx.services, actor(ctx), id.id, courseInput(input) as never),
    }),
  }),
  deleteCourse: t.field({
    type: DeletePayload,
    errors,
    authScopes: { can: "editCourses" },
    args: { id: t.arg.globalID({ required: true, for: [Course] }) },
    resolve: async (_root, { id }, ctx) => ({ ...(await deleteCourse(ctx.services, actor(ctx), id.id)), type: "Course" }),
  }),
}));
