import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#testing/app.ts";
import type { InvoiceStatus } from "../../generated/prisma/client.ts";
import { createSession } from "../accounts/login.ts";
import { loadDashboard, utcMonthStart } from "./dashboard.ts";
import { REPORT_MESSAGES } from "./report.ts";

const NO_TOKEN = "Authentication token not found. Please log in.";
const FORBIDDEN = "You are not allowed to do this.";
const at = (iso: string) => new Date(iso);

let app: TestApp;
let adminToken: string;
let seq = 0;

const db = () => app.services.db.prisma;

/** A learner who signed up at `createdAt` (only the fields the reports read matter). */
function learner(createdAt = new Date()) {
  seq += 1;
  return db().learner.create({
    data: {
      firstName: "Learner",
      lastName: `No${seq}`,
      email: `reports-${seq}@example.com`,
      contact: "0800",
      passwordHash: "-",
      createdAt,
    },
  });
}

function track(name: string) {
  return db().track.create({ data: { name, priceCents: 10_000, duration: "4 weeks", instructor: "Amara", description: "A track." } });
}

function invoice(amountCents: number, status: InvoiceStatus, createdAt: Date, more: { paidAt?: Date; trackId?: string } = {}) {
  return db().invoice.create({ data: { amountCents, status, createdAt, ...more } });
}

async function enroll(learnerId: string, trackId: string, createdAt: Date) {
  await db().enrollment.create({ data: { learnerId, trackId, createdAt } });
}

async function learnerToken() {
  return createSession(db(), "LEARNER", (await learner()).id);
}

/** Runs a GraphQL operation and returns the SQL statements it sent along with its answer. */
async function measured<T = any>(query: string, variables?: Record<string, unknown>) {
  const before = app.queries.length;
  const answer = await app.graphql<T>(query, variables, adminToken);
  return { answer, statements: app.queries.slice(before) };
}

beforeAll(async () => {
  app = await startTestApp();
  const admin = await db().admin.create({
    data: {
      firstName: "Grace",
      lastName: "Adeyemi",
      email: "reports-admin@example.com",
      contact: "0800",
      passwordHash: "-",
      staffRole: "OWNER",
    },
  });
  adminToken = await createSession(db(), "ADMIN", admin.id);
});
afterAll(() => app.close());

// Each test builds the exact data set its figures are computed from.
beforeEach(async () => {
  // TRUNCATE, not a row-by-row DELETE: paid invoices refuse to be deleted (the paid-record lock).
  await db().$executeRawUnsafe(`TRUNCATE "Refund", "CouponRedemption", "Invoice"`);
  await db().enrollment.deleteMany();
  await db().learner.deleteMany();
  await db().track.deleteMany();
});

