import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerWithToken } from "../../test/accounts.ts";
import { callers, globalId, refusalOf, SEEDED, type Seeded, seedCatalogue, startTestApp, statementsOf, type TestApp } from "../testing.ts";

describe("Learner (schema/learner.ts, schema/account.ts)", () => {
  let app: TestApp;
  let seeded: Seeded;
  let who: Awaited<ReturnType<typeof callers>>;
  beforeAll(async () => {
    app = await startTestApp();
    seeded = await seedCatalogue(app);
    who = await callers(app);
  });
  afterAll(() => app.close());

  // The list's rows carry each learner's counts and totals (the admin table); deeper lists are read per learner below.
  const LIST = `{ learners(first: 10, search: "Last") { totalCount edges { node { fullName bio trackCount totalPaid } } } }`;

  it("staff who read learners see them all, with their track count, paid total and bio; others are refused", async () => {
    for (const token of [who.owner, who.manager, who.finance]) {
      const { data, errors } = await app.graphql(LIST, {}, token);
      expect(errors).toBeUndefined();
      expect(data.learners.totalCount).toBe(SEEDED.learners);
      const newest = data.learners.edges[0].node;
      expect(newest).toEqual({ fullName: "First5 Last5", bio: "Bio 5", trackCount: 2, totalPaid: 200 });
    }
    expect(refusalOf(await app.graphql(LIST, {}, who.stranger))).toBe("NotAuthenticatedError");
    for (const token of [who.learner, who.instructor, who.pending])
      expect(refusalOf(await app.graphql(LIST, {}, token))).toBe("ForbiddenError");
  });

  it("a page of learners with their track counts and paid totals sends a fixed number of SQL statements", async () => {
    const { result, statements } = await statementsOf(app, LIST, {}, who.finance);
    expect(result.data.learners.edges).toHaveLength(SEEDED.learners);
    expect(statements).toBe(3);
  });

  it("one learner's enrollments (newest first) and invoices, with their tracks, send a fixed number of SQL statements", async () => {
    const query = `query ($id: ID!) { node(id: $id) { ... on Learner {
      enrollments(first: 10) { edges { node { track { name } } } }
      invoices(first: 10) { edges { node { amount track { name } } } } } } }`;
    const id = globalId("Learner", seeded.learnerIds[5] as string);
    const { result, statements } = await statementsOf(app, query, { id }, who.manager);
    expect(result.data.node.enrollments.edges.map((e: { node: { track: { name: string } } }) => e.node.track.name)).toEqual([
      "Track 0",
      "Track 5",
    ]);
    expect(result.data.node.invoices.edges.map((e: { node: { amount: number } }) => e.node.amount)).toEqual([25, 100, 100]);
    expect(statements).toBe(2);
  });

  it("a learner read by id: staff who read learners, and that learner only; another learner gets null and an error", async () => {
    const { learner, token } = await learnerWithToken(app);
    const id = globalId("Learner", learner.id);
    const query = "query ($id: ID!) { node(id: $id) { ... on Learner { email } } }";
    expect((await app.graphql(query, { id }, token)).data.node).toEqual({ email: learner.email });
    expect((await app.graphql(query, { id }, who.manager)).data.node).toEqual({ email: learner.email });
    for (const other of [who.otherLearner, who.instructor, who.stranger]) {
      const answer = await app.graphql(query, { id }, other);
      expect(answer.data.node).toBeNull();
      expect(refusalOf(answer)).not.toBeNull();
    }
  });
});
