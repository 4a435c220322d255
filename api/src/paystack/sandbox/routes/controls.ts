import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isMobileMoneyProvider, mobileMoneyNumber, OFFLINE_CHANNELS } from "../channels.ts";
import { controlsChangeSchema } from "../controls.ts";
import type { SandboxCore } from "../core.ts";
import type { SandboxOutcome } from "../transactions.ts";
import { referenceNotFound } from "./transactions.ts";

export const outcomes = { pay: "success", decline: "failed" } as const satisfies Record<string, SandboxOutcome>;

/** What the offline channels' buttons send: the channel, and for mobile money the wallet. */
const submitSchema = z.strictObject({
  channel: z.enum(OFFLINE_CHANNELS),
  phone: z.string().optional(),
  provider: z.string().optional(),
});

/** The test controls (docs/payments.md, The sandbox): how the sandbox misbehaves, and what its buttons do, as JSON. */
export function controlRoutes(api: FastifyInstance, core: SandboxCore): void {
  const { controls, transactions, report } = core;

  api.get("/__controls", async () => ({
    status: true,
    message: "Sandbox controls",
    data: { ...controls.toJSON(), pendingWebhooks: core.pendingWebhooks(), verifyRequests: core.verifyRequests },
  }));

  api.post("/__controls", async (request, reply) => {
    const change = controlsChangeSchema.safeParse(request.body ?? {});
    if (!change.success) return reply.code(400).send({ status: false, message: z.prettifyError(change.error) });
    controls.apply(change.data);
    if (change.data.revealLostCharges) core.revealLostCharges();
    return { status: true, message: "Controls updated", data: controls.toJSON() };
  });

  api.post("/__controls/reset", async () => {
    controls.reset();
    return { status: true, message: "Controls reset", data: controls.toJSON() };
  });

  for (const [action, outcome] of Object.entries(outcomes)) {
    api.post<{ Params: { reference: string } }>(`/__simulate/:reference/${action}`, async (request, reply) => {
      const tx = transactions.byReference(request.params.reference);
      if (!tx) return reply.code(404).send(referenceNotFound);
      if (core.settle(tx, outcome, { ipAddress: request.ip }) === "conflict") {
        return reply.code(409).send({ status: false, message: `Transaction already ${tx.status}`, data: report(tx) });
      }
      return { status: true, message: `Transaction ${tx.status}`, data: report(tx) };
    });
  }

  api.post<{ Params: { reference: string } }>("/__simulate/:reference/submit", async (request, reply) => {
    const tx = transactions.byReference(request.params.reference);
    if (!tx) return reply.code(404).send(referenceNotFound);
    const input = submitSchema.safeParse(request.body ?? {});
    if (!input.success) return reply.code(400).send({ status: false, message: z.prettifyError(input.error) });
    const { channel, phone, provider } = input.data;
    let wallet = null;
    if (channel === "mobile_money") {
      const number = mobileMoneyNumber(phone);
      if (!number || !isMobileMoneyProvider(provider)) {
        return reply.code(400).send({ status: false, message: "Mobile money needs a phone number and a provider (mtn, vod, atl, mpesa)" });
      }
      wallet = { phone: number, provider };
    }
    if (core.submitOffline(tx, channel, request.ip, wallet) === "conflict") {
      return reply.code(409).send({ status: false, message: `Transaction already ${tx.status}`, data: report(tx) });
    }
    return { status: true, message: `Transaction ${tx.status}`, data: report(tx) };
  });

  api.post<{ Params: { reference: string } }>("/__simulate/:reference/complete", async (request, reply) => {
    const tx = transactions.byReference(request.params.reference);
    if (!tx) return reply.code(404).send(referenceNotFound);
    if (!core.completeNow(tx)) {
      return reply.code(409).send({ status: false, message: `Transaction is ${tx.status}, not waiting to be completed`, data: report(tx) });
    }
    return { status: true, message: `Transaction ${tx.status}`, data: report(tx) };
  });
}
