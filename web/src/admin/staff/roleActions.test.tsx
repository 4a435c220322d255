import { screen, within } from "@testing-library/react";
import { createMockEnvironment, type MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import CoursesPageQuery from "../pages/catalogue/courses/__generated__/CoursesPageQuery.graphql.ts";
import InvoicePageQuery from "../pages/invoices/invoice/__generated__/InvoicePageQuery.graphql.ts";
import { answerQuery, renderAdminRoute, routeLoad, staffViewer } from "../testing.tsx";

beforeEach(() => localStorage.clear());

let tracks = 0;
let courses = 0;
beforeEach(() => {
  tracks = 0;
  courses = 0;
});

/** Two courses: the first in the instructor's track, the second in another one. */
const twoCourses: MockPayloadGenerator.MockResolvers = {
  CourseConnection: () => ({ totalCount: 2, edges: [{}, {}] }),
  Course: () => ({ title: `Course ${++courses}`, createdAt: "2026-03-04T10:00:00.000Z", archivedAt: null }),
  Track: () => (++tracks % 2 ? { id: "track-mine", name: "My track" } : { id: "track-other", name: "Other track" }),
};

const oneInvoice: MockPayloadGenerator.MockResolvers = {
  InvoiceConnection: () => ({ totalCount: 1, edges: [{}] }),
  Invoice: () => ({ amount: 10, status: "PENDING", dueDate: null, createdAt: "2026-03-04T10:00:00.000Z" }),
  Learner: () => ({ fullName: "Ada Nwosu", email: "ada@example.com", image: null }),
};

const instructor = staffViewer({
  firstName: "Ify",
  staffRole: "INSTRUCTOR",
  permissions: ["readCatalogue", "editCourses"],
  assignedTrackIds: ["track-mine"],
});

describe("what a role may change", () => {
  it("lets an instructor edit only the courses of the tracks assigned to them", async () => {
    const environment = createMockEnvironment();
    answerQuery(environment, CoursesPageQuery, { first: 10, tracksFirst: 100 }, twoCourses);
    renderAdminRoute("/courses", environment, instructor);
    const table = await screen.findByRole("table", { name: "Courses" }, routeLoad);
    const rows = within(table).getAllByRole("row").slice(1);
    const mine = rows.find((row) => within(row).queryByText("My track"));
    const other = rows.find((row) => within(row).queryByText("Other track"));
    expect(within(mine!).getByRole("button", { name: /^Edit / })).toBeTruthy();
    expect(within(mine!).getByRole("button", { name: /^Delete / })).toBeTruthy();
    expect(within(other!).queryByRole("button")).toBeNull();
    expect(within(other!).getByText("View only").getAttribute("title")).toBe("You can only edit the courses of tracks assigned to you.");
    expect(screen.getByRole("button", { name: "Add Course" })).toBeTruthy();
  });

  it("offers finance no course changes, with the reason", async () => {
    const environment = createMockEnvironment();
    answerQuery(environment, CoursesPageQuery, { first: 10, tracksFirst: 100 }, twoCourses);
    const finance = staffViewer({ staffRole: "FINANCE", permissions: ["readCatalogue", "readInvoices", "editInvoices", "readDashboard"] });
    renderAdminRoute("/courses", environment, finance);
    const table = await screen.findByRole("table", { name: "Courses" }, routeLoad);
    expect(within(table).queryAllByRole("button")).toEqual([]);
    expect(screen.queryByRole("button", { name: "Add Course" })).toBeNull();
    expect(screen.getByText("Your role cannot add, edit or delete courses.")).toBeTruthy();
  });

  it("lets a manager read invoices without add, edit or delete", async () => {
    const environment = createMockEnvironment();
    answerQuery(environment, InvoicePageQuery, { first: 10 }, oneInvoice);
    const manager = staffViewer({
      staffRole: "MANAGER",
      permissions: ["readCatalogue", "editCatalogue", "editCourses", "readLearners", "readInvoices", "readDashboard"],
    });
    renderAdminRoute("/invoice", environment, manager);
    const table = await screen.findByRole("table", { name: "Invoices" }, routeLoad);
    expect(within(table).queryByRole("button", { name: /Edit invoice/ })).toBeNull();
    expect(within(table).queryByRole("button", { name: /Delete invoice/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Add Invoice" })).toBeNull();
    expect(screen.getByText("Only owners and finance can add, edit or delete invoices.")).toBeTruthy();
  });
});
