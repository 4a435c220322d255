import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { TRACK_PRICE_MESSAGES } from "../../domain/catalogue/prices.ts";
import { ratingValues } from "../../domain/catalogue/ratings.ts";
import { listTracksWithCourses, TRACK_MESSAGES } from "../../domain/catalogue/tracks.ts";
import { COHORT_MESSAGES } from "../../domain/cohorts/cohorts.ts";
import { NotFoundError, ValidationError } from "../../domain/errors.ts";
import { businessCurrency } from "../../domain/settings/settings.ts";
import type { Services } from "../../services.ts";
import { currencyIn, formBody, idParam, jsonBody, numberIn, textIn, toGlobalId } from "../input.ts";
import {
  COHORT_FIELDS,
  cohortJson,
  LESSON_OUTLINE_FIELDS,
  lessonRefJson,
  TRACK_FIELDS,
  toRawId,
  trackJson,
  trackRowJson,
} from "../json.ts";
import { ERROR_FIELDS, restRoutes } from "../pipeline.ts";
import {
  ANY_REFUSAL,
  answer,
  currency,
  DeletedSchema,
  errors,
  form,
  MessageSchema,
  MULTIPART_OR_JSON,
  object,
  ref,
  TrackFormSchema,
  TrackSchema,
  text,
  uuidParams,
  withMessageAndData,
} from "../schemas.ts";

const ONE = `query($id: ID!) { track(id: $id) { ${TRACK_FIELDS} outline: courses { id ${LESSON_OUTLINE_FIELDS} }
  instalmentPlan { parts interval firstAmount { amount currency } schedule { number amount { amount } dueOn } }
  cohorts { ${COHORT_FIELDS} } } }`;
const CREATE = `mutation($input: TrackInput!) { result: createTrack(input: $input) { ${ERROR_FIELDS} ... on TrackPayload { track { ${TRACK_FIELDS} } } } }`;
const UPDATE = `mutation($id: ID!, $input: TrackInput!) {
  result: updateTrack(id: $id, input: $input) { ${ERROR_FIELDS} ... on TrackPayload { track { ${TRACK_FIELDS} } } }
}`;
const DELETE = `mutation($id: ID!) { result: deleteTrack(id: $id) { ${ERROR_FIELDS} ... on DeletePayload { deletedId archived } } }`;
const RESTORE = `mutation($id: ID!) { result: restoreTrack(id: $id) { ${ERROR_FIELDS} ... on TrackPayload { track { id } } } }`;
const SET_PRICE = `mutation($id: ID!, $input: TrackPriceInput!) {
  result: setTrackPrice(id: $id, input: $input) { ${ERROR_FIELDS} ... on TrackPayload { track { ${TRACK_FIELDS} } } }
}`;
const REMOVE_PRICE = `mutation($id: ID!, $currency: CurrencyCode!) {
  result: removeTrackPrice(id: $id, currency: $currency) { ${ERROR_FIELDS} ... on TrackPayload { track { ${TRACK_FIELDS} } } }
}`;

export const TRACK_REST_MESSAGES = {
  created: "Track created successfully.",
  updated: "Track updated successfully.",
  deleted: "Track deleted successfully.",
  archived: "Track archived: it has learner history, so it was kept. Restore it to bring it back.",
  restored: "Track restored successfully.",
  priceSaved: "Price saved.",
  priceRemoved: "Price removed.",
} as const;

async function trackInput(services: Services, fields: Record<string, unknown>, image: File | null) {
  return {
    name: textIn(fields.name, "name"),
    price: await priceIn(services, fields.price),
    duration: textIn(fields.duration, "duration"),
    instructor: textIn(fields.instructor, "instructor"),
    description: textIn(fields.description, "description"),
    image,
    // Only a new track reads it: "draft" keeps it from learners until it is published; omitted, it is published.
    status: fields.status === undefined || fields.status === null || fields.status === "" ? undefined : statusIn(fields.status),
    // Omitted: self-paced for a new track, unchanged on an update (docs/cohorts.md).
    mode: modeIn(fields.mode),
  };
}

/** The REST spelling of a track mode ("self_paced", "cohort", any case) as the GraphQL enum value; blank is "not given". */
function modeIn(value: unknown): "SELF_PACED" | "COHORT" | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const mode = typeof value === "string" ? value.trim().toUpperCase() : "";
  if (mode === "SELF_PACED" || mode === "COHORT") return mode;
  throw ValidationError.forField("mode", COHORT_MESSAGES.invalidMode);
}

/** A main price as sent (a number, or text of plain digits); a refusal names the business currency's unit. */
async function priceIn(services: Services, value: unknown): Promise<number | undefined> {
  try {
    return numberIn(value, "price", TRACK_MESSAGES.invalidPrice);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw ValidationError.forField("price", TRACK_MESSAGES.invalidPriceIn(await businessCurrency(services)));
  }
}

