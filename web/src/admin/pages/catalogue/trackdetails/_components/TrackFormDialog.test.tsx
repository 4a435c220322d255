import { act, fireEvent, screen, within } from "@testing-library/react";
import { MockPayloadGenerator } from "relay-test-utils";
import { describe, expect, it, vi } from "vitest";
import { IMAGE_MESSAGES } from "../../../../components/ImageField.tsx";
import { field, renderWithRelay } from "../../../../testing.tsx";
import { TRACK_FORM_MESSAGES, TrackFormDialog, validateTrack } from "./TrackFormDialog.tsx";

function openAddTrack() {
  const result = renderWithRelay(<TrackFormDialog open onOpenChange={vi.fn()} connectionIds={["client:root:tracks"]} />);
  return { ...result, dialog: screen.getByRole("dialog", { name: "Add Track" }) };
}

// The mock server's answer to a save: the track payload (not a typed error).
const savedTrack: MockPayloadGenerator.MockResolvers = { TrackPayload: () => ({ __typename: "TrackPayload" }) };

const submit = (dialog: HTMLElement) => act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Add Track" })));

describe("track form", () => {
  it("gives 'Please fill in all required fields.' when a required field is blank", async () => {
    const { dialog, environment } = openAddTrack();
    fireEvent.change(field("Name"), { target: { value: "Cloud Computing" } });
    fireEvent.change(field("Duration"), { target: { value: "   " } });
    await submit(dialog);
    expect(within(dialog).getByRole("alert").textContent).toBe(TRACK_FORM_MESSAGES.required);
    for (const label of ["Price ($)", "Duration", "Instructor", "Description"]) {
      expect(field(label).getAttribute("aria-invalid")).toBe("true");
    }
    expect(field("Name").hasAttribute("aria-invalid")).toBe(false);
    expect(environment.mock.getAllOperations()).toHaveLength(0);
  });

  it("drops 'Please fill in all required fields.' once every field is filled, before the next submit", async () => {
    const { dialog } = openAddTrack();
    await submit(dialog);
    expect(within(dialog).getByRole("alert").textContent).toBe(TRACK_FORM_MESSAGES.required);
    fireEvent.change(field("Name"), { target: { value: "Cloud Computing" } });
    fireEvent.change(field("Price ($)"), { target: { value: "350" } });
    fireEvent.change(field("Duration"), { target: { value: "12 weeks" } });
    fireEvent.change(field("Instructor"), { target: { value: "Amara Okafor" } });
    expect(within(dialog).getByRole("alert").textContent).toBe(TRACK_FORM_MESSAGES.required);
    fireEvent.change(field("Description"), { target: { value: "Learn the cloud." } });
    expect(within(dialog).queryByRole("alert")).toBeNull();
  });

  it("calls a price the browser cannot read a wrong price, not a missing field", () => {
    const filled = { name: "Cloud", price: "", duration: "12 weeks", instructor: "Amara Okafor", description: "Learn." };
    expect(validateTrack(filled)).toEqual({ message: TRACK_FORM_MESSAGES.required, fields: { price: TRACK_FORM_MESSAGES.fieldRequired } });
    expect(validateTrack(filled, true)).toEqual({ message: null, fields: { price: TRACK_FORM_MESSAGES.price } });
    expect(validateTrack({ ...filled, name: " " }, true)).toEqual({
      message: TRACK_FORM_MESSAGES.required,
      fields: { name: TRACK_FORM_MESSAGES.fieldRequired, price: TRACK_FORM_MESSAGES.price },
    });
  });

  it("says 'Track added.' in a toast after the save", async () => {
    const onOpenChange = vi.fn();
    const { environment } = renderWithRelay(<TrackFormDialog open onOpenChange={onOpenChange} connectionIds={["client:root:tracks"]} />);
    const dialog = screen.getByRole("dialog", { name: "Add Track" });
    fireEvent.change(field("Name"), { target: { value: "Cloud Computing" } });
    fireEvent.change(field("Price ($)"), { target: { value: "350" } });
    fireEvent.change(field("Duration"), { target: { value: "12 weeks" } });
    fireEvent.change(field("Instructor"), { target: { value: "Amara Okafor" } });
    fireEvent.change(field("Description"), { target: { value: "Learn the cloud." } });
    await submit(dialog);
    await act(async () => environment.mock.resolveMostRecentOperation((operation) => MockPayloadGenerator.generate(operation, savedTrack)));
    expect(await screen.findByText("Track added.", {}, { timeout: 5000 })).toBeTruthy();
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("takes a price from 0 in cents and image files only", async () => {
    const { dialog } = openAddTrack();
    expect([field("Price ($)").min, field("Price ($)").step]).toEqual(["0", "0.01"]);
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input.accept).toBe("image/png,image/jpeg,image/webp");
    fireEvent.change(input, { target: { files: [new File(["%PDF"], "notes.pdf", { type: "application/pdf" })] } });
    expect(within(dialog).getByText(IMAGE_MESSAGES.notImage)).toBeTruthy();
  });

  it("sends the track with its image to the session's own server and adds it to the grid", async () => {
    const { dialog, environment } = openAddTrack();
    fireEvent.change(field("Name"), { target: { value: "Cloud Computing" } });
    fireEvent.change(field("Price ($)"), { target: { value: "350.5" } });
    fireEvent.change(field("Duration"), { target: { value: "12 weeks" } });
    fireEvent.change(field("Instructor"), { target: { value: "Amara Okafor" } });
    fireEvent.change(field("Description"), { target: { value: "Learn the cloud." } });
    const image = new File(["png"], "cover.png", { type: "image/png" });
    fireEvent.change(dialog.querySelector('input[type="file"]')!, { target: { files: [image] } });
    await submit(dialog);
    expect(environment.mock.getMostRecentOperation().request.variables).toEqual({
      input: {
        name: "Cloud Computing",
        price: 350.5,
        duration: "12 weeks",
        instructor: "Amara Okafor",
        description: "Learn the cloud.",
        image,
      },
      connections: ["client:root:tracks"],
    });
  });
});

describe("track form: drafts", () => {
  it('"Save as draft" sends the new track as a DRAFT; left off, the track is published at once (no status sent)', async () => {
    const { dialog, environment } = openAddTrack();
    fireEvent.change(field("Name"), { target: { value: "Quiet launch" } });
    fireEvent.change(field("Price ($)"), { target: { value: "10" } });
    fireEvent.change(field("Duration"), { target: { value: "1 week" } });
    fireEvent.change(field("Instructor"), { target: { value: "Ada" } });
    fireEvent.change(field("Description"), { target: { value: "Soon." } });
    fireEvent.click(within(dialog).getByRole("switch", { name: "Save as draft" }));
    await submit(dialog);
    expect(environment.mock.getMostRecentOperation().request.variables.input.status).toBe("DRAFT");
  });
});
