import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { setupHarness } from "../harness.ts";
import { demoLearner, logIn as learnerLogIn } from "../learner/helpers.ts";
import { consoleErrors, logIn, unique } from "./admin.ts";

const app = setupHarness();

/** A GraphQL call as the signed-in staff member of `page` (the console keeps its token in local storage); one API serves both hosts. */
async function asStaff<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem("token"));
  const response = await fetch(app.learnerUrl("/graphql"), {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await response.json()) as { data: T; errors?: unknown };
  if (json.errors) throw new Error(JSON.stringify(json.errors));
  return json.data;
}

/** Whether the learner catalogue (as a visitor) lists a track of this name. */
async function inCatalogue(page: Page, name: string): Promise<boolean> {
  await page.goto(app.learnerUrl("/learner-tracks"));
  await page.getByRole("article").first().waitFor();
  return (await page.getByRole("heading", { name, exact: true }).count()) > 0;
}

describe("archive, don't destroy", () => {
  it("deleting a track with an enrolled learner archives it: gone from the catalogue, still open in the learner's portal, restorable; so does a course", async () => {
    const admin = await app.newPage();
    await logIn(app, admin);

    // A track with one enrolled learner (the demo learner, enrolled by staff).
    const name = unique("Archived Analytics");
    const { createTrack } = await asStaff<{ createTrack: { track: { id: string } } }>(
      admin,
      `mutation ($input: TrackInput!) { createTrack(input: $input) { ... on TrackPayload { track { id } } } }`,
      { input: { name, price: 120, duration: "3 weeks", instructor: "Ada Lovelace", description: "Numbers that matter." } },
    );
    const trackId = createTrack.track.id;
    const { learners } = await asStaff<{ learners: { edges: { node: { id: string } }[] } }>(
      admin,
      `query ($search: String) { learners(search: $search, first: 1) { edges { node { id } } } }`,
      { search: demoLearner.name },
    );
    const learnerId = learners.edges[0]?.node.id;
    await asStaff(
      admin,
      `mutation ($learnerId: ID!, $trackId: ID!) { enrollLearner(learnerId: $learnerId, trackId: $trackId) { __typename } }`,
      { learnerId, trackId },
    );

    // Staff delete it: it is archived, shown with its badge, and found by the Archived filter only.
    const plainId = atob(trackId).replace(/^Track:/, "");
    await admin.goto(app.adminUrl(`/trackdetails/${plainId}`));
    await admin.getByRole("heading", { level: 1, name }).waitFor();
    await admin.getByRole("button", { name: "Delete track" }).click();
    const confirm = admin.getByRole("alertdialog", { name: "Confirm Deletion" });
    await confirm.getByRole("button", { name: "Delete track" }).click();
    await admin.getByText(`Track "${name}" archived`).waitFor();
    await admin.waitForURL(app.adminUrl("/track"));
    const card = admin.getByRole("article").filter({ hasText: name });
    await card.getByText("Archived", { exact: true }).waitFor();
    await admin.getByLabel("Show tracks").selectOption("active");
    await admin.waitForFunction((n) => ![...document.querySelectorAll("article")].some((a) => a.textContent?.includes(n)), name);
    await admin.getByLabel("Show tracks").selectOption("archived");
    await card.waitFor();
    expect(await admin.getByRole("article").filter({ hasNotText: "Archived" }).count()).toBe(0);

    // Visitors no longer find it; the enrolled learner still opens it from the portal.
    const visitor = await app.newPage();
    expect(await inCatalogue(visitor, name)).toBe(false);
    const learner = await app.newPage();
    await learnerLogIn(app, learner, demoLearner);
    await learner.goto(app.learnerUrl("/portal"));
    await learner.getByRole("heading", { name: "My tracks" }).waitFor();
    await learner.getByRole("link", { name }).first().click();
    await learner.getByRole("heading", { level: 1, name }).waitFor();
    await learner.getByText("Numbers that matter.").first().waitFor();

    // Restore brings it back to the catalogue.
    await card.getByRole("link", { name }).click();
    await admin.getByRole("heading", { level: 1, name }).waitFor();
    await admin.getByRole("button", { name: "Restore" }).click();
    await admin.getByText(`Track "${name}" restored.`).waitFor();
    await admin.getByRole("button", { name: "Restore" }).waitFor({ state: "detached" });
    expect(await inCatalogue(visitor, name)).toBe(true);

    // A course of the track (which has a learner) is archived by Delete, shown with its badge, and restored.
    const title = unique("Archived Course");
    await asStaff(admin, `mutation ($input: CourseInput!) { createCourse(input: $input) { __typename } }`, {
      input: { title, trackId, description: "Kept for the enrolled." },
    });
    await admin.goto(app.adminUrl("/courses"));
    const table = admin.getByRole("table", { name: "Courses" });
    const row = table.getByRole("row").filter({ hasText: title });
    await row.getByRole("button", { name: `Delete ${title}` }).click();
    await admin.getByRole("alertdialog", { name: "Delete course" }).getByRole("button", { name: "Delete course" }).click();
    await admin.getByText(`Course "${title}" archived`).waitFor();
    await row.getByText("Archived", { exact: true }).waitFor();
    await row.getByRole("button", { name: `Restore ${title}` }).click();
    await row.getByRole("button", { name: `Delete ${title}` }).waitFor();
    expect(await row.getByText("Archived", { exact: true }).count()).toBe(0);

    expect(consoleErrors(app)).toEqual([]);
  });
});
