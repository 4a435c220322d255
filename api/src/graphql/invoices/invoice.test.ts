import { describe, expect, it } from "vitest";
import { learnerWithToken } from "#testing/accounts.ts";
import { globalId, refusalOf, SEEDED, seededApp, statementsOf } from "#testing/graphql.ts";

describe("Invoice (invoices/invoice.ts)", () => {
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
    expect(statements).toBe(2);
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

  describe("paid records are locked; pending ones are voided (invoices/invoice-void.ts)", () => {
    const UPDATE = `mutation ($id: ID!, $input: InvoiceInput!) {
      updateInvoice(id: $id, input: $input) { __typename ... on Error { message } ... on InvoicePayload { invoice { amount status } } }
    }`;
    const DELETE = "mutation ($id: ID!) { deleteInvoice(id: $id) { __typename ... on Error { message } } }";
    const VOID = `mutation ($input: VoidInvoiceInput!) {
      voidInvoice(input: $input) { __typename ... on Error { message } ... on VoidInvoicePayload { invoice { status voidReason voidedAt paidRecord } } }
    }`;
    const READ = "query ($id: ID!) { node(id: $id) { ... on Invoice { amount status paidRecord description track { name } } } }";

    it("a paid invoice answers ConflictError to a change of its money and to a delete, and reads as a paid record", async () => {
      const { prisma } = s.app.services.db;
      const paid = await prisma.invoice.findFirstOrThrow({ where: { status: "PAID", trackId: { not: null } }, include: { track: true } });
      const id = globalId("Invoice", paid.id);
      const input = { learnerId: globalId("Learner", paid.learnerId as string), amount: 0.01, status: "PAID" };
      const update = await s.app.graphql(UPDATE, { id, input }, s.who.finance);
      expect(update.data.updateInvoice).toEqual({
        __typename: "ConflictError",
        message: "This invoice is paid: its amount, learner, track and status can't change. Record a refund instead.",
      });
      expect((await s.app.graphql(DELETE, { id }, s.who.owner)).data.deleteInvoice).toEqual({
        __typename: "ConflictError",
        message: "Paid invoices can't be deleted; they stay for the books. Record a refund instead.",
      });
      expect((await s.app.graphql(VOID, { input: { id, reason: "Wrong learner" } }, s.who.finance)).data.voidInvoice).toEqual({
        __typename: "ConflictError",
        message: "Paid invoices can't be voided. Record a refund instead.",
      });
      expect((await s.app.graphql(READ, { id }, s.who.finance)).data.node).toEqual({
        amount: 100,
        status: "PAID",
        paidRecord: true,
        description: null,
        track: { name: paid.track?.name },
      });
      const { track: _, ...row } = paid;
      expect(await prisma.invoice.findUniqueOrThrow({ where: { id: paid.id } })).toEqual(row);
    });

    it("finance and owners void a pending invoice with a reason; managers, instructors and learners are refused", async () => {
      const { prisma } = s.app.services.db;
      const { learner, token: ownToken } = await learnerWithToken(s.app);
      const pending = await prisma.invoice.create({ data: { learnerId: learner.id, amountCents: 700, description: "Exam fee" } });
      const id = globalId("Invoice", pending.id);
      for (const token of [s.who.manager, s.who.instructor, s.who.learner])
        expect((await s.app.graphql(VOID, { input: { id, reason: "x" } }, token)).data.voidInvoice.__typename).toBe("ForbiddenError");
      expect((await s.app.graphql(VOID, { input: { id, reason: " " } }, s.who.finance)).data.voidInvoice).toEqual({
        __typename: "ValidationError",
        message: "Give a reason for voiding the invoice.",
      });
      const voided = await s.app.graphql(VOID, { input: { id, reason: "Duplicate" } }, s.who.finance);
      expect(voided.data.voidInvoice).toMatchObject({
        __typename: "VoidInvoicePayload",
        invoice: { status: "VOID", voidReason: "Duplicate", paidRecord: false },
      });
      expect((await s.app.graphql(READ, { id }, s.who.owner)).data.node).toMatchObject({ description: "Exam fee", track: null });
      // The learner sees their invoice is void and what it was for, not finance's reason.
      expect((await s.app.graphql(READ, { id }, ownToken)).data.node).toMatchObject({ status: "VOID", description: "Exam fee" });
      const reason = await s.app.graphql("query ($id: ID!) { node(id: $id) { ... on Invoice { voidReason } } }", { id }, ownToken);
      expect(refusalOf(reason)).toBe("ForbiddenError");
    });
  });

  it("each invoice carries its total with its currency", async () => {
    const { data } = await s.app.graphql(
      "{ invoices(first: 10) { edges { node { amount currency total { amount minor currency formatted } } } } }",
      {},
      s.who.finance,
    );
    for (const { node } of data.invoices.edges) {
      expect(node.total).toEqual({
        amount: node.amount,
        minor: Math.round(node.amount * 100),
        currency: "USD",
        formatted: `$${node.amount.toFixed(2)}`,
      });
      expect(node.currency).toBe("USD");
    }
  });
});
