import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { logIn as adminLogIn, consoleErrors, scrollsSideways } from "./admin/admin.ts";
import { setupHarness } from "./harness.ts";
import { demoLearner, logIn, screenshot } from "./learner/helpers.ts";

/**
 * Learning in the browser (issue 18, part D): staff add a text lesson to a course and reorder it (Move up, then the
 * drag handle from the keyboard); the demo learner, enrolled in the cloud track, continues from the portal, opens the
 * new lesson in the player, marks it complete and sees the portal's progress move. At desktop and phone widths (the
 * drag handle is driven from the keyboard at desktop width; on a phone, Move up).
 */
const app = setupHarness();

const TRACK = "Cloud Computing Fundamentals";
const COURSE = "AWS Essentials";

async function lessonTitles(page: Page): Promise<string[]> {
  const rows = page.getByRole("list", { name: "Lessons" }).getByRole("listitem");
  return rows.evaluateAll((items) => items.map((li) => li.querySelector("[class*='lessonTitle']")?.textContent ?? ""));
}

async function cloudTrackId(): Promise<string> {
  const { tracks } = (await fetch(app.learnerUrl("/api/tracks")).then((r) => r.json())) as { tracks: { _id: string; name: string }[] };
  const track = tracks.find((t) => t.name === TRACK);
  if (!track) throw new Error("no demo cloud track");
  return track._id;
}

async function progressOf(page: Page): Promise<number> {
  const bar = page.getByRole("progressbar", { name: `Progress in ${TRACK}` });
  await bar.waitFor();
  return Number(await bar.getAttribute("aria-valuenow"));
}

async function addAndReorder(page: Page, width: number, title: string) {
  const trackId = await cloudTrackId();
  await adminLogIn(app, page);
  await page.goto(app.adminUrl(`/trackdetails/${trackId}`));
  await page.getByRole("link", { name: `Lessons of ${COURSE}` }).click();
  await page.getByRole("heading", { level: 1, name: COURSE }).waitFor();
  const before = await lessonTitles(page);
  expect(before.length).toBeGreaterThan(1);

  await page.getByRole("button", { name: "Add lesson" }).click();
  const dialog = page.getByRole("dialog", { name: "Add lesson" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Minutes").fill("12");
  await dialog
    .getByLabel("Text (Markdown)")
    .fill(
      "## Regions and zones\n\nA **region** holds zones.\n\n```sh\naws ec2 describe-regions\n```\n\n<script>window.hacked = 1</script>",
    );
  // The live preview renders the Markdown, and the script tag only as text.
  const preview = dialog.getByRole("region", { name: "Preview" });
  await preview.getByRole("heading", { name: "Regions and zones" }).waitFor();
  expect(await preview.locator("script").count()).toBe(0);
  await screenshot(page, "lesson-editor");
  await dialog.getByRole("button", { name: "Add lesson" }).click();
  await page.getByText("Lesson added.").waitFor();
  await page.getByRole("button", { name: `Move ${title} up` }).waitFor();
  expect(await lessonTitles(page)).toEqual([...before, title]);

  // Move up with the button, then once more with the keyboard on the drag handle (Space, Arrow up, Space).
  await page.getByRole("button", { name: `Move ${title} up` }).click();
  await expect.poll(() => lessonTitles(page)).toEqual([...before.slice(0, -1), title, ...before.slice(-1)]);
  if (width > 900) {
    await page.getByRole("button", { name: `Reorder ${title}` }).focus();
    // dnd-kit measures the rows when the drag starts and animates each step: a short pause between the keys.
    for (const key of ["Space", "ArrowUp", "Space"]) {
      await page.keyboard.press(key);
      await page.waitForTimeout(300);
    }
  } else {
    // On a phone the rows wrap their buttons under the title: Move up is the way there.
    await page.getByRole("button", { name: `Move ${title} up` }).click();
  }
  const expected = [...before.slice(0, -2), title, ...before.slice(-2)];
  await expect.poll(() => lessonTitles(page)).toEqual(expected);
  // The order was saved: a reload shows it.
  await page.reload();
  await expect.poll(() => lessonTitles(page)).toEqual(expected);
  expect(await scrollsSideways(page)).toBe(false);
  await screenshot(page, "lesson-list");
  return expected;
}

async function learn(page: Page, title: string, phone: boolean) {
  await logIn(app, page, demoLearner);
  await page.goto(app.learnerUrl("/portal"));
  const start = await progressOf(page);
  expect(start).toBeGreaterThan(0);
  await screenshot(page, "portal-progress");
  await page.getByRole("link", { name: `Continue ${TRACK}` }).click();
  await page.waitForURL(/\/portal\/learn\//);
  await page.getByRole("heading", { level: 1 }).waitFor();
  if (phone) {
    await page.getByRole("button", { name: "Course content" }).click();
    await page.getByRole("dialog", { name: "Course content" }).getByRole("link", { name: title }).click();
  } else {
    await page.getByRole("complementary", { name: "Course content" }).getByRole("link", { name: title }).click();
  }
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
  await page.getByRole("heading", { level: 2, name: "Regions and zones" }).waitFor();
  expect(await page.evaluate(() => (window as { hacked?: number }).hacked)).toBeUndefined();
  expect(await scrollsSideways(page)).toBe(false);
  await screenshot(page, "player");
  await page.getByRole("button", { name: "Mark complete" }).click();
  await page.getByText(/Lesson complete\. Track progress: \d+%/).waitFor();
  await page.getByText("Completed", { exact: true }).waitFor();
  await page.getByRole("button", { name: "Next" }).click();
  await page.waitForURL((url) => !url.pathname.endsWith("/portal") && url.pathname.startsWith("/portal/learn/"));
  await page.goto(app.learnerUrl("/portal"));
  await expect.poll(() => progressOf(page)).toBeGreaterThan(start);
}

describe("learning", () => {
  it("at 1440: staff add and reorder a text lesson; the learner continues, completes it and sees progress move", async () => {
    const admin = await app.newPage();
    await addAndReorder(admin, 1440, "Regions and zones (desktop)");
    const learner = await app.newPage();
    await learn(learner, "Regions and zones (desktop)", false);
    expect(consoleErrors(app)).toEqual([]);
  });

  it("at 390: the same on a phone, the curriculum in a drawer", async () => {
    const admin = await app.newPage({ width: 390, height: 844 });
    await addAndReorder(admin, 390, "Regions and zones (phone)");
    const learner = await app.newPage({ width: 390, height: 844 });
    await learn(learner, "Regions and zones (phone)", true);
    expect(consoleErrors(app)).toEqual([]);
  });
});
