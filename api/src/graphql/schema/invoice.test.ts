import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerWithToken } from "../../test/accounts.ts";
import { callers, globalId, refusalOf, SEEDED, seedCatalogue, startTestApp, statementsOf, type TestApp } from "../testing.ts";

describe("Invoice (schema/invoice.ts)", () => {
  let app: TestApp;
  let who: Awaited<ReturnType<typeof callers>>;
  beforeAll(async () => {
    app = await startTestApp();
    await seedCatalogue(app);
    who = await callers(app);
  });
  afterAll(() => app.close());

  const LIST = "{ invoices(first: 10) { totalCount edges { node { amount status flaggedReason learner { fullName } track { name } } } } }";
  const invoicesPerLearner = SEEDED.enrollmentsPerLearner + 1;

  it("staff who read invoices see every invoice; instructors, learners, pending staff and strangers are refused", async () => {
    for (const token of [who.owner, who.manager, who.finance]) {
      const { data, errors } = await app.graphql(LIST, {}, token);
      expect(errors).toBeUndefined();
      expect(data.invoices.totalCount).toBe(SEEDED.learners * invoicesPerLearner);
      // Newest first: the last learner's pending invoice, written without a track.
      expect(data.invoices.edges[0].node).toEqual({
        amount: 25,
        status: "PENDING",
        flaggedReason: null,
        learner: { fullName: "First5 Last5" },
        track: null,
      });
    }
    expect(refusalOf(await app.graphql(LIST, {}, who.stranger))).toBe("NotAuthenticatedError");
    for (const token of [who.learner, who.instructor, who.pending])
      expect(refusalOf(await app.graphql(LIST, {}, token))).toBe("ForbiddenError");
  });

  it("a page of 10 invoices with each one's learner and track sends a fixed number of SQL statements", async () => {
    const { result, statements } = await statementsOf(app, LIST, {}, who.finance);
    expect(result.data.invoices.edges).toHaveLength(10);
    expect(statements).toBe(3);
  });

  it("a learner reads their own invoice by id, not another learner's, and never its flagged reason", async () => {
    const { learner, token } = await learnerWithToken(app);
    const invoice = await app.services.db.prisma.invoice.create({
      data: { learnerId: learner.id, amountCents: 500, status: "FAILED", flaggedReason: "amount mismatch" },
    });
    const query = "query ($id: ID!) { node(id: $id) { ... on Invoice { amount status } } }";
    const id = globalId("Invoice", invoice.id);
    expect((await app.graphql(query, { id }, token)).data.node).toEqual({ amount: 5, status: "FAILED" });
    const flagged = await app.graphql("query ($id: ID!) { node(id: $id) { ... on Invoice { flaggedReason } } }", { id }, token);
    expect(refusalOf(flagged)).toBe("ForbiddenError");
    expect(
      (await app.graphql("query ($id: ID!) { node(id: $id) { ... on Invoice { flaggedReason } } }", { id }, who.finance)).data.node,
    ).toEqual({
      flaggedReason: "amount mismatch",
    });
    for (const other of [who.otherLearner, who.instructor, who.stranger]) {
      const answer = await app.graphql(query, { id }, other);
      expect(answer.data.node).toBeNull();
      expect(refusalOf(answer)).not.toBeNull();
    }
  });
});
