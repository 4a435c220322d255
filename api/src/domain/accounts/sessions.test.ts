import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken, logIn, TEST_PASSWORD } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";

/**
 * Sessions kept in memory (cache/sessions.ts) through the real app: a signed-in request after the first costs no
 * SQL statement to learn who asks, and every change to a session or to what it carries (logout, a password change,
 * a staff role change, deactivation, a disabled learner) applies on the very next request.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ME = "{ me { __typename ... on Admin { staffRole } } }";
const INVOICES = "{ invoices(first: 1) { totalCount } }";
const gid = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64");
const sessionReads = () => app.queries.filter((q) => /FROM "public"\."Session"/.test(q)).length;

describe("sessions kept in memory", () => {
  it("a repeated signed-in request reads its session once", async () => {
    const { token } = await learnerWithToken(app);
    app.queries.length = 0;
    for (let i = 0; i < 5; i++) expect((await app.graphql(ME, {}, token)).data).toEqual({ me: { __typename: "Learner" } });
    expect(sessionReads()).toBe(1);
  });

  it("logout ends the session on the next request", async () => {
    const { token } = await learnerWithToken(app);
    expect((await app.graphql<{ me: unknown }>(ME, {}, token)).data?.me).not.toBeNull();
    expect((await app.graphql<{ logout: { __typename: string } }>("mutation { logout { __typename } }", {}, token)).data?.logout).toEqual({
      __typename: "MessagePayload",
    });
    expect((await app.graphql<{ me: unknown }>(ME, {}, token)).data?.me).toBeNull();
  });

  it("a password change ends the account's other sessions on their next request", async () => {
    const { learner } = await learnerWithToken(app);
    const first = await logIn(app, learner.email, TEST_PASSWORD);
    const second = await logIn(app, learner.email, TEST_PASSWORD);
    expect((await app.graphql<{ me: unknown }>(ME, {}, first)).data?.me).not.toBeNull();
    const changed = await app.graphql<{ updateLearnerProfile: { __typename: string } }>(
      `mutation ($input: UpdateLearnerProfileInput!) { updateLearnerProfile(input: $input) { __typename } }`,
      {
        input: {
          firstName: "Test",
          lastName: "Learner",
          contact: "+234 801 000 0000",
          description: "Learning.",
          currentPassword: TEST_PASSWORD,
          newPassword: "Quartz!Lamp7-Tiger",
          confirmNewPassword: "Quartz!Lamp7-Tiger",
        },
      },
      second,
    );
    expect(changed.errors).toBeUndefined();
    expect(changed.data?.updateLearnerProfile).toEqual({ __typename: "UpdateLearnerProfilePayload" });
    expect((await app.graphql<{ me: unknown }>(ME, {}, first)).data?.me).toBeNull();
  });

  it("a staff role change and a deactivation apply to the very next request", async () => {
    const { token: ownerToken } = await adminWithToken(app, "OWNER");
    const { admin, token } = await adminWithToken(app, "INSTRUCTOR");
    // An instructor may not read invoices; the session is now kept.
    const refused = await app.graphql(INVOICES, {}, token);
    expect(refused.errors?.[0]?.message).toBeTruthy();
    expect((await app.graphql(ME, {}, token)).data).toEqual({ me: { __typename: "Admin", staffRole: "INSTRUCTOR" } });
    const update = (input: Record<string, unknown>) =>
      app.graphql<{ updateStaff: { __typename: string } }>(
        "mutation ($id: ID!, $input: UpdateStaffInput!) { updateStaff(id: $id, input: $input) { __typename } }",
        { id: gid("Admin", admin.id), input },
        ownerToken,
      );
    expect((await update({ role: "FINANCE" })).data?.updateStaff.__typename).not.toMatch(/Error$/);
    const allowed = await app.graphql<{ invoices: { totalCount: number } }>(INVOICES, {}, token);
    expect(allowed.errors).toBeUndefined();
    expect(typeof allowed.data?.invoices.totalCount).toBe("number");
    expect((await update({ disabled: true })).data?.updateStaff.__typename).not.toMatch(/Error$/);
    expect((await app.graphql<{ me: unknown }>(ME, {}, token)).data?.me).toBeNull();
  });

  it("disabling a learner ends their session on the next request", async () => {
    const { token: ownerToken } = await adminWithToken(app, "OWNER");
    const { learner, token } = await learnerWithToken(app);
    expect((await app.graphql<{ me: unknown }>(ME, {}, token)).data?.me).not.toBeNull();
    const disabled = await app.graphql<{ disableLearner: { __typename: string } }>(
      "mutation ($id: ID!) { disableLearner(id: $id) { __typename } }",
      { id: gid("Learner", learner.id) },
      ownerToken,
    );
    expect(disabled.data?.disableLearner.__typename).not.toMatch(/Error$/);
    expect((await app.graphql<{ me: unknown }>(ME, {}, token)).data?.me).toBeNull();
  });
});
