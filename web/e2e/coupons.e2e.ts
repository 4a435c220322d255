import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { logIn as adminLogIn, consoleErrors, DEMO_STAFF } from "./admin/admin.ts";
import { setupHarness } from "./harness.ts";
import { createLearner, logIn, openTrackFromCatalogue, screenshot } from "./learner/helpers.ts";

const app = setupHarness();

/** Finance creates a coupon through the Coupons page (all tracks, percent off). */
async function createCoupon(page: Page, code: string, percent: number) {
  await page.goto(app.adminUrl("/coupons"));
  await page.getByRole("heading", { level: 1, name: "Coupons" }).waitFor();
  await page.getByRole("button", { name: "Create coupon" }).click();
  const dialog = page.getByRole("dialog", { name: "Create coupon" });
  await dialog.getByLabel("Code").fill(code.toLowerCase());
  await dialog.getByLabel("Percent").fill(String(percent));
  await dialog.getByLabel("Redemption limit").fill("5");
  await dialog.getByLabel("All tracks").uncheck();
  await dialog.getByLabel("All tracks").check();
  await screenshot(page, "admin-coupons-create");
  await dialog.getByRole("button", { name: "Create coupon" }).click();
  await dialog.waitFor({ state: "detached" });
  await page.getByRole("row").filter({ hasText: code }).waitFor();
}

async function startCheckout(page: Page, track: string) {
  await openTrackFromCatalogue(app, page, track);
  await page.getByRole("link", { name: "Enroll Now" }).click();
  await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
  await page.getByLabel("Gender").selectOption("FEMALE");
}

