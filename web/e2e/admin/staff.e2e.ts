import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupHarness } from "../harness.ts";
import { approveStaff, consoleErrors, DEMO_STAFF, latestMail, logIn, scrollsSideways, sidebarItems, verificationCode } from "./admin.ts";

const app = setupHarness();

/** The admin-site address of the newest invitation link mailed to `email`. */
async function invitationLink(page: Page, email: string): Promise<string> {
  const mail = await latestMail(page, email);
  const link = /https?:\/\/\S+\/signup\?invitation=\S+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`No invitation link in "${mail.subject}".`);
  return app.adminUrl(new URL(link).pathname + new URL(link).search);
}

const PHONE = { width: 390, height: 844 };

describe("staff roles in the admin console", () => {
  it("invites a finance member on the Staff page; the mailed link signs them up with the e-mail fixed and lands on the dashboard", async () => {
    const owner = await app.newPage();
    await logIn(app, owner);
    expect(await sidebarItems(owner)).toEqual([
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
    await owner.getByRole("complementary").getByRole("link", { name: "Staff" }).click();
    await owner.getByRole("heading", { level: 1, name: "Staff" }).waitFor();
    await owner.getByRole("table", { name: "Staff" }).getByText(DEMO_STAFF.finance.email).waitFor();

    const email = `invited.${Date.now()}@learnhub.test`;
    const invite = owner.getByRole("button", { name: "Invite staff" });
    await invite.click();
    const dialog = owner.getByRole("dialog", { name: "Invite staff" });
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await dialog.getByText("Email is required").waitFor();
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Role").selectOption({ label: "Finance" });
    await dialog.getByRole("button", { name: "Send invitation" }).click();
    await dialog.getByRole("status").waitFor();
    await owner.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    // The dialog hands the focus back to the button that opened it.
    // Radix moves it on the frame after the close; poll instead of reading it once (a single read failed under load).
    await expect.poll(() => invite.evaluate((button) => button === document.activeElement)).toBe(true);
    const invitations = owner.getByRole("table", { name: "Open invitations" });
    const row = invitations.getByRole("row").filter({ hasText: email });
    await row.getByText("Finance").waitFor();
    const firstLink = await invitationLink(owner, email);
    await row.getByRole("button", { name: `Send the invitation to ${email} again` }).click();
    await owner.getByText("Invitation sent again.").waitFor();
    // Sending again mails a new link; the old one stops working.
    let link = firstLink;
    for (let attempt = 0; attempt < 40 && link === firstLink; attempt++) {
      await owner.waitForTimeout(250);
      link = await invitationLink(owner, email);
    }
    expect(link).not.toBe(firstLink);
    const invited = await app.newPage();
    await invited.goto(link);
    await invited.getByText("You're invited as Finance").waitFor();
    expect(await invited.getByLabel("Email").inputValue()).toBe(email);
    expect(await invited.getByLabel("Email").getAttribute("readonly")).not.toBeNull();
    await invited.getByLabel("First name").fill("Bola");
    await invited.getByLabel("Last name").fill("Ade");
    await invited.getByLabel("Contact number").fill("+234 802 000 3333");
    await invited.getByLabel(/^Password\*?$/).fill("Fin@Staff2026");
    await invited.getByLabel("Confirm password").fill("Fin@Staff2026");
    await invited.getByRole("button", { name: "Sign up" }).click();
    await invited.waitForURL(app.adminUrl("/otp"));
    await invited.getByLabel("Verification code").fill(await verificationCode(invited, email));
    await invited.getByRole("button", { name: "Verify" }).click();
    await invited.waitForURL(app.adminUrl("/"));
    await logIn(app, invited, { email, password: "Fin@Staff2026" });
    await invited.getByRole("heading", { level: 1, name: "Welcome back, Bola" }).waitFor();
    expect(await sidebarItems(invited)).toEqual([
      "Dashboard",
      "Invoices",
      "Instalment plans",
      "Learners",
      "Tracks",
      "Courses",
      "Report",
      "Coupons",
    ]);

    // A used or replaced link no longer works; the normal sign-up stays possible.
    const again = await app.newPage();
    for (const used of [link, firstLink]) {
      await again.goto(used);
      await again.getByText("This invitation is invalid or has expired. Ask an owner to send a new one.").waitFor();
      expect(await again.getByLabel("Email").inputValue()).toBe("");
      expect(await again.getByLabel("Email").getAttribute("readonly")).toBeNull();
    }
    expect(consoleErrors(app)).toEqual([]);
  });

  it("shows finance and an instructor only their pages, and sends them away from the others", async () => {
    const finance = await app.newPage();
    await logIn(app, finance, DEMO_STAFF.finance);
    expect(await sidebarItems(finance)).toEqual([
      "Dashboard",
      "Invoices",
      "Instalment plans",
      "Learners",
      "Tracks",
      "Courses",
      "Report",
      "Coupons",
    ]);
    for (const path of ["/staff", "/audit"]) {
      await finance.goto(app.adminUrl(path));
      await finance.waitForURL(app.adminUrl("/dashboard"));
    }
    await finance.goto(app.adminUrl("/track"));
    await finance.getByText("Only owners and managers can add, edit or delete tracks.").waitFor();
    expect(await finance.getByRole("button", { name: "Add Track" }).count()).toBe(0);

    const instructor = await app.newPage();
    await logIn(app, instructor, DEMO_STAFF.instructor, "/courses");
    expect(await sidebarItems(instructor)).toEqual(["Tracks", "Courses"]);
    await instructor.getByRole("heading", { level: 1, name: "Manage Courses" }).waitFor();
    const table = instructor.getByRole("table", { name: "Courses" });
    await table.getByText("View only").first().waitFor();
    // Courses of the two assigned tracks (the first demo tracks) can be edited; the others say why not.
    expect(await table.getByRole("button", { name: /^Edit / }).count()).toBe(0);
    expect(await table.getByText("View only").count()).toBe(10);
    await instructor.getByLabel("Search courses by title").fill("AWS Essentials");
    const mine = table.getByRole("row").filter({ hasText: "AWS Essentials" });
    await mine.getByRole("button", { name: "Edit AWS Essentials" }).waitFor();
    await mine.getByRole("button", { name: "Edit AWS Essentials" }).click();
    const dialog = instructor.getByRole("dialog", { name: "Update Course" });
    // Only the assigned tracks are offered to move a course to.
    const options = (await dialog.getByLabel("Track").locator("option").allTextContents()).filter((o) => !/select/i.test(o));
    expect(options.sort()).toEqual(["Cloud Computing Fundamentals", "Software Engineering"]);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    for (const path of ["/dashboard", "/invoice", "/learners", "/report", "/staff", "/audit"]) {
      await instructor.goto(app.adminUrl(path));
      await instructor.waitForURL(app.adminUrl("/courses"));
    }
    expect(consoleErrors(app)).toEqual([]);
  });

  it("deactivating a staff member sends their open session to the login page; reactivating lets them back", async () => {
    const member = await app.newPage();
    await logIn(app, member, DEMO_STAFF.manager);
    await member.getByRole("heading", { level: 1, name: "Welcome back, Musa" }).waitFor();

    const owner = await app.newPage();
    await logIn(app, owner);
    await owner.goto(app.adminUrl("/staff"));
    await owner.getByLabel("Search staff by name or e-mail").fill(DEMO_STAFF.manager.email);
    const row = owner.getByRole("table", { name: "Staff" }).getByRole("row").filter({ hasText: DEMO_STAFF.manager.email });
    await row.getByRole("button", { name: `Deactivate ${DEMO_STAFF.manager.name}` }).click();
    const confirm = owner.getByRole("alertdialog", { name: "Deactivate staff account" });
    await confirm.getByText("They are logged out everywhere at once").waitFor();
    await confirm.getByRole("button", { name: "Deactivate" }).click();
    await confirm.waitFor({ state: "hidden" });
    await row.getByText("Deactivated").waitFor();

    await member.getByRole("complementary").getByRole("link", { name: "Learners" }).click();
    await member.waitForURL(app.adminUrl("/"));
    await member.getByRole("heading", { level: 1, name: "Login" }).waitFor();
    expect(await member.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("user")])).toEqual([null, null]);

    // The owner cannot deactivate themselves: the server says why.
    await owner.getByLabel("Search staff by name or e-mail").fill("admin@learnhub.test");
    const self = owner.getByRole("table", { name: "Staff" }).getByRole("row").filter({ hasText: "admin@learnhub.test" });
    await self.getByRole("button", { name: /^Deactivate / }).click();
    const refuse = owner.getByRole("alertdialog", { name: "Deactivate staff account" });
    await refuse.getByRole("button", { name: "Deactivate" }).click();
    await refuse.getByText("You cannot change your own role or deactivate yourself.").waitFor();
    await refuse.getByRole("button", { name: "Cancel" }).click();

    await owner.getByLabel("Search staff by name or e-mail").fill(DEMO_STAFF.manager.email);
    await row.getByRole("button", { name: `Reactivate ${DEMO_STAFF.manager.name}` }).click();
    await owner.getByRole("alertdialog", { name: "Reactivate staff account" }).getByRole("button", { name: "Reactivate" }).click();
    await row.getByText("Active").waitFor();
    await logIn(app, member, DEMO_STAFF.manager);
    // React reports the refused query on the console, as it does for every error a boundary catches; nothing else.
    expect(consoleErrors(app).filter((error) => !error.includes("Authentication token not found."))).toEqual([]);
  });

  it("lists the approval in the audit log, filters it and exports it as CSV", async () => {
    const pending = await app.newPage();
    const email = `audit.${Date.now()}@learnhub.test`;
    await pending.goto(app.adminUrl("/signup"));
    await pending.getByLabel("First name").fill("Ada");
    await pending.getByLabel("Last name").fill("Obi");
    await pending.getByLabel("Email").fill(email);
    await pending.getByLabel("Contact number").fill("+234 802 000 4444");
    await pending.getByLabel(/^Password\*?$/).fill("Audit@Staff2026");
    await pending.getByLabel("Confirm password").fill("Audit@Staff2026");
    await pending.getByRole("button", { name: "Sign up" }).click();
    await pending.waitForURL(app.adminUrl("/otp"));
    await pending.getByLabel("Verification code").fill(await verificationCode(pending, email));
    await pending.getByRole("button", { name: "Verify" }).click();
    await pending.waitForURL(app.adminUrl("/"));

    const owner = await app.newPage();
    await logIn(app, owner);
    await approveStaff(owner, app, email, "Ada Obi", "Instructor");
    await owner.getByRole("complementary").getByRole("link", { name: "Audit log" }).click();
    await owner.getByRole("heading", { level: 1, name: "Audit log" }).waitFor();
    const table = owner.getByRole("table", { name: "Audit log" });
    await owner.getByLabel("Entity").selectOption("Admin");
    const approval = table.getByRole("row").filter({ hasText: "staff.approve" }).first();
    await approval.waitFor();
    expect(await approval.textContent()).toContain("admin@learnhub.test");
    expect(await approval.textContent()).toMatch(/staffRole: — → INSTRUCTOR/);
    await owner.getByLabel("Person").fill("nobody-acted-like-this");
    await table.getByText("No audit entries match these filters.").waitFor();
    await owner.getByLabel("Person").fill("admin@learnhub");
    await approval.waitFor();

    const download = owner.waitForEvent("download");
    await owner.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe("audit-log.csv");
    const csv = readFileSync((await file.path())!, "utf8");
    expect(csv).toContain("staff.approve");
    expect(csv).not.toContain("track.update");
    expect(consoleErrors(app)).toEqual([]);
  });

  it("fits the Staff and Audit log pages on a phone: rows stack as cards, nothing scrolls sideways", async () => {
    const page = await app.newPage(PHONE);
    await logIn(app, page);
    for (const [path, heading, table] of [
      ["/staff", "Staff", "Staff"],
      ["/audit", "Audit log", "Audit log"],
    ] as const) {
      await page.goto(app.adminUrl(path));
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      // A row of data (the skeleton's placeholder rows come first).
      const row = page.getByRole("table", { name: table }).getByRole("row").filter({ hasText: "@learnhub.test" }).first();
      await row.waitFor();
      expect(await scrollsSideways(page)).toBe(false);
      // Every cell ends inside the screen.
      const cells = page.getByRole("table", { name: table }).getByRole("cell");
      const rights = await cells.evaluateAll((tds) => tds.map((td) => td.getBoundingClientRect().right));
      expect(Math.max(...rights)).toBeLessThanOrEqual(PHONE.width);
      // Each cell is a line of its own card, labelled with its column.
      const cell = row.getByRole("cell").first();
      expect(await cell.evaluate((td) => getComputedStyle(td).display)).toBe("flex");
    }
    await page.goto(app.adminUrl("/staff"));
    await page.getByRole("button", { name: "Invite staff" }).click();
    await page.getByRole("dialog", { name: "Invite staff" }).waitFor();
    expect(await scrollsSideways(page)).toBe(false);
    expect(consoleErrors(app)).toEqual([]);
  });
});
