import { encodeGlobalID } from "@pothos/plugin-relay";
import DataLoader from "dataloader";
import {
  type CohortStatus as CohortStatusValue,
  cohortRoster,
  cohortStatus,
  createCohort,
  deleteCohort,
  moveEnrollmentToCohort,
  type RosterEntry,
  seatsLeftOf,
  seatsTaken,
  updateCohort,
  visibleCohorts,
} from "../../domain/cohorts/cohorts.ts";
import { builder } from "../builder.ts";
import { Track } from "../catalogue/track.ts";
import { actor, type Context } from "../context.ts";
import { Enrollment } from "../learning/enrollment.ts";
import { commonErrors } from "../schema/errors.ts";
import { DeletePayload } from "../schema/payloads.ts";

/** Cohorts (docs/cohorts.md): the Cohort node, its derived status and seats, the roster, and the staff mutations. */

export const CohortStatus = builder.enumType("CohortStatus", {
  description: "Where a cohort stands, derived from its dates, its enrollment window and its seats (only OPEN takes enrollments).",
  values: {
    DRAFT: { description: "Not published: seen by staff only." },
    OPEN: { description: "Published, inside its enrollment window, with a seat left: learners may enroll." },
    FULL: { description: "Inside its enrollment window, but every seat is taken." },
    RUNNING: { description: "Started, and its enrollment window is closed." },
    CLOSED: { description: "Not started, and its enrollment window is not open (not yet, or no longer)." },
    FINISHED: { description: "Its end date has passed." },
  } satisfies Record<CohortStatusValue, { description: string }>,
});

/**
 * The seats taken of every cohort one request reads, loaded together in one statement (`seatsTaken`) however many
 * cohorts a catalogue page lists.
 */
const seatLoaders = new WeakMap<Context, DataLoader<string, number>>();
function takenSeats(ctx: Context, cohortId: string): Promise<number> {
  let loader = seatLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids: readonly string[]) => {
      const taken = await seatsTaken(ctx.services.db.prisma, ids);
      return ids.map((id) => taken.get(id) ?? 0);
    });
    seatLoaders.set(ctx, loader);
  }
  return loader.load(cohortId);
}

