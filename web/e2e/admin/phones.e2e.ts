import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupHarness } from "../harness.ts";
import { createLearner, logIn as learnerLogIn } from "../learner/helpers.ts";
import { consoleErrors, logIn } from "./admin.ts";

const app = setupHarness();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/** How far the page reaches sideways: at most the viewport's width when nothing overflows. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The element is shown and lies within the screen's width (not cut off at the side or reached only by scrolling). */
async function inView(locator: Locator, width: number) {
  await locator.waitFor();
  // A list may render its rows again once (e.g. after its first refetch): wait for the cell's layout to settle.
  // The box measured is the one checked: a second measurement could fall in the middle of a render again.
  const seen: { box: Awaited<ReturnType<Locator["boundingBox"]>> } = { box: null };
  await expect
    .poll(
      async () => {
        seen.box = await locator.boundingBox();
        return seen.box?.width ?? 0;
      },
      { message: `${locator.page().url()}: nothing shown`, timeout: 5000 },
    )
    .toBeGreaterThan(0);
  const { box } = seen;
  if (!box) throw new Error(`${locator.page().url()}: nothing shown`);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
}

/** The admin pages with a table, each with what marks it loaded: its table's name. */
const TABLE_PAGES = [
  { path: "/invoice", table: "Invoices" },
  { path: "/learners", table: "Learners" },
  { path: "/courses", table: "Courses" },
  { path: "/staff", table: "Staff" },
  { path: "/audit", table: "Audit log" },
  { path: "/report", table: "Revenue and enrollments per track" },
];

/** The other admin pages, each checked for sideways overflow only. */
const OTHER_PAGES = [
  { path: "/dashboard", heading: /Welcome back/ },
  { path: "/track", heading: "Tracks" },
];

/** The first row of a table with data (row 0 is the header row). */
const firstRow = (page: Page, table: string) => page.getByRole("table", { name: table }).getByRole("row").nth(1);

describe("admin console on a phone (390 x 844)", () => {
  it("every table stacks its rows: no sideways scrolling, status, amount and actions in view", async () => {
    const page = await app.newPage(PHONE);
    await logIn(app, page);
    for (const { path, table } of TABLE_PAGES) {
      await page.goto(app.adminUrl(path));
      await firstRow(page, table).waitFor();
      expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width);
      // Every cell of a row is in view, with its column's label beside it.
      const row = firstRow(page, table);
      for (const cell of await row.getByRole("cell").all()) await inView(cell, PHONE.width);
      const region = page.getByRole("region", { name: table });
      expect(await region.evaluate((e) => e.scrollWidth <= e.clientWidth), path).toBe(true);
    }
    for (const { path, heading } of OTHER_PAGES) {
      await page.goto(app.adminUrl(path));
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width);
    }

    // Invoices: the amount, the status and both actions of a row can be seen and reached (the first row that has
    // them: a paid invoice is locked, with no edit or delete).
    await page.goto(app.adminUrl("/invoice"));
    const invoice = page
      .getByRole("table", { name: "Invoices" })
      .getByRole("row")
      .filter({ has: page.getByRole("button", { name: /^Edit invoice for/ }) })
      .first();
    await inView(invoice.getByText(/^\$[\d,]+\.\d{2}$/), PHONE.width);
    await inView(invoice.getByText(/^(Paid|Pending|Failed|Overdue)$/i).first(), PHONE.width);
    await inView(invoice.getByRole("button", { name: /^Edit invoice for/ }), PHONE.width);
    await inView(invoice.getByRole("button", { name: /^Delete invoice for/ }), PHONE.width);
    const labels = await invoice.getByRole("cell").evaluateAll((cells) => cells.map((c) => c.getAttribute("data-label")));
    expect(labels).toEqual(["Number", "Learner", "Email address", "Due date", "Amount", "Status", "Action"]);
    // Learners: the amount and the actions.
    await page.goto(app.adminUrl("/learners"));
    const learner = firstRow(page, "Learners");
    await inView(learner.getByText(/^\$[\d,]+\.\d{2}$/), PHONE.width);
    await inView(learner.getByRole("button").first(), PHONE.width);
    expect(consoleErrors(app)).toEqual([]);
  });

  it("on a desktop (1440 x 900) a table is still a table: header row shown, cells side by side", async () => {
    const page = await app.newPage(DESKTOP);
    await logIn(app, page);
    await page.goto(app.adminUrl("/invoice"));
    const table = page.getByRole("table", { name: "Invoices" });
    await firstRow(page, "Invoices").waitFor();
    // The list renders its rows again after its first refetch; a table caught between two renders is detached and
    // has no computed style, so the layout is read until it settles.
    await expect.poll(() => table.evaluate((e) => getComputedStyle(e).display), { timeout: 5000 }).toBe("table");
    const header = table.getByRole("columnheader", { name: "Status" });
    await inView(header, DESKTOP.width);
    const cells = firstRow(page, "Invoices").getByRole("cell");
    // One row's cells side by side: all of them start at the same height (read in one go in the page).
    const tops = () => cells.evaluateAll((list) => new Set(list.map((cell) => Math.round(cell.getBoundingClientRect().top))).size);
    await expect.poll(tops, { timeout: 5000 }).toBe(1);
    // The same re-render can detach a cell between the two reads: poll this one too (an empty string is a detached
    // cell, not a layout).
    await expect.poll(() => cells.first().evaluate((e) => getComputedStyle(e, "::before").content), { timeout: 5000 }).toBe("none");
    expect(consoleErrors(app)).toEqual([]);
  });
});

describe("learner site on a phone (390 x 844)", () => {
  it("no page is wider than the screen, the settings of a learner with a long e-mail address included", async () => {
    const account = await createLearner(app, "Bartholomewchristophersonmaximilianwolfe", "Oyelaran-Whitfield");
    const page = await app.newPage(PHONE);
    for (const path of ["/", "/learner-tracks", "/learners-signup", "/learner-login", "/forgot-password"]) {
      await page.goto(app.learnerUrl(path));
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width);
    }
    await learnerLogIn(app, page, account);
    for (const path of ["/portal", "/portal/settings", "/portal/invoices"]) {
      await page.goto(app.learnerUrl(path));
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      if (path === "/portal/settings") await page.getByRole("button", { name: "Save changes" }).waitFor();
      expect(await pageWidth(page), path).toBeLessThanOrEqual(PHONE.width);
    }
    expect(consoleErrors(app)).toEqual([]);
  });
});
