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
import { ADMIN_INVOICES_SEARCH_QUERY, CATALOGUE_QUERY, LEARNER_PORTAL_QUERY, TRACK_DETAILS_QUERY } from "./operations.ts";

type Row = Record<string, any>;
interface Db {
  query(text: string, params?: unknown[]): Promise<Row[]>;
  close(): Promise<void>;
}

async function openDb(): Promise<Db> {
  const url = process.env.FLOOR_DATABASE_URL;
  if (url) {
    // The same pool size and session settings as the real server (api/src/db/client.ts).
    const pool = new pg.Pool({ connectionString: url, max: 10, options: "-c TimeZone=UTC" });
    return { query: async (text, params) => (await pool.query(text, params)).rows, close: () => pool.end() };
  }
  const dir = process.env.FLOOR_PGLITE_DIR;
  if (!dir) throw new Error("Set FLOOR_DATABASE_URL or FLOOR_PGLITE_DIR");
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const db = await PGlite.create(join(dir, "pglite"), { extensions: { pg_trgm } });
  await db.exec("SET TIME ZONE 'UTC'");
  return { query: async (text, params) => (await db.query<Row>(text, params)).rows, close: () => db.close() };
}

// ---- the JSON the real server writes -------------------------------------------------------------------------------

const base64 = (s: string) => Buffer.from(s, "utf8").toString("base64");
const gid = (type: string, id: string) => base64(`${type}:${id}`);
const prismaCursor = (id: string) => base64(`GPC:S:${id}`);
const offsetCursor = (n: number) => base64(`OffsetConnection:${n}`);
const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());
const dollars = (cents: number) => cents / 100;
const average = (t: Row) => (t.ratingCount ? Math.round((t.ratingTotal / t.ratingCount) * 10) / 10 : null);
const ids = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `$${i + from}`).join(",");
const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];

// ---- the statements (as Prisma writes them) ------------------------------------------------------------------------

const TRACK_COLUMNS = `"public"."Track"."id", "public"."Track"."name", "public"."Track"."priceCents", "public"."Track"."currency", "public"."Track"."duration", "public"."Track"."instructor", "public"."Track"."description", "public"."Track"."image", "public"."Track"."ratingCount", "public"."Track"."ratingTotal", "public"."Track"."createdAt", "public"."Track"."updatedAt"`;
const COURSE_COUNT_JOIN = `LEFT JOIN (SELECT "public"."Course"."trackId", COUNT(*) AS "_aggr_count_courses" FROM "public"."Course" WHERE 1=1 GROUP BY "public"."Course"."trackId") AS "aggr_selection_0_Course" ON ("public"."Track"."id" = "aggr_selection_0_Course"."trackId")`;
const COURSE_COLUMNS = `"public"."Course"."id", "public"."Course"."title", "public"."Course"."description", "public"."Course"."image", "public"."Course"."trackId", "public"."Course"."createdAt", "public"."Course"."updatedAt"`;
const LEARNER_COLUMNS = `"public"."Learner"."id", "public"."Learner"."firstName", "public"."Learner"."lastName", "public"."Learner"."email", "public"."Learner"."contact", "public"."Learner"."passwordHash", "public"."Learner"."location", "public"."Learner"."gender"::text, "public"."Learner"."bio", "public"."Learner"."image", "public"."Learner"."disabled", "public"."Learner"."emailVerifiedAt", "public"."Learner"."createdAt", "public"."Learner"."updatedAt"`;
const INVOICE_COLUMNS = `"public"."Invoice"."id", "public"."Invoice"."learnerId", "public"."Invoice"."trackId", "public"."Invoice"."amountCents", "public"."Invoice"."currency", "public"."Invoice"."dueDate"::text, "public"."Invoice"."status"::text, "public"."Invoice"."paymentDetails", "public"."Invoice"."reference", "public"."Invoice"."flaggedReason", "public"."Invoice"."paidAt", "public"."Invoice"."createdAt", "public"."Invoice"."updatedAt"`;
const TRACK_ORDER = `ORDER BY "public"."Track"."createdAt" DESC, "public"."Track"."id" ASC`;
const SESSION_BY_TOKEN = `SELECT "public"."Session"."id", "public"."Session"."role"::text, "public"."Session"."adminId", "public"."Session"."learnerId", "public"."Session"."expiresAt", "public"."Session"."revokedAt" FROM "public"."Session" WHERE ("public"."Session"."tokenHash" = $1 AND 1=1) LIMIT $2 OFFSET $3`;
const INVOICE_SEARCH_JOINS = `LEFT JOIN "public"."Learner" AS "j0" ON ("j0"."id") = ("public"."Invoice"."learnerId") LEFT JOIN "public"."Learner" AS "j1" ON ("j1"."id") = ("public"."Invoice"."learnerId") WHERE (("j0"."firstName" ILIKE ('%' || $1 || '%') AND ("j0"."id" IS NOT NULL)) OR ("j1"."lastName" ILIKE ('%' || $2 || '%') AND ("j1"."id" IS NOT NULL)))`;

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(String(status));
  }
}

