import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { adaId, adaToken, adminToken, app, call, expectRefusal, kofiToken, UNKNOWN_ID, useSeededApp } from "#testing/rest.ts";
import { TRACK_MESSAGES } from "../../domain/catalogue/tracks.ts";

/**
 * Archive, don't destroy (docs/ARCHITECTURE.md, "Archiving and abandoned checkouts"): deleting a track or course with
 * history archives it (REST and GraphQL), the catalogue and checkout forget it, those enrolled keep it, staff restore it.
 */
useSeededApp();

const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64");

async function newTrack(label = "Archive") {
  return app.services.db.prisma.track.create({
    data: {
      name: `${label} ${randomBytes(3).toString("hex")}`,
      priceCents: 9900,
      duration: "2 weeks",
      instructor: "I",
      description: "Archivable things.",
      courses: { create: [{ title: "First course", description: "One." }] },
    },
    include: { courses: true },
  });
}

const enroll = (trackId: string) => app.services.db.prisma.enrollment.create({ data: { learnerId: adaId, trackId } });

const catalogueIds = async (token?: string) =>
  ((await call("GET", "/api/tracks", token ? { token } : {})).body.tracks as { _id: string }[]).map((t) => t._id);

const auditActions = async (entityId: string) =>
  (await app.services.db.prisma.auditEntry.findMany({ where: { entityId }, orderBy: { createdAt: "asc" } })).map((e) => e.action);

const checkout = (token: string, trackId: string) =>
  call("POST", "/api/enrollments", { token, body: { track: trackId, contact: "+234 802 555 0101", gender: "Female", location: "Lagos" } });

