import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { PAYSTACK_CHANNELS, PAYSTACK_CURRENCIES, PAYSTACK_REFERENCE_PATTERN, PAYSTACK_TRANSACTION_STATUSES } from "../../contract.ts";
import type { SandboxCore } from "../core.ts";
import { amountSchema, DEFAULT_PER_PAGE, dateBound, pagingSchema, positiveWhole, queryError, validationError } from "../inputs.ts";
import { type SandboxTransaction, type TransactionData, transactionLog } from "../transactions.ts";

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

const periodSchema = z.object({ from: dateBound(false), to: dateBound(true) });

const exportQuerySchema = z.object({
  from: dateBound(false),
  to: dateBound(true),
  status: z.enum([...PAYSTACK_TRANSACTION_STATUSES, "all"], { error: "Invalid status" }).optional(),
  /** A customer's id. */
  customer: positiveWhole("customer", Number.MAX_SAFE_INTEGER).optional(),
  currency: z.enum(PAYSTACK_CURRENCIES, { error: "Invalid currency" }).optional(),
});

/** How long an export's link lasts: Paystack's are presigned for a minute. */
export const EXPORT_LINK_MS = 60_000;

/** The export's columns: the sandbox's own choice of the transaction's fields (amounts in minor units). */
const EXPORT_COLUMNS: [string, (data: TransactionData) => unknown][] = [
  ["id", (d) => d.id],
  ["reference", (d) => d.reference],
  ["status", (d) => d.status],
  ["amount", (d) => d.amount],
  ["currency", (d) => d.currency],
  ["channel", (d) => d.channel],
  ["gateway_response", (d) => d.gateway_response],
  ["customer_email", (d) => d.customer.email],
  ["customer_code", (d) => d.customer.customer_code],
  ["created_at", (d) => d.created_at],
  ["paid_at", (d) => d.paid_at],
];

/** A CSV cell: quoted when it must be, and never read as a formula by a spreadsheet. */
function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** "2024-08-22 11:01:23", as Paystack writes an export's expiry (UTC). */
const exportTime = (date: Date) => date.toISOString().slice(0, 19).replace("T", " ");

/** The timeline of a transaction no one has tried to pay yet. */
const emptyLog = (tx: SandboxTransaction) => ({
  start_time: Math.floor(tx.createdAt.getTime() / 1000),
  time_spent: 0,
  attempts: 0,
  errors: 0,
  success: false,
  mobile: false,
  input: [],
  history: [],
});

/** Sums of transactions' amounts per currency (in the currencies' alphabetical order), as Paystack lists them. */
export function byCurrency(transactions: SandboxTransaction[]) {
  const sums = new Map<string, number>();
  for (const tx of transactions) sums.set(tx.currency, (sums.get(tx.currency) ?? 0) + tx.amount);
  return [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amount]) => ({ currency, amount }));
}

export const referenceNotFound = { status: false, message: "Transaction reference not found" } as const;
export const transactionNotFound = { status: false, message: "Transaction not found" } as const;

/**
 * Paystack's transaction calls: initialize, verify, list, fetch by id, and totals, export and timeline (fixed paths,
 * which Fastify's router matches before the fetch by id's parameter, so they are never taken for an id).
 */
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
    if (!tx || controls.isLost(tx.reference)) return reply.code(400).send(referenceNotFound);
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

  api.get<{ Querystring: Record<string, string> }>("/transaction/totals", async (request, reply) => {
    const query = periodSchema.safeParse(request.query);
    if (!query.success) return queryError(reply, query.error);
    const successful = transactions.matching({ ...query.data, status: "success" });
    const volume = successful.reduce((sum, tx) => sum + tx.amount, 0);
    // The sandbox pays nothing out to a bank: everything received is still to be transferred.
    return {
      status: true,
      message: "Transaction totals",
      data: {
        total_transactions: successful.length,
        total_volume: volume,
        total_volume_by_currency: byCurrency(successful),
        pending_transfers: volume,
        pending_transfers_by_currency: byCurrency(successful),
      },
    };
  });

  api.get<{ Querystring: Record<string, string> }>("/transaction/export", async (request, reply) => {
    const query = exportQuerySchema.safeParse(request.query);
    if (!query.success) return queryError(reply, query.error);
    const { from, to, status, customer, currency } = query.data;
    const chosen = transactions
      .matching({ from, to, customer, status: status === "all" ? undefined : status })
      .filter((tx) => !currency || tx.currency === currency);
    const rows = chosen.map((tx) => {
      const data = report(tx);
      return EXPORT_COLUMNS.map(([, read]) => csvCell(read(data))).join(",");
    });
    const csv = `${[EXPORT_COLUMNS.map(([name]) => name).join(","), ...rows].join("\r\n")}\r\n`;
    const kept = core.keepExport(csv, EXPORT_LINK_MS);
    return {
      status: true,
      message: "Export successful",
      data: { path: `${request.protocol}://${request.host}${prefix}/exports/${kept.name}.csv`, expiresAt: exportTime(kept.expiresAt) },
    };
  });

  api.get<{ Params: { key: string } }>("/transaction/timeline/:key", async (request, reply) => {
    const { key } = request.params;
    const tx = (/^\d+$/.test(key) ? transactions.byId(Number(key)) : undefined) ?? transactions.byReference(key);
    if (!tx) return reply.code(404).send({ status: false, message: "Transaction ID or reference is invalid" });
    return { status: true, message: "Timeline retrieved", data: transactionLog(tx) ?? emptyLog(tx) };
  });

  api.get<{ Params: { id: string } }>("/transaction/:id", async (request, reply) => {
    const tx = /^\d+$/.test(request.params.id) ? transactions.byId(Number(request.params.id)) : undefined;
    if (!tx) return reply.code(404).send(transactionNotFound);
    return { status: true, message: "Transaction retrieved", data: report(tx) };
  });
}

/**
 * An export's download (no key, like the presigned link Paystack answers): the CSV while the link lasts, then 404
 * JSON like any unknown sandbox path.
 */
export function exportDownloads(browser: FastifyInstance, core: SandboxCore): void {
  browser.get<{ Params: { file: string } }>("/exports/:file", async (request, reply) => {
    const name = /^([0-9a-f]{32})\.csv$/.exec(request.params.file)?.[1];
    const csv = name ? core.exportNamed(name) : undefined;
    if (!csv) return reply.code(404).send({ status: false, message: "This export has expired or never existed" });
    return reply
      .type("text/csv; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-disposition", `attachment; filename="transactions-${name}.csv"`)
      .send(csv);
  });
}
