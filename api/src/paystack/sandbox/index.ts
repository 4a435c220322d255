import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Logger } from "../../logger.ts";
import { PAYSTACK_CURRENCIES, PAYSTACK_REFERENCE_PATTERN, PAYSTACK_TRANSACTION_STATUSES, REFUND_PROCESSED_EVENT } from "../contract.ts";
import { CHECKOUT_CSS, checkoutPage, notFoundPage } from "./checkout-page.ts";
import { controlsChangeSchema, SandboxControls } from "./controls.ts";
import { createdRefundData, fetchedRefundData, RefundStore, refundEventData, type SandboxRefund } from "./refunds.ts";
import { carriesSandboxKey } from "./secret.ts";
import { type SandboxOutcome, type SandboxTransaction, TransactionStore, transactionData } from "./transactions.ts";
import { createWebhookSender } from "./webhooks.ts";

export const PAYSTACK_SANDBOX_PREFIX = "/paystack-sandbox";

export interface PaystackSandboxOptions {
  prefix?: string;
  /** The key callers must present as `Authorization: Bearer <key>`; webhooks are signed with it. */
  secretKey: string;
  /** Where `charge.success` is POSTed; asked at delivery time, so it may depend on the port the server got. */
  webhookUrl: () => string;
  logger: Logger;
  /** The merchant's name the checkout page shows (the owner's business name); asked for each page. */
  merchantName?: () => Promise<string>;
}

const invalidAmount = { error: "Invalid Amount Sent" };

/** Paystack takes the amount in minor units as a number or as a string of digits ("500000" in its own examples). */
const amountSchema = z
  .union([z.int(invalidAmount), z.string(invalidAmount).regex(/^\d+$/, invalidAmount).transform(Number)], invalidAmount)
  .pipe(z.int(invalidAmount).positive(invalidAmount));

const initializeSchema = z.object(
  {
    email: z.email({ error: "Invalid Email Address Passed" }),
    amount: amountSchema,
    currency: z.enum(PAYSTACK_CURRENCIES, { error: "Currency not supported by merchant" }).default("NGN"),
    reference: z.string().regex(PAYSTACK_REFERENCE_PATTERN, { error: "Invalid transaction reference" }).optional(),
    callback_url: z.url({ protocol: /^https?$/, error: "Invalid callback_url" }).optional(),
    metadata: z.union([z.record(z.string(), z.unknown()), z.string()], { error: "Invalid metadata" }).optional(),
  },
  { error: "Invalid request body" },
);

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

/** A date-only bound ("2026-05-24") covers that whole day, as a person filtering by day means it. */
const dateBound = (endOfDay: boolean) =>
  z
    .string()
    .transform((value, ctx) => {
      const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
      const time = Date.parse(dateOnly ? `${value}T00:00:00.000Z` : value);
      if (Number.isNaN(time)) {
        ctx.addIssue({ code: "custom", message: "Invalid date" });
        return z.NEVER;
      }
      return new Date(dateOnly && endOfDay ? time + 86_400_000 - 1 : time);
    })
    .optional();

const positiveWhole = (field: string, max: number) =>
  z
    .string()
    .regex(/^\d+$/, { error: `${field} must be a whole number` })
    .transform(Number)
    .pipe(
      z
        .int()
        .min(1, { error: `${field} must be at least 1` })
        .max(max, { error: `${field} must be at most ${max}` }),
    );

/** Paystack's list filters; its docs spell the page size `perPage`, its OpenAPI description `per_page`. */
const listQuerySchema = z.object({
  perPage: positiveWhole("perPage", 1000).optional(),
  per_page: positiveWhole("per_page", 1000).optional(),
  page: positiveWhole("page", 1_000_000).optional(),
  status: z.enum(PAYSTACK_TRANSACTION_STATUSES, { error: "Invalid status" }).optional(),
  /** A customer's id (Paystack's docs) or customer code (its OpenAPI description's `customer_code`). */
  customer: z.string().optional(),
  customer_code: z.string().optional(),
  amount: positiveWhole("amount", Number.MAX_SAFE_INTEGER).optional(),
  from: dateBound(false),
  to: dateBound(true),
});

const DEFAULT_PER_PAGE = 50;

const outcomes = { pay: "success", decline: "failed" } as const satisfies Record<string, SandboxOutcome>;

const notFound = { status: false, message: "Transaction reference not found" } as const;
const transactionNotFound = { status: false, message: "Transaction not found" } as const;

