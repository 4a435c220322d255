/**
 * The floor: a minimal `node:http` server that answers the measured operations by sending the same SQL statements the
 * real server sends (the statements Prisma generates, captured by `sql-count.ts`: same tables, joins, filters, order,
 * limits and the same number of statements, independent ones in parallel) straight through `pg` (or PGlite on the
 * embedded backend) and writes the same JSON. No framework, no GraphQL, no ORM: what is left is the database's cost.
 *
 * Run as a process: `node --import tsx bench/floor.ts` with FLOOR_PORT and FLOOR_DATABASE_URL (PostgreSQL) or
 * FLOOR_PGLITE_DIR (a copy of an embedded data directory).
 */
import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { join } from "node:path";
import argon2 from "argon2";
import pg from "pg";
import { trackPrices } from "../api/src/domain/catalogue/prices.ts";
import { averageRating } from "../api/src/domain/catalogue/ratings.ts";
import { PAID_RECORD_STATUSES } from "../api/src/domain/invoices/status.ts";
import { formatCertificateCode } from "../api/src/domain/learning/certificate-code.ts";
import { ENROLLMENT_OUTLINES_SQL, outlineOf } from "../api/src/domain/learning/progress.ts";
import { priceParts } from "../api/src/domain/money.ts";
import { planSchedule, utcDay } from "../api/src/domain/payments/instalment-plans.ts";
import { trackRowJson } from "../api/src/rest/json.ts";
import { CURRENCY_CODES, formatMoney, toMajorUnits } from "../common/money.ts";
import { isPaystackChannelName } from "../common/payments.ts";
import { ADMIN_INVOICES_QUERY, CATALOGUE_QUERY, LEARNER_PORTAL_QUERY, TRACK_DETAILS_QUERY } from "./operations.ts";