async function viewer(db: Db, authorization: string | undefined, role: "ADMIN" | "LEARNER") {
  const token = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(authorization?.trim() ?? "")?.[1];
  if (!token) throw new HttpFailure(401, { errors: [{ message: "Not signed in" }] });
  const [session] = await db.query(SESSION_BY_TOKEN, [createHash("sha256").update(token).digest("hex"), 1, 0]);
  if (!session || session.revokedAt || new Date(session.expiresAt) <= new Date() || session.role !== role) {
    throw new HttpFailure(401, { errors: [{ message: "Not signed in" }] });
  }
  return (role === "ADMIN" ? session.adminId : session.learnerId) as string;
}

function catalogueNode(t: Row) {
  return {
    id: gid("Track", t.id),
    name: t.name,
    description: t.description,
    image: t.image,
    duration: t.duration,
    price: dollars(t.priceCents),
    averageRating: average(t),
    reviewCount: t.ratingCount,
  };
}

async function catalogue(db: Db) {
  const rows = await db.query(`SELECT ${TRACK_COLUMNS} FROM "public"."Track" WHERE 1=1 ${TRACK_ORDER} LIMIT $1 OFFSET $2`, [21, 0]);
  const page = rows.slice(0, 20);
  return {
    data: {
      tracks: {
        edges: page.map((t) => ({ node: catalogueNode(t) })),
        pageInfo: { hasNextPage: rows.length > 20, endCursor: page.length ? prismaCursor(page.at(-1)?.id) : null },
      },
    },
  };
}

/** GET /api/tracks: every track, read 100 at a time with their courses, as the REST facade does. */
async function catalogueRest(db: Db) {
  const tracks: unknown[] = [];
  let after: string | null = null;
  for (let pageNo = 0; pageNo < 10_000; pageNo++) {
    const rows: Row[] = after
      ? await db.query(
          `SELECT ${TRACK_COLUMNS} FROM "public"."Track" WHERE (("public"."Track"."createdAt" = (SELECT "public"."Track"."createdAt" FROM "public"."Track" WHERE ("public"."Track"."id") = ($1)) AND "public"."Track"."id" >= (SELECT "public"."Track"."id" FROM "public"."Track" WHERE ("public"."Track"."id") = ($2))) OR ("public"."Track"."createdAt" < (SELECT "public"."Track"."createdAt" FROM "public"."Track" WHERE ("public"."Track"."id") = ($3)))) ${TRACK_ORDER} LIMIT $4 OFFSET $5`,
          [after, after, after, 101, 1],
        )
      : await db.query(`SELECT ${TRACK_COLUMNS} FROM "public"."Track" WHERE 1=1 ${TRACK_ORDER} LIMIT $1 OFFSET $2`, [101, 0]);
    const courses = rows.length
      ? await db.query(
          `SELECT ${COURSE_COLUMNS} FROM "public"."Course" WHERE "public"."Course"."trackId" IN (${ids(rows.length)}) ORDER BY "public"."Course"."createdAt" ASC, "public"."Course"."id" ASC OFFSET $${rows.length + 1}`,
          [...rows.map((r) => r.id), 0],
        )
      : [];
    const page = rows.slice(0, 100);
    for (const t of page) {
      tracks.push({
        _id: t.id,
        name: t.name,
        price: dollars(t.priceCents),
        duration: t.duration,
        instructor: t.instructor,
        description: t.description,
        image: t.image,
        averageRating: average(t),
        reviewCount: t.ratingCount,
        courses: courses.filter((c) => c.trackId === t.id).map((c) => ({ _id: c.id, title: c.title })),
        createdAt: iso(t.createdAt),
        updatedAt: iso(t.updatedAt),
      });
    }
    if (rows.length <= 100) break;
    after = page.at(-1)?.id ?? null;
  }
  return { tracks };
}

