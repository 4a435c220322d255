import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { statementsOf } from "#testing/graphql.ts";
import { enrollmentOutlines } from "./progress.ts";

/**
 * Enrollment outlines (progress.ts, enrollmentOutlines): progress counts only the track's active lessons in active
 * courses that the learner finished, Continue resumes the last lesson opened unless archived (else the first lesson of
 * the first course that has one), and a page of enrollments costs the same statements however large its tracks are
 * and however much the learner did elsewhere.
 */

let app: TestApp;
const prisma = () => app.services.db.prisma;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A track with courses of `lessons[i]` lessons each (created oldest first), returning the ids. */
async function track(name: string, lessons: number[]) {
  const t = await prisma().track.create({
    data: { name, priceCents: 100, duration: "1 week", instructor: "Ada", description: "A track.", image: "/uploads/x.png" },
  });
  const courses: { id: string; lessonIds: string[] }[] = [];
  for (const [i, n] of lessons.entries()) {
    const c = await prisma().course.create({
      data: {
        trackId: t.id,
        title: `${name} ${i}`,
        description: "A course.",
        image: "/uploads/x.png",
        createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
      },
    });
    const lessonIds: string[] = [];
    for (let p = 0; p < n; p++) {
      lessonIds.push(
        (await prisma().lesson.create({ data: { courseId: c.id, position: p, title: `L${p}`, kind: "TEXT", minutes: 1 } })).id,
      );
    }
    courses.push({ id: c.id, lessonIds });
  }
  return { id: t.id, courses };
}

const done = (learnerId: string, lessonIds: string[]) =>
  prisma().lessonProgress.createMany({ data: lessonIds.map((lessonId) => ({ learnerId, lessonId, completedAt: new Date() })) });

describe("enrollment outlines", () => {
  it("progress counts the track's active lessons the learner finished; Continue resumes the last lesson opened, else the first", async () => {
    const { learner } = await learnerWithToken(app);
    const a = await track("Outline A", [0, 2, 2]);
    const b = await track("Outline B", [3]);
    const [ea, eb] = [
      await prisma().enrollment.create({ data: { learnerId: learner.id, trackId: a.id } }),
      await prisma().enrollment.create({ data: { learnerId: learner.id, trackId: b.id } }),
    ];
    const [a1, a2] = [a.courses[1]?.lessonIds ?? [], a.courses[2]?.lessonIds ?? []];
    const bl = b.courses[0]?.lessonIds ?? [];
    // Nothing done: 0, Continue is the first lesson of the first course that has one (the empty first course skipped).
    let outlines = await enrollmentOutlines(prisma(), [ea.id, eb.id, "00000000-0000-0000-0000-000000000000"]);
    expect(outlines.get(ea.id)).toEqual({ progress: 0, continueLessonId: a1[0] });
    expect(outlines.size).toBe(2);
    // One of A's four and all of B's: B's progress does not count in A.
    await done(learner.id, [a1[1] as string, ...bl]);
    await prisma().enrollment.update({ where: { id: ea.id }, data: { lastLessonId: a1[1] as string } });
    outlines = await enrollmentOutlines(prisma(), [ea.id, eb.id]);
    expect(outlines.get(ea.id)).toEqual({ progress: 25, continueLessonId: a1[1] });
    expect(outlines.get(eb.id)?.progress).toBe(100);
    // An archived lesson counts no more (the done one), an archived course neither; Continue moves on.
    await prisma().lesson.update({ where: { id: a1[1] as string }, data: { archivedAt: new Date() } });
    outlines = await enrollmentOutlines(prisma(), [ea.id]);
    expect(outlines.get(ea.id)).toEqual({ progress: 0, continueLessonId: a1[0] });
    await done(learner.id, [a2[0] as string]);
    await prisma().course.update({ where: { id: a.courses[1]?.id as string }, data: { archivedAt: new Date() } });
    outlines = await enrollmentOutlines(prisma(), [ea.id]);
    expect(outlines.get(ea.id)).toEqual({ progress: 50, continueLessonId: a2[0] });
    // Another learner's progress in the same track counts for them only.
    const other = await learnerWithToken(app);
    const eo = await prisma().enrollment.create({ data: { learnerId: other.learner.id, trackId: a.id } });
    expect((await enrollmentOutlines(prisma(), [eo.id])).get(eo.id)?.progress).toBe(0);
  });

  it("the portal's page costs the same statements with small tracks and a 200-lesson one, and much progress elsewhere", async () => {
    const PORTAL =
      "{ me { ... on Learner { enrollments(first: 9) { edges { node { progress continueLessonId status track { name courseCount } } } } } } }";
    const { learner, token } = await learnerWithToken(app);
    const small = await track("Portal small", [2]);
    await prisma().enrollment.create({ data: { learnerId: learner.id, trackId: small.id } });
    const few = await statementsOf(app, PORTAL, {}, token);
    const big = await track("Portal big", [200, 50]);
    await prisma().enrollment.create({ data: { learnerId: learner.id, trackId: big.id } });
    await done(learner.id, big.courses.flatMap((c) => c.lessonIds).slice(0, 125));
    const many = await statementsOf(app, PORTAL, {}, token);
    expect(many.statements).toBe(few.statements);
    expect(many.statements).toBeLessThanOrEqual(2);
    const nodes = (
      many.result.data as { me: { enrollments: { edges: { node: { progress: number; track: { name: string } } }[] } } }
    ).me.enrollments.edges.map((e) => [e.node.track.name, e.node.progress]);
    expect(nodes).toEqual([
      ["Portal big", 50],
      ["Portal small", 0],
    ]);
  });
});