type Row = Record<string, any>;
interface Db {
  query(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

/** Dates (`date` columns, e.g. Invoice.dueDate) stay the text PostgreSQL sends, "2026-01-31", as the server answers them. */
const DATE_OID = 1082;

/** The floor's database, and who hears of each statement it sends (bench/floor.test.ts compares them with the server's). */
export interface FloorOptions {
  /** PostgreSQL. */
  databaseUrl?: string;
  /** A copy of an embedded data directory (PGlite), when there is no `databaseUrl`. */
  pgliteDir?: string;
  onQuery?: (text: string) => void;
}

async function openDb({ databaseUrl: url, pgliteDir: dir, onQuery }: FloorOptions): Promise<Db> {
  const db = await connect(url, dir);
  if (!onQuery) return db;
  return {
    query(text, params) {
      onQuery(text);
      return db.query(text, params);
    },
    close: () => db.close(),
  };
}

async function connect(url: string | undefined, dir: string | undefined): Promise<Db> {
  if (url) {
    // The same pool size and session settings as the real server (api/src/db/client.ts).
    const types = {
      getTypeParser: (oid: number, format?: string) => (oid === DATE_OID ? String : pg.types.getTypeParser(oid, format as "text")),
    };
    const pool = new pg.Pool({ connectionString: url, max: 10, options: "-c TimeZone=UTC", types });
    return { query: async (text, params) => (await pool.query(text, params)).rows, close: () => pool.end() };
  }
  if (!dir) throw new Error("Set FLOOR_DATABASE_URL or FLOOR_PGLITE_DIR");
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = await PGlite.create(join(dir, "pglite"), { extensions: { pg_trgm }, parsers: { [DATE_OID]: String } });
  await db.exec("SET TIME ZONE 'UTC'");
  return { query: async (text, params) => (await db.query<Row>(text, params)).rows, close: () => db.close() };
}

// ---- the JSON the real server writes -------------------------------------------------------------------------------

const base64 = (s: string) => Buffer.from(s, "utf8").toString("base64");
const gid = (type: string, id: string) => base64(`${type}:${id}`);
const prismaCursor = (id: string) => base64(`GPC:S:${id}`);
const offsetCursor = (n: number) => base64(`OffsetConnection:${n}`);
/** Instants come as Date from columns and as text inside JSON built by the statement. */
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
/** A track's main price in major units, and every price it is sold at (as the Track type's `priceMoney` and `prices`). */
const price = (t: Row) => toMajorUnits(t.priceCents, t.currency);
const money = (minor: number, currency: string) => ({ minor, currency });
const prices = (t: Row) => trackPrices(t as never).map((p) => money(p.priceCents, p.currency));

// ---- the statements, as Prisma writes them (sql-count.ts shows them; Prisma's comments left out) ---------------------

/** The columns Prisma reads of a model: selected (`"t0"."id", ...`, enums as text) or built into a related row's JSON. */
const TRACK =
  "id name priceCents currency duration instructor description image status mode archivedAt previewToken ratingCount ratingTotal ratingAverage createdAt updatedAt outcomes".split(
    " ",
  );
const COURSE = "id title description image trackId archivedAt createdAt updatedAt".split(" ");
const LEARNER =
  "id firstName lastName email contact passwordHash location gender bio image disabled emailVerifiedAt signupContested createdAt updatedAt".split(
    " ",
  );
const ADMIN =
  "id firstName lastName email contact passwordHash image emailVerifiedAt signupContested staffRole approvedAt disabled createdAt updatedAt".split(
    " ",
  );
const INVOICE =
  "id number learnerId trackId amountCents currency dueDate status paymentDetails reference authorizationUrl flaggedReason description paymentMethod paymentChannel paymentNote refundedCents voidReason voidedAt expiresAt subtotalCents discountCents taxCents paidAt createdAt updatedAt couponId couponCode paymentPlanId partNumber chargeAttempts nextChargeAt cohortId".split(
    " ",
  );
const ENROLLMENT_COLUMNS = "id learnerId trackId status createdAt lastLessonId completedAt pausedAt pausedReason cohortId".split(" ");
const PAYMENT_PLAN =
  "id learnerId trackId currency parts interval amountsCents taxCents status activatedAt completedAt cancelledAt createdAt updatedAt".split(
    " ",
  );
const INSTALMENT_PLAN = "id trackId parts interval firstAmountCents createdAt updatedAt".split(" ");
const BUSINESS_SETTINGS =
  "id offlinePaymentsEnabled offlineInstructions offlineExpiryDays checkoutAbandonHours businessName logoImage postalAddress taxNumber supportEmail footerContact invoicePrefix taxRateBasisPoints taxInclusive currency instalmentGraceDays paymentChannels updatedAt".split(
    " ",
  );
const CERTIFICATE = "id code learnerId trackId learnerName trackName issuedAt revokedAt revokeReason revokedById".split(" ");
const ENUMS = new Set(["gender", "status", "paymentMethod", "staffRole", "interval", "mode"]);
const columns = (t: string, names: string[]) => names.map((c) => `"${t}"."${c}"${ENUMS.has(c) ? "::text" : ""}`).join(", ");
const json = (t: string, names: string[], extra = "") =>
  `JSONB_BUILD_OBJECT(${names.map((c) => `'${c}', "${t}"."${c}"`).join(", ")}${extra}) AS "__prisma_data__"`;
const TRACK_ORDER = `ORDER BY "t0"."createdAt" DESC, "t0"."id" ASC`;
/**
 * What learners and anonymous callers see: published tracks that are not archived (`$n` the parameter holding
 * "PUBLISHED", `t` the track's table alias).
 */
const PUBLISHED = (n: number, t = "t0") => `"${t}"."status" = CAST($${n}::text AS "public"."TrackStatus") AND "${t}"."archivedAt" IS NULL`;
const LESSON = "id courseId position title kind minutes freePreview body videoUrl archivedAt createdAt updatedAt".split(" ");
const COURSES_IN_ORDER = (t: string) => `"${t}"."createdAt" ASC, "${t}"."id" ASC`;
const LESSONS_IN_ORDER = (t: string) => `"${t}"."position" ASC, "${t}"."id" ASC`;

/** A related list as Prisma reads it: the rows of `table` that point at the parent row, as one JSON array. */
interface RelatedList {
  /** Its alias in the parent's statement, e.g. "Track_courses". */
  as: string;
  /** The first of the four aliases it takes: t<n> the table, t<n+1> the parent's rows, t<n+2> each row's JSON, t<n+3> the rows kept. */
  n: number;
  table: string;
  /** The parent's column (`"t0"."id"`) and the column of `table` that points at it. */
  link: [string, string];
  /** The columns in each row's JSON; `nested` adds a related list of each row under its key. */
  fields: string[];
  nested?: { key: string; list: RelatedList };
  /** The columns Prisma carries beside each row's JSON (those the filter and the order read). */
  carried: string[];
  /** On t<n+2>: the joins the filter needs, the filter, the order and the limit. */
  joins?: string;
  where?: string;
  order?: string;
  limit?: string;
  /** Also counts the rows kept, as this column. */
  count?: string;
}

function related(r: RelatedList): string {
  const t = (i: number) => `"t${r.n + i}"`;
  const data = r.fields.map((c) => `'${c}', ${t(1)}."${c}"`);
  if (r.nested) data.push(`'${r.nested.key}', "${r.nested.list.as}"."__prisma_data__"`);
  const kept = [r.joins, r.where && `WHERE ${r.where}`, r.order && `ORDER BY ${r.order}`, r.limit && `LIMIT ${r.limit}`].filter(Boolean);
  return `LEFT JOIN LATERAL (
    SELECT COALESCE(JSONB_AGG("__prisma_data__"), '[]') AS "__prisma_data__"${r.count ? `, COUNT("__prisma_data__") AS "${r.count}"` : ""}
    FROM (SELECT ${t(2)}."__prisma_data__" FROM (
      SELECT JSONB_BUILD_OBJECT(${data.join(", ")}) AS "__prisma_data__", ${r.carried.map((c) => `${t(1)}."${c}"`).join(", ")}
      FROM (SELECT ${t(0)}.* FROM "public"."${r.table}" AS ${t(0)} WHERE ${r.link[0]} = ${t(0)}."${r.link[1]}") AS ${t(1)}
      ${r.nested ? related(r.nested.list) : ""}
    ) AS ${t(2)} ${kept.join(" ")}) AS ${t(3)}
  ) AS "${r.as}" ON true`;
}

/** A track's own prices in further currencies (TRACK_PRICES: four aliases from t<n>), beside its main price. */
const trackPricesList = (n: number, parent = `"t0"."id"`): RelatedList => ({
  as: "Track_prices",
  n,
  table: "TrackPrice",
  link: [parent, "trackId"],
  fields: ["currency", "amountCents"],
  carried: ["currency"],
  order: `"t${n + 2}"."currency" ASC`,
});

/** A track's active courses (aliases t1 to t4; their lessons' list, if any, t5 to t8). */
const activeCourses = (r: Pick<RelatedList, "fields" | "nested" | "carried" | "order" | "count">): RelatedList => ({
  as: "Track_courses",
  n: 1,
  table: "Course",
  link: [`"t0"."id"`, "trackId"],
  where: `"t3"."archivedAt" IS NULL`,
  ...r,
});
/** A course's lessons (aliases t5 to t8; `j9` the course, `j10` its track, when the filter reads them). */
const lessonsOf = (r: Pick<RelatedList, "fields" | "carried" | "joins" | "where" | "order" | "limit">) => ({
  key: "lessons",
  list: { as: "Course_lessons", n: 5, table: "Lesson", link: [`"t2"."id"`, "courseId"] as [string, string], ...r },
});
const LESSON_COURSE = `LEFT JOIN "public"."Course" AS "j9" ON ("j9"."id") = ("t7"."courseId")`;
const COURSE_TRACK = `LEFT JOIN "public"."Track" AS "j10" ON ("j10"."id") = ("j9"."trackId")`;

/**
 * Invoices whose number or learner's first or last name contains the search word (`invoice` the invoice's table or
 * alias, `j` the learner join's alias, `$n` the first of its three parameters).
 */
const invoiceSearch = (invoice: string, j: string, n: number) =>
  `(${invoice}."number" ILIKE ('%' || $${n} || '%') OR (("${j}"."firstName" ILIKE ('%' || $${n + 1} || '%') OR "${j}"."lastName" ILIKE ('%' || $${n + 2} || '%')) AND ("${j}"."id" IS NOT NULL)))`;

const SQL = {
  /** The session with its staff account's role, state and e-mail. [1, tokenHash, 1] */
  session: `SELECT "t0"."id", "t0"."role"::text, "t0"."adminId", "t0"."learnerId", "t0"."expiresAt", "t0"."revokedAt",
      "Session_admin"."__prisma_data__" AS "admin"
    FROM "public"."Session" AS "t0"
    LEFT JOIN LATERAL (
      SELECT JSONB_BUILD_OBJECT('staffRole', "t1"."staffRole", 'disabled', "t1"."disabled", 'email', "t1"."email") AS "__prisma_data__"
      FROM "public"."Admin" AS "t1" WHERE "t0"."adminId" = "t1"."id" LIMIT $1
    ) AS "Session_admin" ON true
    WHERE ("t0"."tokenHash" = $2 AND 1=1) LIMIT $3`,
  /** Published tracks only, as anonymous callers see them, each with its prices. ["PUBLISHED", first + 1, 0] */
  catalogue: `SELECT ${columns("t0", TRACK)}, "Track_prices"."__prisma_data__" AS "prices"
    FROM "public"."Track" AS "t0" ${related(trackPricesList(1))}
    WHERE (${PUBLISHED(1)}) ${TRACK_ORDER} LIMIT $2 OFFSET $3`,
  /** The settings row (paymentOptions: the business currency). [1, 1] */
  settings: `SELECT ${columns("t0", BUSINESS_SETTINGS)} FROM "public"."BusinessSettings" AS "t0" WHERE ("t0"."id" = $1 AND 1=1) LIMIT $2`,
  /** The currencies published, active tracks have their own prices in (currenciesOnSale). ["PUBLISHED"] */
  currenciesOnSale: `SELECT DISTINCT ON ("t0"."currency") "t0"."id", "t0"."currency" FROM "public"."TrackPrice" AS "t0"
    LEFT JOIN "public"."Track" AS "j1" ON ("j1"."id") = ("t0"."trackId")
    WHERE (${PUBLISHED(1, "j1")} AND ("j1"."id" IS NOT NULL))`,
  /**
   * listTracksWithCourses: every published track with its active courses' ids and titles, each with its active lessons'
   * outline, and its rating values (highest first). ["PUBLISHED"]
   */
  tracksWithCourses: `SELECT ${columns("t0", TRACK)}, "Track_courses"."__prisma_data__" AS "courses",
      "Track_ratings"."__prisma_data__" AS "ratings", "Track_prices"."__prisma_data__" AS "prices"
    FROM "public"."Track" AS "t0"
    ${related(
      activeCourses({
        fields: ["id", "title"],
        nested: lessonsOf({
          fields: ["id", "title", "kind", "minutes", "freePreview"],
          carried: ["position", "id", "archivedAt"],
          where: `"t7"."archivedAt" IS NULL`,
          order: LESSONS_IN_ORDER("t7"),
        }),
        carried: ["createdAt", "id", "archivedAt"],
        order: COURSES_IN_ORDER("t3"),
      }),
    )}
    ${related({
      as: "Track_ratings",
      n: 9,
      table: "Rating",
      link: [`"t0"."id"`, "trackId"],
      fields: ["value"],
      carried: ["value"],
      order: `"t11"."value" DESC`,
    })}
    ${related(trackPricesList(13))}
    WHERE (${PUBLISHED(1)}) ${TRACK_ORDER}`,
  /**
   * A published track with its figures: how many learners are enrolled, its active courses (counted) with the minutes
   * of their counted lessons (COUNTED_LESSONS), its prices and its instalment plan. [1, id, "PUBLISHED", 1]
   */
  track: `SELECT ${columns("t0", TRACK)}, "Track_courses"."__prisma_data__" AS "courses", "Track_prices"."__prisma_data__" AS "prices",
      "Track_instalmentPlan"."__prisma_data__" AS "instalmentPlan",
      JSONB_BUILD_OBJECT('enrollments', COALESCE("t15"."_aggr_count_enrollments", 0), 'courses', COALESCE("Track_courses"."_aggr_count_courses", 0)) AS "_count"
    FROM "public"."Track" AS "t0"
    ${related(
      activeCourses({
        fields: [],
        nested: lessonsOf({
          fields: ["minutes"],
          carried: ["archivedAt", "courseId"],
          joins: LESSON_COURSE,
          where: `("t7"."archivedAt" IS NULL AND ("j9"."archivedAt" IS NULL AND ("j9"."id" IS NOT NULL)))`,
        }),
        carried: ["archivedAt", "id"],
        count: "_aggr_count_courses",
      }),
    )}
    ${related(trackPricesList(10))}
    LEFT JOIN LATERAL (
      SELECT ${json("t14", INSTALMENT_PLAN)} FROM "public"."InstalmentPlan" AS "t14" WHERE "t0"."id" = "t14"."trackId" LIMIT $1
    ) AS "Track_instalmentPlan" ON true
    LEFT JOIN LATERAL (
      SELECT COUNT(*) AS "_aggr_count_enrollments" FROM "public"."Enrollment" AS "t16" WHERE "t0"."id" = "t16"."trackId"
    ) AS "t15" ON true
    WHERE ("t0"."id" = $2 AND (${PUBLISHED(3)})) LIMIT $4`,
  /**
   * The curriculum, loaded apart from the figures (Pothos's fallback read of the track, as `courses` is selected twice
   * with different filters): the track's active courses in order, each with its first 200 lessons an anonymous visitor
   * may see (listedLessons). ["PUBLISHED", 200, id, "PUBLISHED", 1]
   */
  curriculum: `SELECT ${columns("t0", TRACK)}, "Track_courses"."__prisma_data__" AS "courses"
    FROM "public"."Track" AS "t0"
    ${related(
      activeCourses({
        fields: COURSE,
        nested: lessonsOf({
          fields: LESSON,
          carried: ["position", "id", "archivedAt", "courseId"],
          joins: `${LESSON_COURSE} ${COURSE_TRACK}`,
          where: `("t7"."archivedAt" IS NULL AND "t7"."archivedAt" IS NULL AND ("j9"."archivedAt" IS NULL AND (${PUBLISHED(1, "j10")} AND ("j10"."id" IS NOT NULL)) AND ("j9"."id" IS NOT NULL)))`,
          order: LESSONS_IN_ORDER("t7"),
          limit: "$2",
        }),
        carried: ["createdAt", "id", "archivedAt"],
        order: COURSES_IN_ORDER("t3"),
      }),
    )}
    WHERE ("t0"."id" = $3 AND (${PUBLISHED(4)})) LIMIT $5`,
  /**
   * The tax settings an offered instalment plan's schedule reads (taxSetting), once for each of the page's two
   * selections of it, which Prisma sends as one statement. [1, 1]
   */
  taxSettings: `SELECT ${columns("t0", "id businessName logoImage postalAddress taxNumber supportEmail footerContact invoicePrefix taxRateBasisPoints taxInclusive".split(" "))}
    FROM "public"."BusinessSettings" AS "t0" WHERE "t0"."id" IN ($1,$2)`,
  /** Each with its prices. [id, "PUBLISHED", 4] */
  relatedTracks: `SELECT ${columns("t0", TRACK)}, "Track_prices"."__prisma_data__" AS "prices"
    FROM "public"."Track" AS "t0" ${related(trackPricesList(1))}
    WHERE ("t0"."id" <> $1 AND ${PUBLISHED(2)}) ${TRACK_ORDER} LIMIT $3`,
  /** Abandoned checkouts are left out unless asked for. [word, word, word, "ABANDONED", 0] */
  invoiceCount: `SELECT COUNT(*) AS "_count$_all" FROM (
      SELECT "public"."Invoice"."id" FROM "public"."Invoice"
      LEFT JOIN "public"."Learner" AS "j0" ON ("j0"."id") = ("public"."Invoice"."learnerId")
      WHERE (${invoiceSearch(`"public"."Invoice"`, "j0", 1)} AND "public"."Invoice"."status" <> CAST($4::text AS "public"."InvoiceStatus")) OFFSET $5
    ) AS "sub"`,
  /** A page of the same invoices, each with its track and learner. [1, 1, word, word, word, "ABANDONED", first + 1, offset] */
  invoicePage: `SELECT ${columns("t0", INVOICE)}, "Invoice_track"."__prisma_data__" AS "track", "Invoice_learner"."__prisma_data__" AS "learner"
    FROM "public"."Invoice" AS "t0"
    LEFT JOIN "public"."Learner" AS "j1" ON ("j1"."id") = ("t0"."learnerId")
    LEFT JOIN LATERAL (
      SELECT ${json("t2", TRACK)} FROM "public"."Track" AS "t2" WHERE "t0"."trackId" = "t2"."id" LIMIT $1
    ) AS "Invoice_track" ON true
    LEFT JOIN LATERAL (
      SELECT ${json("t3", LEARNER)} FROM "public"."Learner" AS "t3" WHERE "t0"."learnerId" = "t3"."id" LIMIT $2
    ) AS "Invoice_learner" ON true
    WHERE (${invoiceSearch(`"t0"`, "j1", 3)} AND "t0"."status" <> CAST($6::text AS "public"."InvoiceStatus"))
    ORDER BY "t0"."createdAt" DESC, "t0"."id" ASC LIMIT $7 OFFSET $8`,
  /**
   * `me` with its newest enrollments, each with its track and the track's course count (archived courses count for a
   * learner enrolled in the track), and the learner's valid certificates (newest first) for the cards' links.
   * [1, id, 1, first + 1, 0, id, 1]
   */
  learnerWithEnrollments: `SELECT ${columns("t0", LEARNER)}, "Learner_enrollments"."__prisma_data__" AS "enrollments"
    FROM "public"."Learner" AS "t0"
    LEFT JOIN LATERAL (
      SELECT COALESCE(JSONB_AGG("__prisma_data__"), '[]') AS "__prisma_data__" FROM (SELECT "t3"."__prisma_data__" FROM (
        SELECT ${json("t2", ENROLLMENT_COLUMNS, `, 'learnerId', "t2"."learnerId", 'learner', "Enrollment_learner"."__prisma_data__", 'trackId', "t2"."trackId", 'track', "Enrollment_track"."__prisma_data__"`)},
          "t2"."createdAt", "t2"."id", "t2"."learnerId", "t2"."trackId"
        FROM (SELECT "t1".* FROM "public"."Enrollment" AS "t1" WHERE "t0"."id" = "t1"."learnerId") AS "t2"
        LEFT JOIN LATERAL (
          SELECT JSONB_BUILD_OBJECT('certificates', "Learner_certificates"."__prisma_data__") AS "__prisma_data__"
          FROM "public"."Learner" AS "t5"
          LEFT JOIN LATERAL (
            SELECT COALESCE(JSONB_AGG("__prisma_data__"), '[]') AS "__prisma_data__" FROM (SELECT "t8"."__prisma_data__" FROM (
              SELECT ${json("t7", CERTIFICATE)}, "t7"."issuedAt", "t7"."id", "t7"."revokedAt"
              FROM (SELECT "t6".* FROM "public"."Certificate" AS "t6" WHERE "t5"."id" = "t6"."learnerId") AS "t7"
            ) AS "t8" WHERE "t8"."revokedAt" IS NULL ORDER BY "t8"."issuedAt" DESC, "t8"."id" DESC) AS "t9"
          ) AS "Learner_certificates" ON true
          WHERE "t2"."learnerId" = "t5"."id" LIMIT $1
        ) AS "Enrollment_learner" ON true
        LEFT JOIN LATERAL (
          SELECT ${json("t10", TRACK, `, '_count', JSONB_BUILD_OBJECT('courses', COALESCE("t11"."_aggr_count_courses", 0))`)}
          FROM "public"."Track" AS "t10"
          LEFT JOIN LATERAL (
            SELECT COUNT(*) AS "_aggr_count_courses" FROM "public"."Course" AS "t12"
            LEFT JOIN "public"."Track" AS "j13" ON ("j13"."id") = ("t12"."trackId")
            WHERE ("t10"."id" = "t12"."trackId" AND ("t12"."archivedAt" IS NULL OR (EXISTS(
              SELECT "t14"."trackId" FROM "public"."Enrollment" AS "t14"
              WHERE ("t14"."learnerId" = $2 AND ("j13"."id") = ("t14"."trackId") AND "t14"."trackId" IS NOT NULL)
            ) AND ("j13"."id" IS NOT NULL))))
          ) AS "t11" ON true
          WHERE "t2"."trackId" = "t10"."id" LIMIT $3
        ) AS "Enrollment_track" ON true
      ) AS "t3" ORDER BY "t3"."createdAt" DESC, "t3"."id" ASC LIMIT $4 OFFSET $5) AS "t4"
    ) AS "Learner_enrollments" ON true
    WHERE ("t0"."id" = $6 AND 1=1) LIMIT $7`,
  /**
   * myPaymentPlans: the learner's plans but unpaid checkouts, newest first, each with its parts' invoices in order and
   * the learner's paused enrollments (`paused` looks for the plan's track among them) and its track.
   * [1, 1, learnerId, "PENDING"]
   */
  paymentPlans: `SELECT ${columns("t0", PAYMENT_PLAN)}, "PaymentPlan_invoices"."__prisma_data__" AS "invoices",
      "PaymentPlan_learner"."__prisma_data__" AS "learner", "PaymentPlan_track"."__prisma_data__" AS "track"
    FROM "public"."PaymentPlan" AS "t0"
    ${related({
      as: "PaymentPlan_invoices",
      n: 1,
      table: "Invoice",
      link: [`"t0"."id"`, "paymentPlanId"],
      fields: INVOICE,
      carried: ["partNumber"],
      order: `"t3"."partNumber" ASC`,
    })}
    LEFT JOIN LATERAL (
      SELECT JSONB_BUILD_OBJECT('enrollments', "Learner_enrollments"."__prisma_data__") AS "__prisma_data__"
      FROM "public"."Learner" AS "t5"
      ${related({
        as: "Learner_enrollments",
        n: 6,
        table: "Enrollment",
        link: [`"t5"."id"`, "learnerId"],
        fields: ["trackId"],
        carried: ["pausedAt"],
        where: `"t8"."pausedAt" IS NOT NULL`,
      })}
      WHERE "t0"."learnerId" = "t5"."id" LIMIT $1
    ) AS "PaymentPlan_learner" ON true
    LEFT JOIN LATERAL (
      SELECT ${json("t10", TRACK)} FROM "public"."Track" AS "t10" WHERE "t0"."trackId" = "t10"."id" LIMIT $2
    ) AS "PaymentPlan_track" ON true
    WHERE ("t0"."learnerId" = $3 AND "t0"."status" <> CAST($4::text AS "public"."PaymentPlanStatus")) ORDER BY "t0"."createdAt" DESC`,
  /** mySavedCards: the learner's saved cards, last used first. [learnerId] */
  savedCards: `SELECT "t0"."id", "t0"."learnerId", "t0"."brand", "t0"."last4", "t0"."expMonth", "t0"."expYear", "t0"."currency"
    FROM "public"."SavedCard" AS "t0" WHERE "t0"."learnerId" = $1 ORDER BY "t0"."updatedAt" DESC`,
  /** Counts a login against the address and reads the account's failure and lockout windows. [key, windowMs, keys] */
  loginHit: `WITH "hit" AS (
      INSERT INTO "RateLimit" ("key", "count", "resetAt")
      VALUES ($1, 1, now() + $2 * interval '1 millisecond')
      ON CONFLICT ("key") DO UPDATE SET
        "count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."count" + 1 END,
        "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
      RETURNING "key", "count", "resetAt"
    )
    SELECT "key", "count", "resetAt" FROM "hit"
    UNION ALL
    SELECT "key", "count", "resetAt" FROM "RateLimit" WHERE "key" = ANY($3::text[])`,
  /** [email, 1] */
  adminByEmail: `SELECT ${columns("t0", ADMIN)} FROM "public"."Admin" AS "t0" WHERE ("t0"."email" = $1 AND 1=1) LIMIT $2`,
  learnerByEmail: `SELECT ${columns("t0", LEARNER)} FROM "public"."Learner" AS "t0" WHERE ("t0"."email" = $1 AND 1=1) LIMIT $2`,
  /** Only after earlier failures: most logins have none to forget. [failuresKey, lockoutsKey] */
  clearWindows: `DELETE FROM "public"."RateLimit" WHERE "public"."RateLimit"."key" IN ($1,$2)`,
  createSession: `INSERT INTO "public"."Session" ("tokenHash","role","learnerId","expiresAt","createdAt")
    VALUES ($1,CAST($2::text AS "public"."Role"),$3,$4,$5)
    RETURNING "public"."Session"."id", "public"."Session"."tokenHash", "public"."Session"."role"::text, "public"."Session"."adminId",
      "public"."Session"."learnerId", "public"."Session"."expiresAt", "public"."Session"."revokedAt", "public"."Session"."createdAt"`,
};

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(String(status));
  }
}

