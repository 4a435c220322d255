import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import NoTrackPage from "../pages/payments/checkout/NoTrackPage.tsx";
import { TrackNotFound } from "./TrackErrorBoundary.tsx";

describe("the track pages without a track", () => {
  it("'Track not found.' is the page's level-1 heading", () => {
    render(<TrackNotFound />, { wrapper: MemoryRouter });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Track not found.");
  });

  it("checkout without a track id has 'No track specified.' as its level-1 heading", () => {
    render(<NoTrackPage />, { wrapper: MemoryRouter });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("No track specified.");
  });
});
