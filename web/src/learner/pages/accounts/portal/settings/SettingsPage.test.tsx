import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { OperationDescriptor } from "relay-runtime";
import { beforeEach, describe, expect, it } from "vitest";
import { errorResult, logInAs, operationName, renderLearner } from "../../../../test/renderLearner.tsx";
import SettingsPageQuery from "./__generated__/SettingsPageQuery.graphql.ts";
import { NOT_AN_IMAGE, type ProfileValues, passwordChange, validateProfile } from "./_components/ProfileForm.tsx";

const learner = {
  __typename: "Learner",
  id: "TGVhcm5lcjox",
  firstName: "Ada",
  lastName: "Nwosu",
  fullName: "Ada Nwosu",
  email: "ada@example.com",
  contact: "+234 800 555 0100",
  location: "Lagos",
  bio: "Learning cloud.",
  gender: "FEMALE",
  disabled: false,
  image: null,
};

const values: ProfileValues = {
  firstName: "Ada",
  lastName: "Nwosu",
  contact: "+234 (800) 555-0100",
  location: "",
  description: "Learning cloud.",
  gender: "FEMALE",
  disabled: false,
  currentPassword: "",
  newPassword: "",
  confirmNewPassword: "",
};

const resolvers = { Query: () => ({ me: learner }), Account: () => learner, Learner: () => learner };

