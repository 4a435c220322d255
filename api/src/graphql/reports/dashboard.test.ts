import { describe, expect, it } from "vitest";
import { refusalOf, SEEDED, seededApp, statementsOf } from "#testing/graphql.ts";

describe("Dashboard (reports/dashboard.ts)", () => {
  const s = seededApp();

  const DASHBOARD = `{ dashboard { totalLearners { value } revenue { value } invoices { value } revenueByMonth { month revenue } }
    tracks(first: 4) { edges { node { name courseCount } } }
    invoices(first: 4) { edges { node { amount learner { fullName } track { name } } } } }`;

  it("owners, managers and finance read it; instructors, learners, pending staff and strangers are refused", async () => {
    for (const token of [s.who.owner, s.who.manager, s.who.finance]) {
      const { data, errors } = await s.app.graphql(DASHBOARD, {}, token);
      expect(errors).toBeUndefined();
      // The seeded learners and the two learners of the callers.
      expect(data.dashboard.totalLearners.value).toBe(SEEDED.learners + 2);
      expect(data.dashboard.revenue.value).toBe(SEEDED.learners * SEEDED.enrollmentsPerLearner * 100);
      expect(data.dashboard.invoices.value).toBe(SEEDED.learners * (SEEDED.enrollmentsPerLearner + 1));
      expect(data.dashboard.revenueByMonth).toHaveLength(6);
    }
    expect(refusalOf(await s.app.graphql("{ dashboard { revenue { value } } }", {}, s.who.stranger))).toBe("NotAuthenticatedError");
    for (const token of [s.who.instructor, s.who.learner, s.who.pending]) {
      expect(refusalOf(await s.app.graphql("{ dashboard { revenue { value } } }", {}, token))).toBe("ForbiddenError");
    }
  });

  it("the dashboard screen's query (figures, recent tracks, latest invoices) sends a fixed number of SQL statements", async () => {
    const { statements } = await statementsOf(s.app, DASHBOARD, {}, s.who.manager);
    expect(statements).toBe(6);
  });
});
