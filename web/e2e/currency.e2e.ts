import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { logIn as adminLogIn, consoleErrors, scrollsSideways } from "./admin/admin.ts";
import { setupHarness } from "./harness.ts";
import { createLearner, logIn, openTrackFromCatalogue, screenshot } from "./learner/helpers.ts";

/**
 * The business currency and prices in further currencies (docs/payments.md, "Currencies"), at 1440 and 390 px: the
 * owner makes the business sell in naira and gives a track a cedi price in the admin console; a learner sees naira,
 * picks cedis, sees them on the track page and at checkout, and the choice survives a reload.
 */
const app = setupHarness();
const TRACK = "Cloud Computing Fundamentals";

/** The owner opens a track's page in the admin console through the Tracks grid. */
async function openAdminTrack(page: Page, name: string) {
  await page.goto(app.adminUrl("/track"));
  await page.getByRole("article").filter({ hasText: name }).getByRole("link", { name }).click();
  await page.getByRole("heading", { level: 1, name }).waitFor();
}

/** The learner site's own price of the open track page (its side card, above "Enroll Now"). */
const sidePrice = (page: Page) => page.getByRole("link", { name: "Enroll Now" }).locator("xpath=..").locator("p").first();

describe.each([1440, 390])("currencies at %i px", (width) => {
  it("the owner sells in naira and adds a cedi price; a learner switches to cedis, on the track and at checkout, and it stays", async () => {
    const admin = await app.newPage({ width });
    await adminLogIn(app, admin);
    await admin.goto(app.adminUrl("/settings"));
    const currency = admin.getByLabel("Business currency");
    if (width === 1440) {
      // The first run switches the business to naira; the price numbers stay and are relabelled.
      expect(await currency.inputValue()).toBe("USD");
      await currency.selectOption("NGN");
      await admin.getByRole("button", { name: "Save settings" }).click();
      const confirm = admin.getByRole("alertdialog", { name: "Change the business currency to Nigerian naira (NGN)?" });
      expect(await confirm.textContent()).toContain("relabelled from USD to NGN");
      await screenshot(admin, "admin-currency-confirm");
      await confirm.getByRole("button", { name: "Change to NGN" }).click();
      await confirm.waitFor({ state: "detached" });
      await admin.getByText("Settings saved.").waitFor();
    }
    await admin.reload();
    expect(await admin.getByLabel("Business currency").inputValue()).toBe("NGN");
    await screenshot(admin, "admin-settings-currency");

    await openAdminTrack(admin, TRACK);
    await admin.getByText("₦350.00").first().waitFor();
    const prices = admin.getByRole("region", { name: "Prices in other currencies" });
    if (width === 1440) {
      await prices.getByLabel("Currency").selectOption("GHS");
      // The server's rule, at the field.
      await prices.getByLabel(/^Price \(/).fill("12.345");
      await prices.getByRole("button", { name: "Add price" }).click();
      await prices.getByText(/at most 2 decimals|decimals/).waitFor();
      await prices.getByLabel(/^Price \(/).fill("1200");
      await prices.getByRole("button", { name: "Add price" }).click();
    } else {
      // The second run edits the cedi price the first one added.
      await prices.getByRole("button", { name: "Edit the GHS price" }).click();
      await prices.getByLabel(/^Price \(/).fill("1200");
      await prices.getByRole("button", { name: "Save price" }).click();
    }
    await prices.getByText("GH₵1,200.00").waitFor();
    await screenshot(admin, "admin-track-prices");
    expect(await scrollsSideways(admin)).toBe(false);

    const learner = await app.newPage({ width });
    await logIn(app, learner, await createLearner(app, "Ama", "Mensah"));
    await learner.goto(app.learnerUrl("/learner-tracks"));
    const card = learner.getByRole("article").filter({ has: learner.getByRole("heading", { name: TRACK, exact: true }) });
    await card.getByText("₦350.00").waitFor();
    await learner.getByLabel("Currency").selectOption("GHS");
    await card.getByText("GH₵1,200.00").waitFor();
    // A track without a cedi price keeps its naira price and says so.
    expect(await learner.getByText("Not sold in GHS; price in NGN.").count()).toBeGreaterThan(0);
    await screenshot(learner, "catalogue-ghs");

    await openTrackFromCatalogue(app, learner, TRACK);
    expect(await sidePrice(learner).textContent()).toBe("GH₵1,200.00");
    await learner.reload();
    await learner.getByRole("heading", { level: 1, name: TRACK }).waitFor();
    expect(await sidePrice(learner).textContent()).toBe("GH₵1,200.00");
    expect(await learner.getByLabel("Currency").inputValue()).toBe("GHS");
    await screenshot(learner, "track-ghs");

    await learner.getByRole("link", { name: "Enroll Now" }).click();
    await learner.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    const summary = learner.getByRole("complementary", { name: "Order summary" });
    expect(await summary.locator("dl").last().textContent()).toBe("TotalGH₵1,200.00");
    await screenshot(learner, "checkout-ghs");
    await learner.getByLabel("Gender").selectOption("FEMALE");
    await learner.getByRole("button", { name: "Proceed to payment" }).click();
    // The sandbox is asked for the invoice's currency and amount.
    await learner.waitForURL(/\/paystack-sandbox\/checkout\//);
    await learner.getByText("GHS 1,200.00").first().waitFor();
    expect(await scrollsSideways(learner)).toBe(false);
    expect(consoleErrors(app)).toEqual([]);
  });
});
