import { beforeAll, describe, expect, it } from "vitest";
import { learnerWithToken } from "#testing/accounts.ts";
import { globalId, refusalOf, seededApp, statementsOf } from "#testing/graphql.ts";

describe("Enrollment (learning/enrollment.ts)", () => {
  const s = seededApp();
  let mine: { token: string; enrollmentIds: string[] };
  beforeAll(async () => {
    const { learner, token } = await learnerWithToken(s.app);
    const enrollmentIds = [];
    for (const [i, trackId] of s.seeded.trackIds.entries()) {
      const enrollment = await s.app.services.db.prisma.enrollment.create({
        data: { learnerId: learner.id, trackId, createdAt: new Date(Date.UTC(2026, 1, 1 + i)) },
      });
      enrollmentIds.push(enrollment.id);
    }
    mine = { token, enrollmentIds };
  });

  const MINE = "{ me { ... on Learner { enrollments(first: 10) { edges { node { status track { name courseCount } } } } } } }";

  it("a learner's enrollments, newest first, each with its track and the track's course count", async () => {
    const { data, errors } = await s.app.graphql(MINE, {}, mine.token);
    expect(errors).toBeUndefined();
    const names = data.me.enrollments.edges.map((e: { node: { track: { name: string } } }) => e.node.track.name);
    expect(names).toEqual(["Track 5", "Track 4", "Track 3", "Track 2", "Track 1", "Track 0"]);
    expect(data.me.enrollments.edges[0].node).toMatchObject({ status: "ACTIVE", track: { courseCount: 3 } });
  });

  it("six enrollments with their tracks and course counts send a fixed number of SQL statements", async () => {
    const { statements } = await statementsOf(s.app, MINE, {}, mine.token);
    expect(statements).toBe(1);
  });

  it("an enrollment read by id: its learner and staff who read learners; another learner or an instructor get null", async () => {
    const id = globalId("Enrollment", mine.enrollmentIds[0] as string);
    const query = "query ($id: ID!) { node(id: $id) { ... on Enrollment { track { name } } } }";
    for (const token of [mine.token, s.who.owner, s.who.manager, s.who.finance]) {
      expect((await s.app.graphql(query, { id }, token)).data.node).toEqual({ track: { name: "Track 0" } });
    }
    for (const other of [s.who.otherLearner, s.who.instructor, s.who.pending, s.who.stranger]) {
      const answer = await s.app.graphql(query, { id }, other);
      expect(answer.data.node).toBeNull();
      expect(refusalOf(answer)).not.toBeNull();
    }
  });
});
