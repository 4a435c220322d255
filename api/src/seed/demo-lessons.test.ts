import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logIn } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { DEMO_ADMIN, DEMO_LEARNER, seedDemoData } from "./demo.ts";

/** The demo content: every track has real lessons of every kind, and the demo learner's progress went through the real path. */
describe("demo lessons and progress (seed/demo.ts)", () => {
  let app: TestApp;
  let seeded: Awaited<ReturnType<typeof seedDemoData>>;
  beforeAll(async () => {
    app = await startTestApp();
    const started = Date.now();
    seeded = await seedDemoData(app.services.db.prisma, app.services.storage);
    // The seed runs when a demo server starts: it stays quick.
    expect(Date.now() - started).toBeLessThan(60_000);
  });
  afterAll(() => app.close());

  it("gives every track text lessons with code and an uploaded image, and one video, file and quiz lesson for their seeders", async () => {
    const { prisma } = app.services.db;
    const tracks = await prisma.track.findMany({ select: { id: true, courses: { select: { lessons: true } } } });
    expect(tracks.length).toBeGreaterThan(0);
    for (const track of tracks) {
      const lessons = track.courses.flatMap((c) => c.lessons);
      const kinds = lessons.map((l) => l.kind);
      for (const kind of ["VIDEO", "FILE", "QUIZ"] as const) expect(kinds.filter((k) => k === kind)).toHaveLength(1);
      const text = lessons.filter((l) => l.kind === "TEXT");
      expect(text.length).toBeGreaterThanOrEqual(2);
      for (const lesson of text) {
        expect(lesson.body).toContain("```ts");
        const image = /!\[[^\]]+\]\((\/uploads\/[a-f0-9]{32}\.png)\)/.exec(lesson.body)?.[1];
        expect(image).toBeDefined();
        expect((await app.fetch(image as string)).status).toBe(200);
      }
    }
    for (const kind of ["video", "file", "quiz"] as const) {
      expect(seeded.lessons?.[kind].map((h) => h.trackId).sort()).toEqual(tracks.map((t) => t.id).sort());
    }
  });

  it("the demo learner finished one track (completed, with its time) and is half-way through another", async () => {
    const { prisma } = app.services.db;
    const learner = await prisma.learner.findUniqueOrThrow({ where: { email: DEMO_LEARNER.email } });
    const { data, errors } = await app.graphql(
      "query ($id: ID!) { node(id: $id) { ... on Learner { enrollments { edges { node { status progress completedAt } } } } } }",
      { id: Buffer.from(`Learner:${learner.id}`).toString("base64") },
      await logIn(app, DEMO_ADMIN.email, DEMO_ADMIN.password),
    );
    expect(errors).toBeUndefined();
    const rows = data.node.enrollments.edges.map((e: { node: { status: string; progress: number; completedAt: string | null } }) => e.node);
    expect(rows).toContainEqual({ status: "COMPLETED", progress: 100, completedAt: expect.any(String) });
    const halfWay = rows.find((r: { status: string }) => r.status === "ACTIVE");
    expect(halfWay).toMatchObject({ completedAt: null });
    expect(halfWay.progress).toBeGreaterThanOrEqual(40);
    expect(halfWay.progress).toBeLessThanOrEqual(60);
    // Other learners finished tracks in earlier months: the report's completions have a history.
    const completed = await prisma.enrollment.count({ where: { completedAt: { not: null } } });
    expect(completed).toBeGreaterThan(1);
  });

  it("is seeded once", async () => {
    expect((await seedDemoData(app.services.db.prisma, app.services.storage)).seeded).toBe(false);
  });
});
