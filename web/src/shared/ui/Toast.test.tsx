import { act, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { toast } from "./Toast.tsx";

const region = () => document.querySelector<HTMLElement>('section[aria-label="Notifications"]');

describe("toasts", () => {
  it("mounts one region with the first toast, in a live list that was there before it, and takes no focus", async () => {
    render(<button type="button">Save</button>);
    expect(region()).toBeNull();
    const save = screen.getByRole("button", { name: "Save" });
    save.focus();
    act(() => {
      toast.success("Track added.");
    });
    // The first toast loads the region's code.
    const text = await screen.findByText("Track added.", {}, { timeout: 5000 });
    expect(text.closest("section")).toBe(region());
    expect(within(region()!).getByRole("list").getAttribute("aria-live")).toBe("polite");
    expect(document.activeElement).toBe(save);
    act(() => {
      toast.info("Saved again.");
    });
    await screen.findByText("Saved again.");
    expect(document.querySelectorAll('section[aria-label="Notifications"]')).toHaveLength(1);
  });

  it("says errors as alerts, keeps at most three, and closes one with its Dismiss button", async () => {
    act(() => {
      toast.error("Failed to delete track.");
    });
    expect((await screen.findByRole("alert")).textContent).toBe("Failed to delete track.");
    act(() => {
      for (const n of [1, 2, 3]) toast.info(`Note ${n}`);
    });
    await screen.findByText("Note 3");
    expect(screen.queryByText("Failed to delete track.")).toBeNull();
    const list = within(region()!);
    expect(list.getAllByRole("button", { name: "Dismiss" })).toHaveLength(3);
    act(() => list.getAllByRole("button", { name: "Dismiss" })[0]!.click());
    await waitFor(() => expect(screen.queryByText("Note 1")).toBeNull());
    expect(screen.getByText("Note 2")).toBeTruthy();
  });
});
