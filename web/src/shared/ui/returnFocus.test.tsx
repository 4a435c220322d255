import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { type ReactNode, useState } from "react";
import { describe, expect, it } from "vitest";
import { Button } from "./Button.tsx";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { Dialog } from "./Dialog.tsx";
import { Drawer } from "./Drawer.tsx";
import { DropdownMenu, DropdownMenuItem } from "./DropdownMenu.tsx";
import { FormDialog } from "./FormDialog.tsx";
import { MenuButton } from "./MenuButton.tsx";

const press = (key: string) => act(async () => fireEvent.keyDown(document.activeElement ?? document.body, { key }));

/** Waits for the dialog to be gone and the focus to be settled (Radix gives it back a moment after the close). */
async function closed(role: "dialog" | "alertdialog" | "menu") {
  await waitFor(() => expect(screen.queryByRole(role)).toBeNull());
  await waitFor(() => expect(document.activeElement).not.toBe(document.body));
}

function Shell({ children }: { children: ReactNode }) {
  return <main id="main">{children}</main>;
}

function LearnerPage() {
  const [open, setOpen] = useState(false);
  return (
    <Shell>
      <Button onClick={() => setOpen(true)}>View</Button>
      <Dialog title="Learner Details" open={open} onOpenChange={setOpen}>
        <p>Ada</p>
      </Dialog>
    </Shell>
  );
}

function DrawerPage() {
  const [open, setOpen] = useState(false);
  return (
    <Shell>
      <MenuButton expanded={open} onOpen={() => setOpen(true)} />
      <Drawer open={open} onOpenChange={setOpen} title="Menu">
        <a href="/tracks">Tracks</a>
      </Drawer>
    </Shell>
  );
}

function InvitePage() {
  const [open, setOpen] = useState(false);
  return (
    <Shell>
      <Button onClick={() => setOpen(true)}>Invite staff</Button>
      <FormDialog title="Invite" open={open} onOpenChange={setOpen} onSubmit={(e) => e.preventDefault()} submitLabel="Send">
        <input aria-label="Email" />
      </FormDialog>
    </Shell>
  );
}

function ApprovePage() {
  const [open, setOpen] = useState(false);
  const [approved, setApproved] = useState(false);
  return (
    <Shell>
      <table>
        <tbody>
          <tr>
            <td>Ada</td>
            <td>
              {!approved && <Button onClick={() => setOpen(true)}>Approve</Button>}
              <Button>Change role</Button>
            </td>
          </tr>
        </tbody>
      </table>
      <FormDialog
        title="Approve"
        open={open}
        onOpenChange={setOpen}
        onSubmit={(e) => {
          e.preventDefault();
          setApproved(true);
          setOpen(false);
        }}
        submitLabel="Approve staff"
      >
        <input aria-label="Role" />
      </FormDialog>
    </Shell>
  );
}

function CoursesPage({ rows }: { rows: string[] }) {
  const [list, setList] = useState(rows);
  const [deleting, setDeleting] = useState<string | null>(null);
  return (
    <Shell>
      <h1>Courses</h1>
      <ul>
        {list.map((row) => (
          <li key={row}>
            <Button onClick={() => setDeleting(row)}>Delete {row}</Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete course"
        description="This action cannot be undone."
        onConfirm={() => setList((current) => current.filter((row) => row !== deleting))}
      />
    </Shell>
  );
}

function MenuDialogPage() {
  const [open, setOpen] = useState(false);
  return (
    <Shell>
      <DropdownMenu trigger={<button type="button">Account menu</button>}>
        <DropdownMenuItem onSelect={() => setOpen(true)}>Edit profile</DropdownMenuItem>
      </DropdownMenu>
      <Dialog title="Edit profile" open={open} onOpenChange={setOpen}>
        <input aria-label="Name" />
      </Dialog>
    </Shell>
  );
}

describe("focus after a kit dialog closes", () => {
  it("a Dialog whose `open` the page holds gives it back to the button that opened it", async () => {
    render(<LearnerPage />);
    const opener = screen.getByRole("button", { name: "View" });
    opener.focus();
    await act(async () => fireEvent.click(opener));
    expect(screen.getByRole("dialog").contains(document.activeElement)).toBe(true);
    await press("Escape");
    await closed("dialog");
    expect(document.activeElement).toBe(opener);
  });

  it("the menu Drawer gives it back to the menu button", async () => {
    render(<DrawerPage />);
    const opener = screen.getByRole("button", { name: "Open menu" });
    opener.focus();
    await act(async () => fireEvent.click(opener));
    await press("Escape");
    await closed("dialog");
    expect(document.activeElement).toBe(opener);
  });

  it("a FormDialog closed by Cancel gives it back to its opener", async () => {
    render(<InvitePage />);
    const opener = screen.getByRole("button", { name: "Invite staff" });
    opener.focus();
    await act(async () => fireEvent.click(opener));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Cancel" })));
    await closed("dialog");
    expect(document.activeElement).toBe(opener);
  });

  it("after a submit that removed the opener (an Approve button), the focus goes to its row, not the body", async () => {
    render(<ApprovePage />);
    const opener = screen.getByRole("button", { name: "Approve" });
    opener.focus();
    await act(async () => fireEvent.click(opener));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Approve staff" })));
    await closed("dialog");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Change role" }));
  });

  it("after a confirmed delete that removed the opener's row, the focus goes to the list, else the main region", async () => {
    const deleteAndConfirm = async (name: string) => {
      const opener = screen.getByRole("button", { name });
      opener.focus();
      await act(async () => fireEvent.click(opener));
      await act(async () => fireEvent.click(screen.getByRole("button", { name: "Delete" })));
      await closed("alertdialog");
    };
    const { unmount } = render(<CoursesPage rows={["Go", "Rust"]} />);
    await deleteAndConfirm("Delete Go");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Delete Rust" }));
    await deleteAndConfirm("Delete Rust");
    expect(document.activeElement).toBe(screen.getByRole("main"));
    unmount();
  });

  it("a Dialog opened from a menu item gives the focus back to the menu's button", async () => {
    render(<MenuDialogPage />);
    const trigger = screen.getByRole("button", { name: "Account menu" });
    trigger.focus();
    await press("Enter");
    const item = await screen.findByRole("menuitem", { name: "Edit profile" });
    await act(async () => fireEvent.click(item));
    await waitFor(() => expect(screen.getByRole("dialog").contains(document.activeElement)).toBe(true));
    await press("Escape");
    await closed("dialog");
    expect(document.activeElement).toBe(trigger);
  });

  it("the menu gives it back to its button on Escape", async () => {
    render(
      <Shell>
        <DropdownMenu trigger={<button type="button">Account menu</button>}>
          <DropdownMenuItem>Portal</DropdownMenuItem>
        </DropdownMenu>
      </Shell>,
    );
    const trigger = screen.getByRole("button", { name: "Account menu" });
    trigger.focus();
    await press("Enter");
    await screen.findByRole("menu");
    await press("Escape");
    await closed("menu");
    expect(document.activeElement).toBe(trigger);
  });
});
