import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { listBanks } from "../banks.ts";
import { queryError } from "../inputs.ts";

const bankQuerySchema = z.object({
  country: z.string().optional(),
  currency: z.string().optional(),
  type: z.string().optional(),
  pay_with_bank: z.enum(["true", "false"]).optional(),
});

/** Paystack's bank list (a fixed sample per country, banks.ts); its cursor and other flags are taken and ignored. */
export function bankRoutes(api: FastifyInstance): void {
  api.get<{ Querystring: Record<string, string> }>("/bank", async (request, reply) => {
    const query = bankQuerySchema.safeParse(request.query);
    if (!query.success) return queryError(reply, query.error);
    const { country, currency, type, pay_with_bank } = query.data;
    return {
      status: true,
      message: "Banks retrieved",
      data: listBanks({ country, currency, type, payWithBank: pay_with_bank === "true" }),
    };
  });
}
