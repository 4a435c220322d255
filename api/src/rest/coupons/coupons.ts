import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { UUID_PATTERN } from "../../../../common/formats.ts";
import { COUPON_MESSAGES } from "../../domain/coupons/coupons.ts";
import { NotFoundError, ValidationError } from "../../domain/errors.ts";
import { toMajorUnits } from "../../domain/money.ts";
import { CHECKOUT_MESSAGES } from "../../domain/payments/checkout.ts";
import type { Services } from "../../services.ts";
import { CSV_TYPE, sendDownload } from "../download.ts";
import { booleanIn, currencyIn, idParam, jsonBody, textIn, toGlobalId } from "../input.ts";
import { ERROR_FIELDS, restRoutes } from "../pipeline.ts";
import {
  answer,
  choice,
  csvAnswer,
  currency,
  errors,
  form,
  integer,
  listQuerySchema,
  nullableText,
  number,
  object,
  paging,
  text,
  uuid,
  uuidParams,
} from "../schemas.ts";

/**
 * Coupons and sponsor codes for scripts (finance and owners), and the checkout's price preview for learners: the same
 * GraphQL operations as the Coupons page and the checkout page, so the same rules (docs/ARCHITECTURE.md, "Coupons").
 */

const COUPON_FIELDS =
  "id code kind value currency allTracks tracks { id name } startsAt endsAt maxRedemptions oncePerLearner active redemptionCount reservedCount batch { id organisation } createdAt";

const LIST = `query($search: String, $page: Int!, $first: Int!) {
  coupons(search: $search, page: $page, first: $first) { totalCount edges { node { ${COUPON_FIELDS} } } }
}`;
const CREATE = `mutation($input: CouponInput!) { result: createCoupon(input: $input) { ${ERROR_FIELDS} ... on CouponPayload { coupon { ${COUPON_FIELDS} } } } }`;
const DEACTIVATE = `mutation($id: ID!) { result: deactivateCoupon(id: $id) { ${ERROR_FIELDS} ... on CouponPayload { coupon { ${COUPON_FIELDS} } } } }`;
const BATCH = `mutation($input: CouponBatchInput!) {
  result: generateCouponBatch(input: $input) { ${ERROR_FIELDS} ... on CouponBatchPayload { batch { id organisation count track { id name } createdAt } } }
}`;
const BATCH_CSV = "query($batchId: ID!) { couponBatchCsv(batchId: $batchId) { csv } }";
const QUOTE = `query($trackId: ID!, $couponCode: String, $currency: CurrencyCode) {
  result: checkoutQuote(trackId: $trackId, couponCode: $couponCode, currency: $currency) { ${ERROR_FIELDS} ... on CheckoutQuote { subtotalCents discountCents taxCents amountCents couponCode currency } }
}`;

type Node = Record<string, any>;

/** The database id inside a global id ("Type:uuid" in base64). */
const plainId = (globalId: string) => Buffer.from(globalId, "base64").toString("utf8").split(":")[1] ?? globalId;

const CouponSchema = object({
  _id: uuid(),
  code: text(),
  kind: choice(["percent", "fixed"]),
  value: number("percent: the percentage; fixed: major units of `currency` (dollars by default)."),
  currency: Type.Union([currency(), Type.Null()], {
    description: "fixed: the currency of the amount; the coupon applies only to checkouts in it. percent: null (any currency).",
  }),
  allTracks: Type.Boolean(),
  tracks: Type.Array(object({ _id: uuid(), name: text() }), { description: "When not all tracks." }),
  startsAt: nullableText(undefined, { format: "date-time" }),
  endsAt: nullableText(undefined, { format: "date-time" }),
  maxRedemptions: Type.Union([integer(), Type.Null()], { description: "Total uses allowed; null: no cap." }),
  oncePerLearner: Type.Boolean(),
  active: Type.Boolean(),
  redeemed: integer("Paid invoices that used it."),
  reserved: integer("Pending invoices holding a use of it."),
  batch: Type.Union([object({ _id: uuid(), organisation: text() }), Type.Null()]),
  createdAt: text(undefined, { format: "date-time" }),
});

const couponJson = (c: Node) => ({
  _id: plainId(c.id),
  code: c.code,
  kind: String(c.kind).toLowerCase(),
  value: c.kind === "FIXED" ? toMajorUnits(c.value, c.currency) : c.value,
  currency: c.currency ?? null,
  allTracks: c.allTracks,
  tracks: (c.tracks as Node[]).map((t) => ({ _id: plainId(t.id), name: t.name })),
  startsAt: c.startsAt ?? null,
  endsAt: c.endsAt ?? null,
  maxRedemptions: c.maxRedemptions ?? null,
  oncePerLearner: c.oncePerLearner,
  active: c.active,
  redeemed: c.redemptionCount,
  reserved: c.reservedCount,
  batch: c.batch ? { _id: plainId(c.batch.id), organisation: c.batch.organisation } : null,
  createdAt: c.createdAt,
});