async function trackDetails(db: Db, variables: Row) {
  const id = Buffer.from(String(variables.id), "base64")
    .toString("utf8")
    .replace(/^Track:/, "");
  const [track] = await db.query(
    `SELECT ${TRACK_COLUMNS}, COALESCE("aggr_selection_0_Course"."_aggr_count_courses", 0) AS "_aggr_count_courses" FROM "public"."Track" ${COURSE_COUNT_JOIN} WHERE ("public"."Track"."id" = $1 AND 1=1) LIMIT $2 OFFSET $3`,
    [id, 1, 0],
  );
  if (!track) return { data: { track: null } };
  const [courses, related] = await Promise.all([
    db.query(
      `SELECT ${COURSE_COLUMNS} FROM "public"."Course" WHERE "public"."Course"."trackId" = $1 ORDER BY "public"."Course"."createdAt" ASC, "public"."Course"."id" ASC OFFSET $2`,
      [id, 0],
    ),
    db.query(`SELECT ${TRACK_COLUMNS} FROM "public"."Track" WHERE "public"."Track"."id" <> $1 ${TRACK_ORDER} LIMIT $2 OFFSET $3`, [
      id,
      4,
      0,
    ]),
  ]);
  return {
    data: {
      track: {
        id: gid("Track", track.id),
        name: track.name,
        description: track.description,
        instructor: track.instructor,
        duration: track.duration,
        image: track.image,
        price: dollars(track.priceCents),
        averageRating: average(track),
        reviewCount: track.ratingCount,
        courseCount: Number(track._aggr_count_courses),
        updatedAt: iso(track.updatedAt),
        courses: courses.map((c) => ({ id: gid("Course", c.id), title: c.title })),
        relatedTracks: related.map((t) => ({
          id: gid("Track", t.id),
          name: t.name,
          image: t.image,
          instructor: t.instructor,
          price: dollars(t.priceCents),
          averageRating: average(t),
          reviewCount: t.ratingCount,
        })),
      },
    },
  };
}

async function adminInvoicesSearch(db: Db, _variables: Row, authorization?: string) {
  await viewer(db, authorization, "ADMIN");
  const search = "a";
  const [[count], rows] = await Promise.all([
    db.query(
      `SELECT COUNT(*) AS "_count$_all" FROM (SELECT "public"."Invoice"."id" FROM "public"."Invoice" ${INVOICE_SEARCH_JOINS} OFFSET $3) AS "sub"`,
      [search, search, 0],
    ),
    db.query(
      `SELECT ${INVOICE_COLUMNS} FROM "public"."Invoice" ${INVOICE_SEARCH_JOINS} ORDER BY "public"."Invoice"."createdAt" DESC, "public"."Invoice"."id" ASC LIMIT $3 OFFSET $4`,
      [search, search, 11, 0],
    ),
  ]);
  const page = rows.slice(0, 10);
  const learnerIds = unique(page.map((i) => i.learnerId));
  const trackIds = unique(page.map((i) => i.trackId));
  const [learners, tracks] = await Promise.all([
    learnerIds.length
      ? db.query(
          `SELECT ${LEARNER_COLUMNS} FROM "public"."Learner" WHERE "public"."Learner"."id" IN (${ids(learnerIds.length)}) OFFSET $${learnerIds.length + 1}`,
          [...learnerIds, 0],
        )
      : [],
    trackIds.length
      ? db.query(
          `SELECT ${TRACK_COLUMNS} FROM "public"."Track" WHERE "public"."Track"."id" IN (${ids(trackIds.length)}) OFFSET $${trackIds.length + 1}`,
          [...trackIds, 0],
        )
      : [],
  ]);
  const learnerById = new Map(learners.map((l) => [l.id, l]));
  const trackById = new Map(tracks.map((t) => [t.id, t]));
  return {
    data: {
      invoices: {
        totalCount: Number(count?._count$_all ?? 0),
        edges: page.map((i) => {
          const l = learnerById.get(i.learnerId);
          const t = trackById.get(i.trackId);
          return {
            node: {
              id: gid("Invoice", i.id),
              amount: dollars(i.amountCents),
              status: i.status,
              dueDate: i.dueDate,
              createdAt: iso(i.createdAt),
              paymentDetails: i.paymentDetails,
              learner: l ? { id: gid("Learner", l.id), fullName: `${l.firstName} ${l.lastName}`, email: l.email, image: l.image } : null,
              track: t ? { id: gid("Track", t.id), name: t.name } : null,
            },
          };
        }),
        pageInfo: { hasNextPage: rows.length > 10, endCursor: page.length ? offsetCursor(page.length - 1) : null },
      },
    },
  };
}