/**
 * A local stand-in for Paystack with the same HTTP contract, used when no real key is configured (in production only
 * with PAYSTACK_SANDBOX=true) and by tests. State is in memory. Its secret key is the installation's own
 * (sandbox/secret.ts).
 *
 * Paystack's API (Bearer secret key required), answering Paystack's envelope `{status, message, data}` and its
 * transaction object (transactions.ts):
 *   POST {prefix}/transaction/initialize       amount as an integer or a string of digits
 *   GET  {prefix}/transaction/verify/:reference
 *   GET  {prefix}/transaction/:id              404 "Transaction not found" for an unknown id
 *   POST {prefix}/refund                       {transaction: reference or id, amount?}: a pending refund, then
 *                                              (after refundDelayMs) processed with a signed refund.processed
 *                                              webhook; 400 for an amount above what is left, as Paystack
 *   GET  {prefix}/refund/:id                   404 "Refund not found" for an unknown id
 *   GET  {prefix}/transaction                  newest first; perPage (or per_page), page, status, from, to,
 *                                              customer (id or code, or customer_code), amount; paging in `meta`
 * Any other path or method under {prefix}: 404 `{status: false, message}`.
 * The hosted checkout a browser is sent to (no key): GET {prefix}/checkout/:accessCode with Pay and Decline buttons.
 *
 * Test controls (Bearer secret key required), for tests and for a person exploring with curl:
 *   POST {prefix}/__controls         JSON, each field optional and kept until changed or reset:
 *     webhookDelayMs: number           wait this long before delivering a webhook
 *     duplicateWebhooks: number        send N identical copies of each webhook
 *     dropWebhooks: boolean            send no webhooks at all
 *     verifyDelayMs: number            answer verify calls this late (to catch a worker mid-job)
 *     refundDelayMs: number            keep a refund pending this long before it is processed
 *     tamper: { reference, amount?, currency? }
 *                                      verify and the webhook report these instead of the real values
 *   GET  {prefix}/__controls         the current controls, pending webhook deliveries, verify calls so far
 *   POST {prefix}/__controls/reset   back to defaults (transactions are kept)
 *   POST {prefix}/__simulate/:reference/pay and /decline
 *                                    what the checkout buttons do, answering JSON, so tests need no browser
 */
