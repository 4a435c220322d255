import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment, type MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import { answerQuery, renderAdminRoute, routeLoad, staffViewer } from "../../../../testing.tsx";
import AdminTrackDetailsPageQuery from "../__generated__/AdminTrackDetailsPageQuery.graphql.ts";
import { PLAN_FORM_MESSAGES } from "./InstalmentPlanDialog.tsx";
import { INSTALMENT_PLAN_MESSAGES } from "./TrackInstalmentPlan.tsx";

const TRACK_ID = "VHJhY2s6MQ==";
const naira = (formatted: string, amount = 0) => ({ formatted, amount, currency: "NGN" });

/** A ₦150,000 track, with or without a 3-part monthly plan of ₦60,000 first. */
const track = (withPlan: boolean, priceCents = 150_000_00): MockPayloadGenerator.MockResolvers => ({
  // biome-ignore lint/correctness/noComponentHookFactories: a Relay mock resolver named after its GraphQL type, not a component.
  Track: () => ({
    id: TRACK_ID,
    name: "Data Science",
    priceCents,
    currency: "NGN",
    priceMoney: naira(priceCents ? "₦150,000.00" : "Free"),
    courses: [],
    instalmentPlan: withPlan
      ? {
          parts: 3,
          interval: "MONTHLY",
          firstAmount: naira("₦60,000.00", 60_000),
          schedule: [
            { number: 1, dueOn: "2026-11-29", amount: naira("₦60,000.00") },
            { number: 2, dueOn: "2026-12-29", amount: naira("₦45,000.00") },
            { number: 3, dueOn: "2027-01-29", amount: naira("₦45,000.00") },
          ],
        }
      : null,
  }),
});

const withPlan = track(true);
const withoutPlan = track(false);
const free = track(false, 0);

beforeEach(() => localStorage.clear());

function renderTrack(resolvers: MockPayloadGenerator.MockResolvers, viewer = staffViewer()) {
  const environment = createMockEnvironment();
  answerQuery(environment, AdminTrackDetailsPageQuery, { id: TRACK_ID }, resolvers);
  return renderAdminRoute(`/trackdetails/${TRACK_ID}`, environment, viewer);
}

const section = async () => (await screen.findByRole("heading", { name: "Instalment plan" }, routeLoad)).closest("section") as HTMLElement;

describe("the track's instalment plan", () => {
  it("shows the plan's terms and each part's date and amount in the track's currency", async () => {
    renderTrack(withPlan);
    const plan = await section();
    expect(within(plan).getByText("Pay ₦150,000.00 in 3 monthly parts, the first ₦60,000.00.")).toBeTruthy();
    const rows = within(within(plan).getByRole("table", { name: "Schedule of a purchase today" })).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "PartDueAmount",
      "1At checkout₦60,000.00",
      "2Dec 29, 2026₦45,000.00",
      "3Jan 29, 2027₦45,000.00",
    ]);
    expect(within(plan).getByRole("button", { name: "Edit plan" })).toBeTruthy();
    expect(within(plan).getByRole("button", { name: "Remove plan" })).toBeTruthy();
  });

  it("says a track without a plan is sold in full, a free one has no instalments, and a reader gets no buttons", async () => {
    renderTrack(withoutPlan, staffViewer({ staffRole: "FINANCE", permissions: ["readCatalogue", "readInvoices"] }));
    const plan = await section();
    expect(within(plan).getByText(INSTALMENT_PLAN_MESSAGES.none)).toBeTruthy();
    expect(within(plan).queryByRole("button")).toBeNull();
    document.body.innerHTML = "";
    renderTrack(free);
    const freePlan = await section();
    expect(within(freePlan).getByText(INSTALMENT_PLAN_MESSAGES.free)).toBeTruthy();
    expect(within(freePlan).queryByRole("button")).toBeNull();
  });

  it("adds a plan: previews the schedule as the terms are typed and sends setInstalmentPlan", async () => {
    const { environment } = renderTrack(withoutPlan);
    const plan = await section();
    await act(async () => fireEvent.click(within(plan).getByRole("button", { name: "Add instalment plan" })));
    const dialog = await screen.findByRole("dialog", { name: "Add instalment plan" });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Save plan" })));
    expect(within(dialog).getByText(PLAN_FORM_MESSAGES.firstRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Parts/), { target: { value: "4" } });
    fireEvent.change(within(dialog).getByLabelText(/Every/), { target: { value: "WEEKLY" } });
    fireEvent.change(within(dialog).getByLabelText(/First part/), { target: { value: "150000" } });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Save plan" })));
    expect(within(dialog).getByText(PLAN_FORM_MESSAGES.firstTooLarge)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/First part/), { target: { value: "60000" } });
    const preview = within(dialog).getByRole("table", { name: "Preview: a purchase today" });
    expect(
      within(preview)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.lastElementChild?.textContent),
    ).toEqual(["₦60,000.00", "₦30,000.00", "₦30,000.00", "₦30,000.00"]);
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Save plan" })));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("InstalmentPlanDialogMutation");
    expect(operation.request.variables).toEqual({ id: TRACK_ID, input: { parts: 4, interval: "WEEKLY", firstAmount: 60000 } });
    await act(async () =>
      environment.mock.resolve(operation, {
        data: {
          setInstalmentPlan: {
            __typename: "ValidationError",
            __isError: "ValidationError",
            message: "Invalid input.",
            fieldErrors: [{ field: "firstAmount", message: "The first part must be less than the price." }],
          },
        },
      }),
    );
    expect(within(dialog).getByRole("alert").textContent).toBe("Invalid input.");
    expect(within(dialog).getByText("The first part must be less than the price.")).toBeTruthy();
  });

  it("removes the plan after confirmation through removeInstalmentPlan, showing a refusal in the dialog", async () => {
    const { environment } = renderTrack(withPlan);
    const plan = await section();
    await act(async () => fireEvent.click(within(plan).getByRole("button", { name: "Remove plan" })));
    const confirm = await screen.findByRole("alertdialog", { name: "Remove instalment plan" });
    await act(async () => fireEvent.click(within(confirm).getByRole("button", { name: "Remove plan" })));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("TrackInstalmentPlanRemoveMutation");
    expect(operation.request.variables).toEqual({ id: TRACK_ID });
    await act(async () =>
      environment.mock.resolve(operation, {
        data: {
          removeInstalmentPlan: { __typename: "NotFoundError", __isError: "NotFoundError", message: "This track has no instalment plan." },
        },
      }),
    );
    await waitFor(() => expect(within(confirm).getByRole("alert").textContent).toBe("This track has no instalment plan."));
  });
});
