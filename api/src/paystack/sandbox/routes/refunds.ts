import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { PAYSTACK_CURRENCIES } from "../../contract.ts";
import type { SandboxCore } from "../core.ts";
import { amountSchema, validationError } from "../inputs.ts";
import { createdRefundData, fetchedRefundData } from "../refunds.ts";
import { transactionNotFound } from "./transactions.ts";

/** Paystack's create refund body: the transaction's reference or id, an optional amount in the subunit. */
const refundSchema = z.object(
  {
    transaction: z.union([z.string().min(1), z.int().positive()], { error: "Transaction reference or id is required" }),
    amount: amountSchema.optional(),
    currency: z.enum(PAYSTACK_CURRENCIES, { error: "Currency not supported by merchant" }).optional(),
    customer_note: z.string().max(1000).optional(),
    merchant_note: z.string().max(1000).optional(),
  },
  { error: "Invalid request body" },
);

const refundRefusals = {
  not_successful: "Transaction has not been successful and cannot be refunded",
  fully_refunded: "Transaction has been fully reversed",
  amount_too_large: "Refund amount cannot be greater than the amount left on the transaction",
} as const;

/** Paystack's refund calls: create (processed later, then a refund.processed webhook) and fetch. */
export function refundRoutes(api: FastifyInstance, core: SandboxCore): void {
  const { transactions, refunds } = core;

  api.post("/refund", async (request, reply) => {
    const input = refundSchema.safeParse(request.body);
    if (!input.success) return validationError(reply, input.error);
    const { transaction, amount, currency, customer_note, merchant_note } = input.data;
    const key = String(transaction);
    const tx = transactions.byReference(key) ?? (/^\d+$/.test(key) ? transactions.byId(Number(key)) : undefined);
    if (!tx) return reply.code(404).send(transactionNotFound);
    if (currency && currency !== tx.currency) {
      return reply.code(400).send({ status: false, message: "Currency does not match the transaction's", type: "validation_error" });
    }
    const refund = refunds.create(tx, { amount, customerNote: customer_note, merchantNote: merchant_note });
    if (typeof refund === "string") {
      return reply.code(400).send({ status: false, message: refundRefusals[refund], type: "validation_error" });
    }
    void core.processRefundLater(refund);
    return { status: true, message: "Refund has been queued for processing", data: createdRefundData(refund) };
  });

  api.get<{ Params: { id: string } }>("/refund/:id", async (request, reply) => {
    const refund = /^\d+$/.test(request.params.id) ? refunds.byId(Number(request.params.id)) : undefined;
    if (!refund) return reply.code(404).send({ status: false, message: "Refund not found" });
    return { status: true, message: "Refund retrieved", data: fetchedRefundData(refund) };
  });
}
