import type { FastifyInstance } from "fastify";
import { ratingValues } from "../domain/catalogue/ratings.ts";
import { listTracksWithCourses, TRACK_MESSAGES } from "../domain/catalogue/tracks.ts";
import { NotFoundError } from "../domain/errors.ts";
import type { Services } from "../services.ts";
import { formBody } from "./body.ts";
import { ERROR_FIELDS, restContext, toGlobalId, unwrap } from "./graphql.ts";
import { TRACK_FIELDS, trackJson, trackRowJson } from "./json.ts";
import { idParam, numberIn, runRest } from "./params.ts";
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

/** Spec §7: GET /api/tracks, GET/PUT/DELETE /api/tracks/{id}, POST /api/tracks. Reading is public; changes need an admin. */
export async function trackRoutes(app: FastifyInstance, services: Services) {
  app.get("/api/tracks", { config: { publicCache: true } }, async () => {
    // The whole catalogue at once (tracks are not paged here, spec §9) is more than the GraphQL connection gives in a
    // page: it is read from the domain in one SQL statement, and shaped as GraphQL would answer it (public data).
    const tracks = await listTracksWithCourses(services);
    return { tracks: tracks.map(trackRowJson) };
  });

  app.get("/api/tracks/:id", { config: { publicCache: true } }, async (req) => {
    const id = idParam(req, TRACK_MESSAGES.notFound);
    const ctx = await restContext(services, req);
    const { track } = await runRest(ctx, ONE, { id: toGlobalId("Track", id) });
    if (!track) throw new NotFoundError(TRACK_MESSAGES.notFound);
    const json = trackJson(track, (await ratingValues(services, [id])).get(id) ?? []);
    return { track: json, data: json };
  });

  app.post("/api/tracks", async (req, reply) => {
    const ctx = await restContext(services, req);
    const { fields, file } = await formBody(req);
    const { result } = await runRest(ctx, CREATE, { input: trackInput(fields, file) });
    const ok = unwrap(reply, result);
    if (!ok) return;
    // A new track has no ratings yet.
    const track = trackJson(ok.track, []);
    return reply.code(201).send({ message: TRACK_REST_MESSAGES.created, track, data: track });
  });

  app.put("/api/tracks/:id", async (req, reply) => {
    const ctx = await restContext(services, req);
    const id = idParam(req, TRACK_MESSAGES.notFound);
    const { fields, file } = await formBody(req);
    const { result } = await runRest(ctx, UPDATE, { id: toGlobalId("Track", id), input: trackInput(fields, file) });
    const ok = unwrap(reply, result);
    if (!ok) return;
    const track = trackJson(ok.track, (await ratingValues(services, [id])).get(id) ?? []);
    return { message: TRACK_REST_MESSAGES.updated, track, data: track };
  });

  app.delete("/api/tracks/:id", async (req, reply) => {
    const ctx = await restContext(services, req);
    const id = idParam(req, TRACK_MESSAGES.notFound);
    const { result } = await runRest(ctx, DELETE, { id: toGlobalId("Track", id) });
    if (unwrap(reply, result)) return { message: TRACK_REST_MESSAGES.deleted };
  });
}
