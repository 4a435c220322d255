import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import type { Harness } from "../harness.ts";

/** The seeded demo learner (api/src/seed/demo.ts): enrolled in Cloud Computing Fundamentals and Software Engineering. */
export const demoLearner = { email: "learner@learnhub.test", password: "Demo@Learner2026", name: "Ada Nwosu" };

const screenshotDir = fileURLToPath(new URL("../../../test-results/screenshots/learner/", import.meta.url));

/** Saves the page as `test-results/screenshots/learner/<name>-<width>.png` (whole page, from the top). */
export async function screenshot(page: Page, name: string) {
  mkdirSync(screenshotDir, { recursive: true });
  // Scrolled down, the sticky top bar would be drawn over the middle of a whole-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: join(screenshotDir, `${name}-${width}.png`), fullPage: true });
}

/** Logs in through the login page and waits for where it leads (home, or back to a guarded page). */
export async function logIn(app: Harness, page: Page, account: { email: string; password: string }, expectedPath = "/") {
  if (!page.url().includes("/learner-login")) await page.goto(app.learnerUrl("/learner-login"));
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(app.learnerUrl(expectedPath));
}

/** The 6-digit code of the newest verification mail to `email` in the dev mailbox (mails leave through a job). */
export async function verificationCode(app: Harness, email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { mails } = (await fetch(app.learnerUrl(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).then((r) => r.json())) as {
      mails: { subject: string; text: string }[];
    };
    const code = mails.map((mail) => /verification code is (\d{6})/.exec(mail.text)?.[1]).find(Boolean);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No verification code reached ${email}: ${JSON.stringify(mails)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Opens a track's details page from the catalogue, the way a visitor does. */
export async function openTrackFromCatalogue(app: Harness, page: Page, trackName: string) {
  await page.goto(app.learnerUrl("/learner-tracks"));
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: trackName, exact: true }) });
  await card.getByRole("link", { name: "Preview Course" }).click();
  await page.getByRole("heading", { level: 1, name: trackName }).waitFor();
}

async function graphql<T>(app: Harness, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(app.learnerUrl("/graphql"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await response.json()) as { data: T; errors?: unknown };
  if (json.errors) throw new Error(JSON.stringify(json.errors));
  return json.data;
}

/** A new, verified learner made through the API (sign-up and the e-mailed code), for tests that change an account. */
export async function createLearner(app: Harness, firstName: string, lastName: string) {
  const email = `${firstName.toLowerCase()}-${Date.now()}@example.com`;
  const password = "Str0ng!Pass2026";
  await graphql(app, "mutation($input: SignUpInput!) { signUpLearner(input: $input) { __typename } }", {
    input: { firstName, lastName, email, contact: "+234 803 555 0100", password, confirmPassword: password },
  });
  const code = await verificationCode(app, email);
  const { verifyEmail } = await graphql<{ verifyEmail: { __typename: string } }>(
    app,
    "mutation($input: VerifyEmailInput!) { verifyEmail(input: $input) { __typename } }",
    { input: { email, code } },
  );
  if (verifyEmail.__typename !== "VerifyEmailPayload") throw new Error(`Could not verify ${email}: ${verifyEmail.__typename}`);
  return { email, password, name: `${firstName} ${lastName}` };
}

/** The reset link of the newest password-reset mail to `email`. */
export async function resetLink(app: Harness, email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const { mails } = (await fetch(app.learnerUrl(`/dev/mailbox.json?to=${encodeURIComponent(email)}`)).then((r) => r.json())) as {
      mails: { text: string }[];
    };
    const link = mails.map((mail) => /(http\S+\/reset-password\?token=\S+)/.exec(mail.text)?.[1]).find(Boolean);
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No reset link reached ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
