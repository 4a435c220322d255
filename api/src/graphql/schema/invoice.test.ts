import { describe, expect, it } from "vitest";
import { learnerWithToken } from "#testing/accounts.ts";
import { globalId, refusalOf, SEEDED, seededApp, statementsOf } from "../testing.ts";

describe("Invoice (schema/invoice.ts)", () => {
  const s = seededApp();

  const LIST = "{ invoices(first: 10) { totalCount edges { node { amount status flaggedReason learner { fullName } track { name } } } } }";
  const invoicesPerLearner = SEEDED.enrollmentsPerLearner + 1;

  it("staff who read invoices see every invoice; instructors, learners, pending staff and strangers are refused", async () => {
    for (const token of [s.who.owner, s.who.manager, s.who.finance]) {
      const { data, errors } = await s.app.graphql(LIST, {}, token);
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
    expect(refusalOf(await s.app.graphql(LIST, {}, s.who.stranger))).toBe("NotAuthenticatedError");
    for (const token of [s.who.learner, s.who.instructor, s.who.pending])
      expect(refusalOf(await s.app.graphql(LIST, {}, token))).toBe("ForbiddenError");
  });

  it("a page of 10 invoices with each one's learner and track sends a fixed number of SQL statements", async () => {
    const { result, statements } = await statementsOf(s.app, LIST, {}, s.who.finance);
    expect(result.data.invoices.edges).toHaveLength(10);
    expect(statements).toBe(3);
  });

  it("a learner reads their own invoice by id, not another learner's, and never its flagged reason", async () => {
    const { learner, token } = await learnerWithToken(s.app);
    const invoice = await s.app.services.db.prisma.invoice.create({
      data: { learnerId: learner.id, amountCents: 500, status: "FAILED", flaggedReason: "amount mismatch" },
    });
    const query = "query ($id: ID!) { node(id: $id) { ... on Invoice { amount status } } }";
    const id = globalId("Invoice", invoice.id);
    expect((await s.app.graphql(query, { id }, token)).data.node).toEqual({ amount: 5, status: "FAILED" });
    const flagged = await s.app.graphql("query ($id: ID!) { node(id: $id) { ... on Invoice { flaggedReason } } }", { id }, token);
    expect(refusalOf(flagged)).toBe("ForbiddenError");
    expect(
      (await s.app.graphql("query ($id: ID!) { node(id: $id) { ... on Invoice { flaggedReason } } }", { id }, s.who.finance)).data.node,
    ).toEqual({
      flaggedReason: "amount mismatch",
    });
    for (const other of [s.who.otherLearner, s.who.instructor, s.who.stranger]) {
      const answer = await s.app.graphql(query, { id }, other);
      expect(answer.data.node).toBeNull();
      expect(refusalOf(answer)).not.toBeNull();
    }
  });
});
