import { describe, expect, it } from "vitest";
import { addMonthlyPlan } from "../admin/admin.ts";
import { setupHarness } from "../harness.ts";
import { createLearner, logIn, openTrackFromCatalogue, screenshot } from "./helpers.ts";

const app = setupHarness();

const TRACK = "Cloud Computing Fundamentals";

/**
 * Automatic payments (docs/payments.md, "Saving a card"): a learner with a plan and no saved card adds one through the
 * sandbox's card check and comes back to the portal, which confirms it; the saved card can be removed again.
 */
describe("learner: a card saved for later instalments", () => {
  it("removes the card part 1 saved, adds one through a card check, sees it saved (1440 and 390 px)", async () => {
    // Staff give the track a 3-part monthly plan.
    await addMonthlyPlan(app, TRACK);

    // The learner pays part 1 by card at checkout.
    const learner = await createLearner(app, "Efua", "Mensah");
    const page = await app.newPage();
    await logIn(app, page, learner);
    await openTrackFromCatalogue(app, page, TRACK);
    await page.getByRole("link", { name: "Enroll Now" }).click();
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    await page.getByLabel("Gender").selectOption("FEMALE");
    await page.getByRole("radio", { name: /Pay in 3 monthly instalments/ }).check();
    await page.getByRole("button", { name: "Pay the first instalment" }).click();
    await page.waitForURL(/\/paystack-sandbox\/checkout\//);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/payment-verification\?/);
    await page.getByText("You have successfully enrolled!").waitFor();

    // The saved card is removed (behind a confirmation): "Automatic payments" offers to add one.
    await page.goto(app.learnerUrl("/portal"));
    const plans = page.getByRole("region", { name: "Payment plans" });
    const saved = plans.getByRole("article", { name: "Saved cards" });
    await saved.getByRole("button", { name: "Remove Visa •••• 4081" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Remove this card?" });
    await dialog.getByRole("button", { name: "Remove card" }).click();
    await dialog.waitFor({ state: "detached" });
    const automatic = plans.getByRole("article", { name: "Automatic payments" });
    await automatic.getByText("Pay later parts automatically: add a card. $1.00 is charged to check it and refunded at once.").waitFor();
    expect(await saved.count()).toBe(0);
    await screenshot(page, "portal-automatic-payments");

    // Add a card: the sandbox's card check, card only, for $1.00; back on the portal it is confirmed and listed.
    await automatic.getByRole("button", { name: "Add a card" }).click();
    await page.waitForURL(/\/paystack-sandbox\/checkout\//);
    expect(await page.getByRole("navigation", { name: "Payment method" }).count()).toBe(0);
    expect(await page.getByText(/1\.00/).first().isVisible()).toBe(true);
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/portal\?cardSetup=/);
    await page.getByText("Card saved: Visa •••• 4081").waitFor();
    await saved.getByText("Visa •••• 4081").waitFor();
    expect(await automatic.count()).toBe(0);
    await screenshot(page, "portal-card-saved");

    // On a phone: the same page, nothing wider than the screen.
    const phone = await app.newPage({ width: 390, height: 844 });
    await logIn(app, phone, learner);
    await phone.goto(app.learnerUrl("/portal"));
    const phonePlans = phone.getByRole("region", { name: "Payment plans" });
    await phonePlans.getByRole("article", { name: "Saved cards" }).getByText("Visa •••• 4081").waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(phone, "portal-card-saved");
    await phonePlans.getByRole("button", { name: "Remove Visa •••• 4081" }).click();
    const phoneDialog = phone.getByRole("alertdialog", { name: "Remove this card?" });
    await phoneDialog.waitFor();
    await screenshot(phone, "portal-remove-card");
    await phoneDialog.getByRole("button", { name: "Remove card" }).click();
    await phonePlans.getByRole("article", { name: "Automatic payments" }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(phone, "portal-automatic-payments");
    expect(app.consoleErrors()).toEqual([]);
  }, 180_000);
});
