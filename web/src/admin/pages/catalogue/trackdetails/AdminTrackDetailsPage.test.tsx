import { act, fireEvent, screen, within } from "@testing-library/react";
import { createMockEnvironment, type MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { trackPrice } from "../../../../test/money.ts";
import { answerQuery, renderAdminRoute, routeLoad, staffViewer } from "../../../testing.tsx";
import AdminTrackDetailsPageQuery from "./__generated__/AdminTrackDetailsPageQuery.graphql.ts";
import { TRACK_DETAILS_MESSAGES } from "./AdminTrackDetailsPage.tsx";

const cloud: MockPayloadGenerator.MockResolvers = {
  Track: () => ({
    id: "track-1",
    name: "Cloud Computing",
    ...trackPrice(350),
    instructor: "Amara Okafor",
    duration: "12 weeks",
    averageRating: 3.7,
    reviewCount: 12,
    courses: [],
  }),
};
const freeTrack: MockPayloadGenerator.MockResolvers = { Track: () => ({ name: "Intro to Git", ...trackPrice(0), courses: [] }) };
const cloudWithCourses: MockPayloadGenerator.MockResolvers = {
  Track: () => ({ name: "Cloud Computing", courses: [{ title: "AWS Essentials" }, { title: "Azure Fundamentals" }] }),
};

const draft: MockPayloadGenerator.MockResolvers = { Track: () => ({ id: "track-1", name: "Quiet", status: "DRAFT", courses: [] }) };
const published: MockPayloadGenerator.MockResolvers = { Track: () => ({ name: "Live", status: "PUBLISHED", courses: [] }) };

beforeEach(() => localStorage.clear());

function renderTrack(answer: (environment: ReturnType<typeof createMockEnvironment>) => void) {
  const environment = createMockEnvironment();
  answer(environment);
  return renderAdminRoute("/trackdetails/track-1", environment);
}

describe("track details", () => {
  it("shows price in dollars, the rating's stars floored (3.7 fills 3), its value to 1 decimal and the reviews", async () => {
    renderTrack((environment) => answerQuery(environment, AdminTrackDetailsPageQuery, { id: "track-1" }, cloud));
    expect(await screen.findByRole("heading", { level: 1, name: "Cloud Computing" }, routeLoad)).toBeTruthy();
    expect(screen.getByText("$350.00")).toBeTruthy();
    const stars = screen.getByRole("img", { name: "Rated 3.7 out of 5" });
    expect(stars.querySelectorAll('svg[fill="currentColor"]')).toHaveLength(3);
    expect(stars.querySelectorAll("svg")).toHaveLength(5);
    expect(stars.textContent).toBe("3.7");
    expect(screen.getByText("12 reviews")).toBeTruthy();
    expect(screen.getByText(TRACK_DETAILS_MESSAGES.noCourses)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back" }).getAttribute("href")).toBe("/track");
  });

  it("shows a free track's price as 'Free', as the learner site does", async () => {
    renderTrack((environment) => answerQuery(environment, AdminTrackDetailsPageQuery, { id: "track-1" }, freeTrack));
    expect(await screen.findByRole("heading", { level: 1, name: "Intro to Git" }, routeLoad)).toBeTruthy();
    expect(screen.getByText("Free")).toBeTruthy();
    expect(screen.queryByText("$0.00")).toBeNull();
  });

  it("lists the included course titles and opens the Update Track and Confirm Deletion dialogs", async () => {
    renderTrack((environment) => answerQuery(environment, AdminTrackDetailsPageQuery, { id: "track-1" }, cloudWithCourses));
    const courses = await screen.findByRole("heading", { name: "Included courses" }, routeLoad);
    expect(
      within(courses.parentElement!)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["AWS Essentials", "Azure Fundamentals"]);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Edit track" })));
    expect(
      (within(screen.getByRole("dialog", { name: "Update Track" })).getByDisplayValue("Cloud Computing") as HTMLInputElement).name,
    ).toBe("name");
    await act(async () => fireEvent.keyDown(document.activeElement!, { key: "Escape" }));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Delete track" })));
    const confirm = screen.getByRole("alertdialog", { name: "Confirm Deletion" });
    expect(within(confirm).getByText("This action cannot be undone.")).toBeTruthy();
  });

  it("says 'Track not found.' for an unknown track", async () => {
    renderTrack((environment) => {
      environment.mock.queuePendingOperation(AdminTrackDetailsPageQuery, { id: "track-1" });
      environment.mock.queueOperationResolver(() => ({ data: { track: null } }));
    });
    expect(await screen.findByText(TRACK_DETAILS_MESSAGES.notFound, {}, routeLoad)).toBeTruthy();
  });

  it("says 'Could not load track details.' when loading fails", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    renderTrack((environment) => {
      environment.mock.queuePendingOperation(AdminTrackDetailsPageQuery, { id: "track-1" });
      environment.mock.queueOperationResolver(() => new Error("offline"));
    });
    expect(await screen.findByText(TRACK_DETAILS_MESSAGES.failed, {}, routeLoad)).toBeTruthy();
    vi.mocked(console.error).mockRestore();
  });

  it("a draft has 'Preview on site' for staff who edit the catalogue: a new tab goes to the preview link, cut off from this page", async () => {
    const url = "http://localhost/learner-track-details/1?preview=abc";
    const environment = createMockEnvironment();
    answerQuery(environment, AdminTrackDetailsPageQuery, { id: "track-1" }, draft);
    renderAdminRoute("/trackdetails/track-1", environment);
    const button = await screen.findByRole("button", { name: "Preview on site" }, routeLoad);
    const tab = { opener: window as Window | null, location: { href: "about:blank" }, close: vi.fn() };
    const open = vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    await act(async () => fireEvent.click(button));
    expect(open).toHaveBeenCalledWith("", "_blank");
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("TrackPreviewLinkMutation");
    expect(operation.request.variables).toEqual({ id: "track-1" });
    await act(async () =>
      environment.mock.resolve(operation, {
        data: { trackPreviewLink: { __typename: "TrackPreviewLinkPayload", url } },
      }),
    );
    expect(tab.location.href).toBe(url);
    expect(tab.opener).toBeNull();
    open.mockRestore();
  });

  it("no 'Preview on site' for a published track", async () => {
    renderTrack((environment) => answerQuery(environment, AdminTrackDetailsPageQuery, { id: "track-1" }, published));
    await screen.findByRole("heading", { level: 1, name: "Live" }, routeLoad);
    expect(screen.queryByRole("button", { name: "Preview on site" })).toBeNull();
  });

  it("no 'Preview on site' for finance staff, who only read the catalogue", async () => {
    const environment = createMockEnvironment();
    answerQuery(environment, AdminTrackDetailsPageQuery, { id: "track-1" }, draft);
    renderAdminRoute(
      "/trackdetails/track-1",
      environment,
      staffViewer({ staffRole: "FINANCE", permissions: ["readCatalogue", "readInvoices"] }),
    );
    await screen.findByRole("heading", { level: 1, name: "Quiet" }, routeLoad);
    expect(screen.queryByRole("button", { name: "Preview on site" })).toBeNull();
  });
});
