import { screen } from "@testing-library/react";
import type { MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import { trackPrice } from "../../../../test/money.ts";
import { operationName, renderLearner } from "../../../test/renderLearner.tsx";
import TrackDetailsPageQuery from "./__generated__/TrackDetailsPageQuery.graphql.ts";
import { PREVIEW_BANNER } from "./TrackDetailsPage.tsx";

const uuid = "5b0f6a52-1c1e-4c55-9a4e-0d6f1f7e2a10";
const id = btoa(`Track:${uuid}`);
const routeLoad = { timeout: 5000 };

const resolvers: MockPayloadGenerator.MockResolvers = {
  Track: () => ({ id, name: "Draft Cloud Track", ...trackPrice(120), courses: [], relatedTracks: [], averageRating: null }),
  Query: () => ({ me: null }),
};

/** The variables of each preview query sent. */
const previewsAsked: Record<string, unknown>[] = [];

function openTrack(path: string, preview: "answers" | "null" = "answers") {
  return renderLearner(path, {
    preloaded: [[TrackDetailsPageQuery, { id }]],
    resolvers,
    // The anonymous `track` of a draft is null: only the preview query shows it.
    answer: (operation) => {
      if (operationName(operation) === "TrackDetailsPageQuery" && path.includes("preview=")) {
        return { data: { track: null, me: null } };
      }
      if (operationName(operation) === "TrackDetailsPagePreviewQuery") {
        previewsAsked.push(operation.request.variables);
        if (preview === "null") return { data: { trackPreview: null } };
      }
      return undefined;
    },
  });
}

beforeEach(() => {
  localStorage.clear();
  previewsAsked.length = 0;
});

describe("a track's page through a draft's preview link", () => {
  it("shows the track under the preview banner, with its token sent and the enroll button disabled", async () => {
    openTrack(`/learner-track-details/${uuid}?preview=secret-token`);
    expect(await screen.findByRole("heading", { level: 1, name: "Draft Cloud Track" }, routeLoad)).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain(PREVIEW_BANNER);
    const enroll = screen.getByRole("button", { name: "Enroll Now" }) as HTMLButtonElement;
    expect(enroll.disabled).toBe(true);
    expect(screen.queryByRole("link", { name: "Enroll Now" })).toBeNull();
    expect(previewsAsked).toEqual([{ id, token: "secret-token" }]);
  });

  it("says 'Track not found.' when the token opens nothing", async () => {
    openTrack(`/learner-track-details/${uuid}?preview=wrong`, "null");
    expect((await screen.findByRole("heading", { level: 1 }, routeLoad)).textContent).toBe("Track not found.");
    expect(screen.queryByText(PREVIEW_BANNER)).toBeNull();
  });

  it("a preview link of a track published since shows its public page, without the banner or a preview query", async () => {
    renderLearner(`/learner-track-details/${uuid}?preview=retired`, {
      preloaded: [[TrackDetailsPageQuery, { id }]],
      resolvers,
      answer: (operation) => {
        if (operationName(operation) === "TrackDetailsPagePreviewQuery") previewsAsked.push(operation.request.variables);
        return undefined;
      },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Draft Cloud Track" }, routeLoad)).toBeTruthy();
    expect(screen.queryByText(PREVIEW_BANNER)).toBeNull();
    expect(previewsAsked).toEqual([]);
  });

  it("without a preview token the page has no banner and enrolling is a link to checkout", async () => {
    openTrack(`/learner-track-details/${uuid}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Draft Cloud Track" }, routeLoad)).toBeTruthy();
    expect(screen.queryByText(PREVIEW_BANNER)).toBeNull();
    expect(screen.getByRole("link", { name: "Enroll Now" }).getAttribute("href")).toBe(`/checkout/${uuid}`);
    expect(previewsAsked).toEqual([]);
  });
});
