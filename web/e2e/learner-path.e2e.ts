import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ROOT } from "../../api/src/paths.ts";
import { logIn as adminLogIn, consoleErrors, scrollsSideways, unique } from "./admin/admin.ts";
import { setupHarness } from "./harness.ts";
import { logIn, screenshot, verificationCode } from "./learner/helpers.ts";

/**
 * The whole path of issue 18 in the browser, at desktop and phone widths. Staff author a small paid track's lessons on
 * the course's lessons page: a text lesson, a video uploaded through the tus uploader, a file lesson with a PDF and a
 * quiz. Then a new learner signs up, buys the track through the Paystack sandbox, takes every lesson from the portal
 * (reads and marks the text done, plays the video to the end so the 90 % watched rule completes it, downloads the PDF,
 * fails the quiz once and passes it), sees the progress move after each, downloads the certificate PDF, finds its mail,
 * and a signed-out visitor verifies it; staff revoke it and the public page says so.
 */
const app = setupHarness();

const VIDEO = join(ROOT, "api", "src", "seed", "assets", "demo-lesson.webm");

/** A one-page PDF (the uploads check the content, which starts with `%PDF-`), written to a temporary file. */
function pdfFile(name: string): string {
  const path = join(mkdtempSync(join(tmpdir(), "learnhub-e2e-pdf-")), name);
  writeFileSync(
    path,
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
      "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );
  return path;
}

/** A GraphQL call as the staff member signed in on `page` (the console keeps its token in local storage). */
async function asStaff<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const response = await fetch(app.learnerUrl("/graphql"), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await response.json()) as { data: T; errors?: unknown };
  if (json.errors) throw new Error(JSON.stringify(json.errors));
  return json.data;
}

const plain = (globalId: string) => atob(globalId).split(":")[1] ?? "";

interface Authored {
  trackId: string;
  track: string;
  lessons: { text: string; video: string; file: string; quiz: string };
}