describe("dashboard figures (fixed now)", () => {
  /** Instants either side of the UTC turn of the year, which is also the turn of the month. */
  async function seedAroundNewYear() {
    for (const iso of [
      "2025-06-10T09:00:00Z",
      "2025-12-05T09:00:00Z",
      "2025-12-31T23:59:59.999Z",
      "2026-01-01T00:00:00Z",
      "2026-01-10T09:00:00Z",
      "2026-01-19T09:00:00Z",
    ]) {
      await learner(at(iso));
    }
    const paid = (cents: number, created: string, paidAt = created) => invoice(cents, "PAID", at(created), { paidAt: at(paidAt) });
    await paid(10_000, "2025-09-03T10:00:00Z");
    await paid(25_050, "2025-12-10T10:00:00Z", "2025-12-31T23:59:59.999Z");
    await paid(4_950, "2025-12-20T10:00:00Z", "2026-01-01T00:00:00Z");
    await paid(30_000, "2026-01-05T10:00:00Z");
    await paid(2_000, "2025-07-15T10:00:00Z");
    await invoice(99_999, "PENDING", at("2026-01-08T10:00:00Z"));
    await invoice(1_000, "FAILED", at("2025-12-02T10:00:00Z"));
  }

  it("compares this calendar month (UTC) with the last and charts the last six months, empty ones as 0", async () => {
    await seedAroundNewYear();
    const dashboard = await loadDashboard(app.services, at("2026-01-20T10:00:00Z"));
    expect(dashboard.totalLearners).toEqual({ value: 6, currentMonth: 3, previousMonth: 2, changePercent: 50 });
    // All paid invoices; January 49.50 + 300.00 (one created in December, paid at 00:00 UTC on 1 January) vs 250.50.
    expect(dashboard.revenue).toEqual({ value: 72_000, currentMonth: 34_950, previousMonth: 25_050, changePercent: 39.5 });
    // Every status counts, by creation: January 2 vs December 3.
    expect(dashboard.invoices).toEqual({ value: 7, currentMonth: 2, previousMonth: 3, changePercent: -33.3 });
    expect(dashboard.revenueByMonth).toEqual([
      { month: "2025-08", label: "Aug", year: 2025, revenueCents: 0 },
      { month: "2025-09", label: "Sep", year: 2025, revenueCents: 10_000 },
      { month: "2025-10", label: "Oct", year: 2025, revenueCents: 0 },
      { month: "2025-11", label: "Nov", year: 2025, revenueCents: 0 },
      { month: "2025-12", label: "Dec", year: 2025, revenueCents: 25_050 },
      { month: "2026-01", label: "Jan", year: 2026, revenueCents: 34_950 },
    ]);
  });

  it("has no change percentage when last month was 0", async () => {
    await seedAroundNewYear();
    const dashboard = await loadDashboard(app.services, at("2026-03-10T10:00:00Z"));
    expect(dashboard.totalLearners).toEqual({ value: 6, currentMonth: 0, previousMonth: 0, changePercent: null });
    expect(dashboard.revenue).toEqual({ value: 72_000, currentMonth: 0, previousMonth: 0, changePercent: null });
    expect(dashboard.revenueByMonth.map((m) => [m.month, m.revenueCents])).toEqual([
      ["2025-10", 0],
      ["2025-11", 0],
      ["2025-12", 25_050],
      ["2026-01", 34_950],
      ["2026-02", 0],
      ["2026-03", 0],
    ]);
  });

  // PGlite is one connection, so the setting surely reaches the statements (a server pool could hand them another).
  it.runIf(process.env.TEST_DATABASE_URL === undefined)("does not depend on the database session's time zone", async () => {
    await seedAroundNewYear();
    await db().$executeRawUnsafe("SET TIME ZONE 'Pacific/Kiritimati'");
    try {
      const dashboard = await loadDashboard(app.services, at("2026-01-20T10:00:00Z"));
      expect(dashboard.revenue.currentMonth).toBe(34_950);
      expect(dashboard.revenueByMonth.at(-2)).toMatchObject({ month: "2025-12", revenueCents: 25_050 });
    } finally {
      await db().$executeRawUnsafe("SET TIME ZONE 'UTC'");
    }
  });
});

const DASHBOARD = `query {
  dashboard {
    totalLearners { value currentMonth previousMonth changePercent }
    revenue { value currentMonth previousMonth changePercent }
    invoices { value currentMonth previousMonth changePercent }
    revenueByMonth { month label year revenue }
  }
}`;

