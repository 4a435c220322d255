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

  it("a dollars-only install has one currency, USD, whose figures are the plain ones", async () => {
    const query = `{ dashboard { currency revenue { value currentMonth } revenueByMonth { revenue revenueMoney { currency } }
      revenueByCurrency { currency total { amount formatted } currentMonth { amount } months { revenue } } } }`;
    const { data, errors } = await s.app.graphql(query, {}, s.who.finance);
    expect(errors).toBeUndefined();
    const d = data.dashboard;
    expect(d.currency).toBe("USD");
    expect(d.revenueByCurrency).toHaveLength(1);
    expect(d.revenueByCurrency[0]).toMatchObject({ currency: "USD", total: { amount: d.revenue.value, formatted: "$1,200.00" } });
    expect(d.revenueByCurrency[0].currentMonth.amount).toBe(d.revenue.currentMonth);
    expect(d.revenueByCurrency[0].months).toEqual(d.revenueByMonth.map((m: { revenue: number }) => ({ revenue: m.revenue })));
    expect(new Set(d.revenueByMonth.map((m: { revenueMoney: { currency: string } }) => m.revenueMoney.currency))).toEqual(new Set(["USD"]));
  });
});
