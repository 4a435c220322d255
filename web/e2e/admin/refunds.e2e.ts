import { describe, expect, it } from "vitest";
import { setupHarness } from "../harness.ts";
import { demoLearner, logIn as learnerLogIn, openTrackFromCatalogue } from "../learner/helpers.ts";
import { consoleErrors, DEMO_STAFF, logIn } from "./admin.ts";

const app = setupHarness();

describe("refunds", () => {
  it("finance refunds a paid card invoice in full: the learner's portal no longer shows the track", async () => {
    // The learner buys a track by card in the sandbox and finds it in the portal.
    const learner = await app.newPage();
    await learnerLogIn(app, learner, demoLearner);
    await openTrackFromCatalogue(app, learner, "DevOps Engineering");
    await learner.getByRole("link", { name: "Enroll Now" }).click();
    await learner.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    await learner.getByRole("button", { name: "Proceed to payment" }).click();
    await learner.waitForURL(/\/paystack-sandbox\/checkout\//);
    await learner.getByRole("button", { name: "Pay" }).click();
    await learner.getByText("You have successfully enrolled!").waitFor();
    await learner.goto(app.learnerUrl("/portal"));
    const myTracks = learner.locator("section", { has: learner.getByRole("heading", { name: "My tracks" }) });
    await myTracks.getByRole("heading", { name: "DevOps Engineering" }).waitFor();

    // Finance finds the invoice (the newest of the learner's) and refunds all of it.
    const admin = await app.newPage();
    await logIn(app, admin, DEMO_STAFF.finance);
    await admin.goto(app.adminUrl("/invoice"));
    await admin.getByRole("heading", { level: 1, name: "Manage Invoices" }).waitFor();
    await admin.getByPlaceholder("Search by learner name...").fill("Nwosu");
    const row = admin.getByRole("table", { name: "Invoices" }).getByRole("row").filter({ hasText: "$450.00" }).first();
    await row.getByText("Paid", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Refund invoice for Ada Nwosu" }).click();
    const dialog = admin.getByRole("dialog", { name: "Refund invoice" });
    await dialog.getByLabel(/^Amount to refund/).waitFor();
    expect(await dialog.getByLabel(/^Amount to refund/).inputValue()).toBe("450.00");
    expect(await dialog.getByText("A full refund removes the learner's access to DevOps Engineering.", { exact: false }).isVisible()).toBe(
      true,
    );
    await dialog.getByRole("button", { name: "Refund in full" }).click();
    await dialog.getByText("Reason is required").waitFor();
    await dialog.getByLabel("Reason").fill("Learner asked to cancel");
    await dialog.getByRole("button", { name: "Refund in full" }).click();
    await dialog.waitFor({ state: "hidden" });
    await admin.getByRole("region", { name: "Notifications" }).getByText("Refund sent to Paystack.", { exact: false }).waitFor();

    // Paystack (the sandbox) processes it and tells us by webhook; the invoice reads Refunded.
    await expect
      .poll(
        async () => {
          await admin.reload();
          await admin.getByPlaceholder("Search by learner name...").fill("Nwosu");
          return admin.getByRole("table", { name: "Invoices" }).getByRole("row").filter({ hasText: "Refunded" }).count();
        },
        { timeout: 20_000, interval: 500 },
      )
      .toBe(1);

    // The learner's access is gone; the invoice says Refunded.
    await learner.goto(app.learnerUrl("/portal"));
    await myTracks.getByRole("heading").first().waitFor();
    expect(await myTracks.getByRole("heading", { name: "DevOps Engineering" }).count()).toBe(0);
    await learner.goto(app.learnerUrl("/portal/invoices"));
    const invoice = learner.getByRole("row").filter({ hasText: "DevOps Engineering" });
    await invoice.waitFor();
    expect(await invoice.locator("[data-status]").textContent()).toBe("Refunded");
    expect(consoleErrors(app)).toEqual([]);
  });
});
