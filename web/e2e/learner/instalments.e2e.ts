import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { addMonthlyPlan } from "../admin/admin.ts";
import { setupHarness } from "../harness.ts";
import { createLearner, logIn, openTrackFromCatalogue } from "./helpers.ts";

const app = setupHarness();

const TRACK = "Cloud Computing Fundamentals";
const DAY_MS = 86_400_000;

/** Runs the worker's instalment step as if it were `at` (the sandbox-only clock control, docs/payments.md). */
async function runInstalmentsAt(at: Date) {
  const answer = await app.sandboxControl("/__app/instalments/run", { at: at.toISOString() });
  expect(answer.status).toBe(200);
}

/** The sandbox's saved-card charges still to decline (each charge the worker makes takes one). */
const declinesLeft = async () => (await app.sandboxControl("/__controls")).body.data.failNextCharges as number;

/** The portal's plan of the track, as the learner sees it after a reload. */
async function plan(page: Page) {
  await page.goto(app.learnerUrl("/portal"));
  const article = page
    .getByRole("region", { name: "Payment plans" })
    .getByRole("article")
    .filter({ has: page.getByRole("heading", { level: 3, name: TRACK }) });
  await article.waitFor();
  return article;
}

/** The status badge of each part, in order, once it reads `expected`: the worker's charges settle in the background. */
async function expectParts(page: Page, expected: string[]) {
  await expect
    .poll(
      async () => {
        const rows = (await plan(page)).getByRole("table", { name: `Instalments of ${TRACK}` }).getByRole("row");
        const states: string[] = [];
        for (const row of (await rows.all()).slice(1)) states.push((await row.getByRole("cell").nth(3).textContent()) ?? "");
        return states;
      },
      { timeout: 20_000 },
    )
    .toEqual(expected);
}

describe("a track paid in 3 instalments (issue 32)", () => {
  it("first part by card at checkout, the second charged by the worker, the third overdue pauses access and is paid from the portal", async () => {
    // Staff give the track a 3-part monthly plan, the first part $150.00.
    const { staff } = await addMonthlyPlan(app, TRACK);

    // A learner sees the plan on the track page and pays the first part by card at checkout (1440 px).
    const learner = await createLearner(app, "Yaw", "Boateng");
    const page = await app.newPage();
    await logIn(app, page, learner);
    await openTrackFromCatalogue(app, page, TRACK);
    await page.getByText("Pay in 3 monthly instalments").first().waitFor();
    await page.getByRole("link", { name: "Enroll Now" }).click();
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    await page.getByLabel("Gender").selectOption("MALE");
    await page.getByLabel("Location").fill("Kumasi");
    await page.getByRole("radio", { name: /Pay in 3 monthly instalments/ }).check();
    await page.getByRole("button", { name: "Pay the first instalment" }).click();
    await page.waitForURL(/\/paystack-sandbox\/checkout\//);
    expect(
      await page
        .getByText(/150\.00/)
        .first()
        .isVisible(),
    ).toBe(true);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/payment-verification\?/);
    await page.getByText("You have successfully enrolled!").waitFor();

    // The portal: part 1 paid, the card the later parts go to.
    const first = await plan(page);
    expect(await first.getByText("Card ending 4081").count()).toBe(1);
    await expectParts(page, ["Paid", "Upcoming", "Upcoming"]);

    // A month on, the worker charges the saved card for part 2.
    await runInstalmentsAt(new Date(Date.now() + 32 * DAY_MS));
    await expectParts(page, ["Paid", "Paid", "Upcoming"]);

    // Part 3: finance brings its due date to today; the card is declined on each of the three tries.
    await app.sandboxControl("/__controls", { failNextCharges: 3 });
    await staff.goto(app.adminUrl("/instalment-plans"));
    await staff.getByRole("button", { name: `Schedule of ${learner.name}'s plan` }).click();
    const schedule = staff.getByRole("dialog", { name: `${learner.name}'s instalment plan` });
    await schedule.getByRole("button", { name: "Move due date of part 3" }).click();
    const move = staff.getByRole("dialog", { name: "Move due date" });
    await move.getByLabel(/New due date/).fill(new Date().toISOString().slice(0, 10));
    await move.getByRole("button", { name: "Move due date" }).click();
    await move.waitFor({ state: "detached" });
    const today = Date.now();
    for (let attempt = 0; attempt < 3; attempt++) {
      await runInstalmentsAt(new Date(today + attempt * (DAY_MS + 60_000)));
      await expect.poll(declinesLeft, { timeout: 20_000 }).toBe(2 - attempt);
    }
    // Past the 7 days of grace the track is paused: progress kept, the portal says why.
    await runInstalmentsAt(new Date(today + 9 * DAY_MS));

    // On a phone (390 px): the paused track, then "Pay now" through the sandbox resumes it.
    const phone = await app.newPage({ width: 390, height: 844 });
    await logIn(app, phone, learner);
    const paused = await plan(phone);
    await paused.getByText("Access paused", { exact: true }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.getByRole("button", { name: `Pay now to resume ${TRACK}` }).click();
    await phone.waitForURL(/\/paystack-sandbox\/checkout\//);
    await phone.getByRole("button", { name: "Pay" }).click();
    await phone.waitForURL(/\/payment-verification\?/);
    await phone.getByText("Your instalment is paid: your access to the track continues.").waitFor();
    await expectParts(phone, ["Paid", "Paid", "Paid"]);
    const done = await plan(phone);
    await done.getByText("Completed", { exact: true }).waitFor();
    expect(await done.getByText("Access paused", { exact: true }).count()).toBe(0);
    expect(app.consoleErrors()).toEqual([]);
  }, 180_000);
});
