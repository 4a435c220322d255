import { restoreCourse } from "../../domain/catalogue/courses.ts";
import { restoreTrack } from "../../domain/catalogue/tracks.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { commonErrors } from "../schema/errors.ts";
import { Course, CoursePayload } from "./course.ts";
import { Track, TrackPayload } from "./track.ts";

/**
 * Archive, don't destroy (docs/ARCHITECTURE.md, "Archiving and abandoned checkouts"): a track or course with history
 * is archived by its delete mutation instead of deleted; these fields show it and bring it back.
 */

builder.objectField(Track, "archivedAt", (t) =>
  t.expose("archivedAt", {
    type: "DateTime",
    nullable: true,
    description:
      "When the track was archived (deleted while it had enrollments or invoices): gone from the catalogue and checkout, still open to those enrolled. Null while active.",
  }),
);

builder.objectField(Course, "archivedAt", (t) =>
  t.expose("archivedAt", {
    type: "DateTime",
    nullable: true,
    description:
      "When the course was archived (deleted while its track had enrollments): hidden from the public course list, kept for enrolled learners and staff. Null while active.",
  }),
);

const errors = { types: commonErrors };

builder.mutationFields((t) => ({
  restoreTrack: t.field({
    type: TrackPayload,
    errors,
    authScopes: { can: "editCatalogue" },
    description:
      "Brings an archived track back to the catalogue and checkout (a draft stays a draft). An active track is answered as it is.",
    args: { id: t.arg.globalID({ required: true, for: [Track], description: "The track's ID." }) },
    resolve: async (_root, { id }, ctx) => ({ track: await restoreTrack(ctx.services, actor(ctx), id.id) }),
  }),
  restoreCourse: t.field({
    type: CoursePayload,
    errors,
    authScopes: { can: "editCourses" },
    description: "Brings an archived course back to its track's course list. An active course is answered as it is.",
    args: { id: t.arg.globalID({ required: true, for: [Course], description: "The course's ID." }) },
    resolve: async (_root, { id }, ctx) => ({ course: await restoreCourse(ctx.services, actor(ctx), id.id) }),
  }),
}));
