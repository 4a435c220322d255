import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupHarness } from "../harness.ts";
import { consoleErrors, logIn, unique } from "./admin.ts";

/** Outcomes of admin writes (issue 23), on a desktop and a phone screen. */
const app = setupHarness();

const toast = (page: Page, text: string) => page.getByRole("region", { name: "Notifications" }).getByText(text);

describe.each([
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
])("admin feedback at $width x $height", (screen) => {
  it("Add Track: the required-fields message goes once all are filled, a bad price is named, and adding and deleting say so in toasts", async () => {
    const page = await app.newPage(screen);
    await logIn(app, page);
    await page.goto(app.adminUrl("/track"));
    await page.getByRole("heading", { level: 1, name: "Manage Tracks" }).waitFor();
    await page.getByRole("article").first().waitFor();
    await page.getByRole("button", { name: "Add Track" }).first().click();
    const add = page.getByRole("dialog", { name: "Add Track" });
    await add.getByRole("button", { name: "Add Track" }).click();
    await add.getByText("Please fill in all required fields.").waitFor();

    const name = unique(`Feedback Track ${screen.width}`);
    await add.getByLabel("Name").fill(name);
    await add.getByLabel("Duration").fill("6 weeks");
    await add.getByLabel("Instructor").fill("Ama Serwaa");
    await add.getByLabel("Description").fill("A short track to check the feedback.");
    // A price the browser cannot read as a number: a wrong price, not a missing field.
    await add.getByLabel("Price ($)").click();
    await page.keyboard.type("12e");
    await add.getByRole("button", { name: "Add Track" }).click();
    await add.getByText("Price must be a number of dollars, 0 or more, with at most 2 decimals.").waitFor();
    expect(await add.getByText("Please fill in all required fields.").count()).toBe(0);

    await add.getByLabel("Price ($)").fill("120");
    await add.getByRole("button", { name: "Add Track" }).click();
    await add.waitFor({ state: "detached" });
    await toast(page, "Track added.").waitFor();

    const card = page.getByRole("article").filter({ hasText: name });
    await card.getByRole("link", { name }).click();
    await page.getByRole("heading", { level: 1, name }).waitFor();
    await page.getByRole("button", { name: "Edit track" }).click();
    const edit = page.getByRole("dialog", { name: "Update Track" });
    await edit.getByLabel("Duration").fill("7 weeks");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await toast(page, "Track updated.").waitFor();
    await page.getByRole("button", { name: "Delete track" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Confirm Deletion" });
    await confirm.getByRole("button", { name: "Delete track" }).click();
    await toast(page, `Track "${name}" deleted.`).waitFor();
    expect(consoleErrors(app)).toEqual([]);
  });
});
