import { existsSync } from "node:fs";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { createSession } from "../domain/accounts/login.ts";
import { DEMO_ADMIN, DEMO_LEARNER, seedDemoData } from "../seed/demo.ts";
import { coverImage } from "../seed/images.ts";

/** The catalogue and back-office REST calls of docs/product.md, REST routes, against a seeded database. */

const NO_TOKEN = "Authentication token not found. Please log in.";
const UNKNOWN_ID = "7b0e2f9a-4c1d-4e8b-9a3f-2d6c5b4a3e21";
const GARBAGE_IDS = ["abc", "123", "not-a-uuid-at-all", "7b0e2f9a-4c1d-4e8b-9a3f-2d6c5b4a3e2z", "%27%20OR%201%3D1"];

const TRACK_KEYS = [
  "_id",
  "name",
  "price",
  "duration",
  "instructor",
  "description",
  "image",
  "averageRating",
  "reviewCount",
  "ratings",
  "courses",
  "createdAt",
  "updatedAt",
];
const COURSE_KEYS = ["_id", "title", "description", "image", "track", "createdAt"];
const INVOICE_KEYS = ["_id", "learner", "track", "amount", "dueDate", "status", "paymentDetails", "createdAt", "updatedAt"];
const LEARNER_KEYS = [
  "_id",
  "firstName",
  "lastName",
  "email",
  "contact",
  "location",
  "gender",
  "description",
  "image",
  "createdAt",
  "disabled",
  "enrollments",
  "courseCount",
  "totalPaid",
];
const ENROLLMENT_KEYS = ["_id", "status", "track", "createdAt"];

const keys = (value: object) => Object.keys(value).sort();
const sorted = (list: string[]) => [...list].sort();

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

let app: TestApp;
let adminToken: string;
let adaToken: string;
let kofiToken: string;
let adaId: string;
let kofiId: string;
let adminId: string;

/** Calls the REST facade: plain objects go as JSON, FormData and strings as they are. */
async function call(method: string, path: string, options: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === "string") body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await app.fetch(path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON.
  }
  return { status: res.status, headers: res.headers, body: parsed } as Answer;
}

type Upload = { bytes: Uint8Array; name: string; type: string };
const png = (seed = 0): Upload => ({
  bytes: coverImage([seed % 256, 80, 160], [200, seed % 256, 20], 24, 16),
  name: "cover.png",
  type: "image/png",
});

function formOf(fields: Record<string, string>, image?: Upload) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append("image", new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return form;
}

const TRACK_FORM = {
  name: "Blockchain Basics",
  price: "149.99",
  duration: "3 weeks",
  instructor: "Efua Sutherland",
  description: "Ledgers, wallets and smart contracts.",
};

/** Every refusal of the facade: `{message, errors}` with the message first. */
function expectRefusal(answer: Answer, status: number, message: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.message).toBe(message);
  expect(Array.isArray(answer.body.errors)).toBe(true);
  expect(answer.body.errors[0].message).toBe(message);
}

/** The file on disk behind a public /uploads path. */
const fileOf = (publicPath: string) => join(app.services.storage.root, basename(publicPath));

beforeAll(async () => {
  app = await startTestApp();
  const { prisma } = app.services.db;
  await seedDemoData(prisma, app.services.storage);
  const admin = await prisma.admin.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } });
  const ada = await prisma.learner.findUniqueOrThrow({ where: { email: DEMO_LEARNER.email } });
  const kofi = await prisma.learner.findFirstOrThrow({ where: { firstName: "Kofi" } });
  adminId = admin.id;
  adaId = ada.id;
  kofiId = kofi.id;
  adminToken = await createSession(prisma, "ADMIN", admin.id);
  adaToken = await createSession(prisma, "LEARNER", ada.id);
  kofiToken = await createSession(prisma, "LEARNER", kofi.id);
});
afterAll(() => app?.close());