/** The `:currency` of a track price's URL, any case; one of the five or a 400 naming them. */
function currencyParam(req: { params: unknown }) {
  const code = currencyIn((req.params as { currency?: unknown }).currency, "currency", TRACK_PRICE_MESSAGES.currency);
  if (!code) throw ValidationError.forField("currency", TRACK_PRICE_MESSAGES.currency);
  return code;
}

/** The REST spelling of a track status ("draft", "published") as the GraphQL enum value; anything else is refused by the domain. */
function statusIn(value: unknown): string {
  return typeof value === "string" ? value.trim().toUpperCase() : String(value);
}

/**
 * The REST track's `ratings` list (each rating as `{ rating }`) has no GraphQL field: the screens show only the
 * average and count, which GraphQL answers. It is read from the domain beside the operation.
 */
async function ratingsOf(services: Services, id: string): Promise<number[]> {
  return (await ratingValues(services, [id])).get(id) ?? [];
}

type Outline = { id: string; lessons: { edges: { node: Record<string, unknown> }[] } }[];

/** Adds each course's lessons (outline only) to a track's JSON. */
function withLessons<T extends { courses: { _id: string }[] }>(json: T, outline: Outline): T {
  const lessons = new Map(outline.map((c) => [toRawId(c.id), c.lessons.edges.map((e) => lessonRefJson(e.node))]));
  return { ...json, courses: json.courses.map((c) => ({ ...c, lessons: lessons.get(c._id) ?? [] })) };
}

/** A track's instalment plan as REST answers it (docs/payments.md, "Instalments"): amounts in major units, with the currency. */
function planJson(plan: any) {
  if (!plan) return null;
  return {
    parts: plan.parts as number,
    interval: String(plan.interval).toLowerCase(),
    firstAmount: plan.firstAmount.amount as number,
    currency: plan.firstAmount.currency as string,
    schedule: (plan.schedule as any[]).map((p) => ({ number: p.number, amount: p.amount.amount, dueOn: p.dueOn })),
  };
}