function openSettings(
  answer?: (operation: OperationDescriptor) => ReturnType<NonNullable<Parameters<typeof renderLearner>[1]>["answer"] & {}>,
) {
  logInAs();
  return renderLearner("/portal/settings", {
    preloaded: [[SettingsPageQuery, {}]],
    resolvers,
    answer: (operation) => (operationName(operation) === "ProfileFormMutation" ? answer?.(operation) : undefined),
  });
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const save = () => act(async () => fireEvent.click(screen.getByRole("button", { name: "Save changes" })));

beforeEach(() => localStorage.clear());

describe("profile settings", () => {
  it("checks the phone number, the description and the new passwords", () => {
    expect(validateProfile(values)).toEqual({});
    expect(validateProfile({ ...values, contact: "call me" }).contact).toBe("Please enter a valid phone number.");
    expect(validateProfile({ ...values, contact: "" }).contact).toBe("Please enter a valid phone number.");
    expect(validateProfile({ ...values, contact: "+44 20 7946-0958" }).contact).toBeUndefined();
    expect(validateProfile({ ...values, contact: "44+20" }).contact).toBe("Please enter a valid phone number.");
    expect(validateProfile({ ...values, description: "  " }).description).toBe("Description is required.");
    expect(validateProfile({ ...values, newPassword: "New#Pass1", confirmNewPassword: "Other#Pass1" }).confirmNewPassword).toBe(
      "New passwords do not match.",
    );
  });

  it("sends a password change only when both the current and the new password are filled", () => {
    expect(passwordChange({ ...values, newPassword: "New#Pass1", confirmNewPassword: "New#Pass1" })).toEqual({});
    expect(passwordChange({ ...values, currentPassword: "Old#Pass1" })).toEqual({});
    expect(passwordChange({ ...values, currentPassword: "Old#Pass1", newPassword: "New#Pass1", confirmNewPassword: "New#Pass1" })).toEqual({
      currentPassword: "Old#Pass1",
      newPassword: "New#Pass1",
      confirmNewPassword: "New#Pass1",
    });
  });

  it("shows the rules' messages under their fields without calling the server", async () => {
    const { operations } = openSettings();
    await screen.findByRole("button", { name: "Save changes" });
    fireEvent.change(field(/^Contact/), { target: { value: "phone" } });
    fireEvent.change(field(/^Description/), { target: { value: "" } });
    fireEvent.change(field(/^New password/), { target: { value: "New#Pass1" } });
    fireEvent.change(field(/^Confirm new password/), { target: { value: "Other#Pass1" } });
    await save();
    for (const [label, message] of [
      [/^Contact/, "Please enter a valid phone number."],
      [/^Description/, "Description is required."],
      [/^Confirm new password/, "New passwords do not match."],
    ] as const) {
      const control = field(label);
      expect(control.getAttribute("aria-invalid")).toBe("true");
      expect(document.getElementById(control.getAttribute("aria-describedby")!)?.textContent).toBe(message);
    }
    expect(operations).not.toContain("ProfileFormMutation");
  });

  it("refuses a file that is not an image", async () => {
    openSettings();
    await screen.findByRole("button", { name: "Save changes" });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(["%PDF"], "cv.pdf", { type: "application/pdf" })] } });
    expect(screen.getByText("Please choose an image file.")).toBeTruthy();
  });

  it("says at once that a renamed non-image is not a picture, from its first bytes, and keeps a real one", async () => {
    openSettings();
    await screen.findByRole("button", { name: "Save changes" });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const fake = new File(["%PDF-1.7 not a picture"], "me.png", { type: "image/png" });
    await act(async () => fireEvent.change(input, { target: { files: [fake] } }));
    expect(await screen.findByText(NOT_AN_IMAGE)).toBeTruthy();
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], "me.png", { type: "image/png" });
    await act(async () => fireEvent.change(input, { target: { files: [png] } }));
    expect(await screen.findByText("me.png will be uploaded when you save.")).toBeTruthy();
    expect(screen.queryByText(NOT_AN_IMAGE)).toBeNull();
  });

  it("saves, says 'Profile updated successfully!' in a toast and stores the user and the new token again", async () => {
    let sent: Record<string, unknown> | undefined;
    openSettings((operation) => {
      sent = operation.request.variables.input as Record<string, unknown>;
      return {
        data: {
          updateLearnerProfile: {
            __typename: "UpdateLearnerProfilePayload",
            token: "new-token",
            learner: { ...learner, firstName: "Adaeze", fullName: "Adaeze Nwosu" },
          },
        },
      };
    });
    await screen.findByRole("button", { name: "Save changes" });
    fireEvent.change(field(/^First name/), { target: { value: "Adaeze" } });
    fireEvent.change(field(/^Current password/), { target: { value: "Old#Pass1" } });
    fireEvent.change(field(/^New password/), { target: { value: "New#Pass1" } });
    fireEvent.change(field(/^Confirm new password/), { target: { value: "New#Pass1" } });
    await save();
    // A toast now (seen near the Save button), not a message at the top of the form.
    const toast = await screen.findByText("Profile updated successfully!", {}, { timeout: 5000 });
    expect(toast.closest('section[aria-label="Notifications"]')).not.toBeNull();
    expect(sent).toMatchObject({
      firstName: "Adaeze",
      currentPassword: "Old#Pass1",
      newPassword: "New#Pass1",
      confirmNewPassword: "New#Pass1",
    });
    expect(localStorage.getItem("learnerToken")).toBe("new-token");
    expect(JSON.parse(localStorage.getItem("learnerUser")!)).toMatchObject({ firstName: "Adaeze", lastName: "Nwosu" });
    await waitFor(() => expect(field(/^Current password/).value).toBe(""));
  });

  it.each([
    [
      "the server's message",
      { data: { updateLearnerProfile: errorResult("ValidationError", "Current password is incorrect.", { fieldErrors: [] }) } },
      "Current password is incorrect.",
    ],
    ["'Failed to update profile.' without one", new Error("Failed to fetch"), "Failed to update profile."],
  ])("shows %s", async (_case, response, message) => {
    openSettings(() => response);
    await screen.findByRole("button", { name: "Save changes" });
    await save();
    expect((await screen.findByRole("alert")).textContent).toBe(message);
  });

  it("disabling the account asks first; Cancel saves nothing", async () => {
    const { operations } = openSettings();
    await screen.findByRole("button", { name: "Save changes" });
    await act(async () => fireEvent.click(screen.getByRole("switch", { name: "Disable my account" })));
    await save();
    const dialog = await screen.findByRole("alertdialog", { name: "Disable your account?" });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" })));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(operations).not.toContain("ProfileFormMutation");
  });

  it("disabling the account logs the learner out to the login page", async () => {
    const { router } = openSettings((operation) => {
      expect(operation.request.variables.input).toMatchObject({ disabled: true });
      return {
        data: { updateLearnerProfile: { __typename: "UpdateLearnerProfilePayload", token: null, learner: { ...learner, disabled: true } } },
      };
    });
    await screen.findByRole("button", { name: "Save changes" });
    const toggle = screen.getByRole("switch", { name: "Disable my account" });
    expect(toggle.getAttribute("aria-checked")).toBe("false");
    await act(async () => fireEvent.click(toggle));
    expect(toggle.getAttribute("aria-checked")).toBe("true");
    await save();
    // Asked first (ConfirmDialog), then saved.
    const dialog = await screen.findByRole("alertdialog", { name: "Disable your account?" });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Disable and save" })));
    await waitFor(() => expect(router.state.location.pathname).toBe("/learner-login"));
    // The login page forgets the session in an effect after it renders (LoginPage.tsx, endSession).
    await waitFor(() => expect(localStorage.getItem("learnerToken")).toBeNull());
    expect(await screen.findByText("Your account has been disabled.")).toBeTruthy();
  });
});
