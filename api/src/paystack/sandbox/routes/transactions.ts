import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { PAYSTACK_CHANNELS, PAYSTACK_CURRENCIES, PAYSTACK_REFERENCE_PATTERN, PAYSTACK_TRANSACTION_STATUSES } from "../../contract.ts";
import type { SandboxCore } from "../core.ts";
import { amountSchema, DEFAULT_PER_PAGE, pagingSchema, positiveWhole, queryError, validationError } from "../inputs.ts";

const initializeSchema = z.object(
  {
    email: z.email({ error: "Invalid Email Address Passed" }),
    amount: amountSchema,
    currency: z.enum(PAYSTACK_CURRENCIES, { error: "Currency not supported by merchant" }).default("NGN"),
    reference: z.string().regex(PAYSTACK_REFERENCE_PATTERN, { error: "Invalid transaction reference" }).optional(),
    callback_url: z.url({ protocol: /^https?$/, error: "Invalid callback_url" }).optional(),
    metadata: z.union([z.record(z.string(), z.unknown()), z.string()], { error: "Invalid metadata" }).optional(),
    // Paystack does not document its wording for an unknown channel; this one names the channel.
    channels: z
      .array(z.enum(PAYSTACK_CHANNELS, { error: (issue) => `Invalid payment channel: ${String(issue.input)}` }), {
        error: "Channels must be an array",
      })
      .optional(),
  },
  { error: "Invalid request body" },
);

/** Paystack's list filters (paging in inputs.ts). */
const listQuerySchema = z.object({
  ...pagingSchema,
  status: z.enum(PAYSTACK_TRANSACTION_STATUSES, { error: "Invalid status" }).optional(),
  /** A customer's id (Paystack's docs) or customer code (its OpenAPI description's `customer_code`). */
  customer: z.string().optional(),
  customer_code: z.string().optional(),
  amount: positiveWhole("amount", Number.MAX_SAFE_INTEGER).optional(),
});

export const referenceNotFound = { status: false, message: "Transaction reference not found" } as const;
export const transactionNotFound = { status: false, message: "Transaction not found" } as const;

/** Paystack's transaction calls: initialize, verify, list, fetch by id. */
export function transactionRoutes(api: FastifyInstance, core: SandboxCore, prefix: string): void {
  const { transactions, controls, report } = core;

  api.post("/transaction/initialize", async (request, reply) => {
    const input = initializeSchema.safeParse(request.body);
    if (!input.success) return validationError(reply, input.error);
    const { email, amount, currency, reference, callback_url, metadata, channels } = input.data;
    const tx = transactions.create({
      email,
      amount,
      currency,
      reference: reference ?? `T${randomBytes(8).toString("hex")}`,
      callbackUrl: callback_url ?? null,
      metadata: metadata ?? "",
      // None named (or an empty list): the checkout offers every channel.
      channels: channels?.length ? [...new Set(channels)] : null,
    });
    if (!tx) {
      return reply.code(400).send({
        status: false,
        message: "Duplicate Transaction Reference",
        code: "duplicate_reference",
        type: "validation_error",
      });
    }
    // The browser reaches the checkout at the same origin the caller used to reach this API.
    const authorizationUrl = `${request.protocol}://${request.host}${prefix}/checkout/${tx.accessCode}`;
    return {
      status: true,
      message: "Authorization URL created",
      data: { authorization_url: authorizationUrl, access_code: tx.accessCode, reference: tx.reference },
    };
  });

  api.get<{ Params: { reference: string } }>("/transaction/verify/:reference", async (request, reply) => {
    core.verifyRequests++;
    const delay = controls.verifyDelayMs();
    // Not cut short by a closing server: the call is answered, late, as before it began to close.
    if (delay) await core.scheduler.sleep(delay);
    const tx = transactions.byReference(request.params.reference);
    if (!tx) return reply.code(400).send(referenceNotFound);
    return { status: true, message: "Verification successful", data: report(tx) };
  });

  api.get<{ Querystring: Record<string, string> }>("/transaction", async (request, reply) => {
    const query = listQuerySchema.safeParse(request.query);
    if (!query.success) return queryError(reply, query.error);
    const { perPage: perPageCamel, per_page, page = 1, status, customer, customer_code, amount, from, to } = query.data;
    const perPage = perPageCamel ?? per_page ?? DEFAULT_PER_PAGE;
    const customerKey = customer ?? customer_code;
    const result = transactions.list(
      { status, amount, from, to, customer: customerKey && /^\d+$/.test(customerKey) ? Number(customerKey) : customerKey },
      page,
      perPage,
    );
    return {
      status: true,
      message: "Transactions retrieved",
      data: result.transactions.map(report),
      meta: {
        total: result.total,
        total_volume: result.totalVolume,
        skipped: (page - 1) * perPage,
        perPage,
        page,
        pageCount: Math.ceil(result.total / perPage),
      },
    };
  });

  api.get<{ Params: { id: string } }>("/transaction/:id", async (request, reply) => {
    const tx = /^\d+$/.test(request.params.id) ? transactions.byId(Number(request.params.id)) : undefined;
    if (!tx) return reply.code(404).send(transactionNotFound);
    return { status: true, message: "Transaction retrieved", data: report(tx) };
  });
}
