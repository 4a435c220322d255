import { render, screen, within } from "@testing-library/react";
import { RelayEnvironmentProvider } from "react-relay/hooks";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { describe, expect, it } from "vitest";
import { trackPrice } from "../../../../test/money.ts";
import { createLearnerRoutes } from "../../../routes.tsx";
import HomePageQuery from "./__generated__/HomePageQuery.graphql.ts";

// Mock data by GraphQL type: four tracks, each with a distinct name.
const resolvers: MockPayloadGenerator.MockResolvers = {
  QueryTracksConnection: () => ({ edges: [{}, {}, {}, {}] }),
  Track: (_context, generateId) => {
    const n = generateId();
    return { name: `Track ${n}`, description: `About track ${n}`, image: `/uploads/${n}.png`, duration: "12 weeks", ...trackPrice(350) };
  },
};

describe("learner home page", () => {
  it("preloads the first four tracks with its route and shows them as cards", async () => {
    const environment = createMockEnvironment();
    // The route's loader calls loadQuery, which reaches the network without environment.execute; this tells the
    // mock environment which operation that request is, so the resolver below can answer it.
    environment.mock.queuePendingOperation(HomePageQuery, {});
    const requested: string[] = [];
    environment.mock.queueOperationResolver((operation) => {
      requested.push(`${operation.request.node.params.name} ${JSON.stringify(operation.request.variables)}`);
      return MockPayloadGenerator.generate(operation, resolvers);
    });
    const router = createMemoryRouter(createLearnerRoutes(environment), { initialEntries: ["/"] });
    render(
      <RelayEnvironmentProvider environment={environment}>
        <RouterProvider router={router} />
      </RelayEnvironmentProvider>,
    );

    const section = (await screen.findByRole("heading", { name: "Our solutions" })).closest("section")!;
    const cards = within(section).getAllByRole("article");
    expect(cards).toHaveLength(4);
    for (const card of cards) {
      expect(within(card).getByRole("link").getAttribute("href")).toBe("/learner-tracks");
      expect(within(card).getByText("$350.00")).toBeTruthy();
      const image = card.querySelector("img")!;
      expect([image.getAttribute("width"), image.getAttribute("height"), image.getAttribute("loading")]).toEqual(["640", "360", "lazy"]);
    }
    expect(screen.getByRole("link", { name: /Get Started/ }).getAttribute("href")).toBe("/learner-tracks");
    expect(requested).toEqual(["HomePageQuery {}"]);
  });

  it("describes only what a learner can get today: no progress, live sessions, mentors, lesson counts or certificates", async () => {
    const environment = createMockEnvironment();
    environment.mock.queuePendingOperation(HomePageQuery, {});
    environment.mock.queueOperationResolver((operation) => MockPayloadGenerator.generate(operation, resolvers));
    const router = createMemoryRouter(createLearnerRoutes(environment), { initialEntries: ["/"] });
    render(
      <RelayEnvironmentProvider environment={environment}>
        <RouterProvider router={router} />
      </RelayEnvironmentProvider>,
    );
    await screen.findByRole("heading", { name: "Our solutions" });
    const text = document.body.textContent ?? "";
    for (const claim of [/\d+% complete/, /live mentor session/i, /mentor/i, /\d+ lessons/, /certificate/i]) {
      expect(text, String(claim)).not.toMatch(claim);
    }
    // What exists: tracks of courses, a named instructor, card or offline payment, free tracks; and the $350 samples.
    expect(text).toContain("An instructor named on every track");
    expect(text).toContain("Card or offline payment");
    expect(screen.getAllByText("$350.00").length).toBeGreaterThanOrEqual(3);
  });
});
