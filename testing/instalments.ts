import { expect } from "vitest";
import { settlePayment } from "../api/src/domain/payments/settle.ts";
import { learnerWithToken } from "./accounts.ts";
import { rest, type TestApp } from "./app.ts";
import { createTrack } from "./catalogue.ts";
import { globalId } from "./graphql.ts";
import { sandboxControl } from "./paystack.ts";

const SET_PLAN = `mutation ($id: ID!, $input: InstalmentPlanInput!) {
  setInstalmentPlan(id: $id, input: $input) { __typename ... on Error { message } }
}`;

/**
 * A learner who bought a track in instalments as a learner does (docs/payments.md, Instalments): a $300.01 track
 * with a 3-part weekly plan (part 1 $100.00) set by `staffToken`, checked out with `plan: "instalments"`, part 1 paid
 * by card in the built-in sandbox and settled (a saved card kept). Answers the track, the learner and their session,
 * the plan and its three parts' invoices, part 1 first.
 */
export async function buyInstalmentPlan(app: TestApp, staffToken: string) {
  const track = await createTrack(app, 30_001);
  const input = { parts: 3, interval: "WEEKLY", firstAmount: 100 };
  const set = await app.graphql(SET_PLAN, { id: globalId("Track", track.id), input }, staffToken);
  expect(set.data.setInstalmentPlan.__typename).toBe("TrackPayload");
  const { learner, token } = await learnerWithToken(app);
  const checkout = await rest(app, "POST", "/api/enrollments", {
    token,
    body: { track: track.id, contact: "+234 802 555 0101", gender: "Female", plan: "instalments" },
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  await sandboxControl(app, `/__simulate/${checkout.body.reference}/pay`, {});
  expect(await settlePayment(app.services, checkout.body.reference)).toBe("PAID");
  const { prisma } = app.services.db;
  const plan = await prisma.paymentPlan.findFirstOrThrow({ where: { learnerId: learner.id } });
  const [part1, part2, part3, ...more] = await prisma.invoice.findMany({
    where: { paymentPlanId: plan.id },
    orderBy: { partNumber: "asc" },
  });
  if (!part1 || !part2 || !part3 || more.length) throw new Error("a 3-part plan was expected");
  return { track, learner, token, plan, parts: [part1, part2, part3] as const };
}