const optionalInt = (value: unknown, field: string, message: string) => {
  if (value === undefined || value === null || value === "") return null;
  const n = typeof value === "number" ? value : typeof value === "string" && /^\d{1,9}$/.test(value.trim()) ? Number(value) : Number.NaN;
  if (!Number.isInteger(n)) throw ValidationError.forField(field, message);
  return n;
};

const dateTimeIn = (value: unknown, field: string) => {
  if (value === undefined || value === null || value === "") return null;
  const date = typeof value === "string" ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(String(value)))
    throw ValidationError.forField(field, "Dates look like 2026-01-31 or 2026-01-31T09:00:00Z.");
  return date.toISOString();
};

const trackIdsIn = (value: unknown) => {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string" || !UUID_PATTERN.test(v)))
    throw ValidationError.forField("trackIds", COUPON_MESSAGES.trackNotFound);
  return (value as string[]).map((id) => toGlobalId("Track", id));
};

const KINDS = { percent: "PERCENT", fixed: "FIXED" } as const;

export async function couponRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);
  route.graphql({
    method: "GET",
    url: "/api/coupons",
    schema: {
      operationId: "listCoupons",
      summary: "Coupons, newest first, 10 a page, with how often each was redeemed; `search` matches the code or a sponsor.",
      tags: ["coupons"],
      querystring: listQuerySchema,
      response: { 200: answer("A page of coupons.", object({ coupons: Type.Array(CouponSchema), ...paging })), ...errors(400) },
    },
    handle: (call) => call.page(LIST, "coupons", couponJson),
  });

  route.graphql({
    method: "POST",
    url: "/api/coupons",
    schema: {
      operationId: "createCoupon",
      summary: "Creates a coupon (finance and owners).",
      description: "The code is stored upper-case and is unique whatever its case.",
      tags: ["coupons"],
      body: form({
        code: text("3 to 40 letters, digits or dashes."),
        kind: choice(["percent", "fixed"]),
        value: number("percent: 1..100; fixed: major units of `currency` (at least 0.01)."),
        currency: text(
          "fixed: the currency of the amount (NGN, GHS, KES, ZAR or USD), the business currency when omitted; ignored for percent.",
          {
            enum: ["NGN", "GHS", "KES", "ZAR", "USD"],
          },
        ),
        allTracks: Type.Boolean({ description: "Default true; false: give trackIds." }),
        trackIds: Type.Array(uuid(), { description: "The tracks it is valid for when not all tracks." }),
        startsAt: text("Valid from (ISO date or date-time); optional.", { format: "date-time" }),
        endsAt: text("Valid until (ISO date or date-time); optional.", { format: "date-time" }),
        maxRedemptions: integer("Total uses allowed; optional."),
        oncePerLearner: Type.Boolean({ description: "Default true." }),
      }),
      response: { 201: answer("Created.", object({ message: text(), coupon: CouponSchema })), ...errors(400) },
    },
    handle: async (call) => {
      const body = jsonBody(call.req);
      const kind = typeof body.kind === "string" ? KINDS[body.kind.toLowerCase() as keyof typeof KINDS] : undefined;
      if (!kind) throw ValidationError.forField("kind", COUPON_MESSAGES.kind);
      const raw = body.value;
      const value =
        kind === "FIXED"
          ? typeof raw === "number" || (typeof raw === "string" && /^\d{1,8}(\.\d{1,2})?$/.test(raw.trim()))
            ? Math.round(Number(raw) * 100)
            : Number.NaN
          : optionalInt(raw, "value", COUPON_MESSAGES.percent);
      if (value === null || !Number.isFinite(value))
        throw ValidationError.forField("value", kind === "FIXED" ? COUPON_MESSAGES.amount : COUPON_MESSAGES.percent);
      const ok = await call.mutate(CREATE, {
        input: {
          code: textIn(body.code, "code") ?? "",
          kind,
          value,
          currency: currencyIn(body.currency, "currency", COUPON_MESSAGES.currency),
          allTracks: booleanIn(body.allTracks, "allTracks") ?? true,
          trackIds: trackIdsIn(body.trackIds),
          startsAt: dateTimeIn(body.startsAt, "startsAt"),
          endsAt: dateTimeIn(body.endsAt, "endsAt"),
          maxRedemptions: optionalInt(body.maxRedemptions, "maxRedemptions", COUPON_MESSAGES.cap),
          oncePerLearner: booleanIn(body.oncePerLearner, "oncePerLearner") ?? true,
        },
      });
      return call.reply.code(201).send({ message: "Coupon created.", coupon: couponJson(ok.coupon) });
    },
  });

  route.graphql({
    method: "POST",
    url: "/api/coupons/:id/deactivate",
    schema: {
      operationId: "deactivateCoupon",
      summary: "Deactivates a coupon: later checkouts refuse it; invoices keep it.",
      tags: ["coupons"],
      params: uuidParams("coupon"),
      body: form({}, "Nothing is read from the body."),
      response: { 200: answer("Deactivated.", object({ message: text(), coupon: CouponSchema })), ...errors(404, 409) },
    },
    handle: async (call) => {
      const id = idParam(call.req, COUPON_MESSAGES.notFound);
      const ok = await call.mutate(DEACTIVATE, { id: toGlobalId("Coupon", id) });
      return { message: "Coupon deactivated.", coupon: couponJson(ok.coupon) };
    },
  });

  route.graphql({
    method: "POST",
    url: "/api/coupons/batches",
    schema: {
      operationId: "generateCouponBatch",
      summary: "Generates 1 to 1000 single-use codes for one sponsor organisation and track.",
      tags: ["coupons"],
      body: form({
        organisation: text("The sponsor (at most 120 characters)."),
        trackId: uuid("The track the codes are for."),
        count: integer("1..1000."),
        percent: integer("Percentage off, 1..100; 100 if omitted."),
        endsAt: text("Valid until; optional.", { format: "date-time" }),
      }),
      response: {
        201: answer(
          "Generated; download the codes from /api/coupons/batches/{id}/codes.csv.",
          object({ message: text(), batch: object({ _id: uuid(), organisation: text(), count: integer(), trackId: uuid() }) }),
        ),
        ...errors(400),
      },
    },
    handle: async (call) => {
      const body = jsonBody(call.req);
      const track = textIn(body.trackId, "trackId");
      if (!track || !UUID_PATTERN.test(track)) throw ValidationError.forField("trackId", COUPON_MESSAGES.trackNotFound);
      const ok = await call.mutate(BATCH, {
        input: {
          organisation: textIn(body.organisation, "organisation") ?? "",
          trackId: toGlobalId("Track", track),
          count: optionalInt(body.count, "count", COUPON_MESSAGES.count) ?? 0,
          percent: optionalInt(body.percent, "percent", COUPON_MESSAGES.percent),
          endsAt: dateTimeIn(body.endsAt, "endsAt"),
        },
      });
      const batch = ok.batch;
      return call.reply.code(201).send({
        message: `${batch.count} codes generated.`,
        batch: { _id: plainId(batch.id), organisation: batch.organisation, count: batch.count, trackId: plainId(batch.track.id) },
      });
    },
  });

  route.graphql({
    method: "GET",
    url: "/api/coupons/batches/:id/codes.csv",
    schema: {
      operationId: "exportCouponBatch",
      summary: "A sponsor batch's codes as CSV: code, state, redeemed by, redeemed at.",
      tags: ["coupons"],
      params: uuidParams("batch"),
      response: { 200: csvAnswer("The codes."), ...errors(404) },
    },
    handle: async (call) => {
      const id = idParam(call.req, COUPON_MESSAGES.batchNotFound);
      const { couponBatchCsv } = await call.query(BATCH_CSV, { batchId: toGlobalId("CouponBatch", id) });
      return sendDownload(call.reply, CSV_TYPE, "coupon-codes.csv", couponBatchCsv.csv);
    },
  });

  route.graphql({
    method: "GET",
    url: "/api/checkout/quote",
    schema: {
      operationId: "checkoutQuote",
      summary: "What a checkout of a track would charge the signed-in learner now, with an optional coupon.",
      description: "The checkout computes it again; a refused coupon answers 400 with its message.",
      tags: ["enrollments"],
      querystring: object({
        track: uuid("The track."),
        coupon: Type.Optional(text("A coupon code, any case.")),
        currency: Type.Optional(
          text("The currency to pay in, any case; the business currency when omitted; one the track is not sold in answers 400.", {
            enum: ["NGN", "GHS", "KES", "ZAR", "USD"],
          }),
        ),
      }),
      response: {
        200: answer(
          "The price parts, in major units of `currency` (dollars by default).",
          object({ subtotal: number(), discount: number(), tax: number(), total: number(), coupon: nullableText(), currency: currency() }),
        ),
        ...errors(400, 404),
      },
    },
    handle: async (call) => {
      const query = (call.req.query ?? {}) as Record<string, unknown>;
      const track = typeof query.track === "string" ? query.track : "";
      if (!UUID_PATTERN.test(track)) throw new NotFoundError(COUPON_MESSAGES.trackNotFound);
      const q = await call.mutate(QUOTE, {
        trackId: toGlobalId("Track", track),
        couponCode: textIn(query.coupon, "coupon") ?? null,
        currency: currencyIn(query.currency, "currency", CHECKOUT_MESSAGES.currency) ?? null,
      });
      return {
        subtotal: toMajorUnits(q.subtotalCents, q.currency),
        discount: toMajorUnits(q.discountCents, q.currency),
        tax: toMajorUnits(q.taxCents, q.currency),
        total: toMajorUnits(q.amountCents, q.currency),
        coupon: q.couponCode ?? null,
        currency: q.currency,
      };
    },
  });
}
