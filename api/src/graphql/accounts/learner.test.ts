import { describe, expect, it } from "vitest";
import { lastMailTo, learnerWithToken, logIn, resetTokenIn, TEST_PASSWORD } from "#testing/accounts.ts";
import { rest } from "#testing/app.ts";
import { globalId, refusalOf, SEEDED, seededApp, statementsOf } from "#testing/graphql.ts";

describe("Learner (accounts/learner.ts, accounts/account.ts)", () => {
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
    expect(statements).toBe(2);
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
    expect(statements).toBe(1);
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

describe("Staff actions on a learner (accounts/learner.ts, domain/accounts/learner-actions.ts)", () => {
  const s = seededApp();
  const ENROLL = `mutation ($learnerId: ID!, $trackId: ID!) {
    enrollLearner(learnerId: $learnerId, trackId: $trackId) { __typename ... on EnrollmentPayload { enrollment { id track { name } } } ... on Error { message } }
  }`;
  const DISABLE = `mutation ($id: ID!) { disableLearner(id: $id) { __typename ... on LearnerPayload { learner { disabled } } ... on Error { message } } }`;
  const ENABLE = `mutation ($id: ID!) { enableLearner(id: $id) { ... on LearnerPayload { learner { disabled } } ... on Error { message } } }`;
  const RESET = `mutation ($id: ID!) { sendLearnerPasswordReset(id: $id) { __typename ... on MessagePayload { message } ... on Error { message } } }`;
  /** Refused: an error at the top level, or the field answered one of the Error types. */
  const refused = (answer: { data?: any; errors?: unknown[] }, field: string) =>
    !!answer.errors?.length || /Error$/.test(answer.data?.[field]?.__typename ?? "");

  it("only owners and managers may act on a learner; everyone else is refused and nothing changes", async () => {
    const { learner } = await learnerWithToken(s.app);
    const id = globalId("Learner", learner.id);
    const trackId = globalId("Track", s.seeded.trackIds[0] as string);
    for (const token of [s.who.stranger, s.who.learner, s.who.pending, s.who.finance, s.who.instructor]) {
      expect(refused(await s.app.graphql(ENROLL, { learnerId: id, trackId }, token), "enrollLearner")).toBe(true);
      expect(refused(await s.app.graphql(DISABLE, { id }, token), "disableLearner")).toBe(true);
      expect(refused(await s.app.graphql(RESET, { id }, token), "sendLearnerPasswordReset")).toBe(true);
    }
    const { prisma } = s.app.services.db;
    expect(await prisma.enrollment.count({ where: { learnerId: learner.id } })).toBe(0);
    expect((await prisma.learner.findUniqueOrThrow({ where: { id: learner.id } })).disabled).toBe(false);
    for (const token of [s.who.owner, s.who.manager]) {
      const other = await learnerWithToken(s.app);
      const answer = await s.app.graphql(ENROLL, { learnerId: globalId("Learner", other.learner.id), trackId }, token);
      expect(answer.data.enrollLearner.enrollment.track.name).toBe("Track 0");
    }
  });

  it("a comp enrollment is made exactly once under concurrent calls, with one audit entry", async () => {
    const { learner } = await learnerWithToken(s.app);
    const variables = { learnerId: globalId("Learner", learner.id), trackId: globalId("Track", s.seeded.trackIds[1] as string) };
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => s.app.graphql(ENROLL, variables, i % 2 ? s.who.owner : s.who.manager)),
    );
    const made = answers.filter((a) => a.data?.enrollLearner?.enrollment);
    expect(made).toHaveLength(1);
    for (const a of answers.filter((a) => !a.data?.enrollLearner?.enrollment)) {
      expect(a.data?.enrollLearner?.message).toBe("This learner is already enrolled in this track.");
    }
    const { prisma } = s.app.services.db;
    expect(await prisma.enrollment.count({ where: { learnerId: learner.id } })).toBe(1);
    expect(await prisma.invoice.count({ where: { learnerId: learner.id } })).toBe(0);
    const enrollment = await prisma.enrollment.findFirstOrThrow({ where: { learnerId: learner.id } });
    expect(await prisma.auditEntry.count({ where: { action: "enrollment.comp", entityId: enrollment.id } })).toBe(1);
  });

  it("a draft, an archived track, an unknown track or an unknown learner is refused with a clear message", async () => {
    const { learner } = await learnerWithToken(s.app);
    const draft = await s.app.services.db.prisma.track.create({
      data: { name: "Draft", priceCents: 0, duration: "1 week", instructor: "Ada", description: "x", status: "DRAFT" },
    });
    const archived = await s.app.services.db.prisma.track.create({
      data: { name: "Archived", priceCents: 0, duration: "1 week", instructor: "Ada", description: "x", archivedAt: new Date() },
    });
    const learnerId = globalId("Learner", learner.id);
    const cases = [
      [{ learnerId, trackId: globalId("Track", draft.id) }, "Publish the track before enrolling learners in it."],
      [{ learnerId, trackId: globalId("Track", archived.id) }, "This track is archived: restore it before enrolling learners in it."],
      [{ learnerId, trackId: globalId("Track", "00000000-0000-4000-8000-000000000000") }, "Track not found."],
      [
        { learnerId: globalId("Learner", "00000000-0000-4000-8000-000000000000"), trackId: globalId("Track", draft.id) },
        "Learner not found.",
      ],
    ] as const;
    for (const [variables, message] of cases) {
      expect((await s.app.graphql(ENROLL, variables, s.who.owner)).data.enrollLearner.message).toBe(message);
    }
    expect(await s.app.services.db.prisma.enrollment.count({ where: { learnerId: learner.id } })).toBe(0);
  });

  it("a comp enrollment racing the track's deletion is either kept (the track is archived) or refused, never a server error", async () => {
    const { prisma } = s.app.services.db;
    for (let round = 0; round < 4; round++) {
      const track = await prisma.track.create({
        data: { name: `Race ${round}`, priceCents: 0, duration: "1 week", instructor: "Ada", description: "x" },
      });
      const learners = await Promise.all(Array.from({ length: 3 }, () => learnerWithToken(s.app)));
      const trackId = globalId("Track", track.id);
      const DELETE = `mutation ($id: ID!) { deleteTrack(id: $id) { __typename ... on DeletePayload { archived } ... on Error { message } } }`;
      const [deleted, ...enrolls] = await Promise.all([
        s.app.graphql(DELETE, { id: trackId }, s.who.owner),
        ...learners.map(({ learner }) => s.app.graphql(ENROLL, { learnerId: globalId("Learner", learner.id), trackId }, s.who.owner)),
      ]);
      for (const answer of [deleted, ...enrolls]) expect(answer.errors).toBeUndefined();
      const kept = await prisma.enrollment.count({ where: { trackId: track.id } });
      const after = await prisma.track.findUnique({ where: { id: track.id } });
      // Enrollments that were made survive, on an archived track; otherwise the track is gone and every comp was refused.
      if (kept > 0) expect(after?.archivedAt).toBeInstanceOf(Date);
      else expect(after === null || after.archivedAt !== null).toBe(true);
      for (const answer of enrolls.filter((a) => !a.data.enrollLearner.enrollment)) {
        expect(["Track not found.", "This track is archived: restore it before enrolling learners in it."]).toContain(
          answer.data.enrollLearner.message,
        );
      }
      expect(enrolls.filter((a) => a.data.enrollLearner.enrollment)).toHaveLength(kept);
    }
  });

  it("disabling ends the learner's sessions at once and login is refused; enabling lets them log in again", async () => {
    const { learner, token } = await learnerWithToken(s.app);
    const id = globalId("Learner", learner.id);
    const me = "{ me { __typename } }";
    expect((await s.app.graphql(me, {}, token)).data.me).not.toBeNull();
    expect((await s.app.graphql(DISABLE, { id }, s.who.manager)).data.disableLearner.learner.disabled).toBe(true);
    const after = await s.app.graphql(me, {}, token);
    expect(after.data?.me ?? null).toBeNull();
    const login = await rest(s.app, "POST", "/api/auth/login", { body: { email: learner.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe("This account has been disabled.");
    expect((await s.app.graphql(ENABLE, { id }, s.who.owner)).data.enableLearner.learner.disabled).toBe(false);
    expect(await logIn(s.app, learner.email, TEST_PASSWORD)).toBeTruthy();
    const actions = await s.app.services.db.prisma.auditEntry.findMany({ where: { entityId: learner.id }, select: { action: true } });
    expect(actions.map((a) => a.action).sort()).toEqual(["learner.disable", "learner.enable"]);
  });

  it("a password reset link is mailed through the reset flow; a disabled learner gets none", async () => {
    const { learner } = await learnerWithToken(s.app);
    const id = globalId("Learner", learner.id);
    const answer = await s.app.graphql(RESET, { id }, s.who.owner);
    expect(answer.data.sendLearnerPasswordReset.message).toBe("A password reset link has been sent to the learner.");
    const mail = await lastMailTo(s.app, learner.email);
    expect(resetTokenIn(mail).token.length).toBeGreaterThan(10);
    await s.app.graphql(DISABLE, { id }, s.who.owner);
    expect((await s.app.graphql(RESET, { id }, s.who.owner)).data.sendLearnerPasswordReset.message).toBe(
      "The learner's account is disabled.",
    );
  });

  it("a learner's total paid comes with its currency, and per currency; a page of them costs the same statements", async () => {
    const list = `{ learners(first: 10, search: "Last") { edges { node { totalPaid totalPaidMoney { amount currency formatted } totalsPaid { amount currency } } } } }`;
    const { result, statements } = await statementsOf(s.app, list, {}, s.who.finance);
    expect(statements).toBe(2);
    expect(result.data.learners.edges[0].node).toEqual({
      totalPaid: 200,
      totalPaidMoney: { amount: 200, currency: "USD", formatted: "$200.00" },
      totalsPaid: [{ amount: 200, currency: "USD" }],
    });
  });
});