async function learnerPortal(db: Db, _variables: Row, authorization?: string) {
  const learnerId = await viewer(db, authorization, "LEARNER");
  const byId = `SELECT ${LEARNER_COLUMNS} FROM "public"."Learner" WHERE ("public"."Learner"."id" = $1 AND 1=1) LIMIT $2 OFFSET $3`;
  // The real server reads the learner twice (`me`, then again to load its connections); the floor sends the same.
  const [me] = await db.query(byId, [learnerId, 1, 0]);
  if (!me) return { data: { me: null } };
  await db.query(byId, [learnerId, 1, 0]);
  const [enrollments, invoices] = await Promise.all([
    db.query(
      `SELECT "public"."Enrollment"."id", "public"."Enrollment"."learnerId", "public"."Enrollment"."trackId", "public"."Enrollment"."status"::text, "public"."Enrollment"."createdAt" FROM "public"."Enrollment" WHERE "public"."Enrollment"."learnerId" = $1 ORDER BY "public"."Enrollment"."createdAt" DESC, "public"."Enrollment"."id" ASC LIMIT $2 OFFSET $3`,
      [learnerId, 21, 0],
    ),
    db.query(
      `SELECT ${INVOICE_COLUMNS} FROM "public"."Invoice" WHERE "public"."Invoice"."learnerId" = $1 ORDER BY "public"."Invoice"."createdAt" DESC, "public"."Invoice"."id" ASC LIMIT $2 OFFSET $3`,
      [learnerId, 21, 0],
    ),
  ]);
  const e = enrollments.slice(0, 20);
  const inv = invoices.slice(0, 20);
  const enrolledTrackIds = unique(e.map((x) => x.trackId));
  const invoiceTrackIds = unique(inv.map((x) => x.trackId));
  const [enrolledTracks, invoiceTracks] = await Promise.all([
    enrolledTrackIds.length
      ? db.query(
          `SELECT ${TRACK_COLUMNS}, COALESCE("aggr_selection_0_Course"."_aggr_count_courses", 0) AS "_aggr_count_courses" FROM "public"."Track" ${COURSE_COUNT_JOIN} WHERE "public"."Track"."id" IN (${ids(enrolledTrackIds.length)}) OFFSET $${enrolledTrackIds.length + 1}`,
          [...enrolledTrackIds, 0],
        )
      : [],
    invoiceTrackIds.length
      ? db.query(
          `SELECT ${TRACK_COLUMNS} FROM "public"."Track" WHERE "public"."Track"."id" IN (${ids(invoiceTrackIds.length)}) OFFSET $${invoiceTrackIds.length + 1}`,
          [...invoiceTrackIds, 0],
        )
      : [],
  ]);
  const et = new Map(enrolledTracks.map((t) => [t.id, t]));
  const it = new Map(invoiceTracks.map((t) => [t.id, t]));
  return {
    data: {
      me: {
        __typename: "Learner",
        id: gid("Learner", me.id),
        enrollments: {
          edges: e.map((x) => {
            const t = et.get(x.trackId) as Row;
            return {
              node: {
                id: gid("Enrollment", x.id),
                status: x.status,
                createdAt: iso(x.createdAt),
                track: {
                  id: gid("Track", t.id),
                  name: t.name,
                  image: t.image,
                  instructor: t.instructor,
                  duration: t.duration,
                  courseCount: Number(t._aggr_count_courses),
                },
              },
            };
          }),
        },
        invoices: {
          edges: inv.map((x) => {
            const t = it.get(x.trackId);
            return {
              node: {
                id: gid("Invoice", x.id),
                amount: dollars(x.amountCents),
                status: x.status,
                dueDate: x.dueDate,
                createdAt: iso(x.createdAt),
                track: t ? { id: gid("Track", t.id), name: t.name } : null,
              },
            };
          }),
        },
      },
    },
  };
}

const GENDER_OUT: Record<string, string> = { MALE: "Male", FEMALE: "Female" };
const LOGIN_WINDOW_MS = 5 * 60_000;
const LOGIN_MAX = 30 * Number(process.env.RATE_LIMIT_SCALE ?? 1);

