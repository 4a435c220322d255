import { describe, expect, it } from "vitest";
import {
  adaId,
  adaToken,
  adminToken,
  app,
  call,
  expectRefusal,
  keys,
  LEARNER_KEYS,
  NO_TOKEN,
  sorted,
  useSeededApp,
} from "#testing/rest.ts";
import { DEMO_LEARNER } from "../../seed/demo.ts";

/** GET /api/learners (rest/accounts/learners.ts), against the demo data. */
useSeededApp();

describe("learners", () => {
  it("GET /api/learners is admin only: 10 a page, page 2, with enrollments, course count and total paid", async () => {
    expectRefusal(await call("GET", "/api/learners"), 401, NO_TOKEN);
    expect((await call("GET", "/api/learners", { token: adaToken })).status).toBe(403);

    const { prisma } = app.services.db;
    const total = await prisma.learner.count();
    expect(total).toBe(12);
    const first = await call("GET", "/api/learners", { token: adminToken });
    expect(first.status).toBe(200);
    expect(keys(first.body)).toEqual(["learners", "page", "total", "totalPages"]);
    expect(first.body).toMatchObject({ page: 1, total: 12, totalPages: 2 });
    expect(first.body.learners).toHaveLength(10);
    const second = await call("GET", "/api/learners?page=2", { token: adminToken });
    expect(second.body).toMatchObject({ page: 2, total: 12, totalPages: 2 });
    expect(second.body.learners).toHaveLength(2);
    const ids = [...first.body.learners, ...second.body.learners].map((l: any) => l._id);
    expect(new Set(ids).size).toBe(12);

    for (const learner of [...first.body.learners, ...second.body.learners]) {
      expect(keys(learner)).toEqual(sorted(LEARNER_KEYS));
      expect(learner).not.toHaveProperty("passwordHash");
      expect(["Male", "Female"]).toContain(learner.gender);
      expect(learner.courseCount).toBe(learner.enrollments.length);
      for (const enrollment of learner.enrollments) {
        expect(keys(enrollment)).toEqual(["_id", "track"]);
        expect(keys(enrollment.track)).toEqual(["_id", "name"]);
      }
      const paid = await prisma.invoice.aggregate({ where: { learnerId: learner._id, status: "PAID" }, _sum: { amountCents: true } });
      expect(learner.totalPaid).toBeCloseTo((paid._sum.amountCents ?? 0) / 100, 2);
    }
  });

  it("?search=ada finds Ada Nwosu", async () => {
    const res = await call("GET", "/api/learners?search=ada", { token: adminToken });
    expect(res.body).toMatchObject({ page: 1, total: 1, totalPages: 1 });
    const ada = res.body.learners[0];
    expect(ada).toMatchObject({
      _id: adaId,
      firstName: "Ada",
      lastName: "Nwosu",
      email: DEMO_LEARNER.email,
      gender: "Female",
      location: "Lagos, Nigeria",
      disabled: false,
    });
    const enrolled = await app.services.db.prisma.enrollment.findMany({ where: { learnerId: adaId }, include: { track: true } });
    expect(ada.enrollments.map((e: any) => e.track.name).sort()).toEqual(enrolled.map((e) => e.track.name).sort());
    expect((await call("GET", "/api/learners?search=ADA%20NWOSU", { token: adminToken })).body.total).toBe(1);
    expect((await call("GET", "/api/learners?search=nobody-by-this-name", { token: adminToken })).body.learners).toEqual([]);
  });

  it("a page costs a fixed number of SQL statements (enrollments and tracks load with the rows)", async () => {
    const count = async (path: string) => {
      const start = app.queries.length;
      const res = await call("GET", path, { token: adminToken });
      expect(res.status).toBe(200);
      return app.queries.length - start;
    };
    // The count, then the rows with their relations (enrollments and their tracks, paid invoices for totalPaid; an
    // invoice's learner and track; a course's track) joined in the rows' statement. The caller's session was read by
    // an earlier request and is kept in memory (cache/sessions.ts).
    const full = await count("/api/learners");
    expect(full).toBe(2);
    expect(await count("/api/learners?page=2")).toBe(full);
    const invoices = await count("/api/invoices");
    expect(invoices).toBe(2);
    expect(await count("/api/invoices?page=2")).toBe(invoices);
    expect(await count("/api/invoices?search=ada%20nwosu")).toBe(invoices);
    const courses = await count("/api/courses");
    expect(courses).toBe(2);
    expect(await count("/api/courses?page=3")).toBe(courses);
    // The catalogue needs no session: tracks and their courses in one statement.
    expect(await count("/api/tracks")).toBe(1);
  });
});

describe("GET /api/learners/export.csv", () => {
  it("answers staff who read learners with every learner as CSV; anonymous callers and learners are refused", async () => {
    expect((await call("GET", "/api/learners/export.csv")).status).toBe(401);
    expect((await call("GET", "/api/learners/export.csv", { token: adaToken })).status).toBe(403);
    const res = await call("GET", "/api/learners/export.csv", { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="learners.csv"');
    const lines = (res.body as string).trim().split("\n");
    expect(lines[0]).toBe("first name,last name,email,contact,location,gender,status,joined,tracks,total paid,currency,other totals paid");
    expect(lines).toHaveLength((await app.services.db.prisma.learner.count()) + 1);
    expect(res.body).toContain(DEMO_LEARNER.email);
  });

  it("neutralises spreadsheet formulas a learner typed (cells starting with = + - @) and filters by search", async () => {
    const learner = await app.services.db.prisma.learner.create({
      data: {
        firstName: '=HYPERLINK("http://evil.example","x")',
        lastName: "+1+1",
        email: "formula-csv@example.com",
        contact: "-2",
        location: "@SUM(A1)",
        passwordHash: "x",
      },
    });
    try {
      const res = await call("GET", "/api/learners/export.csv?search=formula-csv", { token: adminToken });
      expect(res.status).toBe(200);
      const lines = (res.body as string).trim().split("\n");
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/evil.example"",""x""\)",'\+1\+1,formula-csv@example.com,'-2,'@SUM\(A1\),/);
    } finally {
      await app.services.db.prisma.learner.delete({ where: { id: learner.id } });
    }
  });
});
