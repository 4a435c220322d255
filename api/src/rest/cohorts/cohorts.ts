import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { TRACK_MESSAGES } from "../../domain/catalogue/tracks.ts";
import { COHORT_MESSAGES } from "../../domain/cohorts/cohorts.ts";
import { NotFoundError, ValidationError } from "../../domain/errors.ts";
import type { Services } from "../../services.ts";
import { booleanIn, idParam, jsonBody, textIn, toGlobalId } from "../input.ts";
import { COHORT_FIELDS, cohortJson, toRawId } from "../json.ts";
import { ERROR_FIELDS, restRoutes } from "../pipeline.ts";
import {
  answer,
  CohortFormSchema,
  CohortSchema,
  errors,
  integer,
  MessageSchema,
  object,
  ref,
  text,
  uuid,
  uuidParams,
  withMessageAndData,
} from "../schemas.ts";

/** docs/cohorts.md: staff write a track's cohorts and read a cohort's roster; the track page lists them (catalogue/tracks.ts). */

const CREATE = `mutation($trackId: ID!, $input: CohortInput!) {
  result: createCohort(trackId: $trackId, input: $input) { ${ERROR_FIELDS} ... on CohortPayload { cohort { ${COHORT_FIELDS} } } }
}`;
const UPDATE = `mutation($id: ID!, $input: CohortInput!) {
  result: updateCohort(id: $id, input: $input) { ${ERROR_FIELDS} ... on CohortPayload { cohort { ${COHORT_FIELDS} } } }
}`;
const DELETE = `mutation($id: ID!) { result: deleteCohort(id: $id) { ${ERROR_FIELDS} ... on DeletePayload { deletedId } } }`;
const ROSTER = `query($id: ID!) { cohort(id: $id) { ${COHORT_FIELDS}
  roster { enrollmentId learnerId firstName lastName email enrolledAt progress } } }`;

export const COHORT_REST_MESSAGES = {
  created: "Cohort created successfully.",
  updated: "Cohort updated successfully.",
  deleted: "Cohort deleted successfully.",
} as const;

/** A capacity as sent: a whole number (JSON) or text of digits; blank or null is unlimited. Anything else is refused. */
function capacityIn(value: unknown): number | null {
  if (value === undefined || value === null || value === "") return null;
  const number = typeof value === "number" ? value : typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(number)) throw ValidationError.forField("capacity", COHORT_MESSAGES.capacity);
  return number;
}

/** ISO-8601 with a time zone, as GraphQL's DateTime takes it. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/;

/** A date-time field: ISO-8601 text with a time zone; blank is "not given"; anything else is a 400 naming the field. */
function dateTimeIn(value: unknown, field: string): string | null {
  const text = textIn(value, field)?.trim();
  if (!text) return null;
  const date = DATE_TIME.test(text) ? new Date(text) : null;
  if (!date || Number.isNaN(date.getTime())) throw ValidationError.forField(field, COHORT_MESSAGES.date);
  return date.toISOString();
}

/** The cohort form from a JSON body (the domain checks every field and says what is missing). */
function cohortInput(body: Record<string, unknown>) {
  return {
    name: textIn(body.name, "name"),
    startsAt: dateTimeIn(body.startsAt, "startsAt"),
    endsAt: dateTimeIn(body.endsAt, "endsAt"),
    enrollmentOpensAt: dateTimeIn(body.enrollmentOpensAt, "enrollmentOpensAt"),
    enrollmentClosesAt: dateTimeIn(body.enrollmentClosesAt, "enrollmentClosesAt"),
    capacity: capacityIn(body.capacity),
    published: booleanIn(body.published, "published") ?? false,
  };
}

const RosterEntrySchema = object({
  enrollment: uuid("The enrollment's _id."),
  learner: object({ _id: uuid(), firstName: text(), lastName: text(), email: text() }),
  enrolledAt: text("When the learner was enrolled.", { format: "date-time" }),
  progress: Type.Unsafe<number | null>({
    type: ["integer", "null"],
    description: "Progress in the track, 0 to 100; null for staff who do not read learners' progress (finance).",
  }),
});