/** Staff: a new paid track with one course (through the API), then its four lessons authored on the lessons page. */
async function author(page: Page, label: string): Promise<Authored> {
  await adminLogIn(app, page);
  const track = unique(`Cloud path ${label}`);
  const { createTrack } = await asStaff<{ createTrack: { track: { id: string } } }>(
    page,
    "mutation ($input: TrackInput!) { createTrack(input: $input) { ... on TrackPayload { track { id } } } }",
    { input: { name: track, price: 25, duration: "1 week", instructor: "Amara Okafor", description: "Four lessons, start to finish." } },
  );
  const { createCourse } = await asStaff<{ createCourse: { course: { id: string } } }>(
    page,
    "mutation ($input: CourseInput!) { createCourse(input: $input) { ... on CoursePayload { course { id } } } }",
    { input: { title: "First steps", description: "Read, watch, download, check.", trackId: createTrack.track.id } },
  );
  await page.goto(app.adminUrl(`/courses/${plain(createCourse.course.id)}/lessons`));
  await page.getByRole("heading", { level: 1, name: "First steps" }).waitFor();

  const lessons = { text: `Welcome (${label})`, video: `Watch (${label})`, file: `Handout (${label})`, quiz: `Check (${label})` };
  const add = async (title: string, kind: string, body?: string) => {
    await page.getByRole("button", { name: "Add lesson" }).click();
    const dialog = page.getByRole("dialog", { name: "Add lesson" });
    await dialog.getByLabel("Title").fill(title);
    await dialog.getByLabel("Kind").selectOption(kind);
    if (body) await dialog.getByLabel("Text (Markdown)").fill(body);
    await dialog.getByRole("button", { name: "Add lesson" }).click();
    await dialog.waitFor({ state: "hidden" });
    await page.getByRole("button", { name: `Edit ${title}` }).waitFor();
  };
  /** Opens the lesson's editor, uploads `file` through the tus uploader and waits for 100 % and the listed upload. */
  const upload = async (title: string, file: string, shot: string) => {
    await page.getByRole("button", { name: `Edit ${title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit lesson" });
    await dialog.locator("input[type=file]").setInputFiles(file);
    const bar = dialog.getByRole("progressbar", { name: "Upload progress" });
    await expect.poll(() => bar.getAttribute("value")).toBe("100");
    await page.getByText("Upload complete.").first().waitFor();
    const name = file.split("/").pop() ?? "";
    await dialog.getByRole("button", { name: `Delete ${name}` }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    await screenshot(page, shot);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
  };

  await add(lessons.text, "TEXT", "## Before you start\n\nThis track has **four** lessons: read, watch, download, check.");
  await add(lessons.video, "VIDEO");
  await upload(lessons.video, VIDEO, "path-video-upload");
  await add(lessons.file, "FILE");
  await upload(lessons.file, pdfFile("cloud-handout.pdf"), "path-file-upload");
  await add(lessons.quiz, "QUIZ");
  await page.getByRole("button", { name: `Edit questions of ${lessons.quiz}` }).click();
  const quiz = page.getByRole("dialog", { name: `Quiz: ${lessons.quiz}` });
  const question = quiz.getByRole("list", { name: "Questions" }).getByRole("listitem").first();
  await question.getByRole("textbox", { name: "Question", exact: true }).fill("Which of these is a cloud provider?");
  await question.getByRole("textbox", { name: "Option 1", exact: true }).fill("AWS");
  await question.getByRole("textbox", { name: "Option 2", exact: true }).fill("Excel");
  await question.getByLabel("Option 1 is correct").check();
  await screenshot(page, "path-quiz-editor");
  await quiz.getByRole("button", { name: "Save quiz" }).click();
  await page.getByText("Quiz saved.").waitFor();
  await quiz.waitFor({ state: "hidden" });

  const rows = page.getByRole("list", { name: "Lessons" }).getByRole("listitem");
  await expect.poll(() => rows.count()).toBe(4);
  expect(await scrollsSideways(page)).toBe(false);
  await screenshot(page, "path-lessons");
  return { trackId: plain(createTrack.track.id), track, lessons };
}

/** The portal card's progress of `track`, 0 to 100. */
async function portalProgress(page: Page, track: string): Promise<number> {
  await page.goto(app.learnerUrl("/portal"));
  const bar = page.getByRole("progressbar", { name: `Progress in ${track}` });
  await bar.waitFor();
  return Number(await bar.getAttribute("aria-valuenow"));
}

/** Opens a lesson from the player's curriculum (a drawer on phones). */
async function openLesson(page: Page, title: string, phone: boolean) {
  if (phone) {
    await page.getByRole("button", { name: "Course content" }).click();
    await page.getByRole("dialog", { name: "Course content" }).getByRole("link", { name: title }).click();
  } else {
    await page.getByRole("complementary", { name: "Course content" }).getByRole("link", { name: title }).click();
  }
  await page.getByRole("heading", { level: 1, name: title }).waitFor();
}

async function signUpAndBuy(page: Page, authored: Authored, phone: boolean) {
  // A name no demo learner (nor the other width's learner) has: staff find this learner by it.
  const [first, last] = phone ? ["Dzifa", "Agbeko"] : ["Selasi", "Agbeko"];
  const email = `path-${Date.now()}@example.com`;
  const password = "Str0ng!Pass2026";
  await page.goto(app.learnerUrl("/learners-signup"));
  await page.getByLabel("First name").fill(first);
  await page.getByLabel("Last name").fill(last);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Contact number").fill("+233 20 555 0142");
  await page.getByLabel(/^Password/).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Sign up" }).click();
  // Once seen in CI (at 390, two files running side by side): the code page never came. Say what the form said.
  await page.waitForURL(app.learnerUrl("/learner-otp")).catch(async (error: Error) => {
    const said = await page
      .locator("[role=alert], [aria-invalid=true]")
      .evaluateAll((nodes) => nodes.map((n) => n.textContent || `${n.getAttribute("name")} invalid`));
    throw new Error(`sign-up stayed on ${page.url()}; the form said ${JSON.stringify(said)}; ${error.message}`);
  });
  await page.getByLabel("Verification code").fill(await verificationCode(app, email));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL(app.learnerUrl("/learner-login"));
  await logIn(app, page, { email, password });

  await page.goto(app.learnerUrl(`/learner-track-details/${authored.trackId}`));
  await page.getByRole("heading", { level: 1, name: authored.track }).waitFor();
  await page.getByRole("link", { name: "Enroll Now" }).click();
  await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
  await page.getByLabel("Gender").selectOption("MALE");
  await page.getByLabel("Location").fill("Kumasi, Ghana");
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await page.waitForURL(/\/paystack-sandbox\/checkout\//);
  await page.getByRole("button", { name: "Pay" }).click();
  await page.getByText("You have successfully enrolled!").waitFor();
  return { email, name: `${first} ${last}` };
}

async function learn(page: Page, authored: Authored, phone: boolean) {
  const { track, lessons } = authored;
  const learner = await signUpAndBuy(page, authored, phone);
  expect(await portalProgress(page, track)).toBe(0);
  await page.getByRole("link", { name: `Continue ${track}` }).click();
  await page.waitForURL(/\/portal\/learn\//);
  const seen: number[] = [0];
  const progressMoved = async () => {
    const now = await portalProgress(page, track);
    expect(now).toBeGreaterThan(seen.at(-1) ?? 0);
    seen.push(now);
    await page.getByRole("link", { name: `Continue ${track}` }).click();
    await page.waitForURL(/\/portal\/learn\//);
  };

  // Text: read, Mark complete.
  await page.getByRole("heading", { level: 1, name: lessons.text }).waitFor();
  await page.getByRole("heading", { level: 2, name: "Before you start" }).waitFor();
  await page.getByRole("button", { name: "Mark complete" }).click();
  await page.getByText(/Lesson complete\. Track progress: 25%/).waitFor();
  await progressMoved();

  // Video: the uploaded clip plays (muted, four times as fast) to its end; 90 % watched completes the lesson.
  await openLesson(page, lessons.video, phone);
  const video = page.getByRole("main").locator("video");
  await video.waitFor();
  expect(await scrollsSideways(page)).toBe(false);
  await screenshot(page, "path-player-video");
  const duration = await video.evaluate(async (element: HTMLVideoElement) => {
    if (element.readyState < 1) await new Promise((resolve) => element.addEventListener("loadedmetadata", resolve, { once: true }));
    element.muted = true;
    element.currentTime = 0;
    element.playbackRate = 4;
    await element.play();
    await new Promise((resolve) => element.addEventListener("ended", resolve, { once: true }));
    return element.duration;
  });
  expect(duration).toBeGreaterThan(1);
  await page.getByText("Completed", { exact: true }).waitFor();
  expect(await page.getByRole("button", { name: "Mark complete" }).count()).toBe(0);
  await progressMoved();

  // File: the download link answers 200 with a PDF.
  await openLesson(page, lessons.file, phone);
  const link = page.getByRole("list", { name: "Files" }).getByRole("link", { name: "cloud-handout.pdf" });
  const href = await link.getAttribute("href");
  const file = await page.request.get(new URL(href ?? "", page.url()).href);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toContain("application/pdf");
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await page.getByRole("button", { name: "Mark complete" }).click();
  await page.getByText(/Lesson complete\. Track progress: 75%/).waitFor();
  await progressMoved();

  // Quiz: a wrong answer shows what was wrong; the retry passes.
  await openLesson(page, lessons.quiz, phone);
  const question = page.getByRole("group", { name: /Which of these is a cloud provider\?/ });
  await question.getByLabel("Excel").check();
  await page.getByRole("button", { name: "Submit answers" }).click();
  await page
    .getByRole("status")
    .getByText(/Not passed: 0%/)
    .waitFor();
  await question.getByText("Wrong").waitFor();
  await screenshot(page, "path-quiz-failed");
  await page.getByRole("button", { name: "Retry" }).click();
  await question.getByLabel("AWS").check();
  await page.getByRole("button", { name: "Submit answers" }).click();
  await page
    .getByRole("status")
    .getByText(/Passed: 100%/)
    .waitFor();

  // Done: 100 %, the certificate on the card, its PDF, its mail, its public page.
  expect(await portalProgress(page, track)).toBe(100);
  const certificate = page.getByRole("link", { name: `Certificate of ${track} (PDF)` });
  await certificate.waitFor();
  const verify = await page.getByRole("link", { name: `Verify the certificate of ${track}` }).getAttribute("href");
  const code = /\/certificates\/(.+)$/.exec(verify ?? "")?.[1] ?? "";
  expect(code).not.toBe("");
  await screenshot(page, "path-portal-certificate");
  const [download] = await Promise.all([page.waitForEvent("download"), certificate.click()]);
  expect(download.suggestedFilename()).toContain(code);
  const pdf = readFileSync((await download.path()) ?? "");
  expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");

  const deadline = Date.now() + 15_000;
  let mail: { subject: string; attachments: string[] } | undefined;
  while (!mail && Date.now() < deadline) {
    const { mails } = (await fetch(app.learnerUrl(`/dev/mailbox.json?to=${encodeURIComponent(learner.email)}`)).then((r) => r.json())) as {
      mails: { subject: string; attachments: string[] }[];
    };
    mail = mails.find((m) => m.attachments.some((name) => name.includes(code)));
    if (!mail) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(mail?.attachments).toEqual([expect.stringMatching(new RegExp(`${code}.*\\.pdf$`))]);

  const visitor = await app.newPage(phone ? { width: 390, height: 844 } : {});
  await visitor.goto(app.learnerUrl(`/certificates/${code}`));
  await visitor.getByRole("heading", { level: 1, name: "Certificate verification" }).waitFor();
  await visitor.getByText("Valid", { exact: true }).waitFor();
  await visitor.getByText(learner.name, { exact: true }).waitFor();
  await visitor.getByText(track, { exact: true }).waitFor();
  expect(await scrollsSideways(visitor)).toBe(false);
  await screenshot(visitor, "path-certificate-valid");
  return { ...learner, code, visitor };
}

async function revoke(page: Page, learner: { name: string; code: string }) {
  await adminLogIn(app, page);
  await page.goto(app.adminUrl("/learners"));
  await page.getByLabel("Search learners by name").fill(learner.name);
  const view = page.getByRole("button", { name: `View details of ${learner.name}` });
  await view.first().click();
  const details = page.getByRole("dialog", { name: "Learner Details" });
  await details.getByRole("button", { name: `Revoke the certificate ${learner.code}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke certificate" });
  await confirm.getByLabel("Reason").fill("Issued in a browser test.");
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await confirm.waitFor({ state: "hidden" });
  await details.getByText("Revoked", { exact: true }).waitFor();
  await screenshot(page, "path-revoked");
}

for (const [label, viewport] of [
  ["desktop", { width: 1440, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  describe(`the learner's path at ${viewport.width}`, () => {
    let authored: Authored | undefined;

    it(`at ${viewport.width}: staff author a text, an uploaded video, a PDF file and a quiz lesson`, async () => {
      authored = await author(await app.newPage(viewport), label);
      expect(consoleErrors(app)).toEqual([]);
    });

    it(`at ${viewport.width}: a new learner buys the track, takes every lesson, gets the certificate; staff revoke it`, async () => {
      if (!authored) throw new Error("The authoring test did not finish.");
      const learner = await learn(await app.newPage(viewport), authored, label === "phone");
      await revoke(await app.newPage(viewport), learner);
      await learner.visitor.reload();
      await learner.visitor.getByText(/^Revoked/).waitFor();
      expect(consoleErrors(app)).toEqual([]);
    });
  });
}
