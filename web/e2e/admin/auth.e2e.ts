import { describe, expect, it } from "vitest";
import { setupHarness } from "../harness.ts";
import { approveStaff, consoleErrors, DEMO_ADMIN, latestMail, logIn, verificationCode } from "./admin.ts";

const app = setupHarness();

describe("admin accounts", () => {
  it("signs up, verifies the e-mailed code, logs in, waits for approval, and after an owner approves lands on the dashboard", async () => {
    const page = await app.newPage();
    const email = `ops.${Date.now()}@learnhub.test`;
    await page.goto(app.adminUrl("/signup"));
    await page.getByRole("button", { name: "Sign up" }).click();
    expect(await page.getByText("First name is required").isVisible()).toBe(true);

    await page.getByLabel("First name").fill("Kemi");
    await page.getByLabel("Last name").fill("Balogun");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Contact number").fill("+234 802 000 1111");
    await page.getByLabel(/^Password\*?$/).fill("Ops@Admin2026");
    await page.getByLabel("Confirm password").fill("Ops@Admin2026");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByText("Account created successfully! Please check your email to verify.").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("verificationEmail"))).toBe(email);
    await page.waitForURL(app.adminUrl("/otp"));

    await page.getByLabel("Verification code").fill("12ab");
    expect(await page.getByLabel("Verification code").inputValue()).toBe("12");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("OTP must be 6 digits").waitFor();
    await page.getByLabel("Verification code").fill(await verificationCode(page, email));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByText("OTP verified successfully! Redirecting to login...").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("verificationEmail"))).toBeNull();
    await page.waitForURL(app.adminUrl("/"));

    // A self sign-up is pending: it may log in, and sees only the waiting screen until an owner approves it.
    await logIn(app, page, { email, password: "Ops@Admin2026" }, "/pending");
    await page.getByRole("heading", { level: 1, name: "Your account is waiting for approval" }).waitFor();
    await page.getByText(email).waitFor();
    await page.getByText("Kemi Balogun").waitFor();
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
    await page.goto(app.adminUrl("/invoice"));
    await page.waitForURL(app.adminUrl("/pending"));
    await page.getByRole("button", { name: "Check again" }).click();
    await page.getByText("Not approved yet. Please check again later.").waitFor();

    const owner = await app.newPage();
    await logIn(app, owner);
    await approveStaff(owner, app, email, "Kemi Balogun", "Manager");

    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(app.adminUrl("/"));
    await logIn(app, page, { email, password: "Ops@Admin2026" });
    await page.getByRole("heading", { level: 1, name: "Welcome back, Kemi" }).waitFor();
    await page.getByText("Login successful!").waitFor();
    const stored = await page.evaluate(() => [localStorage.getItem("token"), JSON.parse(localStorage.getItem("user") ?? "null")]);
    expect(stored[0]).toBeTruthy();
    expect(stored[1]).toMatchObject({ firstName: "Kemi", lastName: "Balogun", email });
    for (const card of ["Total Learners", "Revenue", "Invoice"]) await page.getByText(card, { exact: true }).waitFor();
    await page.getByRole("heading", { name: "Recent Revenue" }).scrollIntoViewIfNeeded();
    expect(consoleErrors(app)).toEqual([]);
  });

  it("shows the dashboard's figures, recent tracks and latest invoices", async () => {
    const page = await app.newPage();
    await logIn(app, page);
    await page.getByRole("heading", { level: 1, name: "Welcome back, Grace" }).waitFor();
    const tracks = page.locator("section", { has: page.getByRole("heading", { name: "Recent Tracks" }) });
    await tracks.getByRole("listitem").nth(3).waitFor();
    expect(await tracks.getByRole("listitem").count()).toBe(4);
    for (const link of await tracks.getByRole("listitem").getByRole("link").all()) {
      expect(await link.getAttribute("href")).toMatch(/^\/trackdetails\/.+/);
    }
    expect(await tracks.getByRole("link", { name: "All tracks" }).getAttribute("href")).toBe("/track");
    const invoices = page.locator("section", { has: page.getByRole("heading", { name: "Latest Invoices" }) });
    await invoices.getByRole("listitem").nth(3).waitFor();
    expect(await invoices.getByRole("listitem").count()).toBe(4);
    expect(await invoices.getByRole("listitem").first().textContent()).toMatch(/\$\d[\d,]*\.\d{2}/);
    const chart = page.getByRole("figure", { name: "Revenue per month" });
    await chart.scrollIntoViewIfNeeded();
    await chart.getByRole("listitem").nth(5).waitFor();
    expect(await chart.getByRole("listitem").count()).toBe(6);
    // The axis runs from 0 to 3k, or higher when a month earned more.
    const ticks = await chart.locator("ol").first().locator("li").allTextContents();
    expect(ticks).toHaveLength(4);
    expect(ticks.at(-1)).toBe("0");
    expect(Number.parseFloat(ticks[0]!)).toBeGreaterThanOrEqual(3);
    expect(consoleErrors(app)).toEqual([]);
  });

  it("refuses a learner account on the admin site and stores nothing", async () => {
    const page = await app.newPage();
    await page.goto(app.adminUrl("/"));
    await page.getByLabel("Email").fill("learner@learnhub.test");
    await page.getByLabel("Password").fill("Demo@Learner2026");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("alert").filter({ hasText: "This is a learner account." }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);
    expect(page.url()).toBe(app.adminUrl("/"));

    await page.getByLabel("Email").fill(DEMO_ADMIN.email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid email or password." }).waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe(DEMO_ADMIN.email);
    expect(consoleErrors(app)).toEqual([]);
  });

  it("sends every guarded route to the login page when logged out, before asking for its data", async () => {
    const page = await app.newPage();
    const graphqlRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/graphql")) graphqlRequests.push(request.postData() ?? "");
    });
    for (const path of ["/dashboard", "/invoice", "/learners", "/track", "/trackdetails/VHJhY2s6eA", "/courses", "/report"]) {
      await page.goto(app.adminUrl(path));
      await page.waitForURL(app.adminUrl("/"));
      await page.getByRole("heading", { level: 1, name: "Login" }).waitFor();
    }
    // The test-payments banner asks its one public question on every page, signed in or not, once its lazily loaded
    // code arrives (before or after the redirect, as timing has it); it is no guarded page's data.
    expect(graphqlRequests.filter((body) => !body.includes("query TestPaymentsBanner"))).toEqual([]);
    expect(consoleErrors(app)).toEqual([]);
  });

  it("forgets a token the server no longer accepts and goes back to the login page", async () => {
    const page = await app.newPage();
    await page.goto(app.adminUrl("/"));
    await page.evaluate(() => {
      localStorage.setItem("token", "revoked-token");
      localStorage.setItem("user", JSON.stringify({ firstName: "Grace", lastName: "Adeyemi", email: "admin@learnhub.test" }));
    });
    await page.goto(app.adminUrl("/invoice"));
    await page.waitForURL(app.adminUrl("/"));
    await page.getByRole("heading", { level: 1, name: "Login" }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);
    // React reports the refused query on the console, as it does for every error a boundary catches; nothing else.
    expect(consoleErrors(app).filter((error) => !error.includes("Authentication token not found."))).toEqual([]);
  });

  it("logs out from the sidebar: the token and user are cleared and the guard holds", async () => {
    const page = await app.newPage();
    await logIn(app, page);
    const sidebar = page.getByRole("complementary");
    await sidebar.getByText(DEMO_ADMIN.email).waitFor();
    await sidebar.getByText("Grace Adeyemi").waitFor();
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(app.adminUrl("/"));
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);
    await page.goto(app.adminUrl("/invoice"));
    await page.waitForURL(app.adminUrl("/"));
    expect(consoleErrors(app)).toEqual([]);
  });

  it("recovers a forgotten password through the e-mailed link", async () => {
    const page = await app.newPage();
    // A fresh admin, so the demo admin's password stays as the other tests expect it.
    const email = `reset.${Date.now()}@learnhub.test`;
    await page.goto(app.adminUrl("/signup"));
    await page.getByLabel("First name").fill("Tobi");
    await page.getByLabel("Last name").fill("Ade");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Contact number").fill("+234 803 000 2222");
    await page.getByLabel(/^Password\*?$/).fill("First@Pass2026");
    await page.getByLabel("Confirm password").fill("First@Pass2026");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL(app.adminUrl("/otp"));

    await page.goto(app.adminUrl("/forgot-password"));
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("Email is required").waitFor();
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("Reset link sent! Check your inbox.").waitFor();
    expect(await page.evaluate(() => localStorage.getItem("resetEmail"))).toBe(email);
    expect(await page.getByRole("link", { name: "Back to Login" }).getAttribute("href")).toBe("/");

    const mail = await latestMail(page, email);
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(app.adminUrl(new URL(link!).pathname + new URL(link!).search));
    await page.getByLabel(/^New password\*?$/).fill("Second@Pass2026");
    await page.getByLabel(/^Confirm new password\*?$/).fill("Different@2026");
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.getByText("Passwords do not match").waitFor();
    await page.getByLabel(/^Confirm new password\*?$/).fill("Second@Pass2026");
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.getByText("Your password has been reset. You can now log in.").waitFor();
    await page.getByRole("link", { name: "Back to Login" }).click();
    // A self sign-up waits for an owner's approval after logging in.
    await logIn(app, page, { email, password: "Second@Pass2026" }, "/pending");
    await page.getByRole("heading", { level: 1, name: "Your account is waiting for approval" }).waitFor();
    expect(consoleErrors(app)).toEqual([]);
  });
});