describe("archiving tracks", () => {
  it("a track without enrollments or invoices is still deleted (the spec's answer, nothing more)", async () => {
    const track = await newTrack();
    const deleted = await call("DELETE", `/api/tracks/${track.id}`, { token: adminToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ message: "Track deleted successfully." });
    expect(await app.services.db.prisma.track.findUnique({ where: { id: track.id } })).toBeNull();
    expect(await auditActions(track.id)).toEqual(["track.delete"]);
  });

  it("a track with an enrolled learner is archived: gone from the catalogue, search and checkout; still open to the enrolled learner; restorable", async () => {
    const track = await newTrack();
    await enroll(track.id);
    // Kept in the public cache first: archiving must clear it.
    expect(await catalogueIds()).toContain(track.id);
    expect((await call("GET", `/api/tracks/${track.id}`)).status).toBe(200);

    expect((await call("DELETE", `/api/tracks/${track.id}`, { token: adaToken })).status).toBe(403);
    const archived = await call("DELETE", `/api/tracks/${track.id}`, { token: adminToken });
    expect(archived.status).toBe(200);
    expect(archived.body).toEqual({
      message: "Track archived: it has learner history, so it was kept. Restore it to bring it back.",
      archived: true,
    });
    const row = await app.services.db.prisma.track.findUniqueOrThrow({
      where: { id: track.id },
      include: { courses: true, enrollments: true },
    });
    expect(row.archivedAt).toBeInstanceOf(Date);
    expect(row.courses).toHaveLength(1);
    expect(row.enrollments).toHaveLength(1);
    expect(await auditActions(track.id)).toEqual(["track.archive"]);
    // Deleting it again changes nothing more.
    expect((await call("DELETE", `/api/tracks/${track.id}`, { token: adminToken })).body.archived).toBe(true);
    expect(await auditActions(track.id)).toEqual(["track.archive"]);

    // The catalogue (REST and GraphQL, anonymous and learners) and the track page for those not enrolled.
    expect(await catalogueIds()).not.toContain(track.id);
    expect(await catalogueIds(kofiToken)).not.toContain(track.id);
    expectRefusal(await call("GET", `/api/tracks/${track.id}`), 404, TRACK_MESSAGES.notFound);
    expectRefusal(await call("GET", `/api/tracks/${track.id}`, { token: kofiToken }), 404, TRACK_MESSAGES.notFound);
    const search = `query ($s: String) { tracks(first: 50, search: $s) { edges { node { id } } } }`;
    const found = async (token?: string) =>
      (((await app.graphql(search, { s: track.name }, token)).data?.tracks.edges ?? []) as { node: { id: string } }[]).map(
        (e) => e.node.id,
      );
    expect(await found()).toEqual([]);
    expect(await found(adaToken)).toEqual([]);
    const one = `query ($id: ID!) { track(id: $id) { name archivedAt courses { title } } node(id: $id) { id } }`;
    expect((await app.graphql(one, { id: gid("Track", track.id) })).data).toEqual({ track: null, node: null });
    expect((await app.graphql(one, { id: gid("Track", track.id) }, kofiToken)).data).toEqual({ track: null, node: null });
    // Related tracks never suggest it.
    const other = await newTrack("Neighbour");
    const related = await app.graphql(`query ($id: ID!) { track(id: $id) { relatedTracks { id } } }`, { id: gid("Track", other.id) });
    expect(related.data?.track.relatedTracks.map((t: { id: string }) => t.id)).not.toContain(gid("Track", track.id));

    // Checkout refuses it with a clear 409, and saves nothing.
    const refused = await checkout(kofiToken, track.id);
    expectRefusal(refused, 409, "This track is no longer sold.");
    expect(await app.services.db.prisma.invoice.count({ where: { trackId: track.id } })).toBe(0);

    // The enrolled learner still opens it, with its courses (REST and GraphQL), and sees it in their portal.
    const mine = await app.graphql(one, { id: gid("Track", track.id) }, adaToken);
    expect(mine.data?.track).toMatchObject({ name: track.name, courses: [{ title: "First course" }] });
    expect(mine.data?.track.archivedAt).toBeTruthy();
    expect((await call("GET", `/api/tracks/${track.id}`, { token: adaToken })).status).toBe(200);
    const portal = await call("GET", "/api/enrollments", { token: adaToken });
    expect(JSON.stringify(portal.body)).toContain(track.id);

    // Staff see it with its archive date, and filter the list by it.
    const staffList = `query ($archived: Boolean) { tracks(first: 100, archived: $archived) { edges { node { id archivedAt } } } }`;
    const listed = async (archived: boolean | null) =>
      (
        ((await app.graphql(staffList, { archived }, adminToken)).data?.tracks.edges ?? []) as {
          node: { id: string; archivedAt: string | null };
        }[]
      ).map((e) => e.node);
    expect((await listed(true)).map((t) => t.id)).toContain(gid("Track", track.id));
    expect((await listed(false)).map((t) => t.id)).not.toContain(gid("Track", track.id));
    expect((await listed(null)).find((t) => t.id === gid("Track", track.id))?.archivedAt).toBeTruthy();
    // Anyone else asking for archived tracks still gets the active catalogue only.
    const sneaky = await app.graphql(staffList, { archived: true });
    expect(((sneaky.data?.tracks.edges ?? []) as { node: { archivedAt: string | null } }[]).every((e) => e.node.archivedAt === null)).toBe(
      true,
    );

    // Restore: editCatalogue only; then it is sold again.
    expect((await call("POST", `/api/tracks/${track.id}/restore`, { token: adaToken })).status).toBe(403);
    const instructor = await adminWithToken(app, "INSTRUCTOR");
    expect((await call("POST", `/api/tracks/${track.id}/restore`, { token: instructor.token })).status).toBe(403);
    expectRefusal(await call("POST", `/api/tracks/${UNKNOWN_ID}/restore`, { token: adminToken }), 404, TRACK_MESSAGES.notFound);
    expectRefusal(await call("POST", "/api/tracks/nope/restore", { token: adminToken }), 404, TRACK_MESSAGES.notFound);
    const restored = await call("POST", `/api/tracks/${track.id}/restore`, { token: adminToken });
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({ message: "Track restored successfully." });
    expect(await catalogueIds()).toContain(track.id);
    expect((await call("GET", `/api/tracks/${track.id}`)).status).toBe(200);
    expect(await auditActions(track.id)).toEqual(["track.archive", "track.restore"]);
    expect((await checkout(kofiToken, track.id)).status).toBe(200);
  });

  it("a track with only an invoice (even a pending one) is archived, and the invoice keeps its track", async () => {
    const track = await newTrack();
    const invoice = await app.services.db.prisma.invoice.create({ data: { learnerId: adaId, trackId: track.id, amountCents: 9900 } });
    const result = await app.graphql(
      `mutation ($id: ID!) { deleteTrack(id: $id) { __typename ... on DeletePayload { deletedId archived } } }`,
      { id: gid("Track", track.id) },
      adminToken,
    );
    expect(result.data?.deleteTrack).toEqual({ __typename: "DeletePayload", deletedId: gid("Track", track.id), archived: true });
    expect((await app.services.db.prisma.invoice.findUniqueOrThrow({ where: { id: invoice.id } })).trackId).toBe(track.id);
    const restored = await app.graphql(
      `mutation ($id: ID!) { restoreTrack(id: $id) { __typename ... on TrackPayload { track { archivedAt } } } }`,
      { id: gid("Track", track.id) },
      adminToken,
    );
    expect(restored.data?.restoreTrack).toEqual({ __typename: "TrackPayload", track: { archivedAt: null } });
  });
});

