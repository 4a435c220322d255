/** Test data for instalment screens (docs/payments.md, "Instalments"). */

const naira = (minor: number, formatted: string) => ({ minor, currency: "NGN", formatted });

const schedule = [
  { number: 1, dueOn: "2026-11-29", amount: naira(6_000_000, "₦60,000.00") },
  { number: 2, dueOn: "2026-12-29", amount: naira(4_500_000, "₦45,000.00") },
  { number: 3, dueOn: "2027-01-29", amount: naira(4_500_000, "₦45,000.00") },
];

/**
 * A 3-part monthly plan of a ₦150,000 track as `Track.instalmentPlan` answers it: ₦60,000 today, then ₦45,000 twice
 * (the schedule under both aliases the screens ask, the business currency's and the learner's).
 */
export const NGN_PLAN = { parts: 3, interval: "MONTHLY", main: schedule, chosen: schedule };
