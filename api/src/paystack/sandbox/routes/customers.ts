import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { SandboxCore } from "../core.ts";
import { customerData } from "../customers.ts";
import { validationError } from "../inputs.ts";
import { authorizationCode, savesCard } from "../transactions.ts";
import { byCurrency } from "./transactions.ts";

/** Paystack takes a customer's metadata as an object or as a string of JSON. */
const metadataSchema = z.union([z.record(z.string(), z.unknown()), z.string()], { error: "Invalid metadata" }).transform((value, ctx) => {
  if (typeof value !== "string") return value;
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {}
  ctx.addIssue({ code: "custom", message: "Metadata must be a JSON object" });
  return z.NEVER;
});

const createSchema = z.object(
  {
    email: z.email({ error: "Invalid Email Address Passed" }),
    first_name: z.string().max(100).optional(),
    last_name: z.string().max(100).optional(),
    phone: z.string().max(30).optional(),
    metadata: metadataSchema.optional(),
  },
  { error: "Invalid request body" },
);

/** Paystack's customer calls: create (or update) by e-mail, fetch by customer code or e-mail. */
export function customerRoutes(api: FastifyInstance, core: SandboxCore): void {
  const { transactions, report } = core;
  const customers = transactions.customers;

  api.post("/customer", async (request, reply) => {
    const input = createSchema.safeParse(request.body);
    if (!input.success) return validationError(reply, input.error);
    const { email, first_name, last_name, phone, metadata } = input.data;
    const customer = customers.save(email, { firstName: first_name, lastName: last_name, phone, metadata });
    return {
      status: true,
      message: "Customer created",
      data: { transactions: [], subscriptions: [], authorizations: [], ...customerData(customer) },
    };
  });

  api.get<{ Params: { key: string } }>("/customer/:key", async (request, reply) => {
    const customer = customers.find(request.params.key);
    if (!customer) return reply.code(404).send({ status: false, message: "Customer not found" });
    const theirs = transactions.matching({ customer: customer.id });
    const successful = theirs.filter((tx) => tx.status === "success");
    // The cards saved for charges later, newest first, once each.
    const seen = new Set<string>();
    const authorizations = theirs.filter(savesCard).flatMap((tx) => {
      const code = authorizationCode(tx);
      if (seen.has(code)) return [];
      seen.add(code);
      return [report(tx).authorization];
    });
    const data = customerData(customer);
    return {
      status: true,
      message: "Customer retrieved",
      data: {
        transactions: theirs.map(report),
        subscriptions: [],
        authorizations,
        ...data,
        created_at: data.createdAt,
        updated_at: data.updatedAt,
        total_transactions: successful.length,
        total_transaction_value: byCurrency(successful),
        dedicated_account: null,
        dedicated_accounts: [],
      },
    };
  });
}
