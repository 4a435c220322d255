import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Button } from "./Button.tsx";
import { Dialog } from "./Dialog.tsx";

describe("Dialog", () => {
  it("opens from its trigger, is labelled by its title and description, and closes on Escape", async () => {
    render(
      <Dialog title="Delete track" description="This action cannot be undone." trigger={<Button>Open</Button>}>
        <Button>Confirm</Button>
      </Dialog>,
    );
    expect(screen.queryByRole("dialog")).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Open" })));
    const dialog = screen.getByRole("dialog", { name: "Delete track" });
    expect(document.getElementById(dialog.getAttribute("aria-describedby")!)?.textContent).toBe("This action cannot be undone.");
    expect(dialog.contains(document.activeElement)).toBe(true);

    await act(async () => fireEvent.keyDown(document.activeElement!, { key: "Escape" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Open" }));
  });
});
