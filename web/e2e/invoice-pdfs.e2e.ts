import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { logIn as adminLogIn, consoleErrors, DEMO_ADMIN } from "./admin/admin.ts";
import { setupHarness } from "./harness.ts";
import { demoLearner, logIn as learnerLogIn } from "./learner/helpers.ts";

/**
 * Invoice numbers and PDFs (docs/ARCHITECTURE.md, "Invoice numbers and PDFs") in the built app: the learner and the
 * owner download a PDF from their invoice tables (a file named after the number, starting %PDF), and the business name
 * the owner saves shows in the learner site's footer. The screens are left for the harness's screenshots at 1440 and
 * 390 pixels.
 */

const app = setupHarness();

const NUMBER = /^[A-Za-z0-9-]+-\d{4}-\d{6}$/;

/** Clicks the first invoice number link of `scope` and reads the downloaded file. */
async function downloadFirstPdf(page: Page, scope: ReturnType<Page["locator"]>) {
  const link = scope.getByRole("link", { name: / \(PDF\)$/ }).first();
  await link.waitFor();
  const number = ((await link.textContent()) ?? "").trim();
  expect(number).toMatch(NUMBER);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 5).toString()).toBe("%PDF-");
  return number;
}

describe("invoice numbers and PDFs", () => {
  it("the owner saves the business name: the learner footer shows it; the learner downloads a receipt from their invoices", async () => {
    const owner = await app.newPage();
    await adminLogIn(app, owner, DEMO_ADMIN);
    await owner.goto(app.adminUrl("/settings"));
    await owner.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
    await owner.getByLabel(/^Business name/).fill("Acme Academy");
    await owner.getByLabel(/^Support e-mail/).fill("help@acme.test");
    await owner.getByLabel(/^Footer contact lines/).fill("+233 20 000 0000\n12 Harbour Road, Accra");
    await owner.getByRole("button", { name: "Save settings" }).click();
    await owner.getByRole("region", { name: "Notifications" }).getByText("Settings saved.").waitFor();

    const learner = await app.newPage();
    await learnerLogIn(app, learner, demoLearner);
    await learner.goto(app.learnerUrl("/portal/invoices"));
    const footer = learner.getByRole("contentinfo");
    await footer.getByText("© 2025 Acme Academy. All rights reserved.").waitFor();
    expect(await footer.getByRole("link", { name: "help@acme.test" }).getAttribute("href")).toBe("mailto:help@acme.test");
    await footer.getByText("12 Harbour Road, Accra").waitFor();

    await downloadFirstPdf(learner, learner.getByRole("table", { name: "Your invoices" }));
    // The same on a phone, where the invoices are cards.
    const phone = await app.newPage({ width: 390, height: 844 });
    await learnerLogIn(app, phone, demoLearner);
    await phone.goto(app.learnerUrl("/portal/invoices"));
    await downloadFirstPdf(phone, phone.getByRole("list", { name: "Your invoices" }));
    // The settings page on a phone, for the screenshots.
    const ownerPhone = await app.newPage({ width: 390, height: 844 });
    await adminLogIn(app, ownerPhone, DEMO_ADMIN);
    await ownerPhone.goto(app.adminUrl("/settings"));
    await ownerPhone.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
    expect(consoleErrors(app)).toEqual([]);
  });

  it("the owner downloads an invoice PDF from the invoice list, and finds the invoice by its number", async () => {
    const owner = await app.newPage();
    await adminLogIn(app, owner, DEMO_ADMIN);
    await owner.goto(app.adminUrl("/invoice"));
    await owner.getByRole("heading", { level: 1, name: "Manage Invoices" }).waitFor();
    const table = owner.getByRole("table", { name: "Invoices" });
    const number = await downloadFirstPdf(owner, table);
    await owner.getByPlaceholder("Search by learner name...").fill(number);
    await expect.poll(() => table.getByRole("row").count(), { timeout: 10_000 }).toBe(2);
    await table.getByRole("link", { name: `${number} (PDF)` }).waitFor();

    const phone = await app.newPage({ width: 390, height: 844 });
    await adminLogIn(app, phone, DEMO_ADMIN);
    await phone.goto(app.adminUrl("/invoice"));
    await downloadFirstPdf(phone, phone.getByRole("table", { name: "Invoices" }));
    expect(consoleErrors(app)).toEqual([]);
  });
});
