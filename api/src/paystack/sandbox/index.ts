import type { FastifyError, FastifyInstance } from "fastify";
import type { Logger } from "../../logger.ts";
import { createSandboxCore } from "./core.ts";
import { bankRoutes } from "./routes/banks.ts";
import { chargeRoutes } from "./routes/charges.ts";
import { checkoutRoutes } from "./routes/checkout.ts";
import { controlRoutes } from "./routes/controls.ts";
import { customerRoutes } from "./routes/customers.ts";
import { refundRoutes } from "./routes/refunds.ts";
import { exportDownloads, transactionRoutes } from "./routes/transactions.ts";
import type { SandboxScheduler } from "./scheduler.ts";
import { carriesSandboxKey } from "./secret.ts";

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
  /** The clock every delay goes through (sandbox/scheduler.ts); a test may drive it by hand (sandbox/testing.ts). */
  scheduler?: SandboxScheduler;
}

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
 *   POST {prefix}/transaction/charge_authorization
 *                                              {authorization_code, email, amount, currency?, reference?, metadata?}:
 *                                              charges a card saved by a successful card payment, at once (declined
 *                                              while failNextCharges lasts); 400 for an unknown code, another
 *                                              customer's or a non-reusable one, a duplicate reference
 *   POST {prefix}/transaction/partial_debit    the same, with the currency required (always takes the whole amount)
 *   POST {prefix}/refund                       {transaction: reference or id, amount?}: a pending refund, then
 *                                              (after refundDelayMs) processed with a signed refund.processed
 *                                              webhook; 400 for an amount above what is left, as Paystack
 *   GET  {prefix}/refund/:id                   404 "Refund not found" for an unknown id
 *   GET  {prefix}/transaction                  newest first; perPage (or per_page), page, status, from, to,
 *                                              customer (id or code, or customer_code), amount; paging in `meta`
 *   GET  {prefix}/transaction/totals           successful transactions' count and volume, in all and per currency
 *   GET  {prefix}/transaction/export           {path, expiresAt}: a CSV link for a minute (from, to, status or all,
 *                                              customer id, currency); GET {prefix}/exports/<name>.csv serves it
 *   GET  {prefix}/transaction/timeline/:id_or_reference
 *                                              the transaction's log; 404 "Transaction ID or reference is invalid"
 *   GET  {prefix}/refund                       newest first; perPage, page, from, to, transaction, currency; `meta`
 *   POST {prefix}/customer                     {email, first_name?, last_name?, phone?, metadata?}: creates, or
 *                                              updates the customer of that address
 *   GET  {prefix}/customer/:email_or_code      the customer, its transactions and its saved cards (authorizations)
 *   GET  {prefix}/bank                         a fixed sample of banks and wallets: country or currency (Nigeria's
 *                                              without either), type (nuban, ghipss, kepss, basa, mobile_money)
 * Any other path or method under {prefix}: 404 `{status: false, message}`.
 * The hosted checkout a browser is sent to (no key): GET {prefix}/checkout/:accessCode[?channel=<name>] offers the
 * channels initialize named (all when none; card first). The card, QR, bank, EFT and Apple Pay have Pay and Decline,
 * which settle at once; bank transfer (a one-time account number, "I've sent the money") and USSD (a code to dial)
 * make the payment pending, then successful after transferDelayMs; mobile money (a phone number and a network) makes it
 * pending, then successful or failed (mobileMoneyOutcome) after mobileMoneyDelayMs. A success sends charge.success.
 *
 * Test controls (Bearer secret key required), for tests and for a person exploring with curl:
 *   POST {prefix}/__controls         JSON, each field optional and kept until changed or reset:
 *     webhookDelayMs: number           wait this long before delivering a webhook
 *     duplicateWebhooks: number        send N identical copies of each webhook
 *     dropWebhooks: boolean            send no webhooks at all
 *     verifyDelayMs: number            answer verify calls this late (to catch a worker mid-job)
 *     refundDelayMs: number            keep a refund pending this long before it is processed
 *     transferDelayMs: number          confirm a bank transfer or a USSD payment this long after it was sent
 *                                      (default 30 s; 0 at once)
 *     mobileMoneyDelayMs: number       answer a mobile money prompt this long after it was sent (default 10 s)
 *     mobileMoneyOutcome: success | failed
 *                                      how the customer answers it (default success)
 *     failNextCharges: number          decline the next N charges of saved cards
 *     tamper: { reference, amount?, currency?, status? }
 *                                      verify and the webhook report these instead of the real values
 *                                      (status only while the payment has no outcome, e.g. abandoned)
 *   GET  {prefix}/__controls         the current controls, pending webhook deliveries, verify calls so far
 *   POST {prefix}/__controls/reset   back to defaults (transactions are kept)
 *   POST {prefix}/__simulate/:reference/pay and /decline
 *                                    what the checkout buttons do, answering JSON, so tests need no browser
 *   POST {prefix}/__simulate/:reference/submit  {channel: bank_transfer | ussd | mobile_money, phone?, provider?}
 *                                    what an offline channel's button does: the payment is pending
 *   POST {prefix}/__simulate/:reference/complete
 *                                    completes a pending offline payment now, with its planned outcome
 */
export async function registerPaystackSandbox(app: FastifyInstance, options: PaystackSandboxOptions): Promise<void> {
  const prefix = options.prefix ?? PAYSTACK_SANDBOX_PREFIX;
  const logger = options.logger.child({ component: "paystack-sandbox" });
  const core = createSandboxCore({ secretKey: options.secretKey, webhookUrl: options.webhookUrl, logger, scheduler: options.scheduler });

  await app.register(
    async (sandbox) => {
      sandbox.addHook("preClose", () => core.close());
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
        transactionRoutes(api, core, prefix);
        chargeRoutes(api, core);
        refundRoutes(api, core);
        customerRoutes(api, core);
        bankRoutes(api);
        controlRoutes(api, core);
      });

      await sandbox.register(async (browser) => {
        checkoutRoutes(browser, core, { prefix, merchantName: options.merchantName });
        exportDownloads(browser, core);
      });
    },
    { prefix },
  );
}
