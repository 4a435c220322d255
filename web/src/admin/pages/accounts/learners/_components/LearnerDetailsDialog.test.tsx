import { act, fireEvent, screen, within } from "@testing-library/react";
import { createMockEnvironment, type MockPayloadGenerator } from "relay-test-utils";
import { beforeEach, describe, expect, it } from "vitest";
import { money } from "../../../../../test/money.ts";
import { answerQuery, renderAdminRoute, routeLoad } from "../../../../testing.tsx";
import LearnersPageQuery from "../__generated__/LearnersPageQuery.graphql.ts";
import LearnerDetailsDialogQuery from "./__generated__/LearnerDetailsDialogQuery.graphql.ts";

const ada = {
  id: "learner-1",
  fullName: "Ada Nwosu",
  email: "ada@example.com",
  contact: "+234 801 555 0100",
  location: "Lagos, Nigeria",
  gender: "FEMALE",
  bio: "Ada is learning cloud engineering.",
  image: null,
  totalPaid: 849.99,
  totalPaidMoney: money(849.99),
  totalsPaid: [money(849.99)],
  trackCount: 2,
  createdAt: "2026-01-15T09:00:00.000Z",
};

const oneLearner: MockPayloadGenerator.MockResolvers = { LearnerConnection: () => ({ totalCount: 1, edges: [{}] }), Learner: () => ada };

/** Ada with two enrollments, in two tracks. */
const enrolledIn = ["Cloud Computing Fundamentals", "Software Engineering"];
let nextTrack = 0;
const adaInDetail: MockPayloadGenerator.MockResolvers = {
  Node: () => ({ __typename: "Learner", ...ada }),
  Learner: () => ada,
  LearnerEnrollmentsConnection: () => ({ edges: [{}, {}] }),
  Track: () => ({ name: enrolledIn[nextTrack++ % enrolledIn.length] }),
  LearnerInvoicesConnection: () => ({ edges: [{}] }),
  Invoice: () => ({ id: "invoice-1", amount: 499.99, total: money(499.99), status: "PAID", createdAt: "2026-01-20T09:00:00.000Z" }),
  Certificate: () => ({
    code: "ABCD-EFGH-JKMN",
    trackName: "Cloud Computing Fundamentals",
    issuedAt: "2026-02-01T09:00:00.000Z",
    status: "VALID",
    revokedAt: null,
    revokeReason: null,
  }),
};

beforeEach(() => localStorage.clear());

describe("learner details", () => {
  it("opens from the table's view icon with contact details, Bio, Program Enrolled and Financials", async () => {
    const environment = createMockEnvironment();
    answerQuery(environment, LearnersPageQuery, { first: 10 }, oneLearner);
    renderAdminRoute("/learners", environment);

    const table = await screen.findByRole("table", { name: "Learners" }, routeLoad);
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((th) => th.textContent),
    ).toEqual(["Learner", "Courses", "Date joined", "Amount", "Gender", "Action"]);
    expect(within(table).getByText("$849.99")).toBeTruthy();
    expect(within(table).getByText("Female")).toBeTruthy();

    answerQuery(environment, LearnerDetailsDialogQuery, { id: "learner-1" }, adaInDetail);
    await act(async () => fireEvent.click(within(table).getByRole("button", { name: "View details of Ada Nwosu" })));
    const dialog = await screen.findByRole("dialog", { name: "Learner Details" });
    await within(dialog).findByText("Ada Nwosu");
    expect(within(dialog).getByText("AN")).toBeTruthy();
    for (const text of [
      "ada@example.com",
      "+234 801 555 0100",
      "Lagos, Nigeria",
      "Female",
      "Ada is learning cloud engineering.",
      "$849.99",
    ]) {
      expect(within(dialog).getByText(text)).toBeTruthy();
    }
    const programs = within(dialog).getByRole("heading", { name: "Program Enrolled" }).parentElement!;
    expect(
      within(programs)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Cloud Computing Fundamentals", "Software Engineering"]);
    expect(within(dialog).getByRole("heading", { name: "Bio" })).toBeTruthy();
    expect(within(dialog).getByRole("heading", { name: "Financials" })).toBeTruthy();
  });
});

/** Ada in detail, her account active. */
const activeAda = { ...ada, disabled: false };
const activeAdaInDetail: MockPayloadGenerator.MockResolvers = {
  ...adaInDetail,
  Node: () => ({ __typename: "Learner", ...activeAda }),
  Learner: () => activeAda,
};

describe("learner details: staff actions", () => {
  it("lists the learner's invoices, and an owner disables the account from the dialog", async () => {
    const environment = createMockEnvironment();
    answerQuery(environment, LearnersPageQuery, { first: 10 }, oneLearner);
    renderAdminRoute("/learners", environment);
    const table = await screen.findByRole("table", { name: "Learners" }, routeLoad);
    answerQuery(environment, LearnerDetailsDialogQuery, { id: "learner-1" }, activeAdaInDetail);
    await act(async () => fireEvent.click(within(table).getByRole("button", { name: "View details of Ada Nwosu" })));
    const dialog = await screen.findByRole("dialog", { name: "Learner Details" });
    const invoices = (await within(dialog).findByRole("heading", { name: "Invoices" })).parentElement!;
    expect(within(invoices).getByText("$499.99")).toBeTruthy();
    expect(within(invoices).getByText("Paid")).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Disable account" })));
    const operation = environment.mock.getMostRecentOperation();
    expect(operation.request.node.params.name).toBe("LearnerStaffActionsDisableMutation");
    expect(operation.request.variables).toEqual({ id: "learner-1" });
    expect(within(dialog).getByRole("button", { name: "Send password reset" })).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Enroll in a track" })).toBeTruthy();
  });
});

const PROGRESS_ROWS = [
  {
    progress: 100,
    lessonsDone: 4,
    lessonCount: 4,
    lastActivityAt: "2026-03-02T10:00:00.000Z",
    completedAt: "2026-03-02T10:00:00.000Z",
  },
  { progress: 50, lessonsDone: 2, lessonCount: 4, lastActivityAt: null, completedAt: null },
];
let progressRow = 0;
const nextProgressRow = () => PROGRESS_ROWS[progressRow++ % PROGRESS_ROWS.length];

describe("learner details: progress", () => {
  it("shows each enrolled track's progress: percent with a bar, lessons done of total, last activity and completion", async () => {
    const environment = createMockEnvironment();
    answerQuery(environment, LearnersPageQuery, { first: 10 }, oneLearner);
    renderAdminRoute("/learners", environment);
    const table = await screen.findByRole("table", { name: "Learners" }, routeLoad);

    answerQuery(
      environment,
      LearnerDetailsDialogQuery,
      { id: "learner-1" },
      {
        ...adaInDetail,
        Enrollment: nextProgressRow,
      },
    );
    await act(async () => fireEvent.click(within(table).getByRole("button", { name: "View details of Ada Nwosu" })));
    const dialog = await screen.findByRole("dialog", { name: "Learner Details" });
    const progress = await within(dialog).findByRole("region", { name: "Progress" });
    const bars = within(progress).getAllByRole("progressbar");
    expect(bars.map((bar) => bar.getAttribute("aria-valuenow")).sort()).toEqual(["100", "50"]);
    expect(progress.textContent).toContain("4 of 4 lessons done");
    expect(progress.textContent).toContain("2 of 4 lessons done");
    expect(progress.textContent).toContain("Completed ");
    expect(progress.textContent).toContain("Last activity: none yet");
  });
});
