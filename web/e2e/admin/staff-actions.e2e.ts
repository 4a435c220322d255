import { describe, expect, it } from "vitest";
import { setupHarness } from "../harness.ts";
import { consoleErrors, logIn, scrollsSideways, unique } from "./admin.ts";

const app = setupHarness();

describe("staff actions and the catalogue", () => {
  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`a track saved as draft stays off the learner site until it is published; staff preview it on the site (${size.width}x${size.height})`, async () => {
      const page = await app.newPage(size);
      await logIn(app, page);
      await page.goto(app.adminUrl("/track"));
      await page.getByRole("heading", { level: 1, name: "Manage Tracks" }).waitFor();
      await page.getByRole("button", { name: "Add Track" }).click();
      const add = page.getByRole("dialog", { name: "Add Track" });
      const name = unique("Quiet Launch");
      await add.getByLabel("Name").fill(name);
      await add.getByLabel("Price ($)").fill("99");
      await add.getByLabel("Duration").fill("4 weeks");
      await add.getByLabel("Instructor").fill("Ngozi Obi");
      await add.getByLabel("Description").fill("A track that is not ready for learners yet.");
      await add.getByRole("switch", { name: "Save as draft" }).click();
      await add.getByRole("button", { name: "Add Track" }).click();
      await add.waitFor({ state: "detached" });
      const card = page.getByRole("article").filter({ hasText: name });
      await card.getByText("Draft").waitFor();
      await card.getByRole("link", { name }).click();
      await page.waitForURL(/\/trackdetails\/.+/);
      const trackId = page.url().split("/").at(-1) as string;

      // Learners (and anonymous visitors) see neither the card nor the page.
      const learner = await app.newPage();
      await learner.goto(app.learnerUrl(`/learner-tracks?q=${encodeURIComponent(name)}`));
      await learner.getByText("No tracks found.").waitFor();
      await learner.goto(app.learnerUrl(`/learner-track-details/${trackId}`));
      await learner.getByText("Track not found", { exact: false }).first().waitFor();

      // "Preview on site" opens the learner site's page in a new tab, with the draft's token, under the preview banner.
      const opened = page.context().waitForEvent("page");
      await page.getByRole("button", { name: "Preview on site" }).click();
      const preview = await opened;
      await preview.waitForURL(app.learnerUrl(`/learner-track-details/${trackId}?preview=*`));
      await preview.getByText("Preview: this track is not published yet").waitFor();
      await preview.getByRole("heading", { level: 1, name, exact: true }).waitFor();
      expect(await preview.getByRole("button", { name: "Enroll Now" }).isDisabled()).toBe(true);
      expect(await preview.evaluate(() => window.opener)).toBeNull();
      expect(await scrollsSideways(preview)).toBe(false);
      // Anonymous visitors without the token, or with a wrong one, still find nothing.
      const token = new URL(preview.url()).searchParams.get("preview") as string;
      await learner.goto(app.learnerUrl(`/learner-track-details/${trackId}?preview=${token.slice(1)}`));
      await learner.getByText("Track not found.", { exact: true }).first().waitFor();
      await learner.goto(app.learnerUrl(`/learner-track-details/${trackId}`));
      await learner.getByText("Track not found.", { exact: true }).first().waitFor();

      await page.getByRole("button", { name: "Publish" }).click();
      await page.getByText("Published", { exact: true }).waitFor();
      expect(await page.getByRole("button", { name: "Preview on site" }).count()).toBe(0);
      await learner.goto(app.learnerUrl(`/learner-tracks?q=${encodeURIComponent(name)}`));
      await learner.getByRole("heading", { name, exact: true }).waitFor();
      // The old preview link now shows the public page, without the banner.
      await preview.reload();
      await preview.getByRole("link", { name: "Enroll Now" }).waitFor();
      expect(await preview.getByText("Preview: this track is not published yet").count()).toBe(0);
      expect(consoleErrors(app)).toEqual([]);
    });
  }

  it("an owner sees a learner's invoices, sends a reset link, disables and enables the account, and exports learners", async () => {
    const page = await app.newPage();
    await logIn(app, page);
    await page.goto(app.adminUrl("/learners"));
    await page.getByPlaceholder("Search by name...").fill("Kofi");
    await page.getByRole("button", { name: "View details of Kofi Boateng" }).click();
    const dialog = page.getByRole("dialog", { name: "Learner Details" });
    await dialog.getByRole("heading", { name: "Invoices" }).waitFor();
    await dialog.getByRole("button", { name: "Send password reset" }).click();
    await dialog.getByText("A password reset link has been sent to the learner.").waitFor();
    await dialog.getByRole("button", { name: "Disable account" }).click();
    await dialog.getByText("The account is disabled; the learner was logged out.").waitFor();
    await dialog.getByRole("button", { name: "Enable account" }).click();
    await dialog.getByText("The account is enabled again.").waitFor();
    await page.keyboard.press("Escape");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    expect((await download).suggestedFilename()).toBe("learners.csv");
    expect(consoleErrors(app)).toEqual([]);
  });

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    it(`the learner catalogue searches and sorts through shareable URLs (${viewport.width}x${viewport.height})`, async () => {
      const page = await app.newPage(viewport);
      await page.goto(app.learnerUrl("/learner-tracks"));
      await page.getByRole("article").first().waitFor();
      await page.getByLabel("Sort by").selectOption("price-low");
      await page.waitForURL(/sort=price-low/);
      // Each card's price ("Free" is 0); the new order shows once the navigation's query has answered.
      const prices = async () =>
        (await page.getByRole("article").allTextContents()).map((text) => Number(/\$([\d,.]+)/.exec(text)?.[1]?.replace(",", "") ?? 0));
      await expect
        .poll(async () => {
          const shown = await prices();
          return shown.length > 1 && shown.every((price, i) => i === 0 || (shown[i - 1] as number) <= price);
        })
        .toBe(true);
      await page.getByRole("searchbox", { name: "Search tracks" }).fill("software");
      await page.getByRole("searchbox", { name: "Search tracks" }).press("Enter");
      await page.waitForURL(/q=software/);
      await page.getByRole("heading", { name: "Software Engineering" }).waitFor();
      // The whole card opens the track.
      const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Software Engineering" }) });
      // The name's link covers the card: a click on the cover image (a real pointer click there) opens the track.
      const cover = card.locator("img");
      await cover.scrollIntoViewIfNeeded();
      const box = await cover.boundingBox();
      if (!box) throw new Error("the card's cover has no box");
      await page.mouse.click(box.x + box.width / 2, box.y + box.height - 10);
      await page.getByRole("heading", { level: 1, name: "Software Engineering" }).waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      expect(app.consoleErrors()).toEqual([]);
    });
  }
});
