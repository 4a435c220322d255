import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { setupHarness } from "../harness.ts";
import { consoleErrors, logIn } from "./admin.ts";

const app = setupHarness();

describe("invoices and learners", () => {
  it("creates, finds, edits and deletes an invoice; a paid one is locked, a pending one is voided", async () => {
    const page = await app.newPage();
    await logIn(app, page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Invoices" }).click();
    await page.getByRole("heading", { level: 1, name: "Manage Invoices" }).waitFor();
    const table = page.getByRole("table", { name: "Invoices" });
    await table.getByRole("row").nth(1).waitFor();
    expect(await table.getByRole("columnheader").allTextContents()).toEqual([
      "Number",
      "Learner",
      "Email address",
      "Due date",
      "Amount",
      "Status",
      "Action",
    ]);
    const pages = page.getByRole("navigation", { name: "Invoice pages" });
    await pages.getByRole("button", { name: "Page 2" }).click();
    await pages.locator('[aria-current="page"]', { hasText: "2" }).waitFor();
    await pages.getByRole("button", { name: "Page 1" }).click();
    await pages.locator('[aria-current="page"]', { hasText: "1" }).waitFor();

    await page.getByRole("button", { name: "Add Invoice" }).click();
    const add = page.getByRole("dialog", { name: "Add Invoice" });
    await add.getByRole("button", { name: "Add Invoice" }).click();
    await add.getByText("Learner is required").waitFor();
    await add.getByText("Amount is required").waitFor();
    await add.getByText("Status is required").waitFor();
    await add.getByLabel("Learner").selectOption({ label: "Halima Abdi (halima.abdi@example.com)" });
    await add.getByLabel("Track").selectOption("OTHER");
    await add.getByLabel("Description").fill("Printed workbook");
    await add.getByLabel("Amount ($)").fill("1234.5");
    await add.getByLabel("Due date").fill("2027-01-31");
    await add.getByLabel("Status").selectOption("PENDING");
    await add.getByLabel("Payment details").fill("Bank transfer");
    await add.getByRole("button", { name: "Add Invoice" }).click();
    await add.waitFor({ state: "detached" });
    const row = table.getByRole("row").filter({ hasText: "$1,234.50" });
    await row.waitFor();
    expect(await row.textContent()).toContain("Halima Abdi");
    expect(await row.textContent()).toContain("Jan 31, 2027");
    expect(await row.textContent()).toContain("Pending");
    expect(await row.textContent()).toContain("Printed workbook");

    await page.getByPlaceholder("Search by learner name...").fill("halima");
    await page.waitForFunction(() =>
      [...document.querySelectorAll("table tbody tr")].every((tr) => tr.textContent?.includes("Halima Abdi")),
    );
    await row.getByRole("button", { name: "Edit invoice for Halima Abdi" }).click();
    const edit = page.getByRole("dialog", { name: "Update Invoice" });
    expect(await edit.getByLabel("Amount ($)").inputValue()).toBe("1234.50");
    await edit.getByLabel("Status").selectOption("PAID");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await edit.waitFor({ state: "detached" });
    await row.filter({ hasText: "Paid" }).waitFor();

    // Paid: locked. No edit or delete, the reason instead (a refund is the correction); the API refuses both too
    // (docs/ARCHITECTURE.md).
    const locked = "Paid invoices can't be edited or deleted; record a refund instead.";
    await row.getByText("Locked").waitFor();
    expect(await row.getByRole("button").evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")))).toEqual([
      expect.stringMatching(/^Refund invoice for /),
    ]);
    expect(await row.locator("[data-locked]").getAttribute("title")).toBe(locked);
    expect(await row.textContent()).toContain(locked);

    // A pending invoice for a track: its price fills the amount. Voided with a reason, it is locked as well.
    await page.getByRole("button", { name: "Add Invoice" }).click();
    const forTrack = page.getByRole("dialog", { name: "Add Invoice" });
    await forTrack.getByLabel("Learner").selectOption({ label: "Halima Abdi (halima.abdi@example.com)" });
    const trackName = (await forTrack.getByLabel("Track").locator("option").nth(1).textContent())?.replace(/ \(draft\)$/, "") ?? "";
    await forTrack.getByLabel("Track").selectOption({ index: 1 });
    expect(await forTrack.getByLabel("Amount ($)").inputValue()).toMatch(/^\d+\.\d{2}$/);
    await forTrack.getByLabel("Amount ($)").fill("55.5");
    await forTrack.getByLabel("Status").selectOption("PENDING");
    await forTrack.getByRole("button", { name: "Add Invoice" }).click();
    await forTrack.waitFor({ state: "detached" });
    const pendingRow = table.getByRole("row").filter({ hasText: "$55.50" });
    await pendingRow.filter({ hasText: trackName }).waitFor();
    await pendingRow.getByRole("button", { name: "Void invoice for Halima Abdi" }).click();
    const voiding = page.getByRole("dialog", { name: "Void invoice" });
    await voiding.getByRole("button", { name: "Void invoice" }).click();
    await voiding.getByText("Give a reason for voiding the invoice.").waitFor();
    await voiding.getByLabel("Reason").fill("Sent twice by mistake");
    await voiding.getByRole("button", { name: "Void invoice" }).click();
    await voiding.waitFor({ state: "detached" });
    await pendingRow.getByText("Locked").waitFor();
    expect(await pendingRow.getByRole("button").count()).toBe(0);

    // A pending invoice is still deleted as before.
    await page.getByRole("button", { name: "Add Invoice" }).click();
    const third = page.getByRole("dialog", { name: "Add Invoice" });
    await third.getByLabel("Learner").selectOption({ label: "Halima Abdi (halima.abdi@example.com)" });
    await third.getByLabel("Track").selectOption("OTHER");
    await third.getByLabel("Description").fill("Exam fee");
    await third.getByLabel("Amount ($)").fill("77");
    await third.getByLabel("Status").selectOption("PENDING");
    await third.getByRole("button", { name: "Add Invoice" }).click();
    await third.waitFor({ state: "detached" });
    const deletable = table.getByRole("row").filter({ hasText: "$77.00" });
    await deletable.getByRole("button", { name: "Delete invoice for Halima Abdi" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete invoice" });
    for (const text of ["This action cannot be undone.", "Halima Abdi", "$77.00", "Pending"])
      await confirm.getByText(text).first().waitFor();
    await confirm.getByRole("button", { name: "Delete invoice" }).click();
    await confirm.waitFor({ state: "detached" });
    await page.waitForFunction(() => ![...document.querySelectorAll("table tbody tr")].some((tr) => tr.textContent?.includes("$77.00")));
    await page.getByPlaceholder("Search by learner name...").fill("nobody by this name");
    await page.getByText("No invoices found.").waitFor();
    expect(consoleErrors(app)).toEqual([]);
  });

  it("adds an invoice from the spec's form alone: learner, amount, due date, status, payment details", async () => {
    const page = await app.newPage();
    await logIn(app, page);
    await page.goto(app.adminUrl("/invoice"));
    await page.getByRole("heading", { level: 1, name: "Manage Invoices" }).waitFor();
    const table = page.getByRole("table", { name: "Invoices" });
    await table.getByRole("row").nth(1).waitFor();
    await page.getByRole("button", { name: "Add Invoice" }).click();
    const add = page.getByRole("dialog", { name: "Add Invoice" });
    // The track list has loaded (the select is enabled), and nothing else is touched.
    await add.getByRole("option", { name: "Other (not a track)" }).waitFor({ state: "attached" });
    await add.getByLabel("Learner").selectOption({ label: "Halima Abdi (halima.abdi@example.com)" });
    await add.getByLabel("Amount ($)").fill("432.1");
    await add.getByLabel("Due date").fill("2027-03-15");
    await add.getByLabel("Status").selectOption("PENDING");
    await add.getByLabel("Payment details").fill("Mobile money");
    await add.getByRole("button", { name: "Add Invoice" }).click();
    // Saved: the dialog closes and the invoice is in the table.
    await add.waitFor({ state: "detached", timeout: 10_000 });
    const row = table.getByRole("row").filter({ hasText: "$432.10" });
    await row.waitFor();
    for (const text of ["Halima Abdi", "Mar 15, 2027", "Pending"]) expect(await row.textContent()).toContain(text);
    // Written as an "Other" line with no description; the payment details were kept.
    await row.getByRole("button", { name: "Edit invoice for Halima Abdi" }).click();
    const edit = page.getByRole("dialog", { name: "Update Invoice" });
    expect(await edit.getByLabel("Payment details").inputValue()).toBe("Mobile money");
    expect(await edit.getByLabel("Track").inputValue()).toBe("OTHER");
    await page.keyboard.press("Escape");
    await edit.waitFor({ state: "detached" });
    expect(consoleErrors(app)).toEqual([]);
  });

  it("searches learners and opens a learner's details", async () => {
    const page = await app.newPage();
    await logIn(app, page);
    await page.goto(app.adminUrl("/learners"));
    await page.getByRole("heading", { level: 1, name: "Manage Learners" }).waitFor();
    const table = page.getByRole("table", { name: "Learners" });
    await table.getByRole("row").nth(1).waitFor();
    expect(await table.getByRole("columnheader").allTextContents()).toEqual([
      "Learner",
      "Courses",
      "Date joined",
      "Amount",
      "Gender",
      "Action",
    ]);
    await page.getByPlaceholder("Search by name...").fill("Ada Nwosu");
    await page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 1);
    await table.getByRole("button", { name: "View details of Ada Nwosu" }).click();
    const dialog = page.getByRole("dialog", { name: "Learner Details" });
    await dialog.getByText("learner@learnhub.test").waitFor();
    for (const text of ["Lagos, Nigeria", "Female", "Bio", "Program Enrolled", "Financials", "Total amount paid"]) {
      await dialog.getByText(text, { exact: true }).waitFor();
    }
    expect(await dialog.getByRole("listitem").count()).toBeGreaterThan(0);
    expect(await dialog.textContent()).toMatch(/\$\d[\d,]*\.\d{2}/);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    expect(consoleErrors(app)).toEqual([]);
  });

  it("shows the report and downloads it as CSV", async () => {
    const page = await app.newPage();
    await logIn(app, page);
    await page.goto(app.adminUrl("/report"));
    await page.getByRole("heading", { level: 1, name: "Report" }).waitFor();
    await page.getByRole("table", { name: "Revenue and enrollments per track" }).getByText("Total").waitFor();
    expect(await page.getByRole("button", { name: "Last 6 months" }).getAttribute("aria-pressed")).toBe("true");
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^report-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    // One table per file, each with exactly one header row: per month here, per track from the second button.
    const monthRows = (await readFile(await file.path(), "utf8")).trim().split("\n");
    // The completions and currency columns are deliberate additions (README, "Where we follow the spec", "Money").
    expect(monthRows[0]).toBe("month,revenue,enrollments,completions,currency");
    expect(monthRows.filter((row) => /^(month|track),revenue,enrollments/.test(row))).toHaveLength(1);
    expect(monthRows.slice(1).every((row) => /^\d{4}-\d{2},\d+\.\d{2},\d+,\d+,USD$/.test(row))).toBe(true);
    const tracksDownload = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download per-track CSV" }).click();
    const tracksFile = await tracksDownload;
    expect(tracksFile.suggestedFilename()).toMatch(/^report-by-track-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const trackRows = (await readFile(await tracksFile.path(), "utf8")).trim().split("\n");
    expect(trackRows[0]).toBe("track,revenue,enrollments,currency");
    expect(trackRows.filter((row) => /^(month|track),revenue,enrollments,currency$/.test(row))).toHaveLength(1);
    await page.getByRole("button", { name: "Last 12 months" }).click();
    expect(await page.getByRole("button", { name: "Last 12 months" }).getAttribute("aria-pressed")).toBe("true");
    expect(consoleErrors(app)).toEqual([]);
  });
});
