import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { createMockEnvironment, type MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import { answerQuery, renderAdminRoute, routeLoad, staffViewer } from "../../testing.tsx";
import BusinessSettingsPageQuery from "./__generated__/BusinessSettingsPageQuery.graphql.ts";
import { SETTINGS_FORM_MESSAGES } from "./BusinessSettingsPage.tsx";

const owner = staffViewer({ permissions: [...staffViewer().permissions, "manageSettings"] });

const saved: MockPayloadGenerator.MockResolvers = {
  BusinessSettings: () => ({ offlinePaymentsEnabled: false, offlineInstructions: null, offlineExpiryDays: 7, checkoutAbandonHours: 24 }),
};

function renderSettings() {
  const environment = createMockEnvironment();
  answerQuery(environment, BusinessSettingsPageQuery, {}, saved);
  return renderAdminRoute("/settings", environment, owner);
}

const saves = (environment: ReturnType<typeof createMockEnvironment>) =>
  environment.mock.getAllOperations().filter((operation) => operation.request.node.params.name === "BusinessSettingsPageMutation");

beforeEach(() => localStorage.clear());

describe("Settings (owners)", () => {
  it("asks for instructions before enabling bank transfer, checks the expiries, then saves the form", async () => {
    const { environment } = renderSettings();
    await screen.findByRole("heading", { level: 1, name: "Settings" }, routeLoad);
    await act(async () => fireEvent.click(screen.getByRole("switch", { name: /Offer bank transfer/ })));
    fireEvent.change(screen.getByLabelText(/^Days to pay/), { target: { value: "0" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save settings" })));
    expect(screen.getByText(SETTINGS_FORM_MESSAGES.instructions)).toBeTruthy();
    expect(screen.getByText(SETTINGS_FORM_MESSAGES.expiryDays)).toBeTruthy();
    expect(saves(environment)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Payment instructions/), { target: { value: "Bank: First Bank\nAccount: 0123456789" } });
    fireEvent.change(screen.getByLabelText(/^Days to pay/), { target: { value: "10" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save settings" })));
    await waitFor(() => expect(saves(environment)).toHaveLength(1));
    expect(saves(environment)[0]?.request.variables.input).toEqual({
      offlinePaymentsEnabled: true,
      offlineInstructions: "Bank: First Bank\nAccount: 0123456789",
      offlineExpiryDays: 10,
      checkoutAbandonHours: 24,
    });
  });
});
