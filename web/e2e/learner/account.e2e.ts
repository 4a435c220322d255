import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { coverImage } from "../../../api/src/seed/images.ts";
import { setupHarness } from "../harness.ts";
import { createLearner, demoLearner, logIn, resetLink, screenshot } from "./helpers.ts";

const app = setupHarness();

describe("learner: account and session", () => {
  it("the portal is guarded: a logged-out visitor logs in and comes back to it", async () => {
    const page = await app.newPage();
    await page.goto(app.learnerUrl("/portal/invoices"));
    await page.waitForURL(app.learnerUrl("/learner-login"));
    await logIn(app, page, demoLearner, "/portal/invoices");
    await page.getByRole("heading", { name: "Invoices" }).waitFor();
    expect(await page.getByRole("table", { name: "Your invoices" }).getByRole("row").count()).toBeGreaterThan(1);
    expect(app.consoleErrors()).toEqual([]);
  });

  it("updates the profile with a picture, and the top bar follows", async () => {
    const learner = await createLearner(app, "Kwame", "Asante");
    const picture = join(tmpdir(), `learnhub-avatar-${Date.now()}.png`);
    writeFileSync(picture, coverImage([79, 70, 229], [14, 165, 233], 256, 256));

    const page = await app.newPage();
    await logIn(app, page, learner);
    await page.goto(app.learnerUrl("/portal/settings"));
    await page.getByRole("heading", { name: "Password" }).waitFor();

    // The client's rules first: phone, description, matching new passwords.
    await page.getByLabel("Contact").fill("call me");
    await page.getByLabel("Description").fill("");
    await page.getByLabel(/^New password/).fill("Another#Pass1");
    await page.getByLabel("Confirm new password").fill("Different#Pass1");
    await page.getByRole("button", { name: "Save changes" }).click();
    expect(await page.getByText("Please enter a valid phone number.").isVisible()).toBe(true);
    expect(await page.getByText("Description is required.").isVisible()).toBe(true);
    expect(await page.getByText("New passwords do not match.").isVisible()).toBe(true);

    await page.getByLabel("First name").fill("Kwame Nii");
    await page.getByLabel("Contact").fill("+233 (0) 20-555-0101");
    await page.getByLabel("Location").fill("Kumasi, Ghana");
    await page.getByLabel("Description").fill("Backend developer moving into cloud engineering.");
    await page.getByLabel("Gender").selectOption("MALE");
    await page.getByLabel(/^New password/).fill("");
    await page.getByLabel("Confirm new password").fill("");
    await page.locator('input[type="file"]').setInputFiles(picture);
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Profile updated successfully!").waitFor();

    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("learnerUser") ?? "null"));
    expect(stored).toMatchObject({ firstName: "Kwame Nii", lastName: "Asante", email: learner.email });
    expect(stored.image).toMatch(/^\/uploads\//);
    await page.getByRole("button", { name: /Kwame Nii Asante/ }).waitFor();
    // The new picture is served and shown.
    const avatar = page.locator(`img[src="${stored.image}"]`).first();
    await avatar.waitFor();
    expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);

    // After a reload the form shows what was saved.
    await page.reload();
    expect(await page.getByLabel("Location").inputValue()).toBe("Kumasi, Ghana");
    await screenshot(page, "portal-settings-saved");
    expect(app.consoleErrors()).toEqual([]);
  });

  it("changing the password stores the new token and keeps the learner logged in", async () => {
    const learner = await createLearner(app, "Zainab", "Bello");
    const page = await app.newPage();
    await logIn(app, page, learner);
    const before = await page.evaluate(() => localStorage.getItem("learnerToken"));
    await page.goto(app.learnerUrl("/portal/settings"));
    await page.getByLabel("Description").fill("Learning data science.");
    await page.getByLabel("Current password").fill(learner.password);
    await page.getByLabel(/^New password/).fill("Newer#Pass2026");
    await page.getByLabel("Confirm new password").fill("Newer#Pass2026");
    await page.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Profile updated successfully!").waitFor();
    const after = await page.evaluate(() => localStorage.getItem("learnerToken"));
    expect(after).not.toBe(before);
    // The new token works: the portal still loads after a reload (the on-load check accepts it).
    await page.goto(app.learnerUrl("/portal"));
    await page.getByRole("heading", { name: "My tracks" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("learnerToken"))).toBe(after);
    expect(app.consoleErrors()).toEqual([]);
  });

  it("logout from the user menu goes to the login page and ends the session", async () => {
    const page = await app.newPage();
    await logIn(app, page, demoLearner);
    await page.goto(app.learnerUrl("/portal"));
    await page.getByRole("heading", { name: "My tracks" }).waitFor();
    const revoked = page.waitForResponse((response) => response.url().endsWith("/api/auth/logout"));
    await page.getByRole("button", { name: /Ada Nwosu/ }).click();
    await page.getByRole("menuitem", { name: "Portal" }).waitFor();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await page.waitForURL(app.learnerUrl("/learner-login"));
    // The login page ends the session once it has rendered, which may come a moment after the address changed.
    await page.getByRole("banner").getByRole("link", { name: "Login" }).waitFor();
    expect(await page.evaluate(() => [localStorage.getItem("learnerToken"), localStorage.getItem("learnerUser")])).toEqual([null, null]);
    expect((await revoked).ok()).toBe(true);
    // Logging in again after a logout goes home, not back to the portal the learner logged out from.
    await logIn(app, page, demoLearner, "/");
    expect(app.consoleErrors()).toEqual([]);
  });

  it("a stored token the server refuses is dropped on load", async () => {
    const page = await app.newPage();
    await page.goto(app.learnerUrl("/"));
    await page.evaluate(
      (user) => {
        localStorage.setItem("learnerToken", "revoked-token");
        localStorage.setItem("learnerUser", JSON.stringify(user));
      },
      { firstName: "Ada", lastName: "Nwosu", email: demoLearner.email },
    );
    await page.reload();
    await page.getByRole("banner").getByRole("link", { name: "Login" }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("learnerToken"))).toBeNull();
    expect(app.consoleErrors()).toEqual([]);
  });

  it("forgot password: the e-mailed link opens the reset page and the new password logs in", async () => {
    const learner = await createLearner(app, "Nana", "Owusu");
    const page = await app.newPage();
    await page.goto(app.learnerUrl("/learner-login"));
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    expect(await page.getByText("Email is required").isVisible()).toBe(true);
    await page.getByLabel("Email").fill(learner.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await page.getByText("Reset link sent! Check your inbox.").waitFor();
    expect(await page.getByRole("button", { name: "Send Reset Link" }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("resetEmail"))).toBe(learner.email);
    await screenshot(page, "forgot-password-sent");

    await page.goto(await resetLink(app, learner.email));
    await page.getByLabel(/^New password/).fill("Reset#Pass2026");
    await page.getByLabel("Confirm new password").fill("Reset#Pass2027");
    await page.getByRole("button", { name: "Reset password" }).click();
    expect(await page.getByText("Passwords do not match.").isVisible()).toBe(true);
    await page.getByLabel("Confirm new password").fill("Reset#Pass2026");
    await page.getByRole("button", { name: "Reset password" }).click();
    await page.waitForURL(app.learnerUrl("/learner-login"));
    await page.getByText("Your password has been reset. You can now log in.").waitFor();
    await logIn(app, page, { email: learner.email, password: "Reset#Pass2026" });
    expect(app.consoleErrors()).toEqual([]);
  });

  it("login shows the server's message for a wrong password", async () => {
    const page = await app.newPage();
    await page.goto(app.learnerUrl("/learner-login"));
    await page.getByRole("button", { name: "Login" }).click();
    expect(await page.getByText("Email is required").isVisible()).toBe(true);
    await page.getByLabel("Email").fill(demoLearner.email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid email or password." }).waitFor();
    expect(app.consoleErrors()).toEqual([]);
  });
});
