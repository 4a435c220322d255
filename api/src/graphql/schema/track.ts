import { averageRating, rateTrack } from "../../domain/catalogue/ratings.ts";
import { COURSE_ORDER, createTrack, deleteTrack, TRACK_ORDER, updateTrack } from "../../domain/catalogue/tracks.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { commonErrors } from "./errors.ts";
import { refuseOversizedPage, wordsWhere } from "./paging.ts";
import { DeletePayload } from "./payloads.ts";

export const Track = builder.prismaNode("Track", {
  id: { field: "id" },
  // A well-formed id of a record that does not exist resolves to null, not an error.
  nullable: true,
  fields: (t) => ({
    name: t.exposeString("name"),
    description: t.exposeString("description"),
    duration: t.exposeString("duration"),
    instructor: t.exposeString("instructor"),
    price: t.float({ description: "Price in dollars (2 decimals).", resolve: (track) => track.priceCents / 100 }),
    priceCents: t.exposeInt("priceCents"),
    currency: t.exposeString("currency"),
    image: t.exposeString("image", { nullable: true }),
    averageRating: t.float({
      nullable: true,
      description: "Average rating from 1 to 5 to one decimal; null before the first rating.",
      resolve: averageRating,
    }),
    reviewCount: t.exposeInt("ratingCount", { description: "How many learners rated the track." }),
    courses: t.relation("courses", { query: { orderBy: COURSE_ORDER } }),
    courseCount: t.relationCount("courses"),
    relatedTracks: t.prismaField({
      type: ["Track"],
      description: "Up to 4 other tracks.",
      resolve: (query, track, _args, ctx) =>
        ctx.services.db.prisma.track.findMany({ ...query, where: { id: { not: track.id } }, orderBy: TRACK_ORDER, take: 4 }),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

builder.queryFields((t) => ({
  tracks: t.prismaConnection({
    type: "Track",
    cursor: "id",
    description: "The public catalogue, newest first; `search` matches the name.",
    maxSize: refuseOversizedPage,
    args: { search: t.arg.string() },
    resolve: (query, _root, args, ctx) =>
      ctx.services.db.prisma.track.findMany({ ...query, where: wordsWhere(args.search, ["name"]), orderBy: TRACK_ORDER }),
  }),
  track: t.prismaField({
    type: "Track",
    nullable: true,
    args: { id: t.arg.globalID({ required: true, for: [Track] }) },
    resolve: (query, _root, { id }, ctx) => ctx.services.db.prisma.track.findUnique({ ...query, where: { id: id.id } }),
  }),
}));

const TrackInput = builder.inputType("TrackInput", {
  fields: (t) => ({
    name: t.string(),
    price: t.float({ description: "Dollars, 0 or more, at most 2 decimals." }),
    duration: t.string(),
    instructor: t.string(),
    description: t.string(),
    image: t.field({ type: "Upload", description: "JPEG, PNG or WebP, at most 5 MB. Omit to keep the current image." }),
  }),
});

const TrackPayload = builder.objectRef<{ track: object }>("TrackPayload").implement({
  fields: (t) => ({ track: t.field({ type: Track, resolve: (p) => p.track as never }) }),
});

const errors = { types: commonErrors };

builder.mutationFields((t) => ({
  createTrack: t.field({
    type: TrackPayload,
    errors,
    authScopes: { can: "editCatalogue" },
    args: { input: t.arg({ type: TrackInput, required: true }) },
    resolve: async (_root, { input }, ctx) => ({ track: await createTrack(ctx.services, actor(ctx), input as never) }),
  }),
  updateTrack: t.field({
    type: TrackPayload,
    errors,
    authScopes: { can: "editCatalogue" },
    args: { id: t.arg.globalID({ required: true, for: [Track] }), input: t.arg({ type: TrackInput, required: true }) },
    resolve: async (_root, { id, input }, ctx) => ({ track: await updateTrack(ctx.services, actor(ctx), id.id, input as never) }),
  }),
  deleteTrack: t.field({
    type: DeletePayload,
    errors,
    authScopes: { can: "editCatalogue" },
    args: { id: t.arg.globalID({ required: true, for: [Track] }) },
    resolve: async (_root, { id }, ctx) => ({ ...(await deleteTrack(ctx.services, actor(ctx), id.id)), type: "Track" }),
  }),
  rateTrack: t.field({
    type: TrackPayload,
    errors,
    authScopes: { learner: true },
    description: "Rate a track you are enrolled in, 1 to 5; rating again changes your rating.",
    args: { trackId: t.arg.globalID({ required: true, for: [Track] }), value: t.arg.int({ required: true }) },
    resolve: async (_root, { trackId, value }, ctx) => {
      await rateTrack(ctx.services, ctx.viewer?.accountId as string, trackId.id, { value });
      return { track: await ctx.services.db.prisma.track.findUniqueOrThrow({ where: { id: trackId.id } }) };
    },
  }),
}));