describe("tracks", () => {
  it("GET /api/tracks is public: every track, newest first, in the documented shape", async () => {
    const res = await call("GET", "/api/tracks");
    expect(res.status).toBe(200);
    expect(keys(res.body)).toEqual(["tracks"]);
    const tracks = res.body.tracks as any[];
    const rows = await app.services.db.prisma.track.findMany({
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      include: { courses: true },
    });
    expect(tracks.map((t) => t._id)).toEqual(rows.map((r) => r.id));
    for (const track of tracks) expect(keys(track)).toEqual(sorted(TRACK_KEYS));

    const software = tracks.find((t) => t.name === "Software Engineering");
    expect(software).toMatchObject({ price: 499.99, duration: "16 weeks", instructor: "David Mensah" });
    expect(software.image).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(software.courses.map((c: any) => c.title)).toEqual([
      "JavaScript Fundamentals",
      "React Development",
      "Node.js APIs",
      "Testing and CI",
    ]);
    for (const course of software.courses) expect(keys(course)).toEqual(["_id", "title"]);
    expect(typeof software.reviewCount).toBe("number");
    expect(software.averageRating === null || typeof software.averageRating === "number").toBe(true);
    expect(tracks.find((t) => t.name === "Introduction to Programming").price).toBe(0);
  });

  it("a track lists its ratings as `{ rating }` items (highest first, no learner), beside their average and count", async () => {
    // Given oldest first, a changed rating keeps its place and the list would follow one learner: the lowest value is
    // made the oldest here, so an answer in the order ratings were given cannot pass.
    const prisma = app.services.db.prisma;
    const all = await prisma.rating.findMany({ orderBy: { value: "asc" } });
    const low = all.find((r) => all.some((o) => o.trackId === r.trackId && o.value > r.value));
    if (!low) throw new Error("The demo data has no track with two different ratings.");
    await prisma.rating.update({ where: { id: low.id }, data: { createdAt: new Date("2020-01-01T00:00:00Z") } });
    app.services.publicCache.clear();
    const { tracks } = (await call("GET", "/api/tracks")).body as { tracks: any[] };
    const rows = await prisma.rating.findMany();
    expect(rows.length).toBeGreaterThan(0);
    for (const track of tracks) {
      const values = rows
        .filter((r) => r.trackId === track._id)
        .map((r) => r.value)
        .sort((a, b) => b - a);
      expect(track.ratings, track.name).toEqual(values.map((rating) => ({ rating })));
      expect(track.reviewCount).toBe(values.length);
      for (const item of track.ratings) expect(keys(item)).toEqual(["rating"]);
      const one = (await call("GET", `/api/tracks/${track._id}`)).body.track;
      expect(one.ratings).toEqual(track.ratings);
    }
    expect(tracks.some((t) => t.ratings.length > 1)).toBe(true);

    // An update answers the track with its ratings too (saved here with its own values, so nothing changes).
    const rated = tracks.find((t) => t.ratings.length > 0);
    const fields = { name: rated.name, price: String(rated.price), duration: rated.duration, instructor: rated.instructor };
    const updated = await call("PUT", `/api/tracks/${rated._id}`, {
      token: adminToken,
      body: formOf({ ...fields, description: rated.description }),
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.track.ratings).toEqual(rated.ratings);
  });

  it("GET /api/tracks shows each track as GET /api/tracks/:id does (read without GraphQL, same rules)", async () => {
    const { tracks } = (await call("GET", "/api/tracks")).body as { tracks: any[] };
    expect(tracks.some((t) => t.averageRating !== null && t.courses.length > 1)).toBe(true);
    for (const track of tracks) expect(track).toEqual((await call("GET", `/api/tracks/${track._id}`)).body.track);
  });

  it("GET /api/tracks/:id answers `track` and `data`; unknown and malformed ids are 404", async () => {
    const row = await app.services.db.prisma.track.findFirstOrThrow({ where: { name: "Cloud Computing Fundamentals" } });
    const res = await call("GET", `/api/tracks/${row.id}`);
    expect(res.status).toBe(200);
    expect(keys(res.body)).toEqual(["data", "track"]);
    expect(res.body.data).toEqual(res.body.track);
    expect(res.body.track).toMatchObject({ _id: row.id, name: "Cloud Computing Fundamentals", price: 350, duration: "12 weeks" });
    expect(res.body.track.courses).toHaveLength(4);
    // Upper-case UUIDs are the same id.
    expect((await call("GET", `/api/tracks/${row.id.toUpperCase()}`)).body.track._id).toBe(row.id);

    expectRefusal(await call("GET", `/api/tracks/${UNKNOWN_ID}`), 404, "Track not found.");
    for (const id of GARBAGE_IDS) expectRefusal(await call("GET", `/api/tracks/${id}`), 404, "Track not found.");
  });

  it("changing tracks needs an admin session", async () => {
    const row = await app.services.db.prisma.track.findFirstOrThrow();
    const before = await app.services.db.prisma.track.count();
    for (const [method, path, body] of [
      ["POST", "/api/tracks", formOf(TRACK_FORM)],
      ["PUT", `/api/tracks/${row.id}`, formOf(TRACK_FORM)],
      ["DELETE", `/api/tracks/${row.id}`, undefined],
    ] as const) {
      expectRefusal(await call(method, path, { body }), 401, NO_TOKEN);
      expectRefusal(await call(method, path, { body, token: "x".repeat(43) }), 401, NO_TOKEN);
      const learner = await call(method, path, { body, token: adaToken });
      expect(learner.status).toBe(403);
      expect(learner.body.message).toBeTruthy();
    }
    expect(await app.services.db.prisma.track.count()).toBe(before);
    expect((await app.services.db.prisma.track.findUniqueOrThrow({ where: { id: row.id } })).name).toBe(row.name);
  });

  it("POST validates with the form's messages", async () => {
    const before = await app.services.db.prisma.track.count();
    for (const blank of ["name", "price", "duration", "instructor", "description"]) {
      const res = await call("POST", "/api/tracks", { token: adminToken, body: formOf({ ...TRACK_FORM, [blank]: " " }) });
      expectRefusal(res, 400, "Please fill in all required fields.");
      expect(res.body.errors.map((e: any) => e.field)).toContain(blank);
      const { [blank]: _, ...without } = TRACK_FORM as Record<string, string>;
      expectRefusal(
        await call("POST", "/api/tracks", { token: adminToken, body: formOf(without) }),
        400,
        "Please fill in all required fields.",
      );
    }
    for (const price of ["abc", "-1", "1e400", "Infinity"]) {
      const res = await call("POST", "/api/tracks", { token: adminToken, body: formOf({ ...TRACK_FORM, price }) });
      expectRefusal(res, 400, "Price must be a number of dollars, 0 or more.");
    }
    expectRefusal(
      await call("POST", "/api/tracks", { token: adminToken, body: formOf({ ...TRACK_FORM, price: "1.999" }) }),
      400,
      "Amounts have at most 2 decimals.",
    );
    expectRefusal(await call("POST", "/api/tracks", { token: adminToken, body: {} }), 400, "Please fill in all required fields.");
    expectRefusal(
      await call("POST", "/api/tracks", { token: adminToken, body: { ...TRACK_FORM, name: { $ne: 1 } } }),
      400,
      "name must be text.",
    );
    expect(await app.services.db.prisma.track.count()).toBe(before);
  });

  it("POST accepts JSON too (price as a number), without an image", async () => {
    const res = await call("POST", "/api/tracks", { token: adminToken, body: { ...TRACK_FORM, name: "JSON Track", price: 20.5 } });
    expect(res.status).toBe(201);
    expect(res.body.track).toMatchObject({
      name: "JSON Track",
      price: 20.5,
      image: null,
      courses: [],
      averageRating: null,
      reviewCount: 0,
    });
    await call("DELETE", `/api/tracks/${res.body.track._id}`, { token: adminToken });
  });

  it("create with an image, update (replacing the image deletes the old file), delete (removes the image)", async () => {
    const cover = png(1);
    const created = await call("POST", "/api/tracks", { token: adminToken, body: formOf(TRACK_FORM, cover) });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(keys(created.body)).toEqual(["data", "message", "track"]);
    expect(created.body.message).toBe("Track created successfully.");
    expect(created.body.data).toEqual(created.body.track);
    const track = created.body.track;
    expect(keys(track)).toEqual(sorted(TRACK_KEYS));
    expect(track).toMatchObject({ ...TRACK_FORM, price: 149.99, courses: [], averageRating: null, reviewCount: 0, ratings: [] });
    expect(track._id).toMatch(/^[0-9a-f-]{36}$/);
    const firstImage = track.image as string;
    expect(firstImage).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await app.fetch(firstImage);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(cover.bytes))).toBe(true);
    expect(existsSync(fileOf(firstImage))).toBe(true);

    // Newest first: the new track leads the public list.
    expect((await call("GET", "/api/tracks")).body.tracks[0]._id).toBe(track._id);

    // Update without an image keeps the image.
    const renamed = await call("PUT", `/api/tracks/${track._id}`, {
      token: adminToken,
      body: formOf({ ...TRACK_FORM, name: "Blockchain Basics II", price: "99" }),
    });
    expect(renamed.status).toBe(200);
    expect(keys(renamed.body)).toEqual(["data", "message", "track"]);
    expect(renamed.body.message).toBe("Track updated successfully.");
    expect(renamed.body.track).toMatchObject({ _id: track._id, name: "Blockchain Basics II", price: 99, image: firstImage });
    expect(renamed.body.data).toEqual(renamed.body.track);

    // A new image replaces the old one, which is gone from disk and from /uploads.
    const replaced = await call("PUT", `/api/tracks/${track._id}`, { token: adminToken, body: formOf(TRACK_FORM, png(2)) });
    expect(replaced.status).toBe(200);
    const secondImage = replaced.body.track.image as string;
    expect(secondImage).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    expect(secondImage).not.toBe(firstImage);
    expect(existsSync(fileOf(firstImage))).toBe(false);
    expect((await app.fetch(firstImage)).status).toBe(404);
    expect((await app.fetch(secondImage)).status).toBe(200);

    // Validation on update, and unknown ids.
    expectRefusal(
      await call("PUT", `/api/tracks/${track._id}`, { token: adminToken, body: formOf({ ...TRACK_FORM, name: "" }) }),
      400,
      "Please fill in all required fields.",
    );
    expectRefusal(await call("PUT", `/api/tracks/${UNKNOWN_ID}`, { token: adminToken, body: formOf(TRACK_FORM) }), 404, "Track not found.");
    expectRefusal(await call("PUT", "/api/tracks/garbage", { token: adminToken, body: formOf(TRACK_FORM) }), 404, "Track not found.");

    // Delete removes the track and its image.
    const deleted = await call("DELETE", `/api/tracks/${track._id}`, { token: adminToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Track deleted successfully." });
    expect(existsSync(fileOf(secondImage))).toBe(false);
    expect((await app.fetch(secondImage)).status).toBe(404);
    expectRefusal(await call("GET", `/api/tracks/${track._id}`), 404, "Track not found.");
    expectRefusal(await call("DELETE", `/api/tracks/${track._id}`, { token: adminToken }), 404, "Track not found.");
    expectRefusal(await call("DELETE", "/api/tracks/garbage", { token: adminToken }), 404, "Track not found.");
  });

  it("refuses a text file named .png (400) and an image over 5 MB (413); nothing is stored", async () => {
    const before = await app.services.db.prisma.track.count();
    const fake = await call("POST", "/api/tracks", {
      token: adminToken,
      body: formOf(TRACK_FORM, { bytes: new TextEncoder().encode("not a picture at all"), name: "cover.png", type: "image/png" }),
    });
    expectRefusal(fake, 400, "Image must be a JPEG, PNG or WebP file.");

    const huge = new Uint8Array(5 * 1024 * 1024 + 10);
    huge.set(png(3).bytes);
    const big = await call("POST", "/api/tracks", {
      token: adminToken,
      body: formOf(TRACK_FORM, { bytes: huge, name: "big.png", type: "image/png" }),
    });
    expectRefusal(big, 413, "Image must be 5 MB or smaller.");

    const other = new FormData();
    other.append("name", "x");
    other.append("avatar", new Blob([new Uint8Array(png(4).bytes)], { type: "image/png" }), "a.png");
    expect((await call("POST", "/api/tracks", { token: adminToken, body: other })).status).toBe(400);
    expect(await app.services.db.prisma.track.count()).toBe(before);
  });

  it("bad bodies are 4xx, never 5xx", async () => {
    const cases: [string, Record<string, string>][] = [
      ["{not json", { "content-type": "application/json" }],
      ["[1,2,3]", { "content-type": "application/json" }],
      ['"text"', { "content-type": "application/json" }],
      ["name=x", { "content-type": "text/plain" }],
      ["--broken\r\nnot a form", { "content-type": "multipart/form-data; boundary=broken" }],
    ];
    for (const [body, headers] of cases) {
      const res = await call("POST", "/api/tracks", { token: adminToken, body, headers });
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
      expect(typeof res.body.message).toBe("string");
    }
  });

  it("GET /api/tracks answers every track, more than a GraphQL page holds, in one SQL statement", async () => {
    const { prisma } = app.services.db;
    const old = new Date("2020-01-01T00:00:00Z");
    await prisma.track.createMany({
      data: Array.from({ length: 105 }, (_, i) => ({
        name: `Bulk track ${i}`,
        priceCents: 100,
        duration: "1 week",
        instructor: "Bulk",
        description: "Bulk",
        createdAt: new Date(old.getTime() - i * 1000),
      })),
    });
    // Written straight to the database, past the domain writes that clear the public cache.
    app.services.publicCache.clear();
    try {
      const total = await prisma.track.count();
      const before = app.queries.length;
      const res = await call("GET", "/api/tracks");
      expect(res.status).toBe(200);
      expect(app.queries.length - before).toBe(1);
      expect(res.body.tracks).toHaveLength(total);
      expect(new Set(res.body.tracks.map((t: any) => t._id)).size).toBe(total);
      expect(res.body.tracks.at(-1).name).toBe("Bulk track 104");
    } finally {
      await prisma.track.deleteMany({ where: { instructor: "Bulk" } });
      app.services.publicCache.clear();
    }
  });
});

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
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(keys(created.body)).toEqual(["course", "data", "message"]);
    expect(created.body.message).toBe("Course created successfully.");
    expect(created.body.data).toEqual(created.body.course);
    const course = created.body.course;
    expect(keys(course)).toEqual(sorted(COURSE_KEYS));
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
    const deleted = await call("DELETE", `/api/courses/${course._id}`, { token: adminToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Course deleted successfully." });
    expect(existsSync(fileOf(updated.body.course.image))).toBe(false);
    expectRefusal(await call("DELETE", `/api/courses/${course._id}`, { token: adminToken }), 404, "Course not found.");
    expectRefusal(await call("DELETE", "/api/courses/nope", { token: adminToken }), 404, "Course not found.");
    expect((await call("GET", "/api/courses", { token: adminToken })).body.total).toBe(COURSE_TOTAL);
  });
});

