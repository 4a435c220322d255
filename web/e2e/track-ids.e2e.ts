import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { logIn as logInAsAdmin } from "./admin/admin.ts";
import { setupHarness } from "./harness.ts";

const app = setupHarness();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const screenshotDir = fileURLToPath(new URL("../../test-results/screenshots/track-ids/", import.meta.url));

async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(screenshotDir, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

/** A track's `_id` as the REST API gives it, by name. */
async function restId(name: string): Promise<string> {
  const { tracks } = (await (await fetch(app.learnerUrl("/api/tracks"))).json()) as { tracks: { _id: string; name: string }[] };
  const track = tracks.find((t) => t.name === name);
  if (!track) throw new Error(`No track named ${name}`);
  return track._id;
}

const hrefOf = async (link: ReturnType<Page["getByRole"]>) => (await link.first().getAttribute("href")) ?? "";

describe("track pages by the REST `_id`", () => {
  for (const width of [1440, 390]) {
    it(`the learner's track and checkout pages open by the _id, and the app links by it (${width} px)`, async () => {
      const id = await restId("Cloud Computing Fundamentals");
      const page = await app.newPage({ width });
      await page.goto(app.learnerUrl(`/learner-track-details/${id}`));
      await page.getByRole("heading", { level: 1, name: "Cloud Computing Fundamentals" }).waitFor();
      await page.getByRole("heading", { name: "Explore Related Courses" }).waitFor();
      expect(await page.getByText("Track not found.").count()).toBe(0);
      expect(await hrefOf(page.getByRole("link", { name: /Enroll Now/ }))).toBe(`/checkout/${id}`);
      const related = await page
        .locator('a[href^="/learner-track-details/"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")));
      expect(related.length).toBeGreaterThan(0);
      for (const href of related) expect(href?.split("/").pop()).toMatch(UUID);
      await screenshot(page, "learner-track-details");

      await page.getByRole("link", { name: /Enroll Now/ }).click();
      await page.waitForURL(app.learnerUrl(`/checkout/${id}`));
      await page.getByText("You must be logged in to enroll.").waitFor();
      await screenshot(page, "checkout");

      // The catalogue's cards link by the same id.
      await page.goto(app.learnerUrl("/learner-tracks"));
      const card = page
        .getByRole("article")
        .filter({ has: page.getByRole("heading", { name: "Cloud Computing Fundamentals", exact: true }) });
      expect(await hrefOf(card.getByRole("link", { name: "Preview Course" }))).toBe(`/learner-track-details/${id}`);
      expect(app.consoleErrors()).toEqual([]);
    });

    it(`the admin's track page opens by the _id and by the global id (${width} px)`, async () => {
      const id = await restId("DevOps Engineering");
      const page = await app.newPage({ width });
      await logInAsAdmin(app, page);
      await page.goto(app.adminUrl(`/trackdetails/${id}`));
      await page.getByRole("heading", { level: 1, name: "DevOps Engineering" }).waitFor();
      expect(await page.getByText("Track not found.").count()).toBe(0);
      await screenshot(page, "admin-trackdetails");
      await page.goto(app.adminUrl(`/trackdetails/${Buffer.from(`Track:${id}`).toString("base64")}`));
      await page.getByRole("heading", { level: 1, name: "DevOps Engineering" }).waitFor();
      // The catalogue's tiles link by the _id.
      await page.goto(app.adminUrl("/track"));
      const tile = page.getByRole("article").filter({ hasText: "DevOps Engineering" });
      expect(await hrefOf(tile.getByRole("link", { name: "DevOps Engineering" }))).toBe(`/trackdetails/${id}`);
    });
  }

  it("an unknown address answers 404, and the app shows its Not found page", async () => {
    const page = await app.newPage();
    for (const url of [app.learnerUrl("/learner"), app.adminUrl("/trek")]) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(404);
      await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    }
    await screenshot(page, "not-found");
  });
});
