import type { SqlConnection } from "../api/src/db/client.ts";
import { hashPassword } from "../api/src/domain/accounts/passwords.ts";

/** The demo learner (api/src/seed/demo.ts) is the portal learner in the load runs; the SQL-count runs make their own. */
export const PORTAL_LEARNER = { email: "bench-portal@example.com", password: "Bench@Learner2026" };
export const BENCH_ADMIN = { email: "bench-admin@example.com", password: "Bench@Admin2026" };

/** How many enrollments and invoices the portal learner gets (capped by the number of tracks). */
const PORTAL_ROWS = 30;

const FIRST_NAMES = ["Ada", "Kofi", "Wanjiru", "Thabo", "Chiamaka", "Yaw", "Amina", "Sipho", "Ngozi", "Kwesi", "Bola", "Efe"];
const LAST_NAMES = ["Nwosu", "Boateng", "Kamau", "Nkosi", "Eze", "Owusu", "Hassan", "Dlamini", "Obi", "Mensah", "Uche", "Ito"];

async function count(sql: SqlConnection, table: string): Promise<number> {
  const rows = await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM "${table}"`);
  return rows[0]?.n ?? 0;
}

let cachedHash: Promise<string> | undefined;
const benchHash = () => {
  cachedHash ??= hashPassword(PORTAL_LEARNER.password);
  return cachedHash;
};

/**
 * Tops the catalogue and the books up to `rows` rows each (tracks, courses, learners, invoices, enrollments) with
 * set-based SQL, and makes sure an admin and a portal learner exist. Works on PGlite and PostgreSQL alike. The rows
 * are older than the demo data, so the demo rows stay first in every newest-first list.
 */
export async function growData(
  sql: SqlConnection,
  rows: number,
  options: { portalEmail?: string; adminEmail?: string } = {},
): Promise<{ portalEmail: string; adminEmail: string }> {
  const hash = await benchHash();
  const portalEmail = options.portalEmail ?? PORTAL_LEARNER.email;
  const adminEmail = options.adminEmail ?? BENCH_ADMIN.email;
  const adminHash = await hashPassword(BENCH_ADMIN.password);
  await sql.query(
    `INSERT INTO "Admin" ("firstName", "lastName", "email", "contact", "passwordHash", "emailVerifiedAt", "staffRole", "approvedAt")
     VALUES ('Bench', 'Admin', $1, '+234 800 000 0000', $2, now(), 'OWNER', now()) ON CONFLICT ("email") DO NOTHING`,
    [adminEmail, adminHash],
  );
  await sql.query(
    `INSERT INTO "Learner" ("firstName", "lastName", "email", "contact", "passwordHash", "gender", "location", "bio", "emailVerifiedAt", "createdAt")
     VALUES ('Portal', 'Learner', $1, '+234 800 000 0001', $2, 'FEMALE', 'Lagos, Nigeria', 'Bench learner.', now(), now() - interval '400 days')
     ON CONFLICT ("email") DO NOTHING`,
    [portalEmail, hash],
  );

  const tracks = rows - (await count(sql, "Track"));
  if (tracks > 0) {
    await sql.query(
      `INSERT INTO "Track" ("name", "priceCents", "duration", "instructor", "description", "image", "ratingCount", "ratingTotal", "createdAt", "updatedAt")
       SELECT 'Bench track ' || g, (g * 137) % 60000, (4 + g % 12) || ' weeks', 'Instructor ' || (g % 40),
              'A generated track for the benchmark: what it teaches, who it is for and how it is assessed, number ' || g || '.',
              (SELECT "image" FROM "Track" WHERE "image" IS NOT NULL LIMIT 1), g % 7, (g % 7) * 4,
              now() - interval '365 days' - g * interval '1 minute', now() - interval '365 days'
       FROM generate_series(1, $1::int) g`,
      [tracks],
    );
  }

  const courses = rows - (await count(sql, "Course"));
  if (courses > 0) {
    await sql.query(
      `WITH t AS (SELECT "id", (row_number() OVER (ORDER BY "createdAt", "id") - 1)::int AS rn, count(*) OVER ()::int AS n FROM "Track")
       INSERT INTO "Course" ("title", "description", "trackId", "createdAt", "updatedAt")
       SELECT 'Bench course ' || g, 'A generated course, number ' || g || '.', t."id",
              now() - interval '365 days' - g * interval '1 minute', now() - interval '365 days'
       FROM generate_series(1, $1::int) g JOIN t ON t.rn = g % t.n`,
      [courses],
    );
  }

  const learners = rows - (await count(sql, "Learner"));
  if (learners > 0) {
    await sql.query(
      `INSERT INTO "Learner" ("firstName", "lastName", "email", "contact", "passwordHash", "gender", "location", "bio", "emailVerifiedAt", "createdAt", "updatedAt")
       SELECT ($3::text[])[1 + g % 12], ($4::text[])[1 + (g / 12) % 12], 'bench-learner-' || g || '-' || $5 || '@example.com',
              '+234 800 ' || lpad(g::text, 7, '0'), $2, CASE WHEN g % 2 = 0 THEN 'FEMALE'::"Gender" ELSE 'MALE'::"Gender" END,
              'Lagos, Nigeria', 'A generated learner.', now(), now() - interval '365 days' - g * interval '1 minute',
              now() - interval '365 days'
       FROM generate_series(1, $1::int) g`,
      [learners, hash, FIRST_NAMES, LAST_NAMES, Date.now().toString(36)],
    );
  }

  // Each generated track's ratings as rows too (its running totals say g % 7 ratings of 4), from the oldest learners:
  // GET /api/tracks lists them, so the catalogue's size and cost include them.
  await sql.query(
    `WITH t AS (SELECT "id", "ratingCount" FROM "Track" WHERE "name" LIKE 'Bench track %'),
          l AS (SELECT "id", row_number() OVER (ORDER BY "createdAt", "id") AS rn FROM "Learner")
     INSERT INTO "Rating" ("learnerId", "trackId", "value")
     SELECT l."id", t."id", 4 FROM t JOIN l ON l.rn <= t."ratingCount"
     ON CONFLICT ("learnerId", "trackId") DO NOTHING`,
  );

  // The portal learner: enrollments and invoices in the newest tracks, a full page of each once there are enough tracks.
  await sql.query(
    `WITH l AS (SELECT "id" FROM "Learner" WHERE "email" = $1),
          t AS (SELECT "id", "priceCents", row_number() OVER (ORDER BY "createdAt" DESC, "id") AS rn FROM "Track")
     INSERT INTO "Enrollment" ("learnerId", "trackId", "createdAt")
     SELECT l."id", t."id", now() - t.rn * interval '1 day' FROM l, t WHERE t.rn <= $2
     ON CONFLICT ("learnerId", "trackId") DO NOTHING`,
    [portalEmail, PORTAL_ROWS],
  );
  const portalInvoices = await sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM "Invoice" i JOIN "Learner" l ON l."id" = i."learnerId" WHERE l."email" = $1`,
    [portalEmail],
  );
  const missingPortal = PORTAL_ROWS - (portalInvoices[0]?.n ?? 0);
  if (missingPortal > 0) {
    await sql.query(
      `WITH l AS (SELECT "id" FROM "Learner" WHERE "email" = $1),
            t AS (SELECT "id", "priceCents", row_number() OVER (ORDER BY "createdAt" DESC, "id") AS rn FROM "Track")
       INSERT INTO "Invoice" ("learnerId", "trackId", "amountCents", "status", "paidAt", "dueDate", "paymentDetails", "createdAt", "updatedAt")
       SELECT l."id", t."id", t."priceCents", CASE WHEN t.rn % 3 = 0 THEN 'PENDING'::"InvoiceStatus" ELSE 'PAID'::"InvoiceStatus" END,
              CASE WHEN t.rn % 3 = 0 THEN NULL ELSE now() - t.rn * interval '1 day' END,
              CASE WHEN t.rn % 3 = 0 THEN (now() + interval '14 days')::date ELSE NULL END,
              'Card payment (Paystack)', now() - t.rn * interval '1 day', now() - t.rn * interval '1 day'
       FROM l, t WHERE t.rn <= $2`,
      [portalEmail, missingPortal],
    );
  }

  const invoices = rows - (await count(sql, "Invoice"));
  if (invoices > 0) {
    await sql.query(
      `WITH l AS (SELECT "id", (row_number() OVER (ORDER BY "createdAt", "id") - 1)::int AS rn, count(*) OVER ()::int AS n FROM "Learner"),
            t AS (SELECT "id", "priceCents", (row_number() OVER (ORDER BY "createdAt", "id") - 1)::int AS rn, count(*) OVER ()::int AS n FROM "Track")
       INSERT INTO "Invoice" ("learnerId", "trackId", "amountCents", "status", "paidAt", "dueDate", "paymentDetails", "createdAt", "updatedAt")
       SELECT l."id", t."id", t."priceCents",
              (ARRAY['PAID', 'PAID', 'PENDING', 'FAILED']::"InvoiceStatus"[])[1 + g % 4],
              CASE WHEN g % 4 < 2 THEN now() - interval '30 days' - g * interval '1 hour' END,
              CASE WHEN g % 4 = 2 THEN (now() + interval '14 days')::date END,
              'Bank transfer', now() - interval '30 days' - g * interval '1 hour', now() - interval '30 days' - g * interval '1 hour'
       FROM generate_series(1, $1::int) g JOIN l ON l.rn = g % l.n JOIN t ON t.rn = (g * 7) % t.n`,
      [invoices],
    );
  }

  const enrollments = rows - (await count(sql, "Enrollment"));
  if (enrollments > 0) {
    await sql.query(
      `WITH l AS (SELECT "id", (row_number() OVER (ORDER BY "createdAt", "id") - 1)::int AS rn, count(*) OVER ()::int AS n FROM "Learner"),
            t AS (SELECT "id", (row_number() OVER (ORDER BY "createdAt", "id") - 1)::int AS rn, count(*) OVER ()::int AS n FROM "Track")
       INSERT INTO "Enrollment" ("learnerId", "trackId", "status", "createdAt")
       SELECT l."id", t."id", CASE WHEN g % 5 = 0 THEN 'COMPLETED'::"EnrollmentStatus" ELSE 'ACTIVE'::"EnrollmentStatus" END,
              now() - interval '30 days' - g * interval '1 hour'
       FROM generate_series(1, $1::int) g JOIN l ON l.rn = g % l.n JOIN t ON t.rn = (g * 3 + 1) % t.n
       ON CONFLICT ("learnerId", "trackId") DO NOTHING`,
      [enrollments],
    );
  }
  // Instalment plans (docs/payments.md, "Instalments"): one 3-part monthly plan per enrollment up to `rows`, part 1
  // paid, the later parts pending; every fourth started 40 days ago, so its part 2 is overdue (the finance page's
  // "overdue" and the portal's schedule read them). The portal learner's newest enrollments come first.
  const plans = rows - (await count(sql, "PaymentPlan"));
  if (plans > 0) {
    await sql.query(
      `WITH e AS (
         SELECT e."learnerId", e."trackId", row_number() OVER (ORDER BY (l."email" = $2) DESC, e."createdAt" DESC, e."id") AS rn
         FROM "Enrollment" e JOIN "Learner" l ON l."id" = e."learnerId"
         WHERE NOT EXISTS (SELECT 1 FROM "PaymentPlan" p WHERE p."learnerId" = e."learnerId" AND p."trackId" = e."trackId"))
       INSERT INTO "PaymentPlan" ("learnerId", "trackId", "currency", "parts", "interval", "amountsCents", "taxCents", "status", "activatedAt", "createdAt")
       SELECT e."learnerId", e."trackId", 'USD', 3, 'MONTHLY', ARRAY[10000, 10000, 10000], ARRAY[0, 0, 0], 'ACTIVE',
              now() - CASE WHEN e.rn % 4 = 0 THEN interval '40 days' ELSE interval '5 days' END,
              now() - CASE WHEN e.rn % 4 = 0 THEN interval '40 days' ELSE interval '5 days' END
       FROM e WHERE e.rn <= $1`,
      [plans, portalEmail],
    );
    await sql.query(
      `INSERT INTO "Invoice" ("learnerId", "trackId", "amountCents", "status", "paidAt", "dueDate", "paymentDetails", "paymentPlanId", "partNumber", "createdAt", "updatedAt")
       SELECT p."learnerId", p."trackId", 10000, CASE WHEN k = 1 THEN 'PAID'::"InvoiceStatus" ELSE 'PENDING'::"InvoiceStatus" END,
              CASE WHEN k = 1 THEN p."activatedAt" END, (p."activatedAt" + (k - 1) * interval '1 month')::date,
              'Card payment (Paystack)', p."id", k, p."activatedAt", p."activatedAt"
       FROM "PaymentPlan" p CROSS JOIN generate_series(1, 3) k
       WHERE NOT EXISTS (SELECT 1 FROM "Invoice" i WHERE i."paymentPlanId" = p."id")`,
    );
  }
  // The course player's track: the portal learner's newest track holds `rows` lessons in its first course, so the
  // player's page query is measured at 10 and at 1,000 lessons.
  const playerCourse = await sql.query<{ id: string; n: number }>(
    `WITH l AS (SELECT "id" FROM "Learner" WHERE "email" = $1),
          t AS (SELECT e."trackId" AS id FROM "Enrollment" e, l WHERE e."learnerId" = l."id" ORDER BY e."createdAt" DESC, e."id" LIMIT 1)
     SELECT c."id", (SELECT count(*)::int FROM "Lesson" x WHERE x."courseId" = c."id") AS n
     FROM "Course" c JOIN t ON c."trackId" = t.id ORDER BY c."createdAt", c."id" LIMIT 1`,
    [portalEmail],
  );
  const course = playerCourse[0];
  if (course && rows - course.n > 0) {
    await sql.query(
      `INSERT INTO "Lesson" ("courseId", "position", "title", "kind", "minutes", "body")
       SELECT $1::uuid, $2::int + g - 1, 'Bench lesson ' || g, 'TEXT', 5, '## Bench lesson' || E'\n\n' || 'Generated text.'
       FROM generate_series(1, $3::int) g`,
      [course.id, course.n, rows - course.n],
    );
  }
  await sql.query(`ANALYZE`);
  return { portalEmail, adminEmail };
}

/** Row counts, for the report. */
export async function rowCounts(sql: SqlConnection): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of ["Track", "Course", "Learner", "Invoice", "Enrollment", "PaymentPlan"]) out[table] = await count(sql, table);
  return out;
}
