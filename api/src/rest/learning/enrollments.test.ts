import { describe, expect, it } from "vitest";
import {
  adaId,
  adaToken,
  adminId,
  adminToken,
  app,
  call,
  ENROLLMENT_KEYS,
  expectRefusal,
  GARBAGE_IDS,
  keys,
  kofiId,
  kofiToken,
  NO_TOKEN,
  sorted,
  UNKNOWN_ID,
  useSeededApp,
} from "#testing/rest.ts";
import { COUPON_MESSAGES } from "../../domain/coupons/coupons.ts";

/** GET /api/enrollments and GET /api/enrollments/learner/{id} (rest/learning/enrollments.ts), against the demo data. */
useSeededApp();

describe("enrollments", () => {
  it("GET /api/enrollments: a learner sees only their own", async () => {
    expectRefusal(await call("GET", "/api/enrollments"), 401, NO_TOKEN);
    expect((await call("GET", "/api/enrollments", { token: adminToken })).status).toBe(403);

    const { prisma } = app.services.db;
    for (const [token, learnerId] of [
      [adaToken, adaId],
      [kofiToken, kofiId],
    ] as const) {
      const res = await call("GET", "/api/enrollments", { token });
      expect(res.status).toBe(200);
      expect(keys(res.body)).toEqual(["enrollments"]);
      const own = await prisma.enrollment.findMany({ where: { learnerId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
      expect(own.length).toBeGreaterThan(0);
      expect(res.body.enrollments.map((e: any) => e._id)).toEqual(own.map((e) => e.id));
      for (const enrollment of res.body.enrollments) {
        expect(keys(enrollment)).toEqual(sorted(ENROLLMENT_KEYS));
        // The demo learner finished one of her tracks (every lesson done).
        expect(enrollment.status).toBe(own.find((e) => e.id === enrollment._id)?.status === "COMPLETED" ? "completed" : "active");
        expect(keys(enrollment.track)).toEqual(["_id", "image", "name"]);
        expect(enrollment.track.image).toMatch(/^\/uploads\//);
      }
    }
    const ada = (await call("GET", "/api/enrollments", { token: adaToken })).body.enrollments.map((e: any) => e._id);
    const kofi = (await call("GET", "/api/enrollments", { token: kofiToken })).body.enrollments.map((e: any) => e._id);
    expect(ada.filter((id: string) => kofi.includes(id))).toEqual([]);
  });

  it("GET /api/enrollments/learner/:id is admin only; unknown learners are 404", async () => {
    const mine = await call("GET", "/api/enrollments", { token: adaToken });
    const res = await call("GET", `/api/enrollments/learner/${adaId}`, { token: adminToken });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(mine.body);

    expectRefusal(await call("GET", `/api/enrollments/learner/${adaId}`), 401, NO_TOKEN);
    // A learner may not read anyone's list this way, not even their own.
    expect((await call("GET", `/api/enrollments/learner/${adaId}`, { token: kofiToken })).status).toBe(403);
    expect((await call("GET", `/api/enrollments/learner/${adaId}`, { token: adaToken })).status).toBe(403);

    expectRefusal(await call("GET", `/api/enrollments/learner/${UNKNOWN_ID}`, { token: adminToken }), 404, "Learner not found.");
    expectRefusal(await call("GET", `/api/enrollments/learner/${adminId}`, { token: adminToken }), 404, "Learner not found.");
    for (const id of GARBAGE_IDS) {
      expectRefusal(await call("GET", `/api/enrollments/learner/${id}`, { token: adminToken }), 404, "Learner not found.");
    }
  });

  it("a field of the wrong type is 400, never read as text (verify-payment, checkout and the other routes)", async () => {
    const { prisma } = app.services.db;
    const before = await prisma.invoice.count();
    for (const reference of [12345, 0, true, { $ne: null }, ["ref"]]) {
      const res = await call("POST", "/api/enrollments/verify-payment", { token: adaToken, body: { reference } });
      expectRefusal(res, 400, "reference must be text.");
    }
    const track = (await prisma.track.findFirstOrThrow()).id;
    const cases: [string, string, string | undefined, Record<string, unknown>, string][] = [
      ["POST", "/api/enrollments", adaToken, { track, contact: 8012345678, gender: "Female" }, "contact must be text."],
      ["POST", "/api/enrollments", adaToken, { track: 42, contact: "+234 801 000 0000", gender: "Female" }, "track must be text."],
      ["POST", "/api/auth/login", undefined, { email: 42, password: "x" }, "email must be text."],
      ["POST", "/api/coupons", adminToken, { code: "TYPED", kind: ["percent"], value: 10 }, COUPON_MESSAGES.kind],
      [
        "POST",
        "/api/coupons",
        adminToken,
        { code: "TYPED", kind: "percent", value: 10, allTracks: "yes" },
        "allTracks must be true or false.",
      ],
      ["PUT", "/api/settings", adminToken, { offlinePaymentsEnabled: 1 }, "offlinePaymentsEnabled must be true or false."],
    ];
    for (const [method, path, token, body, message] of cases) expectRefusal(await call(method, path, { token, body }), 400, message);
    expect(await prisma.invoice.count()).toBe(before);
  });
});