describe("Query.dashboard", () => {
  it("shows real figures for this month and last, revenue in dollars", async () => {
    const now = new Date();
    const thisMonth = utcMonthStart(now);
    const lastMonth = utcMonthStart(now, -1);
    const later = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
    await learner(later(thisMonth, 1));
    await learner(later(thisMonth, 2));
    await learner(later(lastMonth, 1));
    await learner(utcMonthStart(now, -3));
    await invoice(15_000, "PAID", later(thisMonth, 1), { paidAt: later(thisMonth, 1) });
    await invoice(5_000, "PENDING", later(thisMonth, 2));
    await invoice(10_000, "PAID", later(lastMonth, 1), { paidAt: later(lastMonth, 1) });
    await invoice(1_234, "PAID", utcMonthStart(now, -7), { paidAt: utcMonthStart(now, -7) });

    const { data, errors } = await app.graphql(DASHBOARD, {}, adminToken);
    expect(errors).toBeUndefined();
    expect(data.dashboard.totalLearners).toEqual({ value: 4, currentMonth: 2, previousMonth: 1, changePercent: 100 });
    expect(data.dashboard.revenue).toEqual({ value: 262.34, currentMonth: 150, previousMonth: 100, changePercent: 50 });
    expect(data.dashboard.invoices).toEqual({ value: 4, currentMonth: 2, previousMonth: 1, changePercent: 100 });
    const months = data.dashboard.revenueByMonth;
    expect(months).toHaveLength(6);
    expect(months.map((m: { month: string }) => m.month)).toEqual(
      [-5, -4, -3, -2, -1, 0].map((offset) => utcMonthStart(now, offset).toISOString().slice(0, 7)),
    );
    expect(months.map((m: { revenue: number }) => m.revenue)).toEqual([0, 0, 0, 0, 100, 150]);
    expect(months.at(-1)).toMatchObject({
      label: now.toLocaleString("en-US", { month: "short", timeZone: "UTC" }),
      year: now.getUTCFullYear(),
    });
  });

  it("is for admins only", async () => {
    const anonymous = await app.graphql(DASHBOARD);
    expect(anonymous.data).toBeNull();
    expect(anonymous.errors).toMatchObject([{ message: NO_TOKEN, extensions: { code: "NotAuthenticatedError" } }]);
    const asLearner = await app.graphql(DASHBOARD, {}, await learnerToken());
    expect(asLearner.errors).toMatchObject([{ message: FORBIDDEN, extensions: { code: "ForbiddenError" } }]);
  });

  it("sends the same number of statements for 5 invoices as for 200", async () => {
    const invoices = (count: number) =>
      db().invoice.createMany({
        data: Array.from({ length: count }, (_, i) => ({
          amountCents: 100,
          status: i % 2 ? ("PAID" as const) : ("PENDING" as const),
          paidAt: i % 2 ? new Date() : null,
        })),
      });
    await invoices(5);
    const few = await measured(DASHBOARD);
    expect(few.answer.data.dashboard.invoices.value).toBe(5);
    await invoices(195);
    const many = await measured(DASHBOARD);
    expect(many.answer.data.dashboard.invoices.value).toBe(200);
    expect(many.statements.length).toBe(few.statements.length);
  });
});

/**
 * Activity either side of both ends of 2025-11-15..2026-02-10 (UTC), with January empty, a track name that is a
 * formula, one with a comma, a paid invoice without a track, and unpaid invoices that must not count.
 */
async function seedReportData() {
  const cloud = await track("Cloud Computing");
  const data = await track("Data, Science");
  const formula = await track("=1+2 Track");
  const quiet = await track("Quiet Track");
  const [ada, kofi, wanjiru] = [await learner(), await learner(), await learner()];

  await enroll(ada.id, cloud.id, at("2025-11-15T00:00:00Z"));
  await enroll(kofi.id, cloud.id, at("2025-12-31T23:59:59.999Z"));
  await enroll(wanjiru.id, cloud.id, at("2025-11-14T23:59:59.999Z"));
  await enroll(ada.id, data.id, at("2026-02-10T23:59:59.999Z"));
  await enroll(kofi.id, data.id, at("2026-02-11T00:00:00Z"));
  await enroll(wanjiru.id, formula.id, at("2025-12-01T08:00:00Z"));

  const paid = (cents: number, paidAt: string, trackId?: string) =>
    invoice(cents, "PAID", at("2025-11-01T00:00:00Z"), { paidAt: at(paidAt), trackId });
  await paid(35_000, "2025-11-15T00:00:00Z", cloud.id);
  await paid(25_050, "2025-12-31T23:59:59.999Z", cloud.id);
  await paid(42_000, "2026-02-10T23:59:59.999Z", data.id);
  await paid(1_999, "2025-12-01T08:00:00Z", formula.id);
  await paid(7_500, "2025-12-15T12:00:00Z");
  await paid(99_900, "2025-11-14T23:59:59.999Z", cloud.id);
  await paid(50_000, "2026-02-11T00:00:00Z", data.id);
  await invoice(100_000, "PENDING", at("2025-12-05T00:00:00Z"), { trackId: cloud.id });
  await invoice(8_000, "FAILED", at("2025-12-06T00:00:00Z"), { trackId: data.id });
  await invoice(28_000, "PENDING", at("2025-12-07T00:00:00Z"), { trackId: quiet.id });
  return { cloud, data, formula };
}