describe("invoices", () => {
  it("GET /api/invoices is admin only: 10 a page, newest first, lower-case status, learner and track objects", async () => {
    expectRefusal(await call("GET", "/api/invoices"), 401, NO_TOKEN);
    expect((await call("GET", "/api/invoices", { token: adaToken })).status).toBe(403);

    const { prisma } = app.services.db;
    const total = await prisma.invoice.count();
    const res = await call("GET", "/api/invoices", { token: adminToken });
    expect(res.status).toBe(200);
    expect(keys(res.body)).toEqual(["invoices", "page", "total", "totalPages"]);
    expect(res.body).toMatchObject({ page: 1, total, totalPages: Math.ceil(total / 10) });
    expect(res.body.invoices).toHaveLength(10);
    const newest = await prisma.invoice.findMany({ orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: 10 });
    expect(res.body.invoices.map((i: any) => i._id)).toEqual(newest.map((i) => i.id));
    for (const invoice of res.body.invoices) {
      expect(keys(invoice)).toEqual(sorted(INVOICE_KEYS));
      expect(["pending", "paid"]).toContain(invoice.status);
      expect(typeof invoice.amount).toBe("number");
      expect(keys(invoice.learner)).toEqual(["_id", "email", "firstName", "image", "lastName"]);
      expect(keys(invoice.track)).toEqual(["_id", "name"]);
      if (invoice.dueDate !== null) expect(invoice.dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    const last = Math.ceil(total / 10);
    const lastPage = await call("GET", `/api/invoices?page=${last}`, { token: adminToken });
    expect(lastPage.body.invoices).toHaveLength(total - (last - 1) * 10);
  });

  it("?search matches the learner's name", async () => {
    const { prisma } = app.services.db;
    const own = await prisma.invoice.count({ where: { learnerId: adaId } });
    const res = await call("GET", "/api/invoices?search=ada%20nwosu", { token: adminToken });
    expect(res.body.total).toBe(own);
    expect(own).toBeGreaterThan(0);
    for (const invoice of res.body.invoices) expect(invoice.learner).toMatchObject({ _id: adaId, firstName: "Ada", lastName: "Nwosu" });
    expect((await call("GET", "/api/invoices?search=zzzz", { token: adminToken })).body).toEqual({
      invoices: [],
      page: 1,
      totalPages: 1,
      total: 0,
    });
  });

  it("create (status in any case), update (due date kept unless set), delete", async () => {
    const before = await call("GET", "/api/learners?search=kofi", { token: adminToken });
    const paidBefore = before.body.learners[0].totalPaid as number;

    const created = await call("POST", "/api/invoices", {
      token: adminToken,
      body: { learner: kofiId, amount: 120.5, status: "Paid", dueDate: "2026-03-01", paymentDetails: "Bank transfer" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(keys(created.body)).toEqual(["data", "invoice", "message"]);
    expect(created.body.message).toBe("Invoice created successfully.");
    expect(created.body.data).toEqual(created.body.invoice);
    const invoice = created.body.invoice;
    expect(keys(invoice)).toEqual(sorted(INVOICE_KEYS));
    expect(invoice).toMatchObject({
      learner: { _id: kofiId, firstName: "Kofi", lastName: "Boateng", image: null },
      track: null,
      amount: 120.5,
      dueDate: "2026-03-01",
      status: "paid",
      paymentDetails: "Bank transfer",
    });
    // Only paid invoices count toward the learner's total.
    const after = await call("GET", "/api/learners?search=kofi", { token: adminToken });
    expect(after.body.learners[0].totalPaid).toBeCloseTo(paidBefore + 120.5, 2);

    const updated = await call("PUT", `/api/invoices/${invoice._id}`, {
      token: adminToken,
      body: { learner: kofiId, amount: "75", status: "PENDING", dueDate: "", paymentDetails: "Mobile money" },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.message).toBe("Invoice updated successfully.");
    expect(updated.body.invoice).toMatchObject({
      _id: invoice._id,
      amount: 75,
      status: "pending",
      dueDate: "2026-03-01",
      paymentDetails: "Mobile money",
    });
    const redated = await call("PUT", `/api/invoices/${invoice._id}`, {
      token: adminToken,
      body: { learner: kofiId, amount: 75, status: "pending", dueDate: "2026-04-15" },
    });
    expect(redated.body.invoice).toMatchObject({ dueDate: "2026-04-15", paymentDetails: null });
    expect((await call("GET", "/api/learners?search=kofi", { token: adminToken })).body.learners[0].totalPaid).toBeCloseTo(paidBefore, 2);

    expectRefusal(
      await call("PUT", `/api/invoices/${UNKNOWN_ID}`, { token: adminToken, body: { learner: kofiId, amount: 1, status: "paid" } }),
      404,
      "Invoice not found.",
    );
    expectRefusal(
      await call("PUT", "/api/invoices/12", { token: adminToken, body: { learner: kofiId, amount: 1, status: "paid" } }),
      404,
      "Invoice not found.",
    );

    expectRefusal(await call("DELETE", `/api/invoices/${invoice._id}`), 401, NO_TOKEN);
    expect((await call("DELETE", `/api/invoices/${invoice._id}`, { token: kofiToken })).status).toBe(403);
    const deleted = await call("DELETE", `/api/invoices/${invoice._id}`, { token: adminToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Invoice deleted successfully." });
    expectRefusal(await call("DELETE", `/api/invoices/${invoice._id}`, { token: adminToken }), 404, "Invoice not found.");
    expectRefusal(await call("DELETE", "/api/invoices/x", { token: adminToken }), 404, "Invoice not found.");
  });

  it("amounts are plain decimals: hex, exponents, padding, Infinity and trailing text are refused, in tracks and invoices", async () => {
    const { prisma } = app.services.db;
    const [tracks, invoices] = [await prisma.track.count(), await prisma.invoice.count()];
    const refused = ["0x10", "1e3", " 12 ", "Infinity", "12abc", "0b11", "1_000", "+12", "12.", ".5", "１２"];
    for (const price of refused) {
      const res = await call("POST", "/api/tracks", { token: adminToken, body: formOf({ ...TRACK_FORM, price }) });
      expect([price, res.status, res.body.message]).toEqual([price, 400, "Price must be a number of dollars, 0 or more."]);
      const invoice = await call("POST", "/api/invoices", {
        token: adminToken,
        body: { learner: adaId, amount: price, status: "pending" },
      });
      expect([price, invoice.status, invoice.body.message]).toEqual([price, 400, "Amount must be a number of dollars, 0 or more."]);
    }
    expect([await prisma.track.count(), await prisma.invoice.count()]).toEqual([tracks, invoices]);
    for (const [text, dollars] of [
      ["12", 12],
      ["12.5", 12.5],
      ["12.50", 12.5],
    ] as const) {
      const track = await call("POST", "/api/tracks", {
        token: adminToken,
        body: formOf({ ...TRACK_FORM, name: `Priced ${text}`, price: text }),
      });
      expect([text, track.status, track.body.track.price]).toEqual([text, 201, dollars]);
      const invoice = await call("POST", "/api/invoices", { token: adminToken, body: { learner: adaId, amount: text, status: "pending" } });
      expect([text, invoice.status, invoice.body.invoice.amount]).toEqual([text, 201, dollars]);
    }
  });

  it("validates with the invoice form's messages; learners cannot create", async () => {
    const { prisma } = app.services.db;
    const count = await prisma.invoice.count();
    const good = { learner: adaId, amount: 10, status: "pending" };
    expectRefusal(await call("POST", "/api/invoices", { body: good }), 401, NO_TOKEN);
    expect((await call("POST", "/api/invoices", { token: adaToken, body: good })).status).toBe(403);
    expect((await call("PUT", `/api/invoices/${UNKNOWN_ID}`, { token: adaToken, body: good })).status).toBe(403);

    const cases: [Record<string, unknown>, number, string][] = [
      [{ ...good, learner: "" }, 400, "Learner is required."],
      [{ amount: 10, status: "paid" }, 400, "Learner is required."],
      [{ ...good, learner: "garbage" }, 400, "The selected learner does not exist."],
      [{ ...good, learner: UNKNOWN_ID }, 404, "The selected learner does not exist."],
      [{ ...good, learner: adminId }, 404, "The selected learner does not exist."],
      [{ ...good, amount: "" }, 400, "Amount is required."],
      [{ ...good, amount: null }, 400, "Amount is required."],
      [{ ...good, amount: "ten" }, 400, "Amount must be a number of dollars, 0 or more."],
      [{ ...good, amount: -5 }, 400, "Amount must be a number of dollars, 0 or more."],
      [{ ...good, amount: true }, 400, "Amount must be a number of dollars, 0 or more."],
      [{ ...good, status: "" }, 400, "Status is required."],
      [{ ...good, status: "bogus" }, 400, "Status must be pending or paid."],
      [{ ...good, status: "failed" }, 400, "Status must be pending or paid."],
      [{ ...good, dueDate: "31/01/2026" }, 400, "Due date must be a date like 2026-01-31."],
      [{ ...good, dueDate: "2026-02-30" }, 400, "Due date must be a date like 2026-01-31."],
      [{ ...good, learner: 42 }, 400, "learner must be an id."],
      [{ ...good, paymentDetails: ["x"] }, 400, "paymentDetails must be text."],
    ];
    for (const [body, status, message] of cases) {
      expectRefusal(await call("POST", "/api/invoices", { token: adminToken, body }), status, message);
    }
    expect(
      (await call("POST", "/api/invoices", { token: adminToken, body: "{oops", headers: { "content-type": "application/json" } })).status,
    ).toBe(400);
    expect(await prisma.invoice.count()).toBe(count);
  });
});

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
    // Session, count, then the rows with their relations (enrollments and their tracks, paid invoices for totalPaid;
    // an invoice's learner and track; a course's track) joined in the rows' statement.
    const full = await count("/api/learners");
    expect(full).toBe(3);
    expect(await count("/api/learners?page=2")).toBe(full);
    const invoices = await count("/api/invoices");
    expect(invoices).toBe(3);
    expect(await count("/api/invoices?page=2")).toBe(invoices);
    expect(await count("/api/invoices?search=ada%20nwosu")).toBe(invoices);
    const courses = await count("/api/courses");
    expect(courses).toBe(3);
    expect(await count("/api/courses?page=3")).toBe(courses);
    // The catalogue needs no session: tracks and their courses in one statement.
    expect(await count("/api/tracks")).toBe(1);
  });
});

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
        expect(enrollment.status).toBe("active");
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
});
