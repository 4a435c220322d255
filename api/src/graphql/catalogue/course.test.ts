import { describe, expect, it } from "vitest";
import { refusalOf, SEEDED, seededApp, statementsOf } from "#testing/graphql.ts";

describe("Course (catalogue/course.ts)", () => {
  const s = seededApp();

  const LIST = "{ courses(first: 10) { totalCount edges { node { title track { name courseCount } } } } }";

  it("the staff list of courses: every staff role reads it; learners, pending staff and strangers are refused", async () => {
    for (const token of [s.who.owner, s.who.manager, s.who.finance, s.who.instructor]) {
      const { data, errors } = await s.app.graphql(LIST, {}, token);
      expect(errors).toBeUndefined();
      expect(data.courses.totalCount).toBe(SEEDED.tracks * SEEDED.coursesPerTrack);
      // Newest first: the last track's last course leads.
      expect(data.courses.edges[0].node).toEqual({ title: "Course 5.2", track: { name: "Track 5", courseCount: 3 } });
    }
    expect(refusalOf(await s.app.graphql(LIST, {}, s.who.stranger))).toBe("NotAuthenticatedError");
    for (const token of [s.who.learner, s.who.pending]) expect(refusalOf(await s.app.graphql(LIST, {}, token))).toBe("ForbiddenError");
  });

  it("a page of 10 courses with each one's track and its course count sends a fixed number of SQL statements", async () => {
    const { result, statements } = await statementsOf(s.app, LIST, {}, s.who.manager);
    expect(result.data.courses.edges).toHaveLength(10);
    expect(statements).toBe(2);
  });
});
