import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { PAYSTACK_CURRENCIES, PAYSTACK_REFERENCE_PATTERN } from "../../contract.ts";
import type { ChargeRefusal, SandboxCore } from "../core.ts";
import { amountSchema, validationError } from "../inputs.ts";
import type { TransactionData } from "../transactions.ts";

/** Paystack checks the code's form before anything else, in these words. */
const authorizationCodeSchema = z.string({ error: "Authorization code is required" }).regex(/^AUTH_[a-z0-9]+$/i, {
  error: (issue) => `"authorization_code" with value "${String(issue.input)}" fails to match the required pattern: /^AUTH_[a-z0-9]+$/i`,
});

const chargeFields = {
  authorization_code: authorizationCodeSchema,
  email: z.email({ error: "Invalid Email Address Passed" }),
  amount: amountSchema,
  reference: z.string().regex(PAYSTACK_REFERENCE_PATTERN, { error: "Invalid transaction reference" }).optional(),
  metadata: z.union([z.record(z.string(), z.unknown()), z.string()], { error: "Invalid metadata" }).optional(),
};

const chargeAuthorizationSchema = z.object(
  {
    ...chargeFields,
    currency: z.enum(PAYSTACK_CURRENCIES, { error: "Currency not supported by merchant" }).default("NGN"),
    // Paystack's advice for scheduled charges; the sandbox charges at once either way.
    queue: z.boolean().optional(),
  },
  { error: "Invalid request body" },
);

/** Partial debit needs the currency; `at_least` is the least it may take (the sandbox always takes all of it). */
const partialDebitSchema = z.object(
  {
    ...chargeFields,
    currency: z.enum(PAYSTACK_CURRENCIES, { error: "Currency not supported by merchant" }),
    at_least: z.union([z.string().regex(/^\d+$/), z.int().nonnegative()], { error: "Invalid at_least amount" }).optional(),
  },
  { error: "Invalid request body" },
);

/** Paystack's refusals of a charge (observed on its test API; none creates a transaction). */
const refusals: Record<ChargeRefusal, { status: false; message: string; type: "validation_error"; code?: string }> = {
  unknown_authorization: { status: false, message: "Authorization code is invalid", type: "validation_error" },
  not_yours: {
    status: false,
    message: "Email does not match Authorization code. Authorization may be inactive or belong to a different email. Please confirm.",
    type: "validation_error",
  },
  duplicate_reference: {
    status: false,
    message: "Duplicate Transaction Reference",
    type: "validation_error",
    code: "duplicate_reference",
  },
};

/** What a charge answers: the transaction object's fields Paystack's charge answer has, its customer's phone in full. */
function chargeData(data: TransactionData) {
  return {
    amount: data.amount,
    currency: data.currency,
    transaction_date: data.transaction_date,
    status: data.status,
    reference: data.reference,
    domain: data.domain,
    metadata: data.metadata,
    gateway_response: data.gateway_response,
    message: data.message,
    channel: data.channel,
    ip_address: data.ip_address,
    log: data.log,
    fees: data.fees,
    authorization: data.authorization,
    customer: { ...data.customer, international_format_phone: null },
    plan: null,
    id: data.id,
  };
}

/**
 * Charges of saved cards (docs/payments.md, Calls): `charge_authorization`, and `partial_debit` shaped alike. A
 * charge settles at once, successful unless the failNextCharges control declines it; a decline is still HTTP 200
 * "Charge attempted", with `data.status` "failed", as at Paystack.
 */
export function chargeRoutes(api: FastifyInstance, core: SandboxCore): void {
  const charge = (reply: FastifyReply, input: z.output<typeof chargeAuthorizationSchema> | z.output<typeof partialDebitSchema>) => {
    const tx = core.chargeSavedCard({
      authorizationCode: input.authorization_code,
      email: input.email,
      amount: input.amount,
      currency: input.currency,
      reference: input.reference ?? `T${randomBytes(8).toString("hex")}`,
      metadata: input.metadata ?? "",
    });
    if (typeof tx === "string") {
      reply.code(400).send(refusals[tx]);
      return null;
    }
    if (core.controls.isLost(tx.reference)) {
      reply.code(504).send({ status: false, message: "Gateway Timeout" });
      return null;
    }
    return core.report(tx);
  };

  api.post("/transaction/charge_authorization", async (request, reply) => {
    const input = chargeAuthorizationSchema.safeParse(request.body);
    if (!input.success) return validationError(reply, input.error);
    const data = charge(reply, input.data);
    if (!data) return reply;
    return { status: true, message: "Charge attempted", data: chargeData(data) };
  });

  api.post("/transaction/partial_debit", async (request, reply) => {
    const input = partialDebitSchema.safeParse(request.body);
    if (!input.success) return validationError(reply, input.error);
    const data = charge(reply, input.data);
    if (!data) return reply;
    return { status: true, message: "Charge attempted", data: { ...chargeData(data), plan: 0, requested_amount: data.requested_amount } };
  });
}
