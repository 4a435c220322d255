import { toMajorUnits } from "../../../../common/money.ts";
import { removeTrackPrice, setTrackPrice, TRACK_PRICES, trackPrices } from "../../domain/catalogue/prices.ts";
import { averageRating, rateTrack } from "../../domain/catalogue/ratings.ts";
import {
  archivedWhere,
  type CATALOGUE_SORTS,
  COURSE_ORDER,
  catalogueOrder,
  createTrack,
  deleteTrack,
  previewTokenOpens,
  readableTrack,
  relatedTracks,
  setTrackStatus,
  trackPreviewLink,
  updateTrack,
  visibleCourses,
  visibleTracks,
} from "../../domain/catalogue/tracks.ts";
import { COHORT_ORDER, visibleCohorts } from "../../domain/cohorts/cohorts.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { commonErrors } from "../schema/errors.ts";
import { CurrencyCode, Money, money } from "../schema/money.ts";
import { refuseOversizedPage, wordsWhere } from "../schema/paging.ts";
import { DeletePayload } from "../schema/payloads.ts";

export const TrackStatus = builder.enumType("TrackStatus", {
  description: "Whether learners see a track.",
  values: {
    DRAFT: { description: "Seen only by staff, until it is published." },
    PUBLISHED: { description: "In the public catalogue." },
  } as const,
});

export const TrackMode = builder.enumType("TrackMode", {
  description: "How a track is sold (docs/cohorts.md).",
  values: {
    SELF_PACED: { description: "Open from the day it is paid for, at the learner's pace (the default)." },
    COHORT: { description: "Sold in dated cohorts: checkout picks one of its open cohorts (`cohorts`)." },
  } as const,
});

export const CatalogueSort = builder.enumType("CatalogueSort", {
  description: "The order of the catalogue.",
  values: {
    NEWEST: { description: "Newest first (the default)." },
    PRICE_LOW: { description: "Cheapest first." },
    PRICE_HIGH: { description: "Most expensive first." },
    RATING: { description: "Best rated first; tracks without ratings last." },
  } satisfies Record<(typeof CATALOGUE_SORTS)[number], { description: string }>,
});