/**
 * Live sessions kept for SESSION_CACHE_MS after they are read, as the server keeps them (api/src/cache/sessions.ts,
 * 30 s): the session statement is sent when the server would send it, once a token while it is kept.
 */
const SESSION_CACHE_MS = Number(process.env.SESSION_CACHE_SECONDS ?? 30) * 1000;
const sessions = new Map<string, { row: Row; until: number }>();

async function viewer(db: Db, authorization: string | undefined, role: "ADMIN" | "LEARNER") {
  const token = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(authorization?.trim() ?? "")?.[1];
  if (!token) throw new HttpFailure(401, { errors: [{ message: "Not signed in" }] });
  const tokenHash = createHash("sha256").update(token).digest("hex");
  const kept = sessions.get(tokenHash);
  let session = kept && kept.until > Date.now() ? kept.row : undefined;
  if (!session) {
    [session] = await db.query(SQL.session, [1, tokenHash, 1]);
    if (session && !session.revokedAt && SESSION_CACHE_MS > 0) {
      sessions.set(tokenHash, { row: session, until: Math.min(Date.now() + SESSION_CACHE_MS, new Date(session.expiresAt).getTime()) });
    }
  }
  if (!session || session.revokedAt || new Date(session.expiresAt) <= new Date() || session.role !== role) {
    throw new HttpFailure(401, { errors: [{ message: "Not signed in" }] });
  }
  return (role === "ADMIN" ? session.adminId : session.learnerId) as string;
}

