import { describe, expect, it } from "vitest";
import { setupHarness } from "../harness.ts";
import { createLearner } from "../learner/helpers.ts";
import { logIn } from "./admin.ts";

const app = setupHarness();

async function graphql<T>(query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const response = await fetch(app.learnerUrl("/graphql"), {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await response.json()) as { data: T; errors?: unknown };
  if (json.errors) throw new Error(JSON.stringify(json.errors));
  return json.data;
}

/** The demo track the test sells in instalments, by its REST listing. */
async function demoTrack(): Promise<{ id: string; name: string }> {
  const { tracks } = (await (await fetch(app.learnerUrl("/api/tracks"))).json()) as {
    tracks: { _id: string; name: string; price: number }[];
  };
  const track = tracks.find((t) => t.price > 0);
  if (!track) throw new Error("The demo data has no paid track.");
  return { id: track._id, name: track.name };
}

describe("instalment plans in the admin console (issue 32)", () => {
  it("staff set a track's 3-part plan; a learner pays part 1 in the sandbox; finance sees the plan and moves part 2", async () => {
    const track = await demoTrack();
    const staff = await app.newPage();
    await logIn(app, staff);
    await staff.goto(app.adminUrl(`/trackdetails/${track.id}`));
    const section = staff.locator("section", { has: staff.getByRole("heading", { name: "Instalment plan" }) });
    await section.getByRole("button", { name: "Add instalment plan" }).click();
    const editor = staff.getByRole("dialog", { name: "Add instalment plan" });
    await editor.getByLabel("Parts").selectOption("3");
    await editor.getByLabel("Every").selectOption("MONTHLY");
    await editor.getByLabel(/First part/).fill("150");
    expect(await editor.getByRole("table", { name: "Preview: a purchase today" }).getByRole("row").count()).toBe(4);
    await editor.getByRole("button", { name: "Save plan" }).click();
    await section.getByText(/in 3 monthly parts, the first \$150\.00\./).waitFor();
    expect(await section.getByRole("table", { name: "Schedule of a purchase today" }).getByRole("row").count()).toBe(4);

    // A learner buys it in instalments (the learner site's own screens are another part's): part 1 by card in the sandbox.
    const learner = await createLearner(app, "Kofi", "Asante");
    const { login } = await graphql<{ login: { token: string } }>(
      "mutation($input: LoginInput!) { login(input: $input) { ... on LoginPayload { token } } }",
      { input: { email: learner.email, password: learner.password } },
    );
    const { checkout } = await graphql<{ checkout: { authorizationUrl?: string; reference?: string; message?: string } }>(
      "mutation($input: CheckoutInput!) { checkout(input: $input) { ... on CheckoutPayload { authorizationUrl reference } ... on Error { message } } }",
      {
        input: {
          trackId: Buffer.from(`Track:${track.id}`).toString("base64"),
          plan: "INSTALMENTS",
          gender: "MALE",
          location: "Accra",
          contact: "+233 20 555 0100",
        },
      },
      login.token,
    );
    expect(checkout.authorizationUrl, checkout.message).toBeTruthy();
    const pay = await app.newPage();
    await pay.goto(checkout.authorizationUrl as string);
    await pay.getByRole("button", { name: "Pay" }).click();
    await pay.waitForURL(/\/payment-verification\?/);
    await pay.close();
    // The learner's verification (its page needs the learner's session, which this browser page has not got).
    const { verifyPayment } = await graphql<{ verifyPayment: { __typename: string } }>(
      "mutation($reference: String!) { verifyPayment(reference: $reference) { __typename } }",
      { reference: checkout.reference },
      login.token,
    );
    expect(verifyPayment.__typename).not.toMatch(/Error$/);

    await staff.getByRole("complementary").getByRole("link", { name: "Instalment plans" }).click();
    await staff.getByRole("heading", { level: 1, name: "Instalment plans" }).waitFor();
    const row = staff.getByRole("row").filter({ hasText: learner.name });
    await row.waitFor();
    const cells = await row.getByRole("cell").allTextContents();
    expect(cells.slice(1, 3)).toEqual([track.name, "1 of 3"]);
    expect(cells[5]).toBe("Active");
    await row.getByRole("button", { name: `Schedule of ${learner.name}'s plan` }).click();
    const schedule = staff.getByRole("dialog", { name: `${learner.name}'s instalment plan` });
    expect(await schedule.getByRole("listitem").count()).toBe(3);
    await schedule.getByRole("button", { name: "Move due date of part 2" }).click();
    const move = staff.getByRole("dialog", { name: "Move due date" });
    const later = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    await move.getByLabel(/New due date/).fill(later);
    await move.getByRole("button", { name: "Move due date" }).click();
    await move.waitFor({ state: "detached" });
    await staff.getByRole("region", { name: "Notifications" }).getByText("Due date moved.").waitFor();
    await schedule.getByRole("button", { name: "Close" }).last().click();
    await schedule.waitFor({ state: "detached" });

    // The phone width: the list stacks its rows, the schedule fits.
    const phone = await app.newPage({ width: 390, height: 844 });
    await logIn(app, phone);
    await phone.goto(app.adminUrl("/instalment-plans"));
    const phoneRow = phone.getByRole("row").filter({ hasText: learner.name });
    await phoneRow.waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const phoneSchedule = await app.newPage({ width: 390, height: 844 });
    await logIn(app, phoneSchedule);
    await phoneSchedule.goto(app.adminUrl("/instalment-plans"));
    await phoneSchedule.getByRole("button", { name: `Schedule of ${learner.name}'s plan` }).click();
    await phoneSchedule
      .getByRole("dialog", { name: `${learner.name}'s instalment plan` })
      .getByRole("listitem")
      .first()
      .waitFor();
    const phoneTrack = await app.newPage({ width: 390, height: 844 });
    await logIn(app, phoneTrack);
    await phoneTrack.goto(app.adminUrl(`/trackdetails/${track.id}`));
    await phoneTrack.getByRole("heading", { name: "Instalment plan" }).waitFor();
    await phoneTrack.getByRole("button", { name: "Edit plan" }).click();
    const phoneEditor = phoneTrack.getByRole("dialog", { name: "Edit instalment plan" });
    expect(await phoneEditor.getByLabel(/First part/).inputValue()).toBe("150");
    await phoneEditor.getByRole("table", { name: "Preview: a purchase today" }).waitFor();
    expect(app.consoleErrors()).toEqual([]);
  });
});
