import { describe, expect, it } from "vitest";
import { learnerWithToken } from "#testing/accounts.ts";
import { globalId, refusalOf, SEEDED, seededApp, statementsOf } from "../testing.ts";

describe("Learner (schema/learner.ts, schema/account.ts)", () => {
  const s = seededApp();

  // The list's rows carry each learner's counts and totals (the admin table); deeper lists are read per learner below.
  const LIST = `{ learners(first: 10, search: "Last") { totalCount edges { node { fullName bio trackCount totalPaid } } } }`;

  it("staff who read learners see them all, with their track count, paid total and bio; others are refused", async () => {
    for (const token of [s.who.owner, s.who.manager, s.who.finance]) {
      const { data, errors } = await s.app.graphql(LIST, {}, token);
      expect(errors).toBeUndefined();
      expect(data.learners.totalCount).toBe(SEEDED.learners);
      const newest = data.learners.edges[0].node;
      expect(newest).toEqual({ fullName: "First5 Last5", bio: "Bio 5", trackCount: 2, totalPaid: 200 });
    }
    expect(refusalOf(await s.app.graphql(LIST, {}, s.who.stranger))).toBe("NotAuthenticatedError");
    for (const token of [s.who.learner, s.who.instructor, s.who.pending])
      expect(refusalOf(await s.app.graphql(LIST, {}, token))).toBe("ForbiddenError");
  });

  it("a page of learners with their track counts and paid totals sends a fixed number of SQL statements", async () => {
    const { result, statements } = await statementsOf(s.app, LIST, {}, s.who.finance);
    expect(result.data.learners.edges).toHaveLength(SEEDED.learners);
    expect(statements).toBe(3);
  });

  it("one learner's enrollments (newest first) and invoices, with their tracks, send a fixed number of SQL statements", async () => {
    const query = `query ($id: ID!) { node(id: $id) { ... on Learner {
      enrollments(first: 10) { edges { node { track { name } } } }
      invoices(first: 10) { edges { node { amount track { name } } } } } } }`;
    const id = globalId("Learner", s.seeded.learnerIds[5] as string);
    const { result, statements } = await statementsOf(s.app, query, { id }, s.who.manager);
    expect(result.data.node.enrollments.edges.map((e: { node: { track: { name: string } } }) => e.node.track.name)).toEqual([
      "Track 0",
      "Track 5",
    ]);
    expect(result.data.node.invoices.edges.map((e: { node: { amount: number } }) => e.node.amount)).toEqual([25, 100, 100]);
    expect(statements).toBe(2);
  });

  it("a learner read by id: staff who read learners, and that learner only; another learner gets null and an error", async () => {
    const { learner, token } = await learnerWithToken(s.app);
    const id = globalId("Learner", learner.id);
    const query = "query ($id: ID!) { node(id: $id) { ... on Learner { email } } }";
    expect((await s.app.graphql(query, { id }, token)).data.node).toEqual({ email: learner.email });
    expect((await s.app.graphql(query, { id }, s.who.manager)).data.node).toEqual({ email: learner.email });
    for (const other of [s.who.otherLearner, s.who.instructor, s.who.stranger]) {
      const answer = await s.app.graphql(query, { id }, other);
      expect(answer.data.node).toBeNull();
      expect(refusalOf(answer)).not.toBeNull();
    }
  });
});
