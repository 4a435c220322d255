import type { PlanScheduleDialog_plan$data } from "./__generated__/PlanScheduleDialog_plan.graphql.ts";

/** One part of a plan's schedule, as the schedule dialog reads it (its invoice). */
export type SchedulePart = PlanScheduleDialog_plan$data["parts"][number];

/** Today as the server dates parts: the UTC calendar day, YYYY-MM-DD. */
export const utcToday = () => new Date().toISOString().slice(0, 10);

/** An unpaid part past its due date. */
export const isOverdue = (part: Pick<SchedulePart, "status" | "dueDate">) =>
  part.status === "PENDING" && typeof part.dueDate === "string" && part.dueDate < utcToday();
