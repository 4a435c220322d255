import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { logIn as adminLogIn, consoleErrors, scrollsSideways } from "./admin/admin.ts";
import { setupHarness } from "./harness.ts";
import { demoLearner, logIn, screenshot } from "./learner/helpers.ts";

/**
 * Quizzes in the browser (issue 18, part B): staff add a QUIZ lesson and write its questions (a refused save keeps
 * what was typed and names the field); the demo learner, enrolled in the cloud track, fails it (sees which question was
 * wrong, not the correct option), retries, passes; the lesson shows done and the portal's progress moves. At desktop
 * and phone widths.
 */
const app = setupHarness();

const TRACK = "Cloud Computing Fundamentals";
const COURSE = "AWS Essentials";

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

async function buildQuiz(page: Page, title: string) {
  await adminLogIn(app, page);
  await page.goto(app.adminUrl(`/trackdetails/${await cloudTrackId()}`));
  await page.getByRole("link", { name: `Lessons of ${COURSE}` }).click();
  await page.getByRole("heading", { level: 1, name: COURSE }).waitFor();
  await page.getByRole("button", { name: "Add lesson" }).click();
  const add = page.getByRole("dialog", { name: "Add lesson" });
  await add.getByLabel("Title").fill(title);
  await add.getByLabel("Kind").selectOption("QUIZ");
  await add.getByRole("button", { name: "Add lesson" }).click();
  await page.getByText("Lesson added.").waitFor();

  await page.getByRole("button", { name: `Edit questions of ${title}` }).click();
  const dialog = page.getByRole("dialog", { name: `Quiz: ${title}` });
  const questions = dialog.getByRole("list", { name: "Questions" }).getByRole("listitem");
  const first = questions.nth(0);
  await first.getByRole("textbox", { name: "Question", exact: true }).fill("Which of these is a cloud provider?");
  await first.getByRole("textbox", { name: "Option 1", exact: true }).fill("AWS");
  // Option 2 left empty: the save is refused by the field, and nothing typed is lost.
  await dialog.getByRole("button", { name: "Add question" }).click();
  const second = questions.nth(1);
  await second.getByRole("textbox", { name: "Question", exact: true }).fill("Which are storage services?");
  await second.getByLabel(/Multiple choice/).check();
  await second.getByRole("textbox", { name: "Option 1", exact: true }).fill("S3");
  await second.getByRole("textbox", { name: "Option 2", exact: true }).fill("EBS");
  await second.getByLabel("Option 2 is correct").check();
  await second.getByRole("button", { name: "Add option" }).click();
  await second.getByRole("textbox", { name: "Option 3", exact: true }).fill("Lambda");
  await dialog.getByRole("button", { name: "Save quiz" }).click();
  await first.getByText("Write the option's text.").waitFor();
  expect(await first.getByRole("textbox", { name: "Option 1", exact: true }).inputValue()).toBe("AWS");
  expect(await second.getByRole("textbox", { name: "Option 3", exact: true }).inputValue()).toBe("Lambda");
  await first.getByRole("textbox", { name: "Option 2", exact: true }).fill("Excel");
  expect(await scrollsSideways(page)).toBe(false);
  await screenshot(page, "quiz-editor");
  await dialog.getByRole("button", { name: "Save quiz" }).click();
  await page.getByText("Quiz saved.").waitFor();
  await dialog.waitFor({ state: "hidden" });
}

async function takeQuiz(page: Page, title: string, phone: boolean) {
  await logIn(app, page, demoLearner);
  await page.goto(app.learnerUrl("/portal"));
  const start = await progressOf(page);
  await page.getByRole("link", { name: `Continue ${TRACK}` }).click();
  await page.waitForURL(/\/portal\/learn\//);
  if (phone) {
    await page.getByRole("button", { name: "Course content" }).click();
    await page.getByRole("dialog", { name: "Course content" }).getByRole("link", { name: title }).click();
  } else {
    await page.getByRole("complementary", { name: "Course content" }).getByRole("link", { name: title }).click();
  }
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
  // Only a pass completes a quiz: no Mark complete.
  expect(await page.getByRole("button", { name: "Mark complete" }).count()).toBe(0);
  const q1 = page.getByRole("group", { name: /Which of these is a cloud provider\?/ });
  const q2 = page.getByRole("group", { name: /Which are storage services\?/ });

  // Failing: the wrong provider, both storage services.
  await q1.getByLabel("Excel").check();
  await q2.getByLabel("S3").check();
  await q2.getByLabel("EBS").check();
  await page.getByRole("button", { name: "Submit answers" }).click();
  await page
    .getByRole("status")
    .getByText(/Not passed: 50%/)
    .waitFor();
  await q1.getByText("Wrong").waitFor();
  await q2.getByText("Right").waitFor();
  expect(await scrollsSideways(page)).toBe(false);
  await screenshot(page, "quiz-failed");

  // Retry clears the answers; all right passes and completes the lesson.
  await page.getByRole("button", { name: "Retry" }).click();
  expect(await q1.getByLabel("Excel").isChecked()).toBe(false);
  await q1.getByLabel("AWS").check();
  await q2.getByLabel("S3").check();
  await q2.getByLabel("EBS").check();
  await page.getByRole("button", { name: "Submit answers" }).click();
  await page
    .getByRole("status")
    .getByText(/Passed: 100%/)
    .waitFor();
  await page.getByText(/Lesson complete\. Track progress: \d+%/).waitFor();
  await page.getByText("Completed", { exact: true }).waitFor();
  const attempts = page.getByRole("region", { name: "Your attempts" });
  await expect.poll(() => attempts.getByRole("listitem").count()).toBe(2);
  await screenshot(page, "quiz-passed");
  await page.goto(app.learnerUrl("/portal"));
  await expect.poll(() => progressOf(page)).toBeGreaterThan(start);
}

describe("quizzes", () => {
  it("at 1440: staff build a quiz; the learner fails, sees what was wrong, retries, passes, and progress moves", async () => {
    const admin = await app.newPage();
    await buildQuiz(admin, "Cloud check (desktop)");
    const learner = await app.newPage();
    await takeQuiz(learner, "Cloud check (desktop)", false);
    expect(consoleErrors(app)).toEqual([]);
  });

  it("at 390: the same on a phone", async () => {
    const admin = await app.newPage({ width: 390, height: 844 });
    await buildQuiz(admin, "Cloud check (phone)");
    const learner = await app.newPage({ width: 390, height: 844 });
    await takeQuiz(learner, "Cloud check (phone)", true);
    expect(consoleErrors(app)).toEqual([]);
  });
});
