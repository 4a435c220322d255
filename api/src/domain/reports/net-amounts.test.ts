import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { refundInvoice } from "../invoices/refunds.ts";
import type { Actor } from "../staff/audit.ts";
import { loadDashboard } from "./dashboard.ts";
import { loadReport, reportCsv } from "./report.ts";

/** Every money total counts paid records net of refunds: the dashboard, the report and its CSV, the learner totals. */
describe("net amounts", () => {
  let app: TestApp;
  let finance: string;
  let actor: Actor;

  beforeAll(async () => {
    app = await startTestApp();
    const staff = await adminWithToken(app, "FINANCE");
    finance = staff.token;
    actor = { id: staff.admin.id, email: staff.admin.email, role: "FINANCE", ip: null };
  });
  afterAll(() => app.close());

  it("a partial refund lowers the dashboard's revenue, the report (and its CSV) and the learner's total paid; a full one takes it all", async () => {
    const { prisma } = app.services.db;
    const { learner } = await learnerWithToken(app);
    const track = await prisma.track.create({
      data: { name: "Net Track", priceCents: 10_000, duration: "4 weeks", instructor: "I", description: "D" },
    });
    const paidAt = new Date();
    const bought = await prisma.invoice.create({
      data: { learnerId: learner.id, trackId: track.id, amountCents: 10_000, status: "PAID", paymentMethod: "BANK_TRANSFER", paidAt },
    });
    const other = await prisma.invoice.create({
      data: { learnerId: learner.id, amountCents: 2_000, status: "PAID", paymentMethod: "CASH", paidAt },
    });
    const day = paidAt.toISOString().slice(0, 10);

    const totals = async () => {
      const dashboard = await loadDashboard(app.services);
      const report = await loadReport(app.services, { from: new Date(`${day}T00:00:00Z`), to: new Date(`${day}T00:00:00Z`) });
      const read = await app.graphql(
        `query ($id: ID!) { node(id: $id) { ... on Learner { totalPaid } }
           learners(first: 10, search: "${learner.lastName}") { edges { node { totalPaid } } }
           learnersCsv(search: "${learner.email}") { csv } }`,
        { id: encodeGlobalID("Learner", learner.id) },
        finance,
      );
      expect(read.errors).toBeUndefined();
      const data = read.data as any;
      return {
        dashboard: dashboard.revenue.value,
        dashboardMonth: dashboard.revenue.currentMonth,
        report: report.totalRevenueCents,
        reportTrack: report.tracks.find((t) => t.name === "Net Track")?.revenueCents,
        csv: reportCsv(report).includes("Net Track,100.00,") ? "100.00" : reportCsv(report).includes("Net Track,75.00,") ? "75.00" : "?",
        learner: data.node.totalPaid,
        learnerList: data.learners.edges[0].node.totalPaid,
        // "total paid", before the currency columns that came with local currency.
        learnerCsv: (data.learnersCsv.csv as string).trim().split("\n")[1]?.split(",").at(-3),
      };
    };

    expect(await totals()).toEqual({
      dashboard: 12_000,
      dashboardMonth: 12_000,
      report: 12_000,
      reportTrack: 10_000,
      csv: "100.00",
      learner: 120,
      learnerList: 120,
      learnerCsv: "120.00",
    });

    await refundInvoice(app.services, actor, { invoiceId: bought.id, amount: 25, reason: "Partial" });
    const afterPartial = await totals();
    expect(afterPartial).toMatchObject({
      dashboard: 9_500,
      dashboardMonth: 9_500,
      report: 9_500,
      reportTrack: 7_500,
      csv: "75.00",
      learner: 95,
      learnerList: 95,
      learnerCsv: "95.00",
    });

    await refundInvoice(app.services, actor, { invoiceId: other.id, reason: "All of it" });
    expect(await totals()).toMatchObject({ dashboard: 7_500, report: 7_500, learner: 75, learnerList: 75, learnerCsv: "75.00" });
  });
});