export const Track = builder.prismaNode("Track", {
  id: { field: "id" },
  // `node(id:)` finds a draft only for staff: for anyone else it is as missing as a track that does not exist.
  // A draft this request opened through its preview token (trackPreview) is readable too, for the fields Pothos loads
  // apart (e.g. `courses`, selected both by the curriculum and by the lesson figures with different filters).
  findUnique: (id, ctx) => (ctx.previewTrackIds?.has(id) ? { id } : { id, ...readableTrack(ctx.viewer) }),
  // A well-formed id of a record that does not exist resolves to null, not an error.
  nullable: true,
  description: "A track of the catalogue: a paid programme of courses.",
  fields: (t) => ({
    name: t.exposeString("name", { description: "Name." }),
    description: t.exposeString("description", { description: "What the track teaches." }),
    duration: t.exposeString("duration", { description: 'How long it takes, in words (e.g. "12 weeks").' }),
    instructor: t.exposeString("instructor", { description: "Who teaches it." }),
    price: t.float({
      description: "The main price in major units of `currency` (2 decimals): dollars on a default install.",
      resolve: (track) => toMajorUnits(track.priceCents, track.currency),
    }),
    priceCents: t.exposeInt("priceCents", { description: "The main price in minor units of `currency` (cents, kobo, pesewas)." }),
    currency: t.exposeString("currency", {
      description: "The main price's currency: always the business currency (BusinessSettings.currency), e.g. USD.",
    }),
    priceMoney: t.field({
      type: Money,
      description: "The main price (`price` in `currency`), in the business currency.",
      resolve: (track) => money(track.priceCents, track.currency),
    }),
    prices: t.field({
      type: [Money],
      // Read with the track, in the same statement (a relation selection), never one query per track.
      select: { prices: TRACK_PRICES },
      description:
        "Every price the track is sold at: the main one (business currency) first, then its own prices in further currencies. A checkout may pay in any of these currencies; there are no exchange rates.",
      resolve: (track) => trackPrices(track).map((p) => money(p.priceCents, p.currency)),
    }),
    image: t.exposeString("image", { nullable: true, description: "URL of the cover image; null when there is none." }),
    averageRating: t.float({
      nullable: true,
      description: "Average rating from 1 to 5 to one decimal; null before the first rating.",
      resolve: averageRating,
    }),
    status: t.expose("status", { type: TrackStatus, description: "Draft (staff only) or published." }),
    mode: t.expose("mode", { type: TrackMode, description: "Self-paced (the default) or sold in cohorts." }),
    cohorts: t.relation("cohorts", {
      // Loaded with the track (a relation selection), never a query per track; seats come in one statement per request.
      query: (_args, ctx) => ({ where: visibleCohorts(ctx.viewer), orderBy: COHORT_ORDER }),
      description:
        "Its cohorts, earliest first: learners and visitors see the published cohorts of a cohort track; owners, managers and finance all of them; an instructor all of their tracks' cohorts.",
    }),
    reviewCount: t.exposeInt("ratingCount", { description: "How many learners rated the track." }),
    courses: t.relation("courses", {
      // Archived courses: for staff and the track's enrolled learners only.
      query: (_args, ctx) => ({ where: visibleCourses(ctx.viewer), orderBy: COURSE_ORDER }),
      description: "The track's courses, in order (archived ones only for staff and learners enrolled in the track).",
    }),
    courseCount: t.relationCount("courses", {
      where: (_args, ctx) => visibleCourses(ctx.viewer),
      description: "How many courses the track has (as `courses` lists them).",
    }),
    relatedTracks: t.prismaField({
      type: ["Track"],
      description: "Up to 4 other tracks.",
      resolve: (query, track, _args, ctx) => ctx.services.db.prisma.track.findMany({ ...query, ...relatedTracks(track.id) }),
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When the track was added." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "When the track last changed." }),
  }),
});

builder.queryFields((t) => ({
  tracks: t.prismaConnection({
    type: "Track",
    cursor: "id",
    description:
      "The catalogue, newest first unless `sort` says otherwise; `search` matches the name or description. Learners and anonymous callers see published tracks that are not archived; staff see drafts and archived tracks too (`archived` narrows the list).",
    maxSize: refuseOversizedPage,
    args: {
      search: t.arg.string({ description: "Words the name or description must contain." }),
      sort: t.arg({ type: CatalogueSort, description: "The order; newest first when omitted." }),
      archived: t.arg.boolean({
        description: "Staff: true lists archived tracks only, false active ones only; omitted, both. Others see active tracks only.",
      }),
    },
    resolve: (query, _root, args, ctx) =>
      ctx.services.db.prisma.track.findMany({
        ...query,
        // The viewer's visibility comes last: it wins over the filter for anyone but staff.
        where: { ...wordsWhere(args.search, ["name", "description"]), ...archivedWhere(args.archived), ...visibleTracks(ctx.viewer) },
        orderBy: catalogueOrder(args.sort),
      }),
  }),
  track: t.prismaField({
    type: "Track",
    nullable: true,
    description:
      "The track with this ID; null if there is none (or it is a draft and the caller is not staff, or it is archived and the caller is neither staff nor enrolled in it).",
    args: { id: t.arg.globalID({ required: true, for: [Track], description: "The track's ID." }) },
    resolve: (query, _root, { id }, ctx) =>
      ctx.services.db.prisma.track.findUnique({ ...query, where: { id: id.id, ...readableTrack(ctx.viewer) } }),
  }),
  trackPreview: t.prismaField({
    type: "Track",
    nullable: true,
    description:
      "A draft track's page data for whoever holds its preview link's token (trackPreviewLink); null otherwise, as for a track that does not exist. Never kept in the public cache.",
    args: {
      id: t.arg.globalID({ required: true, for: [Track], description: "The track's ID." }),
      token: t.arg.string({ required: true, description: "The preview link's token." }),
    },
    resolve: async (query, _root, { id, token }, ctx) => {
      // Track is read with `include`, so the row's columns, the token among them, come with it.
      const track = await ctx.services.db.prisma.track.findUnique({ ...query, where: { id: id.id, status: "DRAFT" } });
      if (!track || !previewTokenOpens(track, token)) return null;
      ctx.previewTrackIds ??= new Set();
      ctx.previewTrackIds.add(track.id);
      return track;
    },
  }),
}));

const TrackInput = builder.inputType("TrackInput", {
  description: "The track form.",
  fields: (t) => ({
    name: t.string({ description: "Name." }),
    price: t.float({
      description: "The main price in the business currency's major units (dollars on a default install), 0 or more, at most 2 decimals.",
    }),
    duration: t.string({ description: "How long it takes, in words." }),
    instructor: t.string({ description: "Who teaches it." }),
    description: t.string({ description: "What the track teaches." }),
    image: t.field({ type: "Upload", description: "JPEG, PNG or WebP, at most 5 MB. Omit to keep the current image." }),
    status: t.field({
      type: TrackStatus,
      description: "New tracks only: DRAFT keeps it from learners; omitted, it is published at once. Ignored by updateTrack.",
    }),
    mode: t.field({
      type: TrackMode,
      description: "Self-paced or cohort-based; omitted: SELF_PACED for a new track, unchanged on an update.",
    }),
  }),
});

export const TrackPayload = builder.objectRef<{ track: typeof Track.$inferType }>("TrackPayload").implement({
  description: "A saved (or rated) track.",
  fields: (t) => ({ track: t.field({ type: Track, description: "The track as saved.", resolve: (p) => p.track }) }),
});

const errors = { types: commonErrors };

const TrackPriceInput = builder.inputType("TrackPriceInput", {
  description: "A track's price in a currency other than the business one.",
  fields: (t) => ({
    currency: t.field({
      type: CurrencyCode,
      required: true,
      description: "The currency; not the business currency (that is the main price).",
    }),
    amount: t.float({ required: true, description: "Major units of that currency, 0 or more, at most 2 decimals." }),
  }),
});

const TrackPreviewLinkPayload = builder.objectRef<{ url: string }>("TrackPreviewLinkPayload").implement({
  description: "A draft track's unlisted preview link.",
  fields: (t) => ({
    url: t.exposeString("url", {
      description: "The track's page on the learner site, with the preview token: anyone holding it sees the draft.",
    }),
  }),
});

builder.mutationFields((t) => ({
  createTrack: t.field({
    type: TrackPayload,
    errors,
    authScopes: { can: "editCatalogue" },
    description: "Adds a track to the catalogue.",
    args: { input: t.arg({ type: TrackInput, required: true, description: "The track." }) },
    resolve: async (_root, { input }, ctx) => ({ track: await createTrack(ctx.services, actor(ctx), input) }),
  }),
  updateTrack: t.field({
    type: TrackPayload,
    errors,
    authScopes: { can: "editCatalogue" },
    description: "Saves changes to a track.",
    args: {
      id: t.arg.globalID({ required: true, for: [Track], description: "The track's ID." }),
      input: t.arg({ type: TrackInput, required: true, description: "The track's new values." }),
    },
    resolve: async (_root, { id, input }, ctx) => ({ track: await updateTrack(ctx.services, actor(ctx), id.id, input) }),
  }),
  publishTrack: t.field({
    type: TrackPayload,
    errors,
    authScopes: { can: "editCatalogue" },
    description: "Publishes a draft track: learners see it at once.",
    args: { id: t.arg.globalID({ required: true, for: [Track], description: "The track's ID." }) },
    resolve: async (_root, { id }, ctx) => ({
      track: await setTrackStatus(ctx.services, actor(ctx), id.id, { status: "PUBLISHED" }),
    }),
  }),
  unpublishTrack: t.field({
    type: TrackPayload,
    errors,
    authScopes: { can: "editCatalogue" },
    description: "Takes a track back to draft: it leaves the catalogue; enrolled learners keep their enrollment.",
    args: { id: t.arg.globalID({ required: true, for: [Track], description: "The track's ID." }) },
    resolve: async (_root, { id }, ctx) => ({ track: await setTrackStatus(ctx.services, actor(ctx), id.id, { status: "DRAFT" }) }),
  }),
  setTrackPrice: t.field({
    type: TrackPayload,
    errors,
    authScopes: { can: "editCatalogue" },
    description:
      "Sets (or replaces) a track's price in a currency other than the business one: the track is then sold in it too, at that price (no exchange rates).",
    args: {
      id: t.arg.globalID({ required: true, for: [Track], description: "The track's ID." }),
      input: t.arg({ type: TrackPriceInput, required: true, description: "The currency and the price in it." }),
    },
    resolve: async (_root, { id, input }, ctx) => {
      await setTrackPrice(ctx.services, actor(ctx), id.id, input);
      return { track: await ctx.services.db.prisma.track.findUniqueOrThrow({ where: { id: id.id } }) };
    },
  }),
  removeTrackPrice: t.field({
    type: TrackPayload,
    errors,
    authScopes: { can: "editCatalogue" },
    description: "Removes a track's price in a currency: it is no longer sold in it (open invoices keep their price).",
    args: {
      id: t.arg.globalID({ required: true, for: [Track], description: "The track's ID." }),
      currency: t.arg({ type: CurrencyCode, required: true, description: "The currency whose price goes." }),
    },
    resolve: async (_root, { id, currency }, ctx) => {
      await removeTrackPrice(ctx.services, actor(ctx), id.id, { currency });
      return { track: await ctx.services.db.prisma.track.findUniqueOrThrow({ where: { id: id.id } }) };
    },
  }),
  trackPreviewLink: t.field({
    type: TrackPreviewLinkPayload,
    errors,
    authScopes: { can: "editCatalogue" },
    description:
      "A draft track's unlisted preview link on the learner site: created on first ask, the same afterwards, retired when the track is published.",
    args: { id: t.arg.globalID({ required: true, for: [Track], description: "The track's ID." }) },
    resolve: (_root, { id }, ctx) => trackPreviewLink(ctx.services, actor(ctx), id.id),
  }),
  deleteTrack: t.field({
    type: DeletePayload,
    errors,
    authScopes: { can: "editCatalogue" },
    description:
      "Deletes a track and its courses; a track with enrollments or invoices is archived instead (`archived: true` in the payload).",
    args: { id: t.arg.globalID({ required: true, for: [Track], description: "The track's ID." }) },
    resolve: async (_root, { id }, ctx) => ({ ...(await deleteTrack(ctx.services, actor(ctx), id.id)), type: "Track" }),
  }),
  rateTrack: t.field({
    type: TrackPayload,
    errors,
    authScopes: { learner: true },
    description: "Rate a track you are enrolled in, 1 to 5; rating again changes your rating.",
    args: {
      trackId: t.arg.globalID({ required: true, for: [Track], description: "The track's ID." }),
      value: t.arg.int({ required: true, description: "The rating, 1 to 5." }),
    },
    resolve: async (_root, { trackId, value }, ctx) => {
      await rateTrack(ctx.services, ctx.viewer?.accountId as string, trackId.id, { value });
      return { track: await ctx.services.db.prisma.track.findUniqueOrThrow({ where: { id: trackId.id } }) };
    },
  }),
}));
