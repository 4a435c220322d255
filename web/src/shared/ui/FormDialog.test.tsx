import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Button } from "./Button.tsx";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { FormDialog } from "./FormDialog.tsx";

/** A page holding a dialog's `open` state, opened from its own button (no Radix Trigger), like the list pages. */
function Page({ kind }: { kind: "form" | "confirm" }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Invite staff</Button>
      {kind === "form" ? (
        <FormDialog title="Invite staff" open={open} onOpenChange={setOpen} onSubmit={(e) => e.preventDefault()} submitLabel="Send">
          <input aria-label="Email" />
        </FormDialog>
      ) : (
        <ConfirmDialog open={open} onOpenChange={setOpen} title="Deactivate" description="Sure?" onConfirm={() => undefined} />
      )}
    </>
  );
}

describe("dialogs opened by the page", () => {
  for (const kind of ["form", "confirm"] as const) {
    it(`gives the focus back to the button that opened them (${kind} dialog)`, async () => {
      render(<Page kind={kind} />);
      const opener = screen.getByRole("button", { name: "Invite staff" });
      opener.focus();
      await act(async () => fireEvent.click(opener));
      expect(screen.getByRole(kind === "form" ? "dialog" : "alertdialog").contains(document.activeElement)).toBe(true);
      await act(async () => fireEvent.keyDown(document.activeElement!, { key: "Escape" }));
      // Radix gives the focus back once its close has run through (a moment later on a busy machine).
      await waitFor(() => expect(screen.queryByRole(kind === "form" ? "dialog" : "alertdialog")).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    });
  }
});
