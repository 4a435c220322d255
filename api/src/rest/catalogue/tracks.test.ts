import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  adaToken,
  adminToken,
  app,
  call,
  expectCreated,
  expectRefusal,
  fileOf,
  formOf,
  GARBAGE_IDS,
  keys,
  NO_TOKEN,
  png,
  sorted,
  TRACK_FORM,
  TRACK_KEYS,
  UNKNOWN_ID,
  useSeededApp,
} from "#testing/rest.ts";

/** GET/POST /api/tracks, GET/PUT/DELETE /api/tracks/{id} (rest/catalogue/tracks.ts), against the demo data. */
useSeededApp();

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
    for (const course of software.courses) expect(keys(course)).toEqual(["_id", "lessons", "title"]);
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
    const track = expectCreated(created, "track", "Track created successfully.", TRACK_KEYS);
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

describe("track drafts over REST", () => {
  it('POST /api/tracks with status "draft" keeps the track from anonymous callers and learners, cached answers included', async () => {
    // An anonymous list kept in the public cache before the draft exists.
    expect((await call("GET", "/api/tracks")).status).toBe(200);
    const created = await call("POST", "/api/tracks", { token: adminToken, body: { ...TRACK_FORM, name: "REST draft", status: "draft" } });
    expect(created.status).toBe(201);
    expect(created.body.track.status).toBe("draft");
    const id = created.body.track._id as string;
    try {
      for (const token of [NO_TOKEN, adaToken]) {
        const list = await call("GET", "/api/tracks", { token });
        expect(list.body.tracks.map((t: any) => t._id)).not.toContain(id);
        for (const t of list.body.tracks) expect(t.status).toBe("published");
        const one = await call("GET", `/api/tracks/${id}`, { token });
        expect(one.status).toBe(404);
        expect(one.body.message).toBe("Track not found.");
      }
      // The list is the public catalogue for everyone; staff read the draft itself by id.
      const staffList = await call("GET", "/api/tracks", { token: adminToken });
      expect(staffList.body.tracks.map((t: any) => t._id)).not.toContain(id);
      expect((await call("GET", `/api/tracks/${id}`, { token: adminToken })).body.track.status).toBe("draft");
      // Published: the next anonymous read, though a list was kept, has it.
      await app.services.db.prisma.track.update({ where: { id }, data: { status: "PUBLISHED" } });
      app.services.publicCache.clear();
      expect((await call("GET", `/api/tracks/${id}`)).body.track.status).toBe("published");
    } finally {
      await app.services.db.prisma.track.delete({ where: { id } });
      app.services.publicCache.clear();
    }
  });

  it("POST /api/tracks without a status publishes at once; an unknown status is a 400 that saves nothing", async () => {
    const before = await app.services.db.prisma.track.count();
    const bad = await call("POST", "/api/tracks", { token: adminToken, body: { ...TRACK_FORM, name: "Bad status", status: "hidden" } });
    expect(bad.status).toBe(400);
    expect(await app.services.db.prisma.track.count()).toBe(before);
    const created = await call("POST", "/api/tracks", { token: adminToken, body: { ...TRACK_FORM, name: "Published REST" } });
    expect(created.status).toBe(201);
    expect(created.body.track.status).toBe("published");
    await app.services.db.prisma.track.delete({ where: { id: created.body.track._id } });
    app.services.publicCache.clear();
  });
});