const REPORT = `query($from: Date!, $to: Date!) {
  report(from: $from, to: $to) {
    __typename
    ... on Error { message }
    ... on ValidationError { fieldErrors { field message } }
    ... on Report {
      from to totalRevenue totalEnrollments
      months { month label year revenue revenueCents enrollments }
      tracks { track { id name } name revenue revenueCents enrollments }
    }
  }
}`;
const RANGE = { from: "2025-11-15", to: "2026-02-10" };

describe("Query.report", () => {
  it("sums paid revenue (by payment date) and enrollments per month and per track, both dates included", async () => {
    const { cloud, data, formula } = await seedReportData();
    const { data: answer, errors } = await app.graphql(REPORT, RANGE, adminToken);
    expect(errors).toBeUndefined();
    const trackRef = (t: { id: string; name: string }) => ({ id: encodeGlobalID("Track", t.id), name: t.name });
    expect(answer.report).toEqual({
      __typename: "Report",
      from: "2025-11-15",
      to: "2026-02-10",
      totalRevenue: 1115.49,
      totalEnrollments: 4,
      months: [
        { month: "2025-11", label: "Nov", year: 2025, revenue: 350, revenueCents: 35_000, enrollments: 1 },
        { month: "2025-12", label: "Dec", year: 2025, revenue: 345.49, revenueCents: 34_549, enrollments: 2 },
        { month: "2026-01", label: "Jan", year: 2026, revenue: 0, revenueCents: 0, enrollments: 0 },
        { month: "2026-02", label: "Feb", year: 2026, revenue: 420, revenueCents: 42_000, enrollments: 1 },
      ],
      tracks: [
        { track: trackRef(cloud), name: "Cloud Computing", revenue: 600.5, revenueCents: 60_050, enrollments: 2 },
        { track: trackRef(data), name: "Data, Science", revenue: 420, revenueCents: 42_000, enrollments: 1 },
        { track: null, name: "No track", revenue: 75, revenueCents: 7_500, enrollments: 0 },
        { track: trackRef(formula), name: "=1+2 Track", revenue: 19.99, revenueCents: 1_999, enrollments: 1 },
      ],
    });
  });

  it("refuses a reversed range or one longer than 5 years", async () => {
    const report = async (from: string, to: string) => (await app.graphql(REPORT, { from, to }, adminToken)).data.report;
    expect(await report("2026-02-01", "2026-01-31")).toEqual({
      __typename: "ValidationError",
      message: REPORT_MESSAGES.order,
      fieldErrors: [{ field: "from", message: REPORT_MESSAGES.order }],
    });
    expect(await report("2021-01-01", "2026-01-01")).toEqual({
      __typename: "ValidationError",
      message: REPORT_MESSAGES.tooLong,
      fieldErrors: [{ field: "to", message: REPORT_MESSAGES.tooLong }],
    });
    const fiveYears = await report("2021-01-01", "2025-12-31");
    expect(fiveYears.__typename).toBe("Report");
    expect(fiveYears.months).toHaveLength(60);
    const oneDay = await report("2026-02-10", "2026-02-10");
    expect(oneDay.months).toEqual([{ month: "2026-02", label: "Feb", year: 2026, revenue: 0, revenueCents: 0, enrollments: 0 }]);
  });

  it("is for admins only", async () => {
    expect((await app.graphql(REPORT, RANGE)).data.report).toEqual({ __typename: "NotAuthenticatedError", message: NO_TOKEN });
    expect((await app.graphql(REPORT, RANGE, await learnerToken())).data.report).toEqual({
      __typename: "ForbiddenError",
      message: FORBIDDEN,
    });
  });

  it("loads the tracks of the list in one statement, however many there are", async () => {
    const activity = async (count: number) => {
      const someone = await learner();
      for (let i = 0; i < count; i += 1) {
        const t = await track(`Track ${seq}-${i}`);
        await enroll(someone.id, t.id, at("2026-01-05T00:00:00Z"));
      }
    };
    await activity(2);
    const few = await measured(REPORT, RANGE);
    expect(few.answer.data.report.tracks).toHaveLength(2);
    await activity(10);
    const many = await measured(REPORT, RANGE);
    expect(many.answer.data.report.tracks).toHaveLength(12);
    expect(many.statements.length).toBe(few.statements.length);
    expect(many.statements.filter((sql) => sql.includes('FROM "public"."Track"'))).toHaveLength(1);
  });
});