describe("deleting a track while learners check out", () => {
  for (const priceCents of [0, 9900]) {
    it(`${priceCents ? "paid" : "free"} track: every answer is a success or a clear refusal, and a track that sold is archived, never deleted`, async () => {
      const track = await app.services.db.prisma.track.create({
        data: { name: `Race ${randomBytes(3).toString("hex")}`, priceCents, duration: "1 week", instructor: "I", description: "D" },
      });
      const learners = await Promise.all(Array.from({ length: 6 }, () => learnerWithToken(app)));
      const [deleted, ...checkouts] = await Promise.all([
        call("DELETE", `/api/tracks/${track.id}`, { token: adminToken }),
        ...learners.map(({ token }) => checkout(token, track.id)),
      ]);
      expect(deleted?.status).toBe(200);
      for (const answer of checkouts) expect([200, 404, 409], JSON.stringify(answer.body)).toContain(answer.status);
      const { prisma } = app.services.db;
      const row = await prisma.track.findUnique({ where: { id: track.id } });
      const sold =
        (await prisma.enrollment.count({ where: { trackId: track.id } })) + (await prisma.invoice.count({ where: { trackId: track.id } }));
      const succeeded = checkouts.filter((answer) => answer.status === 200).length;
      expect(sold).toBe(succeeded);
      if (succeeded > 0) expect(row?.archivedAt).toBeInstanceOf(Date);
      expect(deleted?.body.archived === true).toBe(row !== null);
    });
  }
});

describe("archiving courses", () => {
  it("a course of a track with enrollments is archived: hidden from the public course list, kept for the enrolled and staff, restorable", async () => {
    const track = await newTrack();
    const [course] = track.courses;
    if (!course) throw new Error("the track has a course");
    await enroll(track.id);
    const archived = await call("DELETE", `/api/courses/${course.id}`, { token: adminToken });
    expect(archived.status).toBe(200);
    expect(archived.body).toEqual({
      message: "Course archived: it has learner history, so it was kept. Restore it to bring it back.",
      archived: true,
    });
    expect(await auditActions(course.id)).toEqual(["course.archive"]);

    const titles = async (token?: string) => (await call("GET", `/api/tracks/${track.id}`, token ? { token } : {})).body.track.courses;
    expect(await titles()).toEqual([]);
    expect(await titles(kofiToken)).toEqual([]);
    expect((await titles(adaToken)).map((c: { title: string }) => c.title)).toEqual(["First course"]);
    const count = `query ($id: ID!) { track(id: $id) { courseCount courses { archivedAt } } }`;
    expect((await app.graphql(count, { id: gid("Track", track.id) })).data?.track).toEqual({ courseCount: 0, courses: [] });
    const staff = (await app.graphql(count, { id: gid("Track", track.id) }, adminToken)).data?.track;
    expect(staff.courseCount).toBe(1);
    expect(staff.courses[0].archivedAt).toBeTruthy();

    expect((await call("POST", `/api/courses/${course.id}/restore`, { token: kofiToken })).status).toBe(403);
    const restored = await call("POST", `/api/courses/${course.id}/restore`, { token: adminToken });
    expect(restored.body).toEqual({ message: "Course restored successfully." });
    expect((await titles()).map((c: { title: string }) => c.title)).toEqual(["First course"]);
    expect(await auditActions(course.id)).toEqual(["course.archive", "course.restore"]);
  });

  it("a course of a track without enrollments is deleted", async () => {
    const track = await newTrack();
    const [course] = track.courses;
    if (!course) throw new Error("the track has a course");
    const result = await app.graphql(
      `mutation ($id: ID!) { deleteCourse(id: $id) { ... on DeletePayload { archived } } }`,
      { id: gid("Course", course.id) },
      adminToken,
    );
    expect(result.data?.deleteCourse).toEqual({ archived: false });
    expect(await app.services.db.prisma.course.findUnique({ where: { id: course.id } })).toBeNull();
  });
});