/**
 * `paymentOptions`: the settings row, then (the currency switcher) the currencies on sale: the business currency
 * first, then every other one a published track has its own price in (currenciesOnSale), in the order of CURRENCY_CODES.
 */
async function paymentOptions(db: Db, withCurrencies: boolean) {
  const [settings] = await db.query(SQL.settings, [1, 1]);
  const currency = settings?.currency as string;
  if (!withCurrencies) return { currency };
  const sold = await db.query(SQL.currenciesOnSale, ["PUBLISHED"]);
  const others = new Set(sold.map((r) => r.currency as string).filter((c) => c !== currency));
  return { currency, currencies: [currency, ...CURRENCY_CODES.filter((c) => others.has(c))] };
}

/** POST /graphql, the learner catalogue page: the newest 50 tracks, and the currency switcher's options. */
async function catalogue(db: Db) {
  const [rows, options] = await Promise.all([db.query(SQL.catalogue, ["PUBLISHED", 51, 0]), paymentOptions(db, true)]);
  const node = (t: Row) => ({
    id: gid("Track", t.id),
    name: t.name,
    description: t.description,
    image: t.image,
    duration: t.duration,
    price: price(t),
    priceMoney: money(t.priceCents, t.currency),
    prices: prices(t),
    averageRating: averageRating(t as never),
    reviewCount: t.ratingCount,
  });
  return { data: { tracks: { edges: rows.slice(0, 50).map((t) => ({ node: node(t) })) }, paymentOptions: options } };
}

