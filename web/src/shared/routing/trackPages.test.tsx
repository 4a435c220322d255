import { screen } from "@testing-library/react";
import type { RouteObject } from "react-router-dom";
import { createMockEnvironment, type MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import { ADMIN_PAGES, isSitePage, LEARNER_PAGES } from "../../../../common/site-paths.ts";
import AdminTrackDetailsPageQuery from "../../admin/pages/catalogue/trackdetails/__generated__/AdminTrackDetailsPageQuery.graphql.ts";
import { createAdminRoutes } from "../../admin/routes.tsx";
import { answerQuery, renderAdminRoute, routeLoad } from "../../admin/testing.tsx";
import TrackDetailsPageQuery from "../../learner/pages/catalogue/learner-track-details/__generated__/TrackDetailsPageQuery.graphql.ts";
import CheckoutPageQuery from "../../learner/pages/payments/checkout/__generated__/CheckoutPageQuery.graphql.ts";
import { createLearnerRoutes } from "../../learner/routes.tsx";
import { renderLearner } from "../../learner/test/renderLearner.tsx";
import { trackPrice } from "../../test/money.ts";
import { plainTrackId, trackNodeId, trackPages } from "./trackIds.ts";

// A track as the REST API names it (`_id`) and as the GraphQL API does (its Relay global id).
const PLAIN = "7b0e2f9a-4c1d-4e8b-9a3f-2d6c5b4a3e21";
const GLOBAL = btoa(`Track:${PLAIN}`);
const OTHER_PLAIN = "0c6f1d2e-3b4a-4c5d-8e9f-a0b1c2d3e4f5";
const OTHER_GLOBAL = btoa(`Track:${OTHER_PLAIN}`);

// Mock data: the track (and, on the learner's page, a related one), by their global ids as the GraphQL API gives them.
const detailsResolvers: MockPayloadGenerator.MockResolvers = {
  Track: (_, generateId) =>
    generateId() === 1 ? { id: GLOBAL, name: "Cloud Computing Fundamentals" } : { id: OTHER_GLOBAL, name: "Data Science Essentials" },
};
const checkoutResolvers: MockPayloadGenerator.MockResolvers = {
  Track: () => ({ id: GLOBAL, name: "Cloud Computing Fundamentals", ...trackPrice(350) }),
  Query: () => ({ me: null }),
};
const adminResolvers: MockPayloadGenerator.MockResolvers = { Track: () => ({ id: GLOBAL, name: "Cloud Computing" }) };

beforeEach(() => localStorage.clear());

describe("track ids in page addresses", () => {
  it("reads the plain id and the global id, and writes the plain one", () => {
    expect(trackNodeId(PLAIN)).toBe(GLOBAL);
    expect(trackNodeId(PLAIN.toUpperCase())).toBe(GLOBAL);
    expect(trackNodeId(GLOBAL)).toBe(GLOBAL);
    expect(trackNodeId(undefined)).toBe("");
    expect(plainTrackId(GLOBAL)).toBe(PLAIN);
    expect(plainTrackId(PLAIN)).toBe(PLAIN);
    expect(plainTrackId("not base64!")).toBe("not base64!");
    expect(plainTrackId(btoa(`Course:${PLAIN}`))).toBe(btoa(`Course:${PLAIN}`));
    expect(trackPages.learnerDetails(GLOBAL)).toBe(`/learner-track-details/${PLAIN}`);
    expect(trackPages.checkout(GLOBAL)).toBe(`/checkout/${PLAIN}`);
    expect(trackPages.adminDetails(PLAIN)).toBe(`/trackdetails/${PLAIN}`);
  });

  it("the learner's track page, opened by the REST `_id`, shows the track and links by plain ids", async () => {
    renderLearner(`/learner-track-details/${PLAIN}`, {
      preloaded: [[TrackDetailsPageQuery, { id: GLOBAL }]],
      resolvers: detailsResolvers,
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Cloud Computing Fundamentals" }, routeLoad)).toBeTruthy();
    expect(screen.getByRole("link", { name: /Enroll Now/ }).getAttribute("href")).toBe(`/checkout/${PLAIN}`);
    const related = screen.getAllByRole("link", { name: "Data Science Essentials" });
    for (const link of related) expect(link.getAttribute("href")).toBe(`/learner-track-details/${OTHER_PLAIN}`);
  });

  it("checkout opens by the plain id and by the global id", async () => {
    for (const address of [PLAIN, GLOBAL]) {
      const { router } = renderLearner(`/checkout/${address}`, {
        preloaded: [[CheckoutPageQuery, { id: GLOBAL }]],
        resolvers: checkoutResolvers,
      });
      expect(await screen.findByText("Cloud Computing Fundamentals", {}, routeLoad)).toBeTruthy();
      expect(screen.queryByText("Track not found.")).toBeNull();
      router.dispose();
      document.body.innerHTML = "";
    }
  });

  it("the admin's track page opens by the REST `_id`", async () => {
    const environment = createMockEnvironment();
    answerQuery(environment, AdminTrackDetailsPageQuery, { id: GLOBAL }, adminResolvers);
    renderAdminRoute(`/trackdetails/${PLAIN}`, environment);
    expect(await screen.findByRole("heading", { level: 1, name: "Cloud Computing" }, routeLoad)).toBeTruthy();
    expect(screen.queryByText("Track not found.")).toBeNull();
  });
});

/** Every `path` of a route tree. */
function pathsOf(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

describe("the sites' page lists", () => {
  it("are exactly the paths the client routers are built from (besides their catch-all Not found route)", () => {
    const environment = createMockEnvironment();
    const learner = pathsOf(createLearnerRoutes(environment));
    const admin = pathsOf(createAdminRoutes(environment));
    expect(learner.filter((p) => p !== "*").sort()).toEqual(Object.values(LEARNER_PAGES).sort());
    expect(admin.filter((p) => p !== "*").sort()).toEqual(Object.values(ADMIN_PAGES).sort());
    expect(learner).toContain("*");
    expect(admin).toContain("*");
  });

  it("match addresses as the router does: any one segment for a parameter, case and a trailing slash aside", () => {
    expect(isSitePage("learner", `/learner-track-details/${PLAIN}`)).toBe(true);
    expect(isSitePage("learner", "/Learner-Tracks/")).toBe(true);
    expect(isSitePage("learner", "/learner-track-details")).toBe(false);
    expect(isSitePage("learner", `/learner-track-details/${PLAIN}/x`)).toBe(false);
    expect(isSitePage("learner", "/dashboard")).toBe(false);
    expect(isSitePage("admin", "/dashboard")).toBe(true);
    expect(isSitePage("admin", "/")).toBe(true);
    expect(isSitePage("admin", "/trek")).toBe(false);
  });
});