describe("coupons", () => {
  it("finance makes a coupon; a learner applies it, sees the new price, pays it in the sandbox; the invoice shows the discount", async () => {
    const admin = await app.newPage();
    await adminLogIn(app, admin, DEMO_STAFF.finance);
    const code = `HALF${Date.now().toString(36).toUpperCase()}`;
    await createCoupon(admin, code, 50);
    const row = admin.getByRole("row").filter({ hasText: code });
    expect(await row.getByText("50% off").count()).toBe(1);
    expect(await row.getByText("0 of 5 redeemed").count()).toBe(1);
    await screenshot(admin, "admin-coupons");

    const learner = await app.newPage();
    await logIn(app, learner, await createLearner(app, "Kofi", "Asante"));
    await startCheckout(learner, "Cloud Computing Fundamentals");
    const summary = learner.getByRole("complementary", { name: "Order summary" });
    expect(await summary.getByText("$350.00").count()).toBeGreaterThan(0);
    // A wrong code is refused under the field, the price unchanged.
    await learner.getByLabel("Coupon code").fill("NOT-A-CODE");
    await learner.getByRole("button", { name: "Apply" }).click();
    await learner.getByText("This coupon code is not valid.").waitFor();
    await learner.getByLabel("Coupon code").fill(code.toLowerCase());
    await learner.getByRole("button", { name: "Apply" }).click();
    await learner.getByText(`Coupon ${code} applied`).waitFor();
    expect(await summary.getByText(`Discount (${code})`).count()).toBe(1);
    expect(await summary.getByText("−$175.00").count()).toBe(1);
    expect(await summary.locator("dl").last().textContent()).toBe("Total$175.00");
    await screenshot(learner, "checkout-coupon");
    await learner.getByRole("button", { name: "Proceed to payment" }).click();

    await learner.waitForURL(/\/paystack-sandbox\/checkout\//);
    expect(await learner.getByText("175.00").count()).toBeGreaterThan(0);
    await learner.getByRole("button", { name: "Pay" }).click();
    await learner.waitForURL(/\/payment-verification\?/);
    await learner.getByText("You have successfully enrolled!").waitFor();
    await learner.goto(app.learnerUrl("/portal/invoices"));
    const invoice = learner.getByRole("row").filter({ hasText: "Cloud Computing Fundamentals" });
    await invoice.waitFor();
    expect(await invoice.getByRole("cell").allTextContents()).toEqual([
      `Cloud Computing FundamentalsCoupon ${code}: −$175.00`,
      "$175.00",
      "Paid",
      expect.any(String),
      expect.stringMatching(/^INV-\d{4}-\d{6}$/),
    ]);

    await admin.reload();
    await admin.getByRole("row").filter({ hasText: code }).getByText("1 of 5 redeemed").waitFor();

    // The report counts the discount given with its coupon.
    await admin.goto(app.adminUrl("/report"));
    const discounts = admin.getByRole("table", { name: "Redemptions and discounts per coupon" });
    const line = discounts.getByRole("row").filter({ hasText: code });
    await line.waitFor();
    expect(await line.getByRole("cell").allTextContents()).toEqual([code, "1", "$175.00"]);
    await screenshot(admin, "admin-report-discounts");

    // Sponsor codes: three single-use codes for one track, listed with their organisation.
    await admin.goto(app.adminUrl("/coupons"));
    await admin.getByRole("button", { name: "Generate codes" }).click();
    const dialog = admin.getByRole("dialog", { name: "Generate sponsor codes" });
    const sponsor = `Acme ${Date.now().toString(36)}`;
    await dialog.getByLabel("Organisation").fill(sponsor);
    await dialog.getByLabel("Track").selectOption({ label: "DevOps Engineering" });
    await dialog.getByLabel("Number of codes").fill("3");
    await screenshot(admin, "admin-coupons-generate");
    const download = admin.waitForEvent("download");
    await dialog.getByRole("button", { name: "Generate codes" }).click();
    expect((await download).suggestedFilename()).toBe("coupon-codes.csv");
    await admin.getByRole("searchbox").fill(sponsor);
    await admin.getByText(`Sponsor: ${sponsor}`).first().waitFor();
    await admin.waitForFunction(
      (name) => document.querySelectorAll("tbody tr").length === 3 && (document.body.textContent ?? "").includes(name),
      sponsor,
    );
    expect(consoleErrors(app)).toEqual([]);
  });

  it("a 100% coupon enrolls at once, without the payment page", async () => {
    const admin = await app.newPage();
    await adminLogIn(app, admin, DEMO_STAFF.finance);
    const code = `FREE${Date.now().toString(36).toUpperCase()}`;
    await createCoupon(admin, code, 100);

    const learner = await app.newPage({ width: 390, height: 844 });
    await logIn(app, learner, await createLearner(app, "Abena", "Owusu"));
    await startCheckout(learner, "DevOps Engineering");
    await learner.getByLabel("Coupon code").fill(code);
    await learner.getByRole("button", { name: "Apply" }).click();
    await learner.getByText(`Coupon ${code} applied`).waitFor();
    expect(await learner.getByRole("complementary", { name: "Order summary" }).locator("dl").last().textContent()).toBe("TotalFree");
    await screenshot(learner, "checkout-coupon-free");
    await learner.getByRole("button", { name: "Enroll for free" }).click();
    await learner.getByText("Successfully Enrolled!").waitFor();
    await learner.waitForURL(app.learnerUrl("/portal"), { timeout: 5_000 });
    await learner.getByRole("heading", { name: "DevOps Engineering" }).waitFor();

    const phoneAdmin = await app.newPage({ width: 390, height: 844 });
    await adminLogIn(app, phoneAdmin, DEMO_STAFF.finance);
    await phoneAdmin.goto(app.adminUrl("/coupons"));
    await phoneAdmin.getByText(code).waitFor();
    await screenshot(phoneAdmin, "admin-coupons");
    await phoneAdmin.getByRole("button", { name: "Create coupon" }).click();
    await phoneAdmin.getByRole("dialog", { name: "Create coupon" }).getByLabel("Code").waitFor();
    await screenshot(phoneAdmin, "admin-coupons-create");
    await phoneAdmin.keyboard.press("Escape");
    expect(consoleErrors(app)).toEqual([]);
  });
});