/** GET /api/tracks: every track with its courses (each with its lessons' outline), ratings and prices, in the server's JSON. */
async function catalogueRest(db: Db) {
  const rows = await db.query(SQL.tracksWithCourses, ["PUBLISHED"]);
  return { tracks: rows.map((t) => trackRowJson(t as never)) };
}

/** POST /graphql, the track page of an anonymous visitor (`me` is null without a session, and costs no SQL). */
async function trackDetails(db: Db, variables: Row) {
  const id = Buffer.from(String(variables.id), "base64")
    .toString("utf8")
    .replace(/^Track:/, "");
  // The track (then, once it is read, its related tracks and its curriculum side by side) beside paymentOptions.
  const [read, options] = await Promise.all([
    (async () => {
      const [track] = await db.query(SQL.track, [1, id, "PUBLISHED", 1]);
      if (!track) return null;
      // A plan the track offers (a first part below the price) also reads the tax settings for its schedule.
      const offered = track.instalmentPlan && track.instalmentPlan.firstAmountCents < track.priceCents;
      const [related, [curriculum], tax] = await Promise.all([
        db.query(SQL.relatedTracks, [id, "PUBLISHED", 4]),
        db.query(SQL.curriculum, ["PUBLISHED", 200, id, "PUBLISHED", 1]),
        offered ? db.query(SQL.taxSettings, [1, 1]) : [],
      ]);
      return { track, related, curriculum, instalmentPlan: tax[0] ? instalmentOffer(track, tax[0]) : null };
    })(),
    paymentOptions(db, true),
  ]);
  if (!read) return { data: { track: null, paymentOptions: options, me: null } };
  const { track, related, curriculum, instalmentPlan } = read;
  const lessons = (track.courses as Row[]).flatMap((c) => c.lessons as Row[]);
  return {
    data: {
      track: {
        id: gid("Track", track.id),
        name: track.name,
        description: track.description,
        instructor: track.instructor,
        averageRating: averageRating(track as never),
        reviewCount: track.ratingCount,
        outcomes: track.outcomes,
        enrolledCount: track._count.enrollments,
        lessonCount: lessons.length,
        totalMinutes: lessons.reduce((sum, l) => sum + l.minutes, 0),
        courses: ((curriculum?.courses ?? []) as Row[]).map((c) => ({
          id: gid("Course", c.id),
          title: c.title,
          lessonList: (c.lessons as Row[]).map((l) => ({
            id: gid("Lesson", l.id),
            title: l.title,
            minutes: l.minutes,
            freePreview: l.freePreview,
          })),
        })),
        relatedTracks: related.map((t) => ({
          id: gid("Track", t.id),
          name: t.name,
          image: t.image,
          instructor: t.instructor,
          price: price(t),
          priceMoney: money(t.priceCents, t.currency),
          prices: prices(t),
          averageRating: averageRating(t as never),
          reviewCount: t.ratingCount,
        })),
        image: track.image,
        duration: track.duration,
        courseCount: track._count.courses,
        updatedAt: iso(track.updatedAt),
        price: price(track),
        priceMoney: money(track.priceCents, track.currency),
        prices: prices(track),
        instalmentPlan,
      },
      paymentOptions: options,
      me: null,
    },
  };
}

