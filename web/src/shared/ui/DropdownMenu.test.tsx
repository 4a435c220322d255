import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DropdownMenu, DropdownMenuItem } from "./DropdownMenu.tsx";

describe("DropdownMenu", () => {
  it("while open, does not hide the page from screen readers while its controls stay focusable (axe aria-hidden-focus)", async () => {
    render(
      <main>
        <a href="/tracks">Tracks</a>
        <DropdownMenu trigger={<button type="button">Ada Nwosu</button>}>
          <DropdownMenuItem>Portal</DropdownMenuItem>
        </DropdownMenu>
      </main>,
    );
    const trigger = screen.getByRole("button", { name: "Ada Nwosu" });
    trigger.focus();
    await act(async () => fireEvent.keyDown(trigger, { key: "Enter" }));
    expect(await screen.findByRole("menuitem", { name: "Portal" })).toBeTruthy();
    expect(document.querySelectorAll("[aria-hidden='true'] a[href], [aria-hidden='true'] button")).toHaveLength(0);
    expect(screen.getByRole("link", { name: "Tracks" })).toBeTruthy();
  });
});
