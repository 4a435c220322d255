import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { type Harness, setupHarness } from "../harness.ts";
import { demoLearner, logIn, screenshot } from "./helpers.ts";

const app = setupHarness();

async function trackId(app: Harness, name: string): Promise<string> {
  const response = await fetch(app.learnerUrl("/graphql"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "{ tracks(first: 50) { edges { node { id name } } } }" }),
  });
  const { data } = (await response.json()) as { data: { tracks: { edges: { node: { id: string; name: string } }[] } } };
  const track = data.tracks.edges.find(({ node }) => node.name === name);
  if (!track) throw new Error(`No track named ${name}`);
  return track.node.id;
}

/** Visits every learner screen at one width, saving a screenshot of each (test-results/screenshots/learner/). */
async function tour(page: Page) {
  const cloud = await trackId(app, "Cloud Computing Fundamentals");
  const devops = await trackId(app, "DevOps Engineering");
  const shot = async (path: string, name: string, ready: (page: Page) => Promise<unknown>) => {
    await page.goto(app.learnerUrl(path));
    await ready(page);
    await screenshot(page, name);
  };

  // Logged out.
  await page.goto(app.learnerUrl("/"));
  // The counter runs once half of it is in view: scroll to it and let it finish before the picture.
  const counter = page.getByTestId("course-counter");
  await counter.scrollIntoViewIfNeeded();
  await page.waitForFunction(() => document.querySelector('[data-testid="course-counter"]')?.textContent === "4");
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, "home");
  await shot("/learner-tracks", "tracks", (p) => p.getByRole("heading", { name: "Top Tracks" }).waitFor());
  await shot(`/learner-track-details/${cloud}`, "track-details", (p) =>
    p.getByRole("heading", { name: "Explore Related Courses" }).waitFor(),
  );
  await shot(`/checkout/${devops}`, "checkout-logged-out", (p) => p.getByText("You must be logged in to enroll.").waitFor());
  await shot("/checkout", "checkout-no-track", (p) => p.getByText("No track specified.").waitFor());
  await shot("/learners-signup", "signup", (p) => p.getByRole("heading", { name: "Create your account" }).waitFor());
  await page.getByLabel(/^Password/).fill("Abcdef#1");
  await page.getByLabel("Confirm password").fill("Abcdef#2");
  await page.getByRole("button", { name: "Sign up" }).click();
  await page.getByText("Passwords do not match.").waitFor();
  await screenshot(page, "signup-errors");
  await page.evaluate(() => localStorage.setItem("verificationEmail", "new.learner@example.com"));
  await shot("/learner-otp", "otp", (p) => p.getByRole("heading", { name: "Verify your email" }).waitFor());
  await page.evaluate(() => localStorage.removeItem("verificationEmail"));
  await shot("/forgot-password", "forgot-password", (p) => p.getByRole("button", { name: "Send Reset Link" }).waitFor());
  // An unknown link says so and offers a new one instead of the form (the form itself: web/e2e/learner/feedback.e2e.ts).
  await shot("/reset-password?token=not-a-real-token-123", "reset-password-unknown-link", (p) =>
    p.getByRole("link", { name: "Send a new link" }).waitFor(),
  );
  await shot("/payment-verification", "payment-verification-no-reference", (p) => p.getByText("No payment reference was found.").waitFor());
  await shot("/no-such-page", "not-found", (p) => p.getByRole("heading", { name: "Page not found" }).waitFor());
  await shot("/learner-login", "login", (p) => p.getByRole("button", { name: "Login" }).waitFor());

  // Logged in.
  await logIn(app, page, demoLearner);
  await shot(`/learner-track-details/${cloud}`, "track-details-enrolled", (p) =>
    p.getByRole("heading", { name: "Rate this track" }).waitFor(),
  );
  await shot(`/checkout/${devops}`, "checkout", (p) => p.getByRole("button", { name: "Proceed to payment" }).waitFor());
  await page.getByLabel("Contact").fill("");
  await page.getByLabel("Gender").selectOption("");
  await page.getByRole("button", { name: "Proceed to payment" }).click();
  await page.getByText("Contact is required.").waitFor();
  await screenshot(page, "checkout-errors");
  await shot("/portal", "portal-dashboard", (p) => p.getByRole("heading", { name: "My tracks" }).waitFor());
  await shot("/portal/settings", "portal-settings", (p) => p.getByRole("button", { name: "Save changes" }).waitFor());
  await shot("/portal/invoices", "portal-invoices", (p) => p.getByText("Software Engineering").locator("visible=true").first().waitFor());
}

describe("learner screens", () => {
  it("every screen at 1440 px", async () => {
    const page = await app.newPage({ width: 1440, height: 900 });
    await tour(page);
    await page.getByRole("button", { name: /Ada Nwosu/ }).click();
    await page.getByRole("menuitem", { name: "Logout" }).waitFor();
    await screenshot(page, "user-menu");
    expect(app.consoleErrors()).toEqual([]);
  });

  it("every screen at 390 px", async () => {
    const page = await app.newPage({ width: 390, height: 844 });
    await tour(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Logout" }).waitFor();
    await screenshot(page, "mobile-menu");
    expect(app.consoleErrors()).toEqual([]);
  });
});
