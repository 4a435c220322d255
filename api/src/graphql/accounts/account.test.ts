import { describe, expect, it } from "vitest";
import { adminWithToken } from "#testing/accounts.ts";
import { globalId, refusalOf, seededApp, statementsOf } from "#testing/graphql.ts";

describe("Account, Admin and Learner (accounts/account.ts): me and reading an account", () => {
  const s = seededApp();

  const ME = "{ me { __typename fullName ... on Learner { bio trackCount } ... on Admin { staffRole status permissions } } }";

  it("me: null for a stranger, the learner or the staff account (pending or not) of the session", async () => {
    expect((await s.app.graphql(ME)).data.me).toBeNull();
    expect((await s.app.graphql(ME, {}, s.who.learner)).data.me).toEqual({
      __typename: "Learner",
      fullName: "Test Learner",
      bio: null,
      trackCount: 0,
    });
    expect((await s.app.graphql(ME, {}, s.who.finance)).data.me).toMatchObject({
      __typename: "Admin",
      staffRole: "FINANCE",
      status: "ACTIVE",
    });
    expect((await s.app.graphql(ME, {}, s.who.pending)).data.me).toEqual({
      __typename: "Admin",
      fullName: "Test Admin",
      staffRole: null,
      status: "PENDING",
      permissions: [],
    });
  });

  it("a learner's me with enrollments, tracks and invoices sends a fixed number of SQL statements", async () => {
    const learnerId = s.seeded.learnerIds[0] as string;
    const { createSession } = await import("../../domain/accounts/login.ts");
    const token = await createSession(s.app.services.db.prisma, "LEARNER", learnerId);
    const query = `{ me { ... on Learner { fullName trackCount totalPaid
      enrollments(first: 10) { edges { node { track { name courseCount } } } }
      invoices(first: 10) { edges { node { amount status track { name } } } } } } }`;
    const { result, statements } = await statementsOf(s.app, query, {}, token);
    expect(result.data.me).toMatchObject({ fullName: "First0 Last0", trackCount: 2, totalPaid: 200 });
    expect(statements).toBe(2);
  });

  it("a staff account read by id: owners and that account (pending too); other staff and learners get null", async () => {
    const { admin, token } = await adminWithToken(s.app, null);
    const id = globalId("Admin", admin.id);
    const query = "query ($id: ID!) { node(id: $id) { ... on Admin { email status } } }";
    for (const reader of [token, s.who.owner])
      expect((await s.app.graphql(query, { id }, reader)).data.node).toEqual({ email: admin.email, status: "PENDING" });
    for (const other of [s.who.manager, s.who.pending, s.who.learner, s.who.stranger]) {
      const answer = await s.app.graphql(query, { id }, other);
      expect(answer.data.node).toBeNull();
      expect(refusalOf(answer)).not.toBeNull();
    }
  });
});