/** docs/product.md, REST routes: GET /api/tracks, GET/PUT/DELETE /api/tracks/{id}, POST /api/tracks. Reading is public; changes need an admin. */
export async function trackRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);
  // The whole catalogue at once (tracks are not paged here, docs/product.md, Limits) is more than the GraphQL connection gives in a
  // page: it is read from the domain in one SQL statement, and shaped as GraphQL would answer it (public data).
  route.domain({
    method: "GET",
    url: "/api/tracks",
    config: { publicCache: true },
    schema: {
      operationId: "listTracks",
      summary: "Every published track, newest first (not paged); drafts and archived tracks are never listed here.",
      tags: ["tracks"],
      response: { 200: answer("The catalogue.", object({ tracks: Type.Array(ref(TrackSchema)) })), ...ANY_REFUSAL },
    },
    // The public catalogue: published tracks only, for every caller (no session lookup); a staff member reads one
    // draft with GET /api/tracks/{id}, and lists drafts through GraphQL.
    handle: async (call) => ({ tracks: (await listTracksWithCourses(call.services)).map(trackRowJson) }),
  });

  route.graphql({
    method: "GET",
    url: "/api/tracks/:id",
    config: { publicCache: true },
    schema: {
      operationId: "getTrack",
      summary:
        "One track (as both `track` and `data`), each course with its lessons' outline (`courses[].lessons[]`, no content); a cohort track lists its `cohorts`.",
      tags: ["tracks"],
      params: uuidParams("track"),
      response: { 200: answer("The track.", object({ track: ref(TrackSchema), data: ref(TrackSchema) })), ...errors(404) },
    },
    handle: async (call) => {
      const id = idParam(call.req, TRACK_MESSAGES.notFound);
      const { track } = await call.query(ONE, { id: toGlobalId("Track", id) });
      if (!track) throw new NotFoundError(TRACK_MESSAGES.notFound);
      const plan = planJson(track.instalmentPlan);
      // Only when the track has a plan (or is sold in cohorts): without them the answer is the catalogue list's track exactly.
      const json = {
        ...withLessons(trackJson(track, await ratingsOf(call.services, id)), track.outline),
        ...(plan ? { instalmentPlan: plan } : {}),
        ...(track.mode === "COHORT" ? { cohorts: (track.cohorts as Record<string, unknown>[]).map(cohortJson) } : {}),
      };
      return { track: json, data: json };
    },
  });

  route.graphql({
    method: "POST",
    url: "/api/tracks",
    schema: {
      operationId: "createTrack",
      summary: "Adds a track.",
      description: `A blank required field answers '${TRACK_MESSAGES.required}'`,
      tags: ["tracks"],
      consumes: MULTIPART_OR_JSON,
      body: TrackFormSchema,
      response: { 201: answer("Created.", withMessageAndData("track", ref(TrackSchema))), ...errors(400, 413) },
    },
    handle: async (call) => {
      const { fields, file } = await formBody(call.req);
      const ok = await call.mutate(CREATE, { input: await trackInput(call.services, fields, file) });
      // A new track has no ratings yet.
      const track = trackJson(ok.track, []);
      return call.reply.code(201).send({ message: TRACK_REST_MESSAGES.created, track, data: track });
    },
  });

  route.graphql({
    method: "PUT",
    url: "/api/tracks/:id",
    schema: {
      operationId: "updateTrack",
      summary: "Changes a track; a new image replaces (and deletes) the old one.",
      tags: ["tracks"],
      consumes: MULTIPART_OR_JSON,
      params: uuidParams("track"),
      body: TrackFormSchema,
      response: { 200: answer("Updated.", withMessageAndData("track", ref(TrackSchema))), ...errors(400, 404, 413) },
    },
    handle: async (call) => {
      const id = idParam(call.req, TRACK_MESSAGES.notFound);
      const { fields, file } = await formBody(call.req);
      const ok = await call.mutate(UPDATE, { id: toGlobalId("Track", id), input: await trackInput(call.services, fields, file) });
      const track = trackJson(ok.track, await ratingsOf(call.services, id));
      return { message: TRACK_REST_MESSAGES.updated, track, data: track };
    },
  });

  route.graphql({
    method: "DELETE",
    url: "/api/tracks/:id",
    schema: {
      operationId: "deleteTrack",
      summary:
        "Deletes a track with its courses, ratings and images; a track with enrollments or invoices is archived instead (`archived: true`): gone from the catalogue and checkout, still open to those enrolled, restorable.",
      tags: ["tracks"],
      params: uuidParams("track"),
      response: { 200: answer("Deleted, or archived when it has history (`archived`).", ref(DeletedSchema)), ...errors(404) },
    },
    handle: async (call) => {
      const { archived } = await call.mutate(DELETE, { id: toGlobalId("Track", idParam(call.req, TRACK_MESSAGES.notFound)) });
      return archived ? { message: TRACK_REST_MESSAGES.archived, archived } : { message: TRACK_REST_MESSAGES.deleted };
    },
  });

  route.graphql({
    method: "POST",
    url: "/api/tracks/:id/restore",
    schema: {
      operationId: "restoreTrack",
      summary: "Brings an archived track back (an active one is left as it is).",
      tags: ["tracks"],
      params: uuidParams("track"),
      body: form({}, "Nothing is read from the body."),
      response: { 200: answer("Restored.", ref(MessageSchema)), ...errors(404) },
    },
    handle: async (call) => {
      await call.mutate(RESTORE, { id: toGlobalId("Track", idParam(call.req, TRACK_MESSAGES.notFound)) });
      return { message: TRACK_REST_MESSAGES.restored };
    },
  });

  const priceParams = object({
    id: uuidParams("track").properties.id,
    currency: currency("The price's currency, any case; not the business currency (that is the track's main price)."),
  });

  route.graphql({
    method: "PUT",
    url: "/api/tracks/:id/prices/:currency",
    schema: {
      operationId: "setTrackPrice",
      summary:
        "Sets (or replaces) the track's price in a currency other than the business one: the track is then sold in it too, at that price (no exchange rates).",
      tags: ["tracks"],
      params: priceParams,
      body: form({ amount: text("Major units of that currency, 0 or more, at most 2 decimals (a number in JSON).") }),
      response: { 200: answer("Saved.", withMessageAndData("track", ref(TrackSchema))), ...errors(400, 404) },
    },
    handle: async (call) => {
      const id = idParam(call.req, TRACK_MESSAGES.notFound);
      const code = currencyParam(call.req);
      const amount = numberIn(jsonBody(call.req).amount, "amount", TRACK_PRICE_MESSAGES.invalidAmount(code));
      if (amount === undefined) throw ValidationError.forField("amount", TRACK_PRICE_MESSAGES.amountRequired);
      const ok = await call.mutate(SET_PRICE, { id: toGlobalId("Track", id), input: { currency: code, amount } });
      const track = trackJson(ok.track, await ratingsOf(call.services, id));
      return { message: TRACK_REST_MESSAGES.priceSaved, track, data: track };
    },
  });

  route.graphql({
    method: "DELETE",
    url: "/api/tracks/:id/prices/:currency",
    schema: {
      operationId: "removeTrackPrice",
      summary: "Removes the track's price in a currency: it is no longer sold in it (open invoices keep their price).",
      tags: ["tracks"],
      params: priceParams,
      response: { 200: answer("Removed.", withMessageAndData("track", ref(TrackSchema))), ...errors(400, 404) },
    },
    handle: async (call) => {
      const id = idParam(call.req, TRACK_MESSAGES.notFound);
      const ok = await call.mutate(REMOVE_PRICE, { id: toGlobalId("Track", id), currency: currencyParam(call.req) });
      const track = trackJson(ok.track, await ratingsOf(call.services, id));
      return { message: TRACK_REST_MESSAGES.priceRemoved, track, data: track };
    },
  });
}
