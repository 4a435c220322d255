import { act, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Toaster, toast } from "./Toast.tsx";

describe("toasts", () => {
  it("loads nothing until the first toast, then shows it in a labelled region, announced, without taking focus", async () => {
    render(
      <>
        <button type="button">Save</button>
        <Toaster />
      </>,
    );
    expect(screen.queryByRole("region")).toBeNull();
    const save = screen.getByRole("button", { name: "Save" });
    save.focus();
    act(() => {
      toast.success("Track added.");
    });
    // The first toast loads the region's code.
    const text = await screen.findByText("Track added.", {}, { timeout: 5000 });
    expect(text.closest("[role=region]")?.getAttribute("aria-label")).toMatch(/^Notifications/);
    // Radix announces the toast's text in a polite live region of its own.
    await waitFor(() => {
      const announced = screen.getAllByRole("status").filter((element) => element.getAttribute("aria-live") === "polite");
      expect(announced.some((element) => element.textContent?.includes("Track added."))).toBe(true);
    });
    expect(document.activeElement).toBe(save);
  });

  it("keeps at most three and closes one with its Dismiss button", async () => {
    render(<Toaster />);
    act(() => {
      for (const n of [1, 2, 3, 4]) toast.info(`Note ${n}`);
    });
    await screen.findByText("Note 4", {}, { timeout: 5000 });
    expect(screen.queryByText("Note 1")).toBeNull();
    expect(screen.getAllByRole("button", { name: "Dismiss" })).toHaveLength(3);
    act(() => screen.getAllByRole("button", { name: "Dismiss" })[0]!.click());
    await act(async () => new Promise((r) => setTimeout(r, 300)));
    expect(screen.queryByText("Note 2")).toBeNull();
  });
});
