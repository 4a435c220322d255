import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { runInstalments } from "../domain/payments/instalments.ts";
import { PAYSTACK_SANDBOX_PREFIX } from "../paystack/sandbox/index.ts";
import { carriesSandboxKey } from "../paystack/sandbox/secret.ts";
import type { Services } from "../services.ts";

/** The path of the control: beside the sandbox's own `__controls`, under its prefix. */
export const INSTALMENT_CLOCK_PATH = `${PAYSTACK_SANDBOX_PREFIX}/__app/instalments/run`;

const bodySchema = z.strictObject({ at: z.iso.datetime({ offset: true }) });

/**
 * A test-only control for browser tests (docs/payments.md, "Instalments"): runs the instalment step of housekeeping as
 * of a chosen time (`{at}`, ISO 8601), then dispatches the jobs it recorded, so a browser test can reach a due date or a
 * grace period without waiting. Registered only where the built-in Paystack sandbox is (server.ts) and never in
 * production, and, like the sandbox's own controls, answering only a caller with the sandbox's secret key.
 */
export async function registerInstalmentClock(app: FastifyInstance, services: Services) {
  if (!services.config.paystack.sandbox || services.config.env === "production") return;
  app.post(INSTALMENT_CLOCK_PATH, async (request, reply) => {
    if (!carriesSandboxKey(request.headers.authorization, services.config.paystack.secretKey))
      return reply.code(401).send({ status: false, message: "Invalid key" });
    const body = bodySchema.safeParse(request.body);
    if (!body.success) return reply.code(400).send({ status: false, message: "Send {at}: an ISO 8601 date-time." });
    const run = await runInstalments(services, new Date(body.data.at));
    services.jobs.kick();
    return reply.send({ status: true, data: run });
  });
}