export async function registerPaystackSandbox(app: FastifyInstance, options: PaystackSandboxOptions): Promise<void> {
  const prefix = options.prefix ?? PAYSTACK_SANDBOX_PREFIX;
  const logger = options.logger.child({ component: "paystack-sandbox" });
  const transactions = new TransactionStore();
  // Counted so tests can tell when a verify call is in flight.
  let verifyRequests = 0;
  const controls = new SandboxControls();
  const webhooks = createWebhookSender({ secretKey: options.secretKey, url: options.webhookUrl, logger });

  const report = (tx: SandboxTransaction) => transactionData(tx, controls.overrideFor(tx.reference));
  const refunds = new RefundStore();
  const refundTimers = new AbortController();

  /** Paystack processes refunds in the background; so does the sandbox, then it sends refund.processed. */
  let refundsProcessing = 0;
  async function processLater(refund: SandboxRefund) {
    refundsProcessing++;
    try {
      await sleep(controls.refundDelayMs(), undefined, { signal: refundTimers.signal });
    } catch {
      return;
    } finally {
      refundsProcessing--;
    }
    if (refunds.process(refund)) {
      webhooks.send(REFUND_PROCESSED_EVENT, refundEventData(refund), refund.transaction.reference, controls.webhookPlan());
    }
  }

  function settle(tx: SandboxTransaction, outcome: SandboxOutcome, ipAddress: string) {
    const result = transactions.settle(tx, outcome, ipAddress);
    // Paystack sends webhooks for successful charges only.
    if (result === "settled" && outcome === "success") webhooks.send("charge.success", report(tx), tx.reference, controls.webhookPlan());
    return result;
  }

  function callbackUrl(tx: SandboxTransaction): string | null {
    if (!tx.callbackUrl) return null;
    const url = new URL(tx.callbackUrl);
    url.searchParams.set("trxref", tx.reference);
    url.searchParams.set("reference", tx.reference);
    return url.href;
  }

  await app.register(
    async (sandbox) => {
      sandbox.addHook("preClose", () => {
        refundTimers.abort();
        return webhooks.close();
      });
      // Paystack's error shape for whatever Fastify rejects itself (bad JSON, unsupported content type).
      sandbox.setErrorHandler<FastifyError>((error, request, reply) => {
        const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
        if (status === 500) request.log.error({ err: error }, "Paystack sandbox failed");
        return reply.code(status).send({ status: false, message: status === 500 ? "Sandbox error" : error.message });
      });
      // Without this, unknown sandbox paths would fall through to the web app's pages.
      sandbox.setNotFoundHandler((request, reply) =>
        reply.code(404).send({ status: false, message: `No sandbox endpoint for ${request.method} ${request.url.split("?")[0]}` }),
      );

      await sandbox.register(async (api) => {
        api.addHook("onRequest", async (request, reply) => {
          if (!carriesSandboxKey(request.headers.authorization, options.secretKey)) {
            return reply.code(401).send({ status: false, message: "Invalid key" });
          }
        });

        api.post("/transaction/initialize", async (request, reply) => {
          const input = initializeSchema.safeParse(request.body);
          if (!input.success) {
            return reply.code(400).send({ status: false, message: input.error.issues[0]?.message, type: "validation_error" });
          }
          const { email, amount, currency, reference, callback_url, metadata } = input.data;
          const tx = transactions.create({
            email,
            amount,
            currency,
            reference: reference ?? `T${randomBytes(8).toString("hex")}`,
            callbackUrl: callback_url ?? null,
            metadata: metadata ?? "",
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
          verifyRequests++;
          const delay = controls.verifyDelayMs();
          if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
          const tx = transactions.byReference(request.params.reference);
          if (!tx) return reply.code(400).send(notFound);
          return { status: true, message: "Verification successful", data: report(tx) };
        });

        api.post("/refund", async (request, reply) => {
          const input = refundSchema.safeParse(request.body);
          if (!input.success) {
            return reply.code(400).send({ status: false, message: input.error.issues[0]?.message, type: "validation_error" });
          }
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
          void processLater(refund);
          return { status: true, message: "Refund has been queued for processing", data: createdRefundData(refund) };
        });

        api.get<{ Params: { id: string } }>("/refund/:id", async (request, reply) => {
          const refund = /^\d+$/.test(request.params.id) ? refunds.byId(Number(request.params.id)) : undefined;
          if (!refund) return reply.code(404).send({ status: false, message: "Refund not found" });
          return { status: true, message: "Refund retrieved", data: fetchedRefundData(refund) };
        });

        api.get<{ Querystring: Record<string, string> }>("/transaction", async (request, reply) => {
          const query = listQuerySchema.safeParse(request.query);
          if (!query.success) {
            const issue = query.error.issues[0];
            const message = issue ? `${issue.path.join(".")}: ${issue.message}` : "Invalid query";
            return reply.code(400).send({ status: false, message, type: "validation_error" });
          }
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

        api.get("/__controls", async () => ({
          status: true,
          message: "Sandbox controls",
          // Refunds still to be processed count as pending webhooks: each will send one.
          data: { ...controls.toJSON(), pendingWebhooks: webhooks.pending + refundsProcessing, verifyRequests },
        }));

        api.post("/__controls", async (request, reply) => {
          const change = controlsChangeSchema.safeParse(request.body ?? {});
          if (!change.success) return reply.code(400).send({ status: false, message: z.prettifyError(change.error) });
          controls.apply(change.data);
          return { status: true, message: "Controls updated", data: controls.toJSON() };
        });

        api.post("/__controls/reset", async () => {
          controls.reset();
          return { status: true, message: "Controls reset", data: controls.toJSON() };
        });

        for (const [action, outcome] of Object.entries(outcomes)) {
          api.post<{ Params: { reference: string } }>(`/__simulate/:reference/${action}`, async (request, reply) => {
            const tx = transactions.byReference(request.params.reference);
            if (!tx) return reply.code(404).send(notFound);
            if (settle(tx, outcome, request.ip) === "conflict") {
              return reply.code(409).send({ status: false, message: `Transaction already ${tx.status}`, data: report(tx) });
            }
            return { status: true, message: `Transaction ${tx.status}`, data: report(tx) };
          });
        }
      });

      await sandbox.register(async (browser) => {
        const stylesheet = `${prefix}/checkout.css`;
        // The checkout's forms carry no fields; the access code is in the URL.
        browser.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, _body, done) => done(null, {}));

        const html = (reply: FastifyReply, tx: SandboxTransaction | undefined) => {
          // form-action also governs where a form's redirect may go, hence the callback's origin.
          const formTargets = tx?.callbackUrl ? `'self' ${new URL(tx.callbackUrl).origin}` : "'self'";
          return reply
            .type("text/html; charset=utf-8")
            .header("cache-control", "no-store")
            .header(
              "content-security-policy",
              `default-src 'none'; style-src 'self'; form-action ${formTargets}; base-uri 'none'; frame-ancestors 'none'`,
            );
        };
        const page = async (tx: SandboxTransaction) =>
          checkoutPage(tx, {
            stylesheet,
            pay: `${prefix}/checkout/${tx.accessCode}/pay`,
            decline: `${prefix}/checkout/${tx.accessCode}/decline`,
            callback: callbackUrl(tx),
            merchant: options.merchantName ? await options.merchantName().catch(() => null) : null,
          });
        const findByCode = (request: FastifyRequest<{ Params: { code: string } }>) => transactions.byAccessCode(request.params.code);

        browser.get("/checkout.css", async (_request, reply) =>
          reply.type("text/css; charset=utf-8").header("cache-control", "public, max-age=300").send(CHECKOUT_CSS),
        );

        browser.get<{ Params: { code: string } }>("/checkout/:code", async (request, reply) => {
          const tx = findByCode(request);
          if (!tx) return html(reply, tx).code(404).send(notFoundPage(stylesheet));
          return html(reply, tx).send(await page(tx));
        });

        for (const [action, outcome] of Object.entries(outcomes)) {
          browser.post<{ Params: { code: string } }>(`/checkout/:code/${action}`, async (request, reply) => {
            const tx = findByCode(request);
            if (!tx) return html(reply, tx).code(404).send(notFoundPage(stylesheet));
            // A second click or a resubmitted form just shows the settled result again.
            settle(tx, outcome, request.ip);
            const callback = callbackUrl(tx);
            if (callback) return reply.redirect(callback, 303);
            return html(reply, tx).send(await page(tx));
          });
        }
      });
    },
    { prefix },
  );
}