export async function cohortRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);

  route.graphql({
    method: "POST",
    url: "/api/tracks/:id/cohorts",
    schema: {
      operationId: "createCohort",
      summary: "Adds a cohort to a track (a draft unless `published`).",
      tags: ["cohorts"],
      params: uuidParams("track"),
      body: CohortFormSchema,
      response: { 201: answer("Created.", withMessageAndData("cohort", ref(CohortSchema))), ...errors(400, 404) },
    },
    handle: async (call) => {
      const trackId = idParam(call.req, TRACK_MESSAGES.notFound);
      const ok = await call.mutate(CREATE, { trackId: toGlobalId("Track", trackId), input: cohortInput(jsonBody(call.req)) });
      const cohort = cohortJson(ok.cohort);
      return call.reply.code(201).send({ message: COHORT_REST_MESSAGES.created, cohort, data: cohort });
    },
  });

  route.graphql({
    method: "PUT",
    url: "/api/cohorts/:id",
    schema: {
      operationId: "updateCohort",
      summary: "Saves a cohort form (every field); the capacity may not go below the seats already taken.",
      tags: ["cohorts"],
      params: uuidParams("cohort"),
      body: CohortFormSchema,
      response: { 200: answer("Updated.", withMessageAndData("cohort", ref(CohortSchema))), ...errors(400, 404) },
    },
    handle: async (call) => {
      const id = idParam(call.req, COHORT_MESSAGES.notFound);
      const ok = await call.mutate(UPDATE, { id: toGlobalId("Cohort", id), input: cohortInput(jsonBody(call.req)) });
      const cohort = cohortJson(ok.cohort);
      return { message: COHORT_REST_MESSAGES.updated, cohort, data: cohort };
    },
  });

  route.graphql({
    method: "DELETE",
    url: "/api/cohorts/:id",
    schema: {
      operationId: "deleteCohort",
      summary: `Deletes a cohort; one with enrollments or invoices answers 409 '${COHORT_MESSAGES.inUse}'`,
      tags: ["cohorts"],
      params: uuidParams("cohort"),
      response: { 200: answer("Deleted.", ref(MessageSchema)), ...errors(404, 409) },
    },
    handle: async (call) => {
      await call.mutate(DELETE, { id: toGlobalId("Cohort", idParam(call.req, COHORT_MESSAGES.notFound)) });
      return { message: COHORT_REST_MESSAGES.deleted };
    },
  });

  route.graphql({
    method: "GET",
    url: "/api/cohorts/:id/roster",
    schema: {
      operationId: "cohortRoster",
      summary:
        "A cohort with its learners, in the order they enrolled. Owners, managers and finance read every roster; an instructor those of their tracks (403 otherwise).",
      tags: ["cohorts"],
      params: uuidParams("cohort"),
      response: {
        200: answer(
          "The cohort and its roster.",
          object({
            cohort: ref(CohortSchema),
            roster: Type.Array(RosterEntrySchema),
            total: integer("How many learners are in it."),
          }),
        ),
        ...errors(403, 404),
      },
    },
    handle: async (call) => {
      const id = idParam(call.req, COHORT_MESSAGES.notFound);
      const { cohort } = await call.query(ROSTER, { id: toGlobalId("Cohort", id) });
      if (!cohort) throw new NotFoundError(COHORT_MESSAGES.notFound);
      const roster = (cohort.roster as Record<string, any>[]).map((e) => ({
        enrollment: toRawId(e.enrollmentId),
        learner: { _id: toRawId(e.learnerId), firstName: e.firstName, lastName: e.lastName, email: e.email },
        enrolledAt: e.enrolledAt,
        progress: e.progress ?? null,
      }));
      return { cohort: cohortJson(cohort), roster, total: roster.length };
    },
  });
}
