import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupHarness } from "./harness.ts";

const app = setupHarness();

/** The admin pages load real data, so they need a real session: log in as the seeded demo admin. */
async function logInAsDemoAdmin(page: Page) {
  await page.goto(app.adminUrl("/"));
  await page.getByLabel("Email").fill("admin@learnhub.test");
  await page.getByLabel("Password").fill("Demo@Admin2026");
  await page.getByRole("button", { name: "Log in" }).click();
  await page.waitForURL(app.adminUrl("/dashboard"));
}

describe("web shell", () => {
  it("learner home shows our solutions with four tracks from the demo data", async () => {
    const page = await app.newPage();
    await page.goto(app.learnerUrl("/"));
    const solutions = page.locator("section", { has: page.getByRole("heading", { name: "Our solutions" }) });
    await solutions.getByRole("article").nth(3).waitFor();
    expect(await solutions.getByRole("article").count()).toBe(4);
    // The newest four of the seeded catalogue (api/src/seed/demo.ts), each card leading to the catalogue.
    expect(await solutions.getByRole("heading", { level: 3 }).allTextContents()).toEqual([
      "Introduction to Programming",
      "Product Management",
      "DevOps Engineering",
      "UI/UX Design",
    ]);
    for (const link of await solutions.getByRole("article").getByRole("link").all()) {
      expect(await link.getAttribute("href")).toBe("/learner-tracks");
    }
    expect(await page.getByRole("link", { name: "Get Started" }).getAttribute("href")).toBe("/learner-tracks");
    expect(app.consoleErrors()).toEqual([]);
  });

  it("learner home on a phone", async () => {
    const page = await app.newPage({ width: 390, height: 844 });
    await page.goto(app.learnerUrl("/"));
    await page.getByRole("heading", { name: "Our solutions" }).waitFor();
    expect(await page.getByRole("link", { name: "Login" }).isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menu.waitFor();
    expect(await menu.getByRole("link", { name: "Login" }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(app.consoleErrors()).toEqual([]);
  });

  it("admin host shows the login page", async () => {
    const page = await app.newPage();
    await page.goto(app.adminUrl("/"));
    await page.getByRole("heading", { level: 1, name: "Login" }).waitFor();
    expect(await page.title()).toBe("Login · LearnHub");
    expect(app.consoleErrors()).toEqual([]);
  });

  it("a guarded admin route redirects to / without a token", async () => {
    const page = await app.newPage();
    await page.goto(app.adminUrl("/dashboard"));
    await page.waitForURL(app.adminUrl("/"));
    await page.getByRole("heading", { level: 1, name: "Login" }).waitFor();
    expect(app.consoleErrors()).toEqual([]);
  });

  it("admin shell with the sidebar for a signed-in admin", async () => {
    const page = await app.newPage();
    await logInAsDemoAdmin(page);
    await page.goto(app.adminUrl("/invoice"));
    await page.getByRole("heading", { level: 1, name: "Manage Invoices" }).waitFor();
    const nav = page.getByRole("navigation", { name: "Main" });
    // The six entries of docs/product.md, Admin pages (Instalment plans beside Invoices), Coupons, then the owner's Staff, Audit log and Settings pages (the demo admin is the owner).
    expect(await nav.getByRole("link").allTextContents()).toEqual([
      "Dashboard",
      "Invoices",
      "Instalment plans",
      "Learners",
      "Tracks",
      "Courses",
      "Report",
      "Coupons",
      "Staff",
      "Audit log",
      "Settings",
    ]);
    expect(await nav.getByRole("link", { name: "Invoices" }).getAttribute("aria-current")).toBe("page");
    expect(await page.getByText("admin@learnhub.test").isVisible()).toBe(true);
    expect(app.consoleErrors()).toEqual([]);
  });

  it("unknown routes show the 404 page on both sites", async () => {
    const learner = await app.newPage();
    await learner.goto(app.learnerUrl("/no-such-page"));
    await learner.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    // Inside the site's shell: the footer (loaded after the first screen) follows.
    await learner.getByRole("contentinfo").waitFor();

    const admin = await app.newPage();
    await admin.goto(app.adminUrl("/no-such-page"));
    await admin.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
    expect(app.consoleErrors()).toEqual([]);
  });

  it("admin sidebar collapses into a menu button at 390 px", async () => {
    const page = await app.newPage({ width: 390, height: 844 });
    await logInAsDemoAdmin(page);
    await page.getByRole("heading", { level: 1, name: "Welcome back, Grace" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Main" }).isVisible()).toBe(false);
    const menuButton = page.getByRole("button", { name: "Open menu" });
    expect(await menuButton.isVisible()).toBe(true);

    await menuButton.click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await drawer.getByRole("link", { name: "Tracks" }).click();
    await page.getByRole("heading", { level: 1, name: "Manage Tracks" }).waitFor();
    await drawer.waitFor({ state: "detached" });
    expect(app.consoleErrors()).toEqual([]);
  });

  it("says 'test payments' on every kind of page while the Paystack sandbox takes the payments", async () => {
    const banner = (page: Page) => page.getByRole("complementary", { name: "Test payments" });
    const page = await app.newPage();
    for (const path of ["/", "/learner-tracks", "/learner-login", "/no-such-page"]) {
      await page.goto(app.learnerUrl(path));
      await banner(page).waitFor();
      expect(await banner(page).textContent()).toBe("Test payments: payments go to a Paystack sandbox. No real money is charged.");
    }
    // Fixed to the bottom of the window, over nothing: the page's own end scrolls clear of it.
    const box = await banner(page).boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(900);

    const admin = await app.newPage({ width: 390, height: 844 });
    await admin.goto(app.adminUrl("/"));
    await banner(admin).waitFor();
    await logInAsDemoAdmin(admin);
    await admin.getByRole("heading", { level: 1, name: "Welcome back, Grace" }).waitFor();
    await banner(admin).waitFor();
    expect(await banner(admin).isVisible()).toBe(true);

    // A dialog taller than the phone's screen stays above the banner: its last buttons are not under it.
    await admin.goto(app.adminUrl("/invoice"));
    await admin.getByRole("button", { name: "Add Invoice" }).click();
    const dialog = admin.getByRole("dialog", { name: "Add Invoice" });
    await dialog.getByRole("button", { name: "Add Invoice" }).waitFor();
    // An open modal dialog hides the rest of the page from the accessibility tree: the banner is found by its element.
    const [dialogBox, bannerBox] = await Promise.all([
      dialog.boundingBox(),
      admin.locator('aside[aria-label="Test payments"]').boundingBox(),
    ]);
    expect(dialogBox && bannerBox && dialogBox.y + dialogBox.height <= bannerBox.y).toBe(true);
    expect(app.consoleErrors()).toEqual([]);
  });
});
