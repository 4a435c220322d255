import { describe, expect, it } from "vitest";
import { SEEDED, seededApp, statementsOf } from "#testing/graphql.ts";

describe("Report (reports/report.ts)", () => {
  const s = seededApp();

  const REPORT = `{ report(from: "2026-01-01", to: "2026-06-30") { __typename ... on Report {
    totalRevenue totalEnrollments months { month revenue } tracks { name revenue track { name courseCount } } } } }`;

  it("owners and finance read it; managers, instructors, learners, pending staff and strangers are refused", async () => {
    for (const token of [s.who.owner, s.who.finance]) {
      const { data, errors } = await s.app.graphql(REPORT, {}, token);
      expect(errors).toBeUndefined();
      expect(data.report.totalRevenue).toBe(SEEDED.learners * SEEDED.enrollmentsPerLearner * 100);
      expect(data.report.months).toHaveLength(6);
      // Every seeded track has revenue; each line names its track.
      expect(data.report.tracks).toHaveLength(SEEDED.tracks);
      for (const line of data.report.tracks) expect(line.track).toEqual({ name: line.name, courseCount: SEEDED.coursesPerTrack });
    }
    // The field has typed error results: a refusal is one of them, not a GraphQL error.
    expect((await s.app.graphql(REPORT, {}, s.who.stranger)).data.report).toEqual({ __typename: "NotAuthenticatedError" });
    for (const token of [s.who.manager, s.who.instructor, s.who.learner, s.who.pending]) {
      expect((await s.app.graphql(REPORT, {}, token)).data.report).toEqual({ __typename: "ForbiddenError" });
    }
  });

  it("a report with a line per track, each with its track, sends a fixed number of SQL statements", async () => {
    const { statements } = await statementsOf(s.app, REPORT, {}, s.who.finance);
    expect(statements).toBe(3);
  });

  it("a dollars-only install has one currency, USD, whose figures are the plain ones", async () => {
    const query = `{ report(from: "2026-01-01", to: "2026-06-30") { ... on Report { currency totalRevenue
      revenueByCurrency { currency total { amount formatted } months { revenue { amount } } tracks { name revenue { amount } } }
      months { revenue } } } }`;
    const { data, errors } = await s.app.graphql(query, {}, s.who.finance);
    expect(errors).toBeUndefined();
    expect(data.report.currency).toBe("USD");
    expect(data.report.revenueByCurrency).toHaveLength(1);
    const [usd] = data.report.revenueByCurrency;
    expect(usd.currency).toBe("USD");
    expect(usd.total.amount).toBe(data.report.totalRevenue);
    expect(usd.total.formatted).toBe("$1,200.00");
    expect(usd.months.map((m: { revenue: { amount: number } }) => m.revenue.amount)).toEqual(
      data.report.months.map((m: { revenue: number }) => m.revenue),
    );
    expect(usd.tracks).toHaveLength(SEEDED.tracks);
  });
});
