import { beforeAll, describe, expect, it } from "vitest";
import { logIn as adminLogIn, consoleErrors } from "../admin/admin.ts";
import { setupHarness } from "../harness.ts";
import { createLearner, logIn, openTrackFromCatalogue, screenshot } from "./helpers.ts";

const app = setupHarness();

/**
 * Issue 32, channels (docs/payments.md, Channels): a Lagos business sells in naira with bank transfer enabled; a learner
 * pays by bank transfer on the sandbox's page, sees the one-time account, and the open payment page turns to paid when
 * the delayed transfer is confirmed (the sandbox's completion is driven by its test control, not waited for).
 */
describe("learner: a naira track bought by bank transfer", () => {
  beforeAll(async () => {
    // The owner switches the business to NGN and offers card and bank transfer (through the REST API, as a script would).
    const login = await fetch(app.learnerUrl("/api/auth/login"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@learnhub.test", password: "Demo@Admin2026" }),
    });
    const { token } = (await login.json()) as { token: string };
    const saved = await fetch(app.learnerUrl("/api/settings"), {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        offlinePaymentsEnabled: false,
        offlineExpiryDays: 7,
        checkoutAbandonHours: 24,
        currency: "NGN",
        paymentChannels: ["card", "bank_transfer"],
      }),
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as { settings: { paymentChannels: string[] } }).settings.paymentChannels).toEqual([
      "card",
      "bank_transfer",
    ]);
    // The transfer stays pending until the test completes it.
    expect((await app.sandboxControl("/__controls", { transferDelayMs: 3_600_000 })).status).toBe(200);
  });

  for (const [width, height, trackName] of [
    [1440, 900, "DevOps Engineering"],
    [390, 844, "UI/UX Design"],
  ] as const) {
    it(`pays by bank transfer in the sandbox; the open page turns to paid when the transfer arrives (${width} px)`, async () => {
      const learner = await createLearner(app, "Chidi", `Obi${width}`);
      const page = await app.newPage({ width, height });
      await logIn(app, page, learner);
      await openTrackFromCatalogue(app, page, trackName);
      await page.getByRole("link", { name: "Enroll Now" }).click();
      await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
      await page.getByLabel("Gender").selectOption("MALE");
      await page.getByRole("button", { name: "Proceed to payment" }).click();

      // The sandbox's page offers the owner's channels that naira supports: card and bank transfer.
      await page.waitForURL(/\/paystack-sandbox\/checkout\//);
      const channels = page.getByRole("navigation", { name: "Payment method" });
      expect(await channels.getByRole("link").allTextContents()).toEqual(["Card", "Bank transfer"]);
      await channels.getByRole("link", { name: "Bank transfer" }).click();
      await page.getByText("TEST-MANAGED-ACCOUNT").waitFor();
      const accountNumber = (await page.locator(".account-number").textContent()) ?? "";
      expect(accountNumber).toMatch(/^\d{10}$/);
      expect(await page.getByText(/₦|NGN/).first().isVisible()).toBe(true);
      await screenshot(page, "sandbox-bank-transfer");
      await page.getByRole("button", { name: "I've sent the money" }).click();

      // Back on the site: waiting for the transfer, live.
      await page.waitForURL(/\/payment-verification\?/);
      await page.getByRole("heading", { level: 1, name: "Waiting for your bank transfer" }).waitFor({ timeout: 20_000 });
      await screenshot(page, "payment-waiting-bank-transfer");
      const reference = new URL(page.url()).searchParams.get("reference");
      expect(reference).toBeTruthy();

      // Minutes later the transfer arrives: the sandbox confirms it and sends charge.success.
      const done = await app.sandboxControl(`/__simulate/${reference}/complete`, {});
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      await page.getByText("You have successfully enrolled!").waitFor({ timeout: 20_000 });
      await screenshot(page, "payment-bank-transfer-paid");

      await page.waitForURL(app.learnerUrl("/portal"), { timeout: 10_000 });
      const tracks = page.locator("section", { has: page.getByRole("heading", { name: "My tracks" }) });
      await tracks.getByRole("heading", { name: trackName }).waitFor();
      expect(app.consoleErrors()).toEqual([]);
    });
  }

  for (const [width, height] of [
    [1440, 900],
    [390, 844],
  ] as const) {
    it(`the owner's Payment channels: what naira supports, by keyboard, at least one kept (${width} px)`, async () => {
      const owner = await app.newPage({ width, height });
      await adminLogIn(app, owner);
      await owner.goto(app.adminUrl("/settings"));
      await owner.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
      const group = owner.getByRole("group", { name: "Payment channels" });
      await group.scrollIntoViewIfNeeded();
      expect(await group.getByRole("checkbox", { name: "Card" }).isChecked()).toBe(true);
      expect(await group.getByRole("checkbox", { name: "Bank transfer" }).isChecked()).toBe(true);
      expect(await group.getByRole("checkbox", { name: "Mobile money" }).isChecked()).toBe(false);
      expect(await group.textContent()).toContain("Checkouts in NGN offer: Card, Bank transfer.");
      expect(await group.textContent()).toContain("Not available in NGN.");
      await owner.screenshot({ path: `test-results/screenshots/learner/payment-channels-settings-${width}.png`, fullPage: true });
      await group.screenshot({ path: `test-results/screenshots/learner/payment-channels-group-${width}.png` });
      // By keyboard: Space toggles the focused box; unchecking both is refused on save.
      await group.getByRole("checkbox", { name: "Card" }).focus();
      await owner.keyboard.press("Space");
      await group.getByRole("checkbox", { name: "Bank transfer" }).focus();
      await owner.keyboard.press("Space");
      await owner.getByRole("button", { name: "Save settings" }).click();
      await group.getByText("Keep at least one payment channel enabled.").waitFor();
      expect(await owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(consoleErrors(app)).toEqual([]);
    });
  }
});
