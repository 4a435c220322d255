import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callers, refusalOf, SEEDED, seedCatalogue, startTestApp, statementsOf, type TestApp } from "../testing.ts";

describe("Dashboard (schema/dashboard.ts)", () => {
  let app: TestApp;
  let who: Awaited<ReturnType<typeof callers>>;
  beforeAll(async () => {
    app = await startTestApp();
    await seedCatalogue(app);
    who = await callers(app);
  });
  afterAll(() => app.close());

  const DASHBOARD = `{ dashboard { totalLearners { value } revenue { value } invoices { value } revenueByMonth { month revenue } }
    tracks(first: 4) { edges { node { name courseCount } } }
    invoices(first: 4) { edges { node { amount learner { fullName } track { name } } } } }`;

  it("owners, managers and finance read it; instructors, learners, pending staff and strangers are refused", async () => {
    for (const token of [who.owner, who.manager, who.finance]) {
      const { data, errors } = await app.graphql(DASHBOARD, {}, token);
      expect(errors).toBeUndefined();
      // The seeded learners and the two learners of the callers.
      expect(data.dashboard.totalLearners.value).toBe(SEEDED.learners + 2);
      expect(data.dashboard.revenue.value).toBe(SEEDED.learners * SEEDED.enrollmentsPerLearner * 100);
      expect(data.dashboard.invoices.value).toBe(SEEDED.learners * (SEEDED.enrollmentsPerLearner + 1));
      expect(data.dashboard.revenueByMonth).toHaveLength(6);
    }
    expect(refusalOf(await app.graphql("{ dashboard { revenue { value } } }", {}, who.stranger))).toBe("NotAuthenticatedError");
    for (const token of [who.instructor, who.learner, who.pending]) {
      expect(refusalOf(await app.graphql("{ dashboard { revenue { value } } }", {}, token))).toBe("ForbiddenError");
    }
  });

  it("the dashboard screen's query (figures, recent tracks, latest invoices) sends a fixed number of SQL statements", async () => {
    const { statements } = await statementsOf(app, DASHBOARD, {}, who.manager);
    expect(statements).toBe(7);
  });
});