export const Cohort = builder.prismaNode("Cohort", {
  id: { field: "id" },
  // Learners and visitors find published cohorts of published cohort tracks; staff as `visibleCohorts` says.
  findUnique: (id, ctx) => ({ ...visibleCohorts(ctx.viewer), id }),
  nullable: true,
  description: "A dated intake of a cohort track: its dates, enrollment window and seats.",
  fields: (t) => ({
    name: t.exposeString("name", { description: 'Its name, e.g. "January 2027".' }),
    startsAt: t.expose("startsAt", { type: "DateTime", description: "When it starts." }),
    endsAt: t.expose("endsAt", { type: "DateTime", description: "When it ends." }),
    enrollmentOpensAt: t.expose("enrollmentOpensAt", {
      type: "DateTime",
      nullable: true,
      description: "When enrollment opens; null: as soon as it is published.",
    }),
    enrollmentClosesAt: t.expose("enrollmentClosesAt", {
      type: "DateTime",
      nullable: true,
      description: "When enrollment closes; null: when the cohort ends.",
    }),
    capacity: t.exposeInt("capacity", { nullable: true, description: "How many seats it has; null for unlimited." }),
    published: t.exposeBoolean("published", { description: "False while it is a draft (staff only)." }),
    seatsTaken: t.int({
      description: "Learners enrolled in it, or holding a pending checkout for it.",
      select: { id: true },
      resolve: (cohort, _args, ctx) => takenSeats(ctx, cohort.id),
    }),
    seatsLeft: t.int({
      nullable: true,
      description: "Seats still free; null when the capacity is unlimited.",
      select: { id: true, capacity: true },
      resolve: async (cohort, _args, ctx) => seatsLeftOf(cohort.capacity, await takenSeats(ctx, cohort.id)),
    }),
    status: t.field({
      type: CohortStatus,
      description: "Where it stands now (see CohortStatus).",
      select: {
        id: true,
        capacity: true,
        published: true,
        startsAt: true,
        endsAt: true,
        enrollmentOpensAt: true,
        enrollmentClosesAt: true,
      },
      resolve: async (cohort, _args, ctx) => cohortStatus(cohort, seatsLeftOf(cohort.capacity, await takenSeats(ctx, cohort.id))),
    }),
    track: t.relation("track", { description: "The track it is a cohort of." }),
    roster: t.field({
      type: [CohortRosterEntry],
      nullable: true,
      authScopes: { can: "readCatalogue" },
      description:
        "Staff: its learners, in the order they enrolled. Owners, managers and finance read every roster, an instructor those of their tracks.",
      select: { id: true },
      resolve: (cohort, _args, ctx) => cohortRoster(ctx.services, ctx.viewer, cohort.id),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was added." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "When it last changed." }),
  }),
});

const CohortRosterEntry = builder.objectRef<RosterEntry>("CohortRosterEntry").implement({
  description: "A learner of a cohort, as its roster lists them.",
  fields: (t) => ({
    enrollmentId: t.id({
      description: "The enrollment's global ID (for moveEnrollmentToCohort).",
      resolve: (e) => encodeGlobalID("Enrollment", e.enrollmentId),
    }),
    learnerId: t.id({ description: "The learner's global ID.", resolve: (e) => encodeGlobalID("Learner", e.learnerId) }),
    firstName: t.exposeString("firstName", { description: "First name." }),
    lastName: t.exposeString("lastName", { description: "Last name." }),
    email: t.exposeString("email", { description: "E-mail address." }),
    enrolledAt: t.expose("enrolledAt", { type: "DateTime", description: "When the learner was enrolled." }),
    progress: t.exposeInt("progress", {
      nullable: true,
      description: "The learner's progress in the track, 0 to 100; null for staff who do not read learners' progress (finance).",
    }),
  }),
});

const CohortInput = builder.inputType("CohortInput", {
  description: "The cohort form (every field, as the form shows it).",
  fields: (t) => ({
    name: t.string({ description: "Its name; required, at most 120 characters." }),
    startsAt: t.field({ type: "DateTime", description: "When it starts; required." }),
    endsAt: t.field({ type: "DateTime", description: "When it ends; required, after it starts." }),
    enrollmentOpensAt: t.field({ type: "DateTime", description: "When enrollment opens; empty: as soon as it is published." }),
    enrollmentClosesAt: t.field({
      type: "DateTime",
      description: "When enrollment closes, after it opens; empty: when the cohort ends.",
    }),
    capacity: t.int({
      description: "Seats, a whole number of 1 or more; empty for unlimited. Never below the seats already taken.",
    }),
    published: t.boolean({ description: "True to publish it (learners see it); false or empty keeps it a draft." }),
  }),
});

const CohortPayload = builder.objectRef<{ cohort: typeof Cohort.$inferType }>("CohortPayload").implement({
  description: "A saved cohort.",
  fields: (t) => ({ cohort: t.field({ type: Cohort, description: "The cohort as saved.", resolve: (p) => p.cohort }) }),
});

const EnrollmentCohortPayload = builder.objectRef<{ enrollment: typeof Enrollment.$inferType }>("EnrollmentCohortPayload").implement({
  description: "An enrollment moved to another cohort.",
  fields: (t) => ({
    enrollment: t.field({ type: Enrollment, description: "The enrollment, in its new cohort.", resolve: (p) => p.enrollment }),
  }),
});

const errors = { types: commonErrors };

builder.queryFields((t) => ({
  cohort: t.prismaField({
    type: "Cohort",
    nullable: true,
    description:
      "The cohort with this ID; null if there is none, or the caller may not see it (learners and visitors see published cohorts of published cohort tracks).",
    args: { id: t.arg.globalID({ required: true, for: [Cohort], description: "The cohort's ID." }) },
    resolve: (query, _root, { id }, ctx) =>
      ctx.services.db.prisma.cohort.findFirst({ ...query, where: { id: id.id, ...visibleCohorts(ctx.viewer) } }),
  }),
}));

builder.mutationFields((t) => ({
  createCohort: t.field({
    type: CohortPayload,
    errors,
    authScopes: { can: "editCatalogue" },
    description: "Adds a cohort to a track (a draft unless `published`).",
    args: {
      trackId: t.arg.globalID({ required: true, for: [Track], description: "The track's ID." }),
      input: t.arg({ type: CohortInput, required: true, description: "The cohort." }),
    },
    resolve: async (_root, { trackId, input }, ctx) => ({ cohort: await createCohort(ctx.services, actor(ctx), trackId.id, input) }),
  }),
  updateCohort: t.field({
    type: CohortPayload,
    errors,
    authScopes: { can: "editCatalogue" },
    description: "Saves a cohort form; the capacity may not go below the seats already taken.",
    args: {
      id: t.arg.globalID({ required: true, for: [Cohort], description: "The cohort's ID." }),
      input: t.arg({ type: CohortInput, required: true, description: "The cohort's new values." }),
    },
    resolve: async (_root, { id, input }, ctx) => ({ cohort: await updateCohort(ctx.services, actor(ctx), id.id, input) }),
  }),
  deleteCohort: t.field({
    type: DeletePayload,
    errors,
    authScopes: { can: "editCatalogue" },
    description: "Deletes a cohort; one with enrollments or invoices is refused (ConflictError): unpublish it instead.",
    args: { id: t.arg.globalID({ required: true, for: [Cohort], description: "The cohort's ID." }) },
    resolve: async (_root, { id }, ctx) => ({ ...(await deleteCohort(ctx.services, actor(ctx), id.id)), type: "Cohort" }),
  }),
  moveEnrollmentToCohort: t.field({
    type: EnrollmentCohortPayload,
    errors,
    authScopes: { can: "editCatalogue" },
    description:
      "Moves an enrolled learner to another cohort of the same track (audited); refused when that cohort is full. Its enrollment window is not checked.",
    args: {
      enrollmentId: t.arg.globalID({ required: true, for: [Enrollment], description: "The enrollment's ID." }),
      cohortId: t.arg.globalID({ required: true, for: [Cohort], description: "The cohort to move to." }),
    },
    resolve: async (_root, { enrollmentId, cohortId }, ctx) => ({
      enrollment: await moveEnrollmentToCohort(ctx.services, actor(ctx), enrollmentId.id, cohortId.id),
    }),
  }),
}));
