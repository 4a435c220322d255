import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callers, refusalOf, SEEDED, seedCatalogue, startTestApp, statementsOf, type TestApp } from "../testing.ts";

describe("Course (schema/course.ts)", () => {
  let app: TestApp;
  let who: Awaited<ReturnType<typeof callers>>;
  beforeAll(async () => {
    app = await startTestApp();
    await seedCatalogue(app);
    who = await callers(app);
  });
  afterAll(() => app.close());

  const LIST = "{ courses(first: 10) { totalCount edges { node { title track { name courseCount } } } } }";

  it("the staff list of courses: every staff role reads it; learners, pending staff and strangers are refused", async () => {
    for (const token of [who.owner, who.manager, who.finance, who.instructor]) {
      const { data, errors } = await app.graphql(LIST, {}, token);
      expect(errors).toBeUndefined();
      expect(data.courses.totalCount).toBe(SEEDED.tracks * SEEDED.coursesPerTrack);
      // Newest first: the last track's last course leads.
      expect(data.courses.edges[0].node).toEqual({ title: "Course 5.2", track: { name: "Track 5", courseCount: 3 } });
    }
    expect(refusalOf(await app.graphql(LIST, {}, who.stranger))).toBe("NotAuthenticatedError");
    for (const token of [who.learner, who.pending]) expect(refusalOf(await app.graphql(LIST, {}, token))).toBe("ForbiddenError");
  });

  it("a page of 10 courses with each one's track and its course count sends a fixed number of SQL statements", async () => {
    const { result, statements } = await statementsOf(app, LIST, {}, who.manager);
    expect(result.data.courses.edges).toHaveLength(10);
    expect(statements).toBe(3);
  });
});
