import { describe, expect, it } from "vitest";
import { logIn as adminLogIn, consoleErrors, DEMO_STAFF } from "../admin/admin.ts";
import { setupHarness } from "../harness.ts";
import { demoLearner, logIn, openTrackFromCatalogue, screenshot } from "./helpers.ts";

const app = setupHarness();

const INSTRUCTIONS = "Bank: First Bank of Nigeria\nAccount name: LearnHub Ltd\nAccount number: 0123456789";

describe("offline payments: bank transfer checkout, finance confirms, the portal shows the track", () => {
  it("the owner enables bank transfer; the learner gets the instructions and a reference; finance confirms; the learner is enrolled", async () => {
    // The owner turns bank transfer / mobile money on, with the instructions learners are shown.
    const owner = await app.newPage();
    await adminLogIn(app, owner);
    await owner.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
    await owner.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
    await owner.getByRole("switch", { name: "Offer bank transfer / mobile money at checkout" }).click();
    await owner.getByRole("button", { name: "Save settings" }).click();
    await owner.getByText("Payment instructions are required when bank transfer / mobile money is enabled.").first().waitFor();
    await owner.getByLabel(/^Payment instructions/).fill(INSTRUCTIONS);
    await owner.getByRole("button", { name: "Save settings" }).click();
    await owner.getByRole("region", { name: "Notifications" }).getByText("Settings saved.").waitFor();
    await owner.screenshot({ path: "test-results/screenshots/learner/offline-settings-1440.png", fullPage: true });
    await owner.setViewportSize({ width: 390, height: 844 });
    await owner.screenshot({ path: "test-results/screenshots/learner/offline-settings-390.png", fullPage: true });

    // The learner picks bank transfer at checkout and lands on the page that says how to pay.
    const learner = await app.newPage();
    await logIn(app, learner, demoLearner);
    await openTrackFromCatalogue(app, learner, "Data Science and Analytics");
    await learner.getByRole("link", { name: "Enroll Now" }).click();
    await learner.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    await learner.getByLabel("Gender").selectOption("FEMALE");
    await learner.getByRole("radio", { name: /Bank transfer \/ mobile money/ }).check();
    await screenshot(learner, "offline-checkout");
    await learner.getByRole("button", { name: "Get payment instructions" }).click();
    await learner.waitForURL(/\/payment-verification\?reference=lh-/);
    await learner.getByRole("heading", { level: 1, name: "Waiting for your transfer" }).waitFor();
    const reference = new URL(learner.url()).searchParams.get("reference") as string;
    expect(await learner.getByText(reference).isVisible()).toBe(true);
    const instructions = learner.getByRole("region", { name: "Payment instructions" });
    expect(await instructions.textContent()).toBe(INSTRUCTIONS);
    await screenshot(learner, "offline-waiting");
    // The same page on a phone.
    const phone = await app.newPage({ width: 390, height: 844 });
    await logIn(app, phone, demoLearner);
    await phone.goto(learner.url());
    await phone.getByRole("heading", { level: 1, name: "Waiting for your transfer" }).waitFor();
    await screenshot(phone, "offline-waiting");
    await phone.close();

    // Finance finds the invoice and confirms the transfer was received.
    const finance = await app.newPage();
    await adminLogIn(app, finance, DEMO_STAFF.finance);
    await finance.goto(app.adminUrl("/invoice"));
    await finance.getByRole("heading", { level: 1, name: "Manage Invoices" }).waitFor();
    await finance.getByRole("button", { name: "Confirm payment for Ada Nwosu" }).first().click();
    const dialog = finance.getByRole("dialog", { name: "Confirm payment received" });
    await dialog.getByText(reference).waitFor();
    await dialog.getByLabel("Received by").selectOption("BANK_TRANSFER");
    await dialog.getByLabel(/^Note/).fill("Seen on the statement");
    await finance.screenshot({ path: "test-results/screenshots/learner/offline-confirm-dialog-1440.png" });
    await dialog.getByRole("button", { name: "Confirm payment" }).click();
    await finance.getByRole("region", { name: "Notifications" }).getByText("Payment confirmed; the learner is enrolled.").waitFor();

    // The learner's open page hears it, then the portal shows the track.
    await learner.getByText("You have successfully enrolled!").waitFor({ timeout: 15_000 });
    await learner.waitForURL(app.learnerUrl("/portal"), { timeout: 10_000 });
    const courses = learner.locator("section", { has: learner.getByRole("heading", { name: "My tracks" }) });
    await courses.getByRole("heading", { name: "Data Science and Analytics" }).waitFor();
    expect(consoleErrors(app)).toEqual([]);
  });
});
