import { screen, within } from "@testing-library/react";
import type { MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import TrackDetailsPageQuery from "../pages/catalogue/learner-track-details/__generated__/TrackDetailsPageQuery.graphql.ts";
import { NGN_PLAN } from "../test/instalments.ts";
import { renderLearner } from "../test/renderLearner.tsx";

const uuid = "5b0f6a52-1c1e-4c55-9a4e-0d6f1f7e2a10";
const id = btoa(`Track:${uuid}`);
const routeLoad = { timeout: 5000 };
// The track's plan as the mock server answers it; each test sets it.
const server = { plan: null as typeof NGN_PLAN | null };
const resolvers: MockPayloadGenerator.MockResolvers = {
  Track: () => ({
    id,
    name: "Cloud Track",
    price: 150_000,
    courses: [],
    relatedTracks: [],
    averageRating: null,
    instalmentPlan: server.plan,
  }),
  InstalmentOffer: () => server.plan,
  Query: () => ({ me: null }),
};

function openTrack(plan: typeof NGN_PLAN | null) {
  server.plan = plan;
  return renderLearner(`/learner-track-details/${uuid}`, { preloaded: [[TrackDetailsPageQuery, { id }]], resolvers });
}

beforeEach(() => localStorage.clear());

describe("a track's instalment offer on its page", () => {
  it("shows 'Pay in 3 monthly instalments' with the total and each part's date and amount in its currency", async () => {
    openTrack(NGN_PLAN);
    const offer = (await screen.findByRole("heading", { name: "Pay in 3 monthly instalments" }, routeLoad)).closest("section")!;
    expect(within(offer).getByText("₦150,000.00")).toBeTruthy();
    const parts = within(within(offer).getByRole("list", { name: "Instalments" }))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(parts).toEqual(["Part 1Today₦60,000.00", "Part 2Dec 29, 2026₦45,000.00", "Part 3Jan 29, 2027₦45,000.00"]);
    // Enrolling still goes through the checkout, where the learner picks full or instalments.
    expect(screen.getByRole("link", { name: "Enroll Now" }).getAttribute("href")).toBe(`/checkout/${uuid}`);
  });

  it("says nothing about instalments for a track without a plan", async () => {
    openTrack(null);
    expect(await screen.findByRole("heading", { level: 1, name: "Cloud Track" }, routeLoad)).toBeTruthy();
    expect(screen.queryByText(/instalments/)).toBeNull();
  });
});