/**
 * A track's instalment plan as its page shows it (InstalmentOffer in api/src/graphql/catalogue/instalment-plan.ts):
 * the parts of a purchase made today in the main currency, tax included, under both of the page's selections.
 */
function instalmentOffer(track: Row, tax: Row) {
  const plan = track.instalmentPlan as Row;
  const total = priceParts(track.priceCents, 0, tax as never).amountCents;
  const schedule = (planSchedule(plan as never, track.priceCents, total, new Date()) ?? []).map((p) => ({
    number: p.number,
    dueOn: p.dueOn.toISOString().slice(0, 10),
    amount: { ...money(p.amountCents, track.currency), formatted: formatMoney(p.amountCents, track.currency) },
  }));
  return { parts: plan.parts, interval: plan.interval, main: schedule, chosen: schedule };
}

/** POST /graphql, the admin invoices page searching by invoice number or learner name (a one-word search). */
async function adminInvoicesSearch(db: Db, variables: Row, authorization?: string) {
  await viewer(db, authorization, "ADMIN");
  // The words of the search as the server takes them (wordsWhere in api/src/graphql/schema/paging.ts).
  const words = String(variables.search ?? "")
    .replaceAll("\u0000", "")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  // Without a search the server sends other statements (no join on Learner), and one more condition a word with
  // more; the bench only measures a one-word search.
  if (words.length !== 1) throw new HttpFailure(400, { errors: [{ message: "The floor answers one-word invoice searches only." }] });
  const word = String(words[0]).slice(0, 50);
  const first = Number(variables.first);
  const offset = (Number(variables.page) - 1) * first;
  // The count and the page side by side, and paymentOptions (the business currency) beside them.
  const [[count], rows, options] = await Promise.all([
    db.query(SQL.invoiceCount, [word, word, word, "ABANDONED", 0]),
    db.query(SQL.invoicePage, [1, 1, word, word, word, "ABANDONED", first + 1, offset]),
    paymentOptions(db, false),
  ]);
  const page = rows.slice(0, first);
  return {
    data: {
      paymentOptions: options,
      invoices: {
        totalCount: Number(count?._count$_all ?? 0),
        edges: page.map((i, n) => ({
          node: {
            id: gid("Invoice", i.id),
            number: i.number,
            amount: toMajorUnits(i.amountCents, i.currency),
            total: money(i.amountCents, i.currency),
            status: i.status,
            paidRecord: (PAID_RECORD_STATUSES as readonly string[]).includes(i.status),
            description: i.description,
            track: i.track && { name: i.track.name, id: gid("Track", i.track.id) },
            flaggedReason: i.flaggedReason,
            paymentMethod: i.paymentMethod,
            paymentChannel: isPaystackChannelName(i.paymentChannel) ? i.paymentChannel : null,
            dueDate: i.dueDate,
            createdAt: iso(i.createdAt),
            learner: i.learner && {
              fullName: `${i.learner.firstName} ${i.learner.lastName}`,
              email: i.learner.email,
              image: i.learner.image,
              id: gid("Learner", i.learner.id),
            },
            currency: i.currency,
            paymentDetails: i.paymentDetails,
            reference: i.reference,
            __typename: "Invoice",
          },
          cursor: offsetCursor(offset + n),
        })),
        pageInfo: { endCursor: page.length ? offsetCursor(offset + page.length - 1) : null, hasNextPage: rows.length > first },
      },
    },
  };
}

