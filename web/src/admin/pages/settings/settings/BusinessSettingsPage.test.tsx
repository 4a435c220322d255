import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createMockEnvironment, type MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import { PAYMENT_CHANNEL_MESSAGES } from "../../../../../../common/payments.ts";
import { SETTINGS_MESSAGES } from "../../../../../../common/settings.ts";
import { answerQuery, renderAdminRoute, routeLoad, staffViewer } from "../../../testing.tsx";
import BusinessSettingsPageQuery from "./__generated__/BusinessSettingsPageQuery.graphql.ts";
import { IDENTITY_MESSAGES } from "./_components/BusinessIdentityFields.tsx";
import { SETTINGS_FORM_MESSAGES } from "./BusinessSettingsPage.tsx";

const owner = staffViewer({ permissions: [...staffViewer().permissions, "manageSettings"] });

const saved: MockPayloadGenerator.MockResolvers = {
  BusinessSettings: () => ({
    offlinePaymentsEnabled: false,
    offlineInstructions: null,
    offlineExpiryDays: 7,
    checkoutAbandonHours: 24,
    instalmentGraceDays: 7,
    businessName: "LearnHub",
    logo: null,
    postalAddress: null,
    taxNumber: null,
    supportEmail: null,
    footerContact: null,
    invoicePrefix: "INV",
    taxRatePercent: 0,
    taxInclusive: true,
    currency: "USD",
    paymentChannels: ["CARD", "BANK", "USSD", "QR", "MOBILE_MONEY", "BANK_TRANSFER", "APPLE_PAY"],
  }),
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

  it("checks the instalment grace days (0 to 60) and sends them only when changed", async () => {
    const { environment } = renderSettings();
    await screen.findByRole("heading", { level: 1, name: "Settings" }, routeLoad);
    const field = screen.getByLabelText(/^Grace days before an unpaid instalment pauses access/);
    expect((field as HTMLInputElement).value).toBe("7");
    fireEvent.change(field, { target: { value: "61" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save settings" })));
    expect(screen.getByText(SETTINGS_MESSAGES.graceDays)).toBeTruthy();
    expect(saves(environment)).toHaveLength(0);
    fireEvent.change(field, { target: { value: "3" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save settings" })));
    await waitFor(() => expect(saves(environment)).toHaveLength(1));
    expect(saves(environment)[0]?.request.variables.input).toMatchObject({ instalmentGraceDays: 3 });
  });

  it("checks the business identity, then sends only the identity fields that changed", async () => {
    const { environment } = renderSettings();
    await screen.findByRole("heading", { level: 1, name: "Settings" }, routeLoad);
    fireEvent.change(screen.getByLabelText(/^Business name/), { target: { value: "  " } });
    fireEvent.change(screen.getByLabelText(/^Support e-mail/), { target: { value: "not an address" } });
    fireEvent.change(screen.getByLabelText(/^Invoice number prefix/), { target: { value: "INV 2026" } });
    fireEvent.change(screen.getByLabelText(/^Tax rate/), { target: { value: "7.555" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save settings" })));
    for (const message of [
      IDENTITY_MESSAGES.businessName,
      IDENTITY_MESSAGES.supportEmail,
      IDENTITY_MESSAGES.invoicePrefix,
      IDENTITY_MESSAGES.taxRate,
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(saves(environment)).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Business name/), { target: { value: "Acme Academy" } });
    fireEvent.change(screen.getByLabelText(/^Support e-mail/), { target: { value: "help@acme.test" } });
    fireEvent.change(screen.getByLabelText(/^Invoice number prefix/), { target: { value: "ACME" } });
    fireEvent.change(screen.getByLabelText(/^Tax rate/), { target: { value: "7.5" } });
    await act(async () => fireEvent.click(screen.getByRole("switch", { name: /Prices include tax/ })));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save settings" })));
    await waitFor(() => expect(saves(environment)).toHaveLength(1));
    expect(saves(environment)[0]?.request.variables.input).toEqual({
      offlinePaymentsEnabled: false,
      offlineInstructions: null,
      offlineExpiryDays: 7,
      checkoutAbandonHours: 24,
      businessName: "Acme Academy",
      supportEmail: "help@acme.test",
      invoicePrefix: "ACME",
      taxRatePercent: 7.5,
      taxInclusive: false,
    });
  });

  it("keeps at least one payment channel, says which the business currency supports, and sends the changed channels", async () => {
    const { environment } = renderSettings();
    await screen.findByRole("heading", { level: 1, name: "Settings" }, routeLoad);
    const group = screen.getByRole("group", { name: "Payment channels" });
    expect(group.textContent).toContain("Checkouts in USD offer: Card.");
    expect(screen.getByRole("checkbox", { name: "Bank transfer" }).getAttribute("aria-describedby")).toBeTruthy();
    expect(group.textContent).toContain("Not available in USD.");
    for (const box of screen.getAllByRole("checkbox").filter((el) => group.contains(el))) {
      if ((box as HTMLInputElement).checked) await act(async () => fireEvent.click(box));
    }
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save settings" })));
    expect(screen.getByText(PAYMENT_CHANNEL_MESSAGES.atLeastOne)).toBeTruthy();
    expect(saves(environment)).toHaveLength(0);

    await act(async () => fireEvent.click(screen.getByRole("checkbox", { name: "Bank transfer" })));
    expect(group.textContent).toContain("None of the checked channels works in USD");
    await act(async () => fireEvent.click(screen.getByRole("checkbox", { name: "Card" })));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save settings" })));
    await waitFor(() => expect(saves(environment)).toHaveLength(1));
    expect(saves(environment)[0]?.request.variables.input.paymentChannels).toEqual(["CARD", "BANK_TRANSFER"]);
  });

  it("asks before changing the business currency, says what happens, and shows the server's refusal in the dialog", async () => {
    const { environment } = renderSettings();
    await screen.findByRole("heading", { level: 1, name: "Settings" }, routeLoad);
    const select = screen.getByLabelText(/^Business currency/) as HTMLSelectElement;
    expect(select.value).toBe("USD");
    expect([...select.options].map((o) => o.text)).toEqual([
      "NGN · Nigerian naira",
      "GHS · Ghanaian cedi",
      "KES · Kenyan shilling",
      "ZAR · South African rand",
      "USD · US dollar",
    ]);
    fireEvent.change(select, { target: { value: "NGN" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save settings" })));
    const dialog = await screen.findByRole("alertdialog", { name: "Change the business currency to Nigerian naira (NGN)?" });
    expect(dialog.textContent).toContain("keeps its number and is relabelled from USD to NGN");
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" })));
    expect(saves(environment)).toHaveLength(0);

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save settings" })));
    const again = await screen.findByRole("alertdialog");
    await act(async () => fireEvent.click(within(again).getByRole("button", { name: "Change to NGN" })));
    await waitFor(() => expect(saves(environment)).toHaveLength(1));
    const [saving] = saves(environment);
    expect(saving?.request.variables.input).toMatchObject({ currency: "NGN" });
    const refusal = "A track has their own NGN price: remove it before making NGN the business currency.";
    await act(async () =>
      environment.mock.resolve(saving!, {
        data: {
          updateBusinessSettings: {
            __typename: "ValidationError",
            __isError: "ValidationError",
            message: refusal,
            fieldErrors: [{ field: "currency", message: refusal }],
          },
        },
      }),
    );
    await waitFor(() => expect(screen.getByRole("alertdialog").textContent).toContain(refusal));
  }, 30_000);
});