async function login(db: Db, body: Row, ip: string) {
  const [limit] = await db.query(
    `INSERT INTO "RateLimit" ("key", "count", "resetAt")
    VALUES ($1, 1, now() + $2 * interval '1 millisecond')
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetAt" <= now() THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetAt" = CASE WHEN "RateLimit"."resetAt" <= now() THEN EXCLUDED."resetAt" ELSE "RateLimit"."resetAt" END
    RETURNING "count", "resetAt"`,
    [`login:ip:${ip}`, LOGIN_WINDOW_MS],
  );
  if (limit && limit.count > LOGIN_MAX) throw new HttpFailure(429, { message: "Too many requests." });
  const email = String(body.email ?? "")
    .trim()
    .toLowerCase();
  const password = String(body.password ?? "");
  const failuresKey = `login-fail:${email}`;
  await db.query(
    `SELECT "public"."RateLimit"."key", "public"."RateLimit"."count", "public"."RateLimit"."resetAt" FROM "public"."RateLimit" WHERE ("public"."RateLimit"."key" = $1 AND 1=1) LIMIT $2 OFFSET $3`,
    [failuresKey, 1, 0],
  );
  const [[admin], [learner]] = await Promise.all([
    db.query(
      `SELECT "public"."Admin"."id", "public"."Admin"."firstName", "public"."Admin"."lastName", "public"."Admin"."email", "public"."Admin"."passwordHash", "public"."Admin"."emailVerifiedAt" FROM "public"."Admin" WHERE ("public"."Admin"."email" = $1 AND 1=1) LIMIT $2 OFFSET $3`,
      [email, 1, 0],
    ),
    db.query(
      `SELECT "public"."Learner"."id", "public"."Learner"."firstName", "public"."Learner"."lastName", "public"."Learner"."email", "public"."Learner"."passwordHash", "public"."Learner"."emailVerifiedAt", "public"."Learner"."disabled" FROM "public"."Learner" WHERE ("public"."Learner"."email" = $1 AND 1=1) LIMIT $2 OFFSET $3`,
      [email, 1, 0],
    ),
  ]);
  // The floor measures the learner login the bench sends.
  if (admin || !learner || !(await argon2.verify(learner.passwordHash, password))) {
    throw new HttpFailure(400, { message: "Invalid email or password." });
  }
  await db.query(`DELETE FROM "public"."RateLimit" WHERE "public"."RateLimit"."key" IN ($1,$2)`, [failuresKey, `login-lockouts:${email}`]);
  const token = randomBytes(32).toString("base64url");
  await db.query(
    `INSERT INTO "public"."Session" ("tokenHash","role","learnerId","expiresAt","createdAt") VALUES ($1,CAST($2::text AS "public"."Role"),$3,$4,$5) RETURNING "public"."Session"."id", "public"."Session"."tokenHash", "public"."Session"."role"::text, "public"."Session"."adminId", "public"."Session"."learnerId", "public"."Session"."expiresAt", "public"."Session"."revokedAt", "public"."Session"."createdAt"`,
    [createHash("sha256").update(token).digest("hex"), "LEARNER", learner.id, new Date(Date.now() + 7 * 86_400_000), new Date()],
  );
  const [l] = await db.query(
    `SELECT ${LEARNER_COLUMNS} FROM "public"."Learner" WHERE ("public"."Learner"."id" = $1 AND 1=1) LIMIT $2 OFFSET $3`,
    [learner.id, 1, 0],
  );
  if (!l) throw new HttpFailure(400, { message: "Invalid email or password." });
  return {
    message: "Login successful!",
    token,
    user: {
      _id: l.id,
      role: "learner",
      firstName: l.firstName,
      lastName: l.lastName,
      email: l.email,
      image: l.image,
      contact: l.contact,
      createdAt: iso(l.createdAt),
      location: l.location,
      gender: l.gender ? GENDER_OUT[l.gender] : null,
      description: l.bio,
      disabled: l.disabled,
    },
  };
}

type GraphqlHandler = (db: Db, variables: Row, authorization?: string) => Promise<unknown>;
const GRAPHQL = new Map<string, GraphqlHandler>([
  [CATALOGUE_QUERY, (db) => catalogue(db)],
  [TRACK_DETAILS_QUERY, trackDetails],
  [ADMIN_INVOICES_SEARCH_QUERY, adminInvoicesSearch],
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

export async function startFloor(port: number) {
  const db = await openDb();
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
  const stop = async () => {
    server.close();
    server.closeAllConnections();
    await db.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

if (process.env.FLOOR_PORT) await startFloor(Number(process.env.FLOOR_PORT));
