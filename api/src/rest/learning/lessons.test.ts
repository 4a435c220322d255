import { describe, expect, it } from "vitest";
import { adminWithToken } from "#testing/accounts.ts";
import {
  adaId,
  adaToken,
  adminToken,
  app,
  call,
  expectRefusal,
  GARBAGE_IDS,
  keys,
  kofiId,
  kofiToken,
  NO_TOKEN,
  UNKNOWN_ID,
  useSeededApp,
} from "#testing/rest.ts";

/** The REST side of lessons (rest/learning/lessons.ts, the lessons of GET /api/tracks/{id}, `progress` of GET /api/enrollments), on the demo data. */
useSeededApp();

const CLOUD = "Cloud Computing Fundamentals";

async function cloud() {
  const { prisma } = app.services.db;
  const track = await prisma.track.findFirstOrThrow({ where: { name: CLOUD } });
  const lessons = await prisma.lesson.findMany({
    where: { course: { trackId: track.id } },
    orderBy: [{ course: { createdAt: "asc" } }, { position: "asc" }],
  });
  return { track, lessons };
}

describe("lessons over REST", () => {
  it("GET /api/tracks/{id} lists courses[].lessons[] with the outline only (never a body or a video link), to anyone", async () => {
    const { track, lessons } = await cloud();
    for (const token of [undefined, kofiToken, adaToken, adminToken]) {
      const res = await call("GET", `/api/tracks/${track.id}`, { token });
      expect(res.status).toBe(200);
      const listed = res.body.track.courses.flatMap((c: { lessons: unknown[] }) => c.lessons);
      expect(listed.map((l: { _id: string }) => l._id)).toEqual(lessons.map((l) => l.id));
      for (const lesson of listed) expect(keys(lesson)).toEqual(["_id", "kind", "minutes", "preview", "title"]);
      expect(listed[0]).toEqual({ _id: lessons[0]?.id, title: lessons[0]?.title, kind: "text", minutes: 5, preview: true });
      expect(JSON.stringify(res.body)).not.toContain("```");
      expect(JSON.stringify(res.body)).not.toContain("youtube.com");
    }
  });

  it("GET /api/enrollments gives each enrollment its progress: the demo learner is half-way through the cloud track", async () => {
    const { track, lessons } = await cloud();
    const res = await call("GET", "/api/enrollments", { token: adaToken });
    const mine = res.body.enrollments.find((e: { track: { _id: string } }) => e.track._id === track.id);
    expect(mine.progress).toBe(Math.floor((Math.floor(lessons.length / 2) * 100) / lessons.length));
    for (const e of res.body.enrollments) expect(Number.isInteger(e.progress) && e.progress >= 0 && e.progress <= 100).toBe(true);
    // Staff read the same figure through a learner's enrollments.
    const theirs = await call("GET", `/api/enrollments/learner/${adaId}`, { token: adminToken });
    expect(theirs.body.enrollments.find((e: { track: { _id: string } }) => e.track._id === track.id).progress).toBe(mine.progress);
  });

  it("POST /api/lessons/{id}/complete: the enrolled learner only; everyone else is refused and nothing changes", async () => {
    const { track, lessons } = await cloud();
    const { prisma } = app.services.db;
    // A quiz is completed by passing it (quizzes.test.ts): the last lesson that Mark complete applies to.
    const target = lessons.filter((l) => l.kind !== "QUIZ").at(-1);
    if (!target) throw new Error("the demo cloud track has no lessons");
    const progressRows = () => prisma.lessonProgress.count({ where: { lessonId: target.id } });
    const before = await progressRows();
    const url = `/api/lessons/${target.id}/complete`;
    expectRefusal(await call("POST", url), 401, NO_TOKEN);
    expect((await call("POST", url, { token: adminToken })).status).toBe(403);
    for (const role of ["MANAGER", "FINANCE", "INSTRUCTOR"] as const) {
      expect((await call("POST", url, { token: (await adminWithToken(app, role)).token })).status).toBe(403);
    }
    // Kofi is not enrolled in the cloud track (the demo data enrolls him elsewhere).
    expect(await prisma.enrollment.count({ where: { learnerId: kofiId, trackId: track.id } })).toBe(0);
    expectRefusal(await call("POST", url, { token: kofiToken }), 403, "Enroll in this track to open this lesson.");
    expectRefusal(await call("POST", `/api/lessons/${UNKNOWN_ID}/complete`, { token: adaToken }), 404, "Lesson not found.");
    for (const garbage of GARBAGE_IDS) {
      const res = await call("POST", `/api/lessons/${garbage}/complete`, { token: adaToken });
      expect(res.status, garbage).toBe(404);
    }
    expect(await progressRows()).toBe(before);

    const res = await call("POST", url, { token: adaToken });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Lesson marked complete.");
    expect(res.body.progress).toBeGreaterThan(0);
    expect(await prisma.lessonProgress.count({ where: { lessonId: target.id, learnerId: adaId, completedAt: { not: null } } })).toBe(1);
    const enrollment = await prisma.enrollment.findFirstOrThrow({ where: { learnerId: adaId, trackId: track.id } });
    expect(enrollment.lastLessonId).toBe(target.id);
  });
});
