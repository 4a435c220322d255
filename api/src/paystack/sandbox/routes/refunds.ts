import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { PAYSTACK_CURRENCIES } from "../../contract.ts";
import type { SandboxCore } from "../core.ts";
import { amountSchema, DEFAULT_PER_PAGE, pagingSchema, queryError, validationError } from "../inputs.ts";
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

/** Paystack's refund list filters: paging, a period, one transaction (reference or id), one currency. */
const listQuerySchema = z.object({
  ...pagingSchema,
  transaction: z.string().min(1).optional(),
  currency: z.enum(PAYSTACK_CURRENCIES, { error: "Invalid currency" }).optional(),
});

const refundRefusals = {
  not_successful: "Transaction has not been successful and cannot be refunded",
  fully_refunded: "Transaction has been fully reversed",
  amount_too_large: "Refund amount cannot be greater than the amount left on the transaction",
} as const;

/** Paystack's refund calls: create (processed later, then a refund.processed webhook), fetch and list. */
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

  api.get<{ Querystring: Record<string, string> }>("/refund", async (request, reply) => {
    const query = listQuerySchema.safeParse(request.query);
    if (!query.success) return queryError(reply, query.error);
    const { perPage: perPageCamel, per_page, page = 1, from, to, transaction, currency } = query.data;
    const perPage = perPageCamel ?? per_page ?? DEFAULT_PER_PAGE;
    const tx = transaction
      ? (transactions.byReference(transaction) ?? (/^\d+$/.test(transaction) ? transactions.byId(Number(transaction)) : undefined))
      : undefined;
    // A transaction the sandbox does not know has no refunds.
    const matching = transaction && !tx ? [] : refunds.list({ from, to, currency, transaction: tx });
    return {
      status: true,
      message: "Refunds retrieved",
      data: matching.slice((page - 1) * perPage, page * perPage).map(fetchedRefundData),
      // Paystack's OpenAPI description gives this list's perPage as a string.
      meta: {
        total: matching.length,
        skipped: (page - 1) * perPage,
        perPage: String(perPage),
        page,
        pageCount: Math.ceil(matching.length / perPage),
        failedRefundCount: matching.filter((refund) => refund.status === "failed").length,
      },
    };
  });

  api.get<{ Params: { id: string } }>("/refund/:id", async (request, reply) => {
    const refund = /^\d+$/.test(request.params.id) ? refunds.byId(Number(request.params.id)) : undefined;
    if (!refund) return reply.code(404).send({ status: false, message: "Refund not found" });
    return { status: true, message: "Refund retrieved", data: fetchedRefundData(refund) };
  });
}
