import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { logIn } from "./admin/admin.ts";
import { setupHarness } from "./harness.ts";

const app = setupHarness();

/** The text of a page (hidden text too), whitespace folded. */
const shown = async (page: Page) => ((await page.locator("body").textContent()) ?? "").replace(/\s+/g, " ");

/** Clicks a download button and answers the file's lines (the report's CSV files). */
async function downloaded(page: Page, button: string) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: button }).click()]);
  const path = await download.path();
  return (await readFile(path, "utf8")).split(/\r?\n/).filter((line, i, all) => line !== "" || i < all.length - 1);
}

describe("honest pages (desktop and phone)", () => {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`home, catalogue, dashboard and report show what is true, free tracks read Free, one CSV per table (${size.width}x${size.height})`, async () => {
      // Home: no sample progress, live sessions or certificates the product does not offer.
      const learner = await app.newPage(size);
      await learner.goto(app.learnerUrl("/"));
      await learner.getByRole("heading", { level: 1 }).waitFor();
      const home = await shown(learner);
      for (const invented of ["68% complete", "Live mentor session", "24 lessons", "Certificate"]) expect(home).not.toContain(invented);

      // The catalogue: the free track reads "Free", never "$0.00".
      await learner.goto(app.learnerUrl("/learner-tracks?q=Introduction"));
      const card = learner.getByRole("article").filter({ hasText: "Introduction to Programming" }).first();
      await card.getByText("Free", { exact: true }).waitFor();
      expect(await card.textContent()).not.toContain("$0.00");

      // Dashboard: each figure says its period; the month's part is named as such.
      const admin = await app.newPage(size);
      await logIn(app, admin);
      await admin.goto(app.adminUrl("/dashboard"));
      const cards = admin.getByRole("list", { name: "Summary" }).getByRole("listitem");
      await cards.first().waitFor();
      expect(await cards.count()).toBe(3);
      for (const text of await cards.allInnerTexts()) {
        expect(text).toContain("all time");
        expect(text).toMatch(/this month, .* last month/);
      }
      expect(await shown(admin)).not.toContain("$0.00");

      // Report: one file per table, each with exactly one header row and no blank line between tables.
      await admin.goto(app.adminUrl("/report"));
      await admin.getByRole("button", { name: "Download CSV by month" }).waitFor();
      for (const button of ["Download CSV by month", "Download per-track CSV"]) {
        const lines = await downloaded(admin, button);
        expect(lines.length, button).toBeGreaterThan(1);
        expect(
          lines.filter((line) => line === lines[0]),
          button,
        ).toHaveLength(1);
        expect(
          lines.slice(1).filter((line) => line.trim() === ""),
          button,
        ).toEqual([]);
      }
      await learner.close();
      await admin.close();
    });
  }
});
