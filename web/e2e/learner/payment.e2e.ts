import { describe, expect, it } from "vitest";
import { setupHarness } from "../harness.ts";
import { demoLearner, logIn, openTrackFromCatalogue, screenshot, verificationCode } from "./helpers.ts";

const app = setupHarness();

describe("learner: from sign-up to a paid enrollment", () => {
  it("signs up, verifies the e-mail, logs in, pays for a track in the sandbox and finds it in the portal", async () => {
    const page = await app.newPage();
    const email = `e2e-${Date.now()}@example.com`;
    const password = "Str0ng!Pass2026";

    await page.goto(app.learnerUrl("/"));
    await page.getByRole("banner").getByRole("link", { name: "Signup" }).click();
    await page.getByRole("heading", { level: 1, name: "Create your account" }).waitFor();
    await page.getByLabel("First name").fill("Efua");
    await page.getByLabel("Last name").fill("Mensah");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Contact number").fill("+233 20 555 0199");
    await page.getByLabel(/^Password/).fill(password);
    await page.getByLabel("Confirm password").fill(password);
    await page.getByRole("button", { name: "Sign up" }).click();

    await page.waitForURL(app.learnerUrl("/learner-otp"));
    expect(await page.evaluate(() => localStorage.getItem("verificationEmail"))).toBe(email);
    await page.getByLabel("Verification code").fill(await verificationCode(app, email));
    await page.getByRole("button", { name: "Verify" }).click();
    // Said in a toast now, not a blocking window.alert (web/e2e/learner/feedback.e2e.ts checks that no dialog opens).
    await page.getByRole("region", { name: "Notifications" }).getByText("Verification successful! Please log in.").waitFor();
    await page.waitForURL(app.learnerUrl("/learner-login"));
    expect(await page.evaluate(() => localStorage.getItem("verificationEmail"))).toBeNull();

    await logIn(app, page, { email, password });
    expect(await page.evaluate(() => Boolean(localStorage.getItem("learnerToken")))).toBe(true);
    await page.getByRole("button", { name: /Efua Mensah/ }).waitFor();

    // Browse: catalogue, then the track's details.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Tracks" }).click();
    await page.getByRole("heading", { level: 2, name: "Top Tracks" }).waitFor();
    await openTrackFromCatalogue(app, page, "Cloud Computing Fundamentals");
    expect(await page.getByText("Created by").textContent()).toContain("Amara Okafor");
    // The real number of learners enrolled (a deliberate difference from the spec's fixed 50, see the README).
    expect(await page.getByText(/^\d+ students? enrolled$/).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "What you'll learn" }).isVisible()).toBe(true);
    const related = page.locator("section", { has: page.getByRole("heading", { name: "Explore Related Courses" }) });
    expect(await related.getByRole("article").count()).toBeLessThanOrEqual(4);
    expect(await related.getByRole("article").count()).toBeGreaterThan(0);

    // Checkout: name and e-mail come from the account and cannot be changed.
    await page.getByRole("link", { name: "Enroll Now" }).click();
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe(email);
    expect(await page.getByLabel("Email").getAttribute("readonly")).not.toBeNull();
    expect(await page.getByLabel("Full name").inputValue()).toBe("Efua Mensah");
    await page.getByLabel("Gender").selectOption("FEMALE");
    await page.getByLabel("Location").fill("Accra, Ghana");
    await page.getByRole("button", { name: "Proceed to payment" }).click();

    // The sandbox's hosted checkout, then back to the verification page.
    await page.waitForURL(/\/paystack-sandbox\/checkout\//);
    await screenshot(page, "paystack-sandbox-checkout");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/payment-verification\?/);
    await page.getByText("You have successfully enrolled!").waitFor();
    await screenshot(page, "payment-verification-success");

    // After 5 s the portal, with the course and its paid invoice.
    await page.waitForURL(app.learnerUrl("/portal"), { timeout: 10_000 });
    const courses = page.locator("section", { has: page.getByRole("heading", { name: "My tracks" }) });
    await courses.getByRole("heading", { name: "Cloud Computing Fundamentals" }).waitFor();
    await page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name: "Invoice" }).click();
    const row = page.getByRole("row").filter({ hasText: "Cloud Computing Fundamentals" });
    await row.waitFor();
    expect(await row.getByRole("cell").allTextContents()).toEqual([
      "Cloud Computing Fundamentals",
      "$350.00",
      "Paid",
      expect.any(String),
      expect.stringMatching(/^INV-\d{4}-\d{6}$/),
    ]);
    expect(await row.locator("[data-status]").getAttribute("data-status")).toBe("paid");
    expect(await row.locator("[data-status] > span").evaluate((badge) => getComputedStyle(badge).color)).toBe("rgb(6, 118, 71)");
    expect(app.consoleErrors()).toEqual([]);
  });

  it("a declined payment shows the failure", async () => {
    const page = await app.newPage();
    await logIn(app, page, demoLearner);
    await openTrackFromCatalogue(app, page, "DevOps Engineering");
    await page.getByRole("link", { name: "Enroll Now" }).click();
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    // The demo learner's saved contact and gender fill the form.
    expect(await page.getByLabel("Contact").inputValue()).not.toBe("");
    await page.getByRole("button", { name: "Proceed to payment" }).click();
    await page.waitForURL(/\/paystack-sandbox\/checkout\//);
    await page.getByRole("button", { name: "Decline" }).click();
    await page.waitForURL(/\/payment-verification\?/);
    await page.getByRole("heading", { level: 1, name: "Payment Verification Failed" }).waitFor();
    expect(await page.getByRole("alert").textContent()).toBe("Verification failed.");

    // Nothing was enrolled; the invoice shows as failed (yellow, not green).
    await page.goto(app.learnerUrl("/portal/invoices"));
    const row = page.getByRole("row").filter({ hasText: "DevOps Engineering" });
    await row.waitFor();
    expect(await row.locator("[data-status]").textContent()).toBe("Failed");
    expect(await row.locator("[data-status] > span").evaluate((badge) => getComputedStyle(badge).color)).toBe("rgb(181, 71, 8)");
    await page.goto(app.learnerUrl("/portal"));
    await page.getByRole("heading", { name: "My tracks" }).waitFor();
    expect(await page.getByRole("heading", { name: "DevOps Engineering" }).count()).toBe(0);
    expect(app.consoleErrors()).toEqual([]);
  });

  it("a free track enrolls directly and goes to the portal after 2 s", async () => {
    const page = await app.newPage();
    await logIn(app, page, demoLearner);
    await openTrackFromCatalogue(app, page, "Introduction to Programming");
    await page.getByRole("link", { name: "Enroll Now" }).click();
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    await page.getByRole("button", { name: "Enroll for free" }).click();
    await page.getByText("Successfully Enrolled!").waitFor();
    await screenshot(page, "checkout-free-enrolled");
    await page.waitForURL(app.learnerUrl("/portal"), { timeout: 5_000 });
    await page.getByRole("heading", { name: "Introduction to Programming" }).waitFor();

    // Enrolled now: the details page offers rating instead of Enroll Now, and a rating updates the average live.
    await openTrackFromCatalogue(app, page, "Introduction to Programming");
    expect(await page.getByRole("link", { name: "Enroll Now" }).count()).toBe(0);
    const rating = page.locator("header").getByRole("img", { name: /Rated/ });
    const before = await rating.getAttribute("aria-label");
    await page.getByRole("radio", { name: "1 star, Poor" }).check({ force: true });
    await page.getByText("Thanks! You rated this track 1 out of 5.").waitFor();
    expect(await rating.getAttribute("aria-label")).not.toBe(before);
    await screenshot(page, "track-details-rated");
    expect(app.consoleErrors()).toEqual([]);
  });

  it("a payment still pending when the verification page opens updates live over the event stream", async () => {
    const page = await app.newPage();
    await logIn(app, page, demoLearner);
    await openTrackFromCatalogue(app, page, "UI/UX Design");
    await page.getByRole("link", { name: "Enroll Now" }).click();
    await page.getByRole("button", { name: "Proceed to payment" }).click();
    await page.waitForURL(/\/paystack-sandbox\/checkout\//);
    const sandbox = page.url();

    // The learner's newest invoice carries the payment's reference (asked from here: the sandbox page may not fetch).
    const token = await page.evaluate(() => localStorage.getItem("learnerToken"));
    const response = await fetch(app.learnerUrl("/graphql"), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: "{ me { ... on Learner { invoices(first: 1) { edges { node { reference } } } } } }" }),
    });
    const { data } = (await response.json()) as { data: { me: { invoices: { edges: { node: { reference: string } }[] } } } };
    const reference = data.me.invoices.edges[0]!.node.reference;

    // A second tab opens the verification page before paying: it waits, listening to the payment's status.
    const waiting = await page.context().newPage();
    const streams: string[] = [];
    const waitingErrors: string[] = [];
    waiting.on("console", (message) => message.type() === "error" && waitingErrors.push(message.text()));
    waiting.on("request", (request) => {
      if (request.headers().accept === "text/event-stream") streams.push(request.postData() ?? "");
    });
    await waiting.goto(app.learnerUrl(`/payment-verification?reference=${reference}`));
    await waiting.getByRole("heading", { name: "Confirming your payment..." }).waitFor();
    await screenshot(waiting, "payment-verification-pending");
    expect(streams.some((body) => body.includes("paymentStatus"))).toBe(true);

    await page.goto(sandbox);
    await page.getByRole("button", { name: "Pay" }).click();
    await waiting.getByText("You have successfully enrolled!").waitFor({ timeout: 10_000 });
    expect([...app.consoleErrors(), ...waitingErrors]).toEqual([]);
  });
});
