import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { webOperation } from "#testing/operations.ts";
import { ROOT } from "../api/src/paths.ts";
import { OPERATIONS } from "./operations.ts";
import { runSqlCount } from "./sql-count.ts";

describe("bench operations", () => {
  it("keep the keys and labels the report and the README bench table use", () => {
    expect(OPERATIONS.map((op) => op.key)).toEqual([
      "catalogue",
      "catalogueRest",
      "trackDetails",
      "adminInvoicesSearch",
      "learnerPortal",
      "login",
      "learnerInvoices",
      "adminTracks",
      "adminCourses",
      "adminInvoices",
      "adminPaymentPlans",
      "adminLearners",
      "lessonPlayer",
    ]);
    expect(new Set(OPERATIONS.map((op) => op.label)).size).toBe(OPERATIONS.length);
  });

  it("send, for each GraphQL operation, the document of the web app's Relay artifact", async () => {
    const graphqlOps = OPERATIONS.filter((op) => op.path === "/graphql");
    expect(graphqlOps.map((op) => op.source)).toEqual([
      "TracksPageQuery",
      "TrackDetailsPageQuery",
      "InvoiceListRefetchQuery",
      "PortalDashboardPageQuery",
      "InvoicesPageQuery",
      "TrackPageQuery",
      "CoursesPageQuery",
      "InvoicePageQuery",
      "InstalmentPlansPageQuery",
      "LearnersPageQuery",
      "LessonPlayerPageQuery",
    ]);
    for (const op of graphqlOps) {
      // The artifact module itself, as the web app's Relay runtime loads it.
      const artifact = (await import(join(ROOT, webOperation(op.source as string).file))).default as {
        params: { text: string; name: string };
      };
      expect(artifact.params.name).toBe(op.source);
      expect(op.query).toBe(artifact.params.text);
    }
  });

  it("are answered without errors by a real server (the bench's SQL count at 10 rows a table)", { timeout: 120_000 }, async () => {
    const counts = await runSqlCount([10]);
    expect(counts.map((c) => c.key)).toEqual(OPERATIONS.map((op) => op.key));
    expect(counts.filter((c) => c.error).map((c) => `${c.key}: ${c.error}`)).toEqual([]);
    for (const c of counts) expect(c.counts["10"]).toBeGreaterThan(0);
  });
});
