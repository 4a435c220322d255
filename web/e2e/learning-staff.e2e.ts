import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { logIn as adminLogIn, consoleErrors, pngFile, scrollsSideways } from "./admin/admin.ts";
import { setupHarness } from "./harness.ts";
import { demoLearner, logIn, screenshot } from "./learner/helpers.ts";

/**
 * Staff progress views and lesson images in the browser (issue 18, part D), at desktop and phone widths: the learner
 * details dialog shows the demo learner's progress per track (one finished, one half-way), the track page its
 * learners' started / finished / median, the report its completions per month; an image inserted in the lesson editor
 * shows in the editor's preview and in the learner's player.
 */
const app = setupHarness();

const TRACK = "Cloud Computing Fundamentals";
const COURSE = "AWS Essentials";

async function cloudTrack(): Promise<{ id: string; lessons: { _id: string; title: string; kind: string }[] }> {
  const { tracks } = (await fetch(app.learnerUrl("/api/tracks")).then((r) => r.json())) as { tracks: { _id: string; name: string }[] };
  const track = tracks.find((t) => t.name === TRACK);
  if (!track) throw new Error("no demo cloud track");
  const details = (await fetch(app.learnerUrl(`/api/tracks/${track._id}`)).then((r) => r.json())) as {
    track?: { courses: { lessons: { _id: string; title: string; kind: string }[] }[] };
    courses?: { lessons: { _id: string; title: string; kind: string }[] }[];
  };
  const courses = details.track?.courses ?? details.courses ?? [];
  return { id: track._id, lessons: courses.flatMap((c) => c.lessons) };
}

/** Waits until an image of this site's /uploads/ in `scope` has loaded (the CSP let it through). */
async function uploadedImageLoads(page: Page, selector: string) {
  const image = page.locator(`${selector} img[src^="/uploads/"]`).first();
  await image.waitFor();
  expect(await image.getAttribute("loading")).toBe("lazy");
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
}

async function staffViews(page: Page, shot: string) {
  const track = await cloudTrack();
  await adminLogIn(app, page);
  // The learner details dialog: progress per enrolled track.
  await page.goto(app.adminUrl("/learners"));
  await page.getByLabel("Search learners by name").fill(demoLearner.name);
  await page
    .getByRole("button", { name: `View details of ${demoLearner.name}` })
    .first()
    .click();
  const dialog = page.getByRole("dialog", { name: "Learner Details" });
  const progress = dialog.getByRole("region", { name: "Progress" });
  await progress.waitFor();
  const values = await progress.getByRole("progressbar").evaluateAll((bars) => bars.map((b) => Number(b.getAttribute("aria-valuenow"))));
  expect(values).toContain(100);
  expect(values.some((v) => v > 0 && v < 100)).toBe(true);
  await progress.getByText(/^Completed /).waitFor();
  await screenshot(page, `${shot}-learner-progress`);
  await page.keyboard.press("Escape");
  // The track page: started, finished, median progress.
  await page.goto(app.adminUrl(`/trackdetails/${track.id}`));
  const learning = page.getByRole("region", { name: "Learning" });
  await learning.waitFor();
  for (const label of ["Enrolled", "Started", "Finished", "Median progress"]) await learning.getByText(label, { exact: true }).waitFor();
  expect(Number(await learning.locator("dt:text-is('Started') + dd").textContent())).toBeGreaterThan(0);
  expect(await scrollsSideways(page)).toBe(false);
  await screenshot(page, `${shot}-track-learning`);
  // The report: completions per month.
  await page.goto(app.adminUrl("/report"));
  await page.getByRole("heading", { name: "Completions per month" }).waitFor();
  await page.getByText("Completions", { exact: true }).waitFor();
  expect(await scrollsSideways(page)).toBe(false);
  await screenshot(page, `${shot}-report`);
}

async function insertImage(page: Page, title: string) {
  const track = await cloudTrack();
  await page.goto(app.adminUrl(`/trackdetails/${track.id}`));
  await page.getByRole("link", { name: `Lessons of ${COURSE}` }).click();
  await page.getByRole("button", { name: "Add lesson" }).click();
  const dialog = page.getByRole("dialog", { name: "Add lesson" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Text (Markdown)").fill("## With a picture\n\nBelow:\n");
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Insert image" }).click();
  await (await chooser).setFiles(pngFile("cloud-regions.png"));
  await expect.poll(() => dialog.getByLabel("Text (Markdown)").inputValue()).toMatch(/!\[cloud regions\]\(\/uploads\/[a-f0-9]{32}\.png\)/);
  await uploadedImageLoads(page, "[role=dialog] section[aria-label=Preview]");
  await screenshot(page, "editor-image");
  await dialog.getByRole("button", { name: "Add lesson" }).click();
  await page.getByText("Lesson added.").waitFor();
}

async function playerShowsImage(page: Page, title: string) {
  await logIn(app, page, demoLearner);
  const track = await cloudTrack();
  const lesson = track.lessons.find((l) => l.title === title);
  expect(lesson).toBeDefined();
  await page.goto(app.learnerUrl(`/portal/learn/${track.id}/${lesson?._id}`));
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
  await uploadedImageLoads(page, "main");
  expect(await scrollsSideways(page)).toBe(false);
  await screenshot(page, "player-image");
}

describe("learning: staff views and lesson images", () => {
  it("at 1440: learner details progress, track figures, report completions; an inserted image shows in the player", async () => {
    const admin = await app.newPage();
    await staffViews(admin, "desktop");
    await insertImage(admin, "Regions on a map (desktop)");
    await playerShowsImage(await app.newPage(), "Regions on a map (desktop)");
    expect(consoleErrors(app)).toEqual([]);
  });

  it("at 390: the same on a phone", async () => {
    const admin = await app.newPage({ width: 390, height: 844 });
    await staffViews(admin, "phone");
    await insertImage(admin, "Regions on a map (phone)");
    await playerShowsImage(await app.newPage({ width: 390, height: 844 }), "Regions on a map (phone)");
    expect(consoleErrors(app)).toEqual([]);
  });
});