/** The learner's valid certificate of the enrollment's track (the newest issued), or null. */
function certificate(e: Row) {
  const c = (e.learner.certificates as Row[]).find((c) => c.trackId === e.trackId);
  return c ? { code: formatCertificateCode(c.code), id: gid("Certificate", c.id) } : null;
}

/** A lesson's database id as the Relay id the answer carries. */
const continueLessonId = (id: string | null | undefined) => (id ? gid("Lesson", id) : null);

/** POST /graphql, the learner portal's dashboard: the signed-in learner's newest 9 enrollments. */
async function learnerPortal(db: Db, _variables: Row, authorization?: string) {
  const learnerId = await viewer(db, authorization, "LEARNER");
  // The plans and the saved cards beside `me` (then the progress of its enrollments).
  const [plans, cards, read] = await Promise.all([
    db.query(SQL.paymentPlans, [1, 1, learnerId, "PENDING"]),
    db.query(SQL.savedCards, [learnerId]),
    (async () => {
      const [me] = await db.query(SQL.learnerWithEnrollments, [1, learnerId, 1, 10, 0, learnerId, 1]);
      if (!me) return null;
      const ids = (me.enrollments as Row[]).slice(0, 9).map((e) => e.id as string);
      // The progress and the lesson Continue resumes of the whole page, in the server's own statement.
      const outlines = ids.length ? await db.query(ENROLLMENT_OUTLINES_SQL, [ids]) : [];
      return { me, outlines };
    })(),
  ]);
  const myPaymentPlans = plans.map(paymentPlanJson);
  const mySavedCards = cards.map(savedCardJson);
  if (!read) return { data: { me: null, myPaymentPlans, mySavedCards } };
  const { me, outlines } = read;
  const enrollments = (me.enrollments as Row[]).slice(0, 9);
  const byId = new Map(outlines.map((row) => [row.id as string, outlineOf(row as never)]));
  return {
    data: {
      me: {
        __typename: "Learner",
        enrollments: {
          edges: enrollments.map((e) => ({
            node: {
              id: gid("Enrollment", e.id),
              createdAt: iso(e.createdAt),
              status: e.status,
              progress: byId.get(e.id)?.progress ?? 0,
              continueLessonId: continueLessonId(byId.get(e.id)?.continueLessonId),
              pausedReason: e.pausedReason,
              certificate: certificate(e),
              track: {
                id: gid("Track", e.track.id),
                name: e.track.name,
                image: e.track.image,
                instructor: e.track.instructor,
                duration: e.track.duration,
                courseCount: e.track._count.courses,
              },
              __typename: "Enrollment",
            },
            cursor: prismaCursor(e.id),
          })),
          pageInfo: {
            endCursor: enrollments.length ? prismaCursor(enrollments.at(-1)?.id) : null,
            hasNextPage: me.enrollments.length > 9,
          },
        },
        id: gid("Learner", me.id),
      },
      myPaymentPlans,
      mySavedCards,
    },
  };
}

/** A plan's unpaid later parts' due dates, earliest first (parts inside JSON carry their dates as "YYYY-MM-DD"). */
const unpaidDueDates = (parts: Row[]) =>
  parts
    .filter((i) => i.status === "PENDING" && (i.partNumber ?? 1) > 1 && i.dueDate)
    .map((i) => new Date(i.dueDate))
    .sort((a, b) => a.getTime() - b.getTime());

