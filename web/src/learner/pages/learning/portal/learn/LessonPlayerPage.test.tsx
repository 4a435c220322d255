import { screen } from "@testing-library/react";
import type { MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import { trackNodeId } from "../../../../../shared/routing/trackIds.ts";
import { logInAs, renderLearner } from "../../../../test/renderLearner.tsx";
import LessonPlayerPageQuery from "./__generated__/LessonPlayerPageQuery.graphql.ts";
import { PLAYER_MESSAGES } from "./LessonPlayerPage.tsx";

const trackUuid = "5b0f6a52-1c1e-4c55-9a4e-0d6f1f7e2a10";
const lessonUuid = "8c2d0a7e-3f4b-4a51-9e0c-2b7d6f1a9c33";
const trackId = trackNodeId(trackUuid);
const lessonId = trackNodeId(lessonUuid, "Lesson");
const reason = 'Your access to this track is paused. Instalment 2 of 3 is overdue. Pay it from your portal ("Pay now") to continue.';

// The lesson as the mock server answers it; each test sets whether the learner's enrollment is paused.
const server = { pausedReason: null as string | null };
const resolvers: MockPayloadGenerator.MockResolvers = {
  Track: () => ({ id: trackId, name: "Cloud Computing Fundamentals", courses: [] }),
  Lesson: () => ({
    id: lessonId,
    title: "Regions and zones",
    kind: "TEXT",
    minutes: 5,
    enrolled: true,
    completed: false,
    // A paused enrollment reads no content: the API answers it locked, with the reason.
    locked: server.pausedReason !== null,
    pausedReason: server.pausedReason,
    body: server.pausedReason ? null : "Every region has several zones.",
    videoEmbedUrl: null,
    course: { title: "Cloud basics", track: { id: trackId } },
  }),
};

function openLesson(pausedReason: string | null) {
  server.pausedReason = pausedReason;
  logInAs();
  return renderLearner(`/portal/learn/${trackUuid}/${lessonUuid}`, {
    preloaded: [[LessonPlayerPageQuery, { trackId, lessonId }]],
    resolvers,
  });
}

beforeEach(() => localStorage.clear());

describe("the lesson player of a paused track", () => {
  it("shows why access is paused and 'Pay now' instead of the lesson, and no 'Mark complete'", async () => {
    openLesson(reason);
    expect(await screen.findByRole("heading", { level: 1, name: "Regions and zones" })).toBeTruthy();
    const notice = screen.getByText(PLAYER_MESSAGES.paused).closest("[role=status]")!;
    expect(notice.textContent).toContain(reason);
    expect(screen.getByRole("link", { name: "Pay now" }).getAttribute("href")).toBe("/portal#payment-plans");
    expect(screen.queryByText(PLAYER_MESSAGES.locked)).toBeNull();
    expect(screen.queryByRole("button", { name: "Mark complete" })).toBeNull();
  });

  it("shows the lesson to an enrolled learner whose access is not paused", async () => {
    openLesson(null);
    expect(await screen.findByText("Every region has several zones.")).toBeTruthy();
    expect(screen.queryByText(PLAYER_MESSAGES.paused)).toBeNull();
    expect(screen.getByRole("button", { name: "Mark complete" })).toBeTruthy();
  });
});
