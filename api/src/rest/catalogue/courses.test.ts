import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  adaToken,
  adminToken,
  app,
  COURSE_KEYS,
  call,
  expectCreated,
  expectRefusal,
  fileOf,
  formOf,
  keys,
  kofiToken,
  NO_TOKEN,
  png,
  sorted,
  UNKNOWN_ID,
  useSeededApp,
} from "#testing/rest.ts";

/** GET/POST /api/courses, PUT/DELETE /api/courses/{id} (rest/catalogue/courses.ts), against the demo data. */
useSeededApp();

describe("courses", () => {
  const COURSE_TOTAL = 26;

  it("GET /api/courses is admin only, 10 a page with page, totalPages and total", async () => {
    expectRefusal(await call("GET", "/api/courses"), 401, NO_TOKEN);
    expect((await call("GET", "/api/courses", { token: adaToken })).status).toBe(403);

    const first = await call("GET", "/api/courses", { token: adminToken });
    expect(first.status).toBe(200);
    expect(keys(first.body)).toEqual(["courses", "page", "total", "totalPages"]);
    expect(first.body).toMatchObject({ page: 1, total: COURSE_TOTAL, totalPages: 3 });
    expect(first.body.courses).toHaveLength(10);
    for (const course of first.body.courses) {
      expect(keys(course)).toEqual(sorted(COURSE_KEYS));
      expect(keys(course.track)).toEqual(["_id", "name"]);
    }
    const third = await call("GET", "/api/courses?page=3", { token: adminToken });
    expect(third.body).toMatchObject({ page: 3, total: COURSE_TOTAL, totalPages: 3 });
    expect(third.body.courses).toHaveLength(6);
    const all = new Set([...first.body.courses, ...third.body.courses].map((c: any) => c._id));
    expect(all.size).toBe(16);
    expect((await call("GET", "/api/courses?page=9", { token: adminToken })).body.courses).toEqual([]);

    const search = await call("GET", "/api/courses?search=react", { token: adminToken });
    expect(search.body).toMatchObject({ page: 1, total: 1, totalPages: 1 });
    expect(search.body.courses[0]).toMatchObject({ title: "React Development", track: { name: "Software Engineering" } });

    for (const page of ["0", "-1", "abc", "1.5", "99999999999"]) {
      expect((await call("GET", `/api/courses?page=${page}`, { token: adminToken })).status, page).toBe(400);
    }
  });

  it("create, update (image replaced), delete; validation messages from the course form", async () => {
    const track = await app.services.db.prisma.track.findFirstOrThrow({ where: { name: "UI/UX Design" } });
    const other = await app.services.db.prisma.track.findFirstOrThrow({ where: { name: "DevOps Engineering" } });
    const fields = { title: "Motion Design", track: track.id, description: "Animating interfaces." };

    for (const method of ["POST", "PUT"] as const) {
      const path = method === "POST" ? "/api/courses" : `/api/courses/${UNKNOWN_ID}`;
      expectRefusal(await call(method, path, { body: formOf(fields) }), 401, NO_TOKEN);
      expect((await call(method, path, { token: kofiToken, body: formOf(fields) })).status).toBe(403);
    }

    const cases: [Record<string, string>, number, string][] = [
      [{ ...fields, title: " " }, 400, "Title is required."],
      [{ ...fields, track: "" }, 400, "Track is required."],
      [{ ...fields, description: "" }, 400, "Description is required."],
      [{ ...fields, track: "garbage" }, 400, "The selected track does not exist."],
      [{ ...fields, track: UNKNOWN_ID }, 404, "The selected track does not exist."],
    ];
    for (const [body, status, message] of cases) {
      expectRefusal(await call("POST", "/api/courses", { token: adminToken, body: formOf(body) }), status, message);
    }
    expectRefusal(await call("POST", "/api/courses", { token: adminToken, body: formOf({}) }), 400, "Title is required.");

    const created = await call("POST", "/api/courses", { token: adminToken, body: formOf(fields, png(5)) });
    const course = expectCreated(created, "course", "Course created successfully.", COURSE_KEYS);
    expect(course).toMatchObject({
      title: "Motion Design",
      description: "Animating interfaces.",
      track: { _id: track.id, name: "UI/UX Design" },
    });
    expect(course.image).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect((await app.fetch(course.image)).status).toBe(200);
    // The track lists its new course.
    expect((await call("GET", `/api/tracks/${track.id}`)).body.track.courses.map((c: any) => c.title)).toContain("Motion Design");

    const updated = await call("PUT", `/api/courses/${course._id}`, {
      token: adminToken,
      body: formOf({ title: "Motion Design 2", trackId: other.id, description: "More." }, png(6)),
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.message).toBe("Course updated successfully.");
    expect(updated.body.course).toMatchObject({
      _id: course._id,
      title: "Motion Design 2",
      track: { _id: other.id, name: "DevOps Engineering" },
    });
    expect(updated.body.course.image).not.toBe(course.image);
    expect(existsSync(fileOf(course.image))).toBe(false);

    expectRefusal(
      await call("PUT", `/api/courses/${course._id}`, { token: adminToken, body: formOf({ ...fields, title: "" }) }),
      400,
      "Title is required.",
    );
    expectRefusal(await call("PUT", `/api/courses/${UNKNOWN_ID}`, { token: adminToken, body: formOf(fields) }), 404, "Course not found.");
    expectRefusal(await call("PUT", "/api/courses/nope", { token: adminToken, body: formOf(fields) }), 404, "Course not found.");

    expectRefusal(await call("DELETE", `/api/courses/${course._id}`), 401, NO_TOKEN);
    expect((await call("DELETE", `/api/courses/${course._id}`, { token: adaToken })).status).toBe(403);
    // A track without learners: its course is deleted outright (one whose track has learners is archived, archive.test.ts).
    await app.services.db.prisma.enrollment.deleteMany({ where: { trackId: other.id } });
    const deleted = await call("DELETE", `/api/courses/${course._id}`, { token: adminToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Course deleted successfully." });
    expect(existsSync(fileOf(updated.body.course.image))).toBe(false);
    expectRefusal(await call("DELETE", `/api/courses/${course._id}`, { token: adminToken }), 404, "Course not found.");
    expectRefusal(await call("DELETE", "/api/courses/nope", { token: adminToken }), 404, "Course not found.");
    expect((await call("GET", "/api/courses", { token: adminToken })).body.total).toBe(COURSE_TOTAL);
  });
});