/** A plan as the portal's PaymentPlans_query reads it (PaymentPlan in api/src/graphql/payments/plans.ts). */
function paymentPlanJson(p: Row) {
  const parts = p.invoices as Row[];
  const unpaid = unpaidDueDates(parts);
  const today = utcDay(new Date());
  return {
    id: gid("PaymentPlan", p.id),
    status: p.status,
    currency: p.currency,
    partCount: p.parts,
    paidParts: parts.filter((i) => (PAID_RECORD_STATUSES as readonly string[]).includes(i.status)).length,
    paused: Boolean(p.trackId && (p.learner?.enrollments as Row[] | undefined)?.some((e) => e.trackId === p.trackId)),
    nextDueOn: unpaid[0]?.toISOString().slice(0, 10) ?? null,
    overdueParts: unpaid.filter((d) => d < today).length,
    total: {
      formatted: formatMoney(
        (p.amountsCents as number[]).reduce((s, v) => s + v, 0),
        p.currency,
      ),
    },
    track: p.track && { id: gid("Track", p.track.id), name: p.track.name },
    parts: parts.map((i) => ({
      id: gid("Invoice", i.id),
      number: i.number,
      partNumber: i.partNumber,
      status: i.status,
      dueDate: i.dueDate,
      total: { formatted: formatMoney(i.amountCents, i.currency) },
    })),
  };
}

/** A saved card as `mySavedCards` answers it: never its code. */
const savedCardJson = (c: Row) => ({
  id: gid("SavedCard", c.id),
  brand: c.brand,
  last4: c.last4,
  expiry: c.expMonth && c.expYear ? `${String(c.expMonth).padStart(2, "0")}/${c.expYear}` : null,
  currency: c.currency,
});

const GENDER_OUT: Record<string, string> = { MALE: "Male", FEMALE: "Female" };
const LOGIN_WINDOW_MS = 5 * 60_000;
const LOGIN_MAX = 30 * Number(process.env.RATE_LIMIT_SCALE ?? 1);

/** POST /api/auth/login of a learner (the one the bench sends). */
async function login(db: Db, body: Row, ip: string) {
  const email = String(body.email ?? "")
    .trim()
    .toLowerCase();
  const password = String(body.password ?? "");
  const keys = [`login-fail:${email}`, `login-lockouts:${email}`];
  const ipKey = `login:ip:${ip}`;
  const windows = await db.query(SQL.loginHit, [ipKey, LOGIN_WINDOW_MS, keys]);
  if (windows.some((w) => w.key === ipKey && Number(w.count) > LOGIN_MAX)) throw new HttpFailure(429, { message: "Too many requests." });
  const [[admin], [learner]] = await Promise.all([db.query(SQL.adminByEmail, [email, 1]), db.query(SQL.learnerByEmail, [email, 1])]);
  if (admin || !learner || !(await argon2.verify(learner.passwordHash, password))) {
    throw new HttpFailure(400, { message: "Invalid email or password." });
  }
  if (windows.some((w) => w.key !== ipKey)) await db.query(SQL.clearWindows, keys);
  const token = randomBytes(32).toString("base64url");
  const now = Date.now();
  await db.query(SQL.createSession, [
    createHash("sha256").update(token).digest("hex"),
    "LEARNER",
    learner.id,
    new Date(now + 7 * 86_400_000),
    new Date(now),
  ]);
  return {
    message: "Login successful!",
    token,
    user: {
      _id: learner.id,
      role: "learner",
      firstName: learner.firstName,
      lastName: learner.lastName,
      email: learner.email,
      image: learner.image,
      contact: learner.contact,
      createdAt: iso(learner.createdAt),
      location: learner.location,
      gender: learner.gender ? GENDER_OUT[learner.gender] : null,
      description: learner.bio,
      disabled: learner.disabled,
    },
  };
}

type GraphqlHandler = (db: Db, variables: Row, authorization?: string) => Promise<unknown>;
const GRAPHQL = new Map<string, GraphqlHandler>([
  [CATALOGUE_QUERY, (db) => catalogue(db)],
  [TRACK_DETAILS_QUERY, trackDetails],
  [ADMIN_INVOICES_QUERY, adminInvoicesSearch],
  [LEARNER_PORTAL_QUERY, learnerPortal],
]);

async function readBody(req: IncomingMessage): Promise<Row> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : {};
}

/** The client address as the real server sees it without TRUST_PROXY. */
function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? "unknown";
}

/** Starts the floor on `port` (0: any free one); answers its address and how to stop it. */
export async function startFloor(port: number, options: FloorOptions) {
  const db = await openDb(options);
  const send = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
    res.end(text);
  };
  const server = createServer(async (req, res) => {
    try {
      const path = (req.url ?? "/").split("?")[0];
      if (req.method === "GET" && path === "/healthz") return send(res, 200, { status: "ok" });
      if (req.method === "GET" && path === "/api/tracks") return send(res, 200, await catalogueRest(db));
      if (req.method === "POST" && path === "/api/auth/login") return send(res, 200, await login(db, await readBody(req), clientIp(req)));
      if (req.method === "POST" && path === "/graphql") {
        const body = await readBody(req);
        const handler = GRAPHQL.get(body.query);
        if (!handler) return send(res, 400, { errors: [{ message: "The floor does not know this operation." }] });
        return send(res, 200, await handler(db, body.variables ?? {}, req.headers.authorization));
      }
      send(res, 404, { message: "Not found" });
    } catch (error) {
      if (error instanceof HttpFailure) return send(res, error.status, error.body);
      console.error(error);
      send(res, 500, { message: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`,
    async close() {
      server.close();
      server.closeAllConnections();
      await db.close();
    },
  };
}

if (process.env.FLOOR_PORT) {
  const floor = await startFloor(Number(process.env.FLOOR_PORT), {
    databaseUrl: process.env.FLOOR_DATABASE_URL,
    pgliteDir: process.env.FLOOR_PGLITE_DIR,
  });
  const stop = async () => {
    await floor.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}
