import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { ratingValues } from "../domain/catalogue/ratings.ts";
import { listTracksWithCourses, TRACK_MESSAGES } from "../domain/catalogue/tracks.ts";
import { NotFoundError } from "../domain/errors.ts";
import type { Services } from "../services.ts";
import { formBody } from "./body.ts";
import { ERROR_FIELDS, restContext, toGlobalId, unwrap } from "./graphql.ts";
import { TRACK_FIELDS, trackJson, trackRowJson } from "./json.ts";
import { idParam, numberIn, runRest } from "./params.ts";
import {
  ANY_REFUSAL,
  answer,
  errors,
  MessageSchema,
  MULTIPART_OR_JSON,
  object,
  ref,
  TrackFormSchema,
  TrackSchema,
  uuidParams,
  withMessageAndData,
} from "./schemas.ts";
import { textIn } from "./shapes.ts";

const ONE = `query($id: ID!) { track(id: $id) { ${TRACK_FIELDS} } }`;
const CREATE = `mutation($input: TrackInput!) { result: createTrack(input: $input) { ${ERROR_FIELDS} ... on TrackPayload { track { ${TRACK_FIELDS} } } } }`;
const UPDATE = `mutation($id: ID!, $input: TrackInput!) {
  result: updateTrack(id: $id, input: $input) { ${ERROR_FIELDS} ... on TrackPayload { track { ${TRACK_FIELDS} } } }
}`;
const DELETE = `mutation($id: ID!) { result: deleteTrack(id: $id) { ${ERROR_FIELDS} ... on DeletePayload { deletedId } } }`;

export const TRACK_REST_MESSAGES = {
  created: "Track created successfully.",
  updated: "Track updated successfully.",
  deleted: "Track deleted successfully.",
} as const;

function trackInput(fields: Record<string, unknown>, image: File | null) {
  return {
    name: textIn(fields.name, "name"),
    price: numberIn(fields.price, "price", TRACK_MESSAGES.invalidPrice),
    duration: textIn(fields.duration, "duration"),
    instructor: textIn(fields.instructor, "instructor"),
    description: textIn(fields.description, "description"),
    image,
  };
}

/** docs/product.md, REST routes: GET /api/tracks, GET/PUT/DELETE /api/tracks/{id}, POST /api/tracks. Reading is public; changes need an admin. */
export async function trackRoutes(server: FastifyInstance, services: Services) {
  const app = server.withTypeProvider<TypeBoxTypeProvider>();
  const listSchema = {
    operationId: "listTracks",
    summary: "Every track, newest first (not paged).",
    tags: ["tracks"],
    response: { 200: answer("The catalogue.", object({ tracks: Type.Array(ref(TrackSchema)) })), ...ANY_REFUSAL },
  };
  app.get("/api/tracks", { config: { publicCache: true }, schema: listSchema }, async () => {
    // The whole catalogue at once (tracks are not paged here, docs/product.md, Limits) is more than the GraphQL connection gives in a
    // page: it is read from the domain in one SQL statement, and shaped as GraphQL would answer it (public data).
    const tracks = await listTracksWithCourses(services);
    return { tracks: tracks.map(trackRowJson) };
  });

  const oneSchema = {
    operationId: "getTrack",
    summary: "One track (as both `track` and `data`).",
    tags: ["tracks"],
    params: uuidParams("track"),
    response: { 200: answer("The track.", object({ track: ref(TrackSchema), data: ref(TrackSchema) })), ...errors(404) },
  };
  app.get("/api/tracks/:id", { config: { publicCache: true }, schema: oneSchema }, async (req) => {
    const id = idParam(req, TRACK_MESSAGES.notFound);
    const ctx = await restContext(services, req);
    const { track } = await runRest(ctx, ONE, { id: toGlobalId("Track", id) });
    if (!track) throw new NotFoundError(TRACK_MESSAGES.notFound);
    const json = trackJson(track, (await ratingValues(services, [id])).get(id) ?? []);
    return { track: json, data: json };
  });

  const createSchema = {
    operationId: "createTrack",
    summary: "Adds a track.",
    description: `A blank required field answers '${TRACK_MESSAGES.required}'`,
    tags: ["tracks"],
    consumes: MULTIPART_OR_JSON,
    body: TrackFormSchema,
    response: { 201: answer("Created.", withMessageAndData("track", ref(TrackSchema))), ...errors(400, 413) },
  };
  app.post("/api/tracks", { schema: createSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const { fields, file } = await formBody(req);
    const { result } = await runRest(ctx, CREATE, { input: trackInput(fields, file) });
    const ok = unwrap(reply, result);
    if (!ok) return;
    // A new track has no ratings yet.
    const track = trackJson(ok.track, []);
    return reply.code(201).send({ message: TRACK_REST_MESSAGES.created, track, data: track });
  });

  const updateSchema = {
    operationId: "updateTrack",
    summary: "Changes a track; a new image replaces (and deletes) the old one.",
    tags: ["tracks"],
    consumes: MULTIPART_OR_JSON,
    params: uuidParams("track"),
    body: TrackFormSchema,
    response: { 200: answer("Updated.", withMessageAndData("track", ref(TrackSchema))), ...errors(400, 404, 413) },
  };
  app.put("/api/tracks/:id", { schema: updateSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const id = idParam(req, TRACK_MESSAGES.notFound);
    const { fields, file } = await formBody(req);
    const { result } = await runRest(ctx, UPDATE, { id: toGlobalId("Track", id), input: trackInput(fields, file) });
    const ok = unwrap(reply, result);
    if (!ok) return;
    const track = trackJson(ok.track, (await ratingValues(services, [id])).get(id) ?? []);
    return { message: TRACK_REST_MESSAGES.updated, track, data: track };
  });

  const deleteSchema = {
    operationId: "deleteTrack",
    summary: "Deletes a track with its courses, ratings, enrollments and images; its invoices stay without the link.",
    tags: ["tracks"],
    params: uuidParams("track"),
    response: { 200: answer("Deleted.", ref(MessageSchema)), ...errors(404) },
  };
  app.delete("/api/tracks/:id", { schema: deleteSchema }, async (req, reply) => {
    const ctx = await restContext(services, req);
    const id = idParam(req, TRACK_MESSAGES.notFound);
    const { result } = await runRest(ctx, DELETE, { id: toGlobalId("Track", id) });
    if (unwrap(reply, result)) return { message: TRACK_REST_MESSAGES.deleted };
  });
}