describe("GET /api/reports/export.csv", () => {
  const exportCsv = (query: string, token?: string) =>
    app.fetch(`/api/reports/export.csv?${query}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

  it("downloads the report as CSV: months, a blank line, tracks; amounts with 2 decimals, formulas neutralised", async () => {
    await seedReportData();
    const res = await exportCsv("from=2025-11-15&to=2026-02-10", adminToken);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="report-2025-11-15-to-2026-02-10.csv"');
    expect(await res.text()).toBe(
      [
        "month,revenue,enrollments,currency",
        "2025-11,350.00,1,USD",
        "2025-12,345.49,2,USD",
        "2026-01,0.00,0,USD",
        "2026-02,420.00,1,USD",
        "",
        "track,revenue,enrollments,currency",
        "Cloud Computing,600.50,2,USD",
        '"Data, Science",420.00,1,USD',
        "No track,75.00,0,USD",
        "'=1+2 Track,19.99,1,USD",
        "",
      ].join("\n"),
    );
  });

  it("downloads each table as its own file with exactly one header row (months.csv, tracks.csv)", async () => {
    await seedReportData();
    const get = (file: string) =>
      app.fetch(`/api/reports/${file}.csv?from=2025-11-15&to=2026-02-10`, { headers: { authorization: `Bearer ${adminToken}` } });
    const months = await get("months");
    expect(months.status).toBe(200);
    expect(months.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(months.headers.get("content-disposition")).toBe('attachment; filename="report-2025-11-15-to-2026-02-10.csv"');
    expect(await months.text()).toBe(
      [
        "month,revenue,enrollments,completions,currency",
        "2025-11,350.00,1,0,USD",
        "2025-12,345.49,2,0,USD",
        "2026-01,0.00,0,0,USD",
        "2026-02,420.00,1,0,USD",
        "",
      ].join("\n"),
    );
    const tracks = await get("tracks");
    expect(tracks.status).toBe(200);
    expect(tracks.headers.get("content-disposition")).toBe('attachment; filename="report-by-track-2025-11-15-to-2026-02-10.csv"');
    expect(await tracks.text()).toBe(
      [
        "track,revenue,enrollments,currency",
        "Cloud Computing,600.50,2,USD",
        '"Data, Science",420.00,1,USD',
        "No track,75.00,0,USD",
        "'=1+2 Track,19.99,1,USD",
        "",
      ].join("\n"),
    );
    for (const file of ["months", "tracks"]) {
      const bad = await app.fetch(`/api/reports/${file}.csv?from=2026-03-01&to=2026-02-10`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(bad.status, file).toBe(400);
      expect((await bad.json()).message).toBe(REPORT_MESSAGES.order);
      expect((await app.fetch(`/api/reports/${file}.csv?from=2026-01-01&to=2026-01-31`)).status, file).toBe(401);
      const asLearner = await app.fetch(`/api/reports/${file}.csv?from=2026-01-01&to=2026-01-31`, {
        headers: { authorization: `Bearer ${await learnerToken()}` },
      });
      expect(asLearner.status, file).toBe(403);
    }
  });

  it("answers 400 with a message for missing, malformed or impossible dates and a reversed range", async () => {
    for (const [query, message] of [
      ["to=2026-02-10", "from must be a date like 2026-01-31."],
      ["from=2026-1-5&to=2026-02-10", "from must be a date like 2026-01-31."],
      ["from=2026-01-05&to=2026-02-30", "to must be a date like 2026-01-31."],
      ["from=2026-01-05&to=2026-13-01", "to must be a date like 2026-01-31."],
      ["from=2026-03-01&to=2026-02-10", REPORT_MESSAGES.order],
    ]) {
      const res = await exportCsv(query as string, adminToken);
      expect(res.status, query).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
  });

  it("needs an admin session: 401 without a token, 403 for a learner", async () => {
    const anonymous = await exportCsv("from=2026-01-01&to=2026-01-31");
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).message).toBe(NO_TOKEN);
    const asLearner = await exportCsv("from=2026-01-01&to=2026-01-31", await learnerToken());
    expect(asLearner.status).toBe(403);
    expect((await asLearner.json()).message).toBe(FORBIDDEN);
  });
});
