import { act, fireEvent, screen, within } from "@testing-library/react";
import { createMockEnvironment, MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { field, messageOf, renderWithRelay } from "../../../../testing.tsx";
import InvoiceLearnerSelectQuery from "./__generated__/InvoiceLearnerSelectQuery.graphql.ts";
import InvoiceTrackSelectQuery from "./__generated__/InvoiceTrackSelectQuery.graphql.ts";
import { INVOICE_FORM_MESSAGES, InvoiceFormDialog } from "./InvoiceFormDialog.tsx";
import { LEARNERS_FAILED } from "./InvoiceLearnerSelect.tsx";

const learners: MockPayloadGenerator.MockResolvers = {
  LearnerConnection: () => ({ edges: [{}, {}] }),
  Learner: (_context, generateId) => {
    const n = generateId();
    return { id: `learner-${n}`, fullName: `Learner ${n}`, email: `learner${n}@example.com` };
  },
  QueryTracksConnection: () => ({ edges: [{}, {}] }),
  Track: (_context, generateId) => {
    const n = generateId();
    return { id: `track-${n}`, name: `Track ${n}`, price: 100 + n, status: n % 2 ? "PUBLISHED" : "DRAFT" };
  },
};

const created: MockPayloadGenerator.MockResolvers = { CreateInvoiceResult: () => ({ __typename: "InvoicePayload" }) };

function openAddDialog(answer: (environment: ReturnType<typeof createMockEnvironment>) => void) {
  const environment = createMockEnvironment();
  environment.mock.queuePendingOperation(InvoiceLearnerSelectQuery, { first: 100 });
  environment.mock.queuePendingOperation(InvoiceTrackSelectQuery, { first: 100 });
  // A queued resolver answers one operation: one for the learners, one for the tracks.
  answer(environment);
  answer(environment);
  const onOpenChange = vi.fn();
  renderWithRelay(<InvoiceFormDialog open onOpenChange={onOpenChange} connectionIds={["client:root:invoices"]} />, { environment });
  return { environment, onOpenChange, dialog: screen.getByRole("dialog", { name: "Add Invoice" }) };
}

const submit = (dialog: HTMLElement) => act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Add Invoice" })));

beforeEach(() => localStorage.clear());

describe("invoice form", () => {
  it("requires learner, amount and status; due date and payment details are optional", async () => {
    const { environment, dialog } = openAddDialog((env) =>
      env.mock.queueOperationResolver((operation) => MockPayloadGenerator.generate(operation, learners)),
    );
    expect(await within(dialog).findByRole("option", { name: /Learner 1/ })).toBeTruthy();
    await submit(dialog);
    expect(messageOf("Learner")).toBe(INVOICE_FORM_MESSAGES.learner);
    expect(messageOf("Amount ($)")).toBe(INVOICE_FORM_MESSAGES.amount);
    expect(messageOf("Status")).toBe(INVOICE_FORM_MESSAGES.status);
    expect(messageOf("Due date")).toBe("Optional");
    expect(messageOf("Payment details")).toBe("Optional");
    const mutations = environment.mock.getAllOperations().filter((op) => op.request.node.params.operationKind === "mutation");
    expect(mutations).toHaveLength(0);
    expect(field("Amount ($)").min).toBe("0");
    expect(field("Amount ($)").step).toBe("0.01");
  });

  it("sends the invoice with the learner's id and the amount in dollars, then closes", async () => {
    const { environment, dialog, onOpenChange } = openAddDialog((env) =>
      env.mock.queueOperationResolver((operation) => MockPayloadGenerator.generate(operation, learners)),
    );
    await within(dialog).findByRole("option", { name: /Learner 2/ });
    fireEvent.change(field("Learner"), { target: { value: "learner-2" } });
    fireEvent.change(field("Track"), { target: { value: "OTHER" } });
    fireEvent.change(field("Description"), { target: { value: " Printed workbook " } });
    fireEvent.change(field("Amount ($)"), { target: { value: "1234.5" } });
    fireEvent.change(field("Status"), { target: { value: "PAID" } });
    await submit(dialog);
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.variables).toEqual({
      input: { learnerId: "learner-2", amount: 1234.5, status: "PAID", paymentDetails: "", trackId: null, description: "Printed workbook" },
      connections: ["client:root:invoices"],
    });
    await act(async () => environment.mock.resolve(operation, MockPayloadGenerator.generate(operation, created)));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("saves the spec's form alone (learner, amount, due date, status, payment details): the track is Other by default", async () => {
    const { environment, dialog, onOpenChange } = openAddDialog((env) =>
      env.mock.queueOperationResolver((operation) => MockPayloadGenerator.generate(operation, learners)),
    );
    await within(dialog).findByRole("option", { name: /Learner 1/ });
    await within(dialog).findAllByRole("option", { name: /^Track \d/ });
    expect(field("Track").value).toBe("OTHER");
    fireEvent.change(field("Learner"), { target: { value: "learner-1" } });
    fireEvent.change(field("Amount ($)"), { target: { value: "75" } });
    fireEvent.change(field("Due date"), { target: { value: "2027-03-15" } });
    fireEvent.change(field("Status"), { target: { value: "PENDING" } });
    fireEvent.change(field("Payment details"), { target: { value: "Mobile money" } });
    await submit(dialog);
    expect(within(dialog).queryByText(INVOICE_FORM_MESSAGES.track)).toBeNull();
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.operationKind).toBe("mutation");
    expect(operation.request.variables).toEqual({
      input: {
        learnerId: "learner-1",
        amount: 75,
        dueDate: "2027-03-15",
        status: "PENDING",
        paymentDetails: "Mobile money",
        trackId: null,
        description: null,
      },
      connections: ["client:root:invoices"],
    });
    await act(async () => environment.mock.resolve(operation, MockPayloadGenerator.generate(operation, created)));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("keeps the form and shows the fallback message when creating fails", async () => {
    const { environment, dialog } = openAddDialog((env) =>
      env.mock.queueOperationResolver((operation) => MockPayloadGenerator.generate(operation, learners)),
    );
    await within(dialog).findByRole("option", { name: /Learner 1/ });
    fireEvent.change(field("Learner"), { target: { value: "learner-1" } });
    fireEvent.change(field("Track"), { target: { value: "OTHER" } });
    fireEvent.change(field("Description"), { target: { value: "Exam fee" } });
    fireEvent.change(field("Amount ($)"), { target: { value: "50" } });
    fireEvent.change(field("Status"), { target: { value: "PENDING" } });
    await submit(dialog);
    await act(async () => environment.mock.reject(environment.mock.getMostRecentOperation(), new Error("boom")));
    expect(within(dialog).getByRole("alert").textContent).toBe(INVOICE_FORM_MESSAGES.createFailed);
    expect(field("Amount ($)").value).toBe("50");
  });

  it("says 'Could not load learners list.' when the learners fail to load", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { dialog } = openAddDialog((env) => env.mock.queueOperationResolver(() => new Error("offline")));
    expect(await within(dialog).findByText(LEARNERS_FAILED)).toBeTruthy();
    vi.mocked(console.error).mockRestore();
  });

  it("is Other (the default, an optional description) or a track (drafts too; the amount follows its price until one is typed)", async () => {
    const { environment, dialog } = openAddDialog((env) =>
      env.mock.queueOperationResolver((operation) => MockPayloadGenerator.generate(operation, learners)),
    );
    await within(dialog).findByRole("option", { name: /Learner 1/ });
    const tracks = await within(dialog).findAllByRole("option", { name: /^Track \d/ });
    expect(tracks.map((o) => o.textContent)).toEqual(expect.arrayContaining([expect.stringMatching(/\(draft\)$/)]));
    expect(field("Track").value).toBe("OTHER");
    expect(within(field("Track")).getAllByRole("option")[0]?.textContent).toBe("Other (not a track)");
    await submit(dialog);
    expect(messageOf("Track")).toBe("Other unless the invoice is for a track");
    expect(messageOf("Description")).toBe("Optional");

    const [first, second] = tracks.map((o) => (o as HTMLOptionElement).value);
    fireEvent.change(field("Track"), { target: { value: first } });
    const price = field("Amount ($)").value;
    expect(price).toMatch(/^\d+\.00$/);
    fireEvent.change(field("Track"), { target: { value: second } });
    expect(field("Amount ($)").value).not.toBe(price);
    fireEvent.change(field("Amount ($)"), { target: { value: "80" } });
    fireEvent.change(field("Track"), { target: { value: first } });
    expect(field("Amount ($)").value).toBe("80");

    fireEvent.change(field("Track"), { target: { value: "OTHER" } });
    fireEvent.change(field("Description"), { target: { value: "x".repeat(201) } });
    await submit(dialog);
    expect(messageOf("Description")).toBe(INVOICE_FORM_MESSAGES.descriptionTooLong);
    const mutations = environment.mock.getAllOperations().filter((op) => op.request.node.params.operationKind === "mutation");
    expect(mutations).toHaveLength(0);
  });
});
