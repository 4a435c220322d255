import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { PaystackChannel } from "../../contract.ts";
import {
  isMobileMoneyProvider,
  isOfflineChannel,
  isPaystackChannel,
  mobileMoneyNumber,
  type OfflineChannel,
  offeredChannels,
} from "../channels.ts";
import { CHECKOUT_CSS, channelNotOfferedPage, checkoutPage, type MobileMoneyAnswer, notFoundPage } from "../checkout-page.ts";
import type { SandboxCore } from "../core.ts";
import type { SandboxTransaction } from "../transactions.ts";
import { outcomes } from "./controls.ts";

export interface CheckoutRouteOptions {
  prefix: string;
  /** The merchant's name the page shows; asked for each page. */
  merchantName?: () => Promise<string>;
}

/** Where the browser goes back to once the payment is settled, with Paystack's two query parameters. */
export function callbackUrl(tx: SandboxTransaction): string | null {
  if (!tx.callbackUrl) return null;
  const url = new URL(tx.callbackUrl);
  url.searchParams.set("trxref", tx.reference);
  url.searchParams.set("reference", tx.reference);
  return url.href;
}

type Form = Record<string, string | undefined>;

/** The offline channels' buttons, by the path they post to under the checkout. */
const offlineActions = { transfer: "bank_transfer", ussd: "ussd", "mobile-money": "mobile_money" } as const satisfies Record<
  string,
  OfflineChannel
>;

/**
 * The hosted checkout a browser is sent to (no key): the page with the payment's channels, its stylesheet, and its
 * buttons. Pay and Decline settle at once (the card, and QR, bank, EFT and Apple Pay alike); the offline channels'
 * buttons make the payment pending until the sandbox completes it (core.ts, submitOffline).
 */
export function checkoutRoutes(browser: FastifyInstance, core: SandboxCore, options: CheckoutRouteOptions): void {
  const { prefix } = options;
  const stylesheet = `${prefix}/checkout.css`;
  // The forms' few fields (a channel, a phone number and its network); a field given twice counts once.
  browser.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

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
  const checkoutPath = (tx: SandboxTransaction) => `${prefix}/checkout/${tx.accessCode}`;
  const offers = (tx: SandboxTransaction, channel: PaystackChannel) => offeredChannels(tx.channels, tx.currency).includes(channel);
  const page = async (tx: SandboxTransaction, channel: PaystackChannel, mobileMoney?: MobileMoneyAnswer) => {
    const transfer = core.controls.offlinePlan("bank_transfer");
    const wallet = core.controls.offlinePlan("mobile_money");
    return checkoutPage(tx, {
      stylesheet,
      checkout: checkoutPath(tx),
      callback: callbackUrl(tx),
      merchant: options.merchantName ? await options.merchantName().catch(() => null) : null,
      channel,
      delays: { transferMs: transfer.delayMs, mobileMoneyMs: wallet.delayMs, mobileMoneyOutcome: wallet.outcome },
      mobileMoney,
    });
  };
  const findByCode = (request: FastifyRequest<{ Params: { code: string } }>) => core.transactions.byAccessCode(request.params.code);
  const notOffered = (reply: FastifyReply, tx: SandboxTransaction) =>
    html(reply, tx)
      .code(400)
      .send(channelNotOfferedPage(stylesheet, checkoutPath(tx)));

  browser.get("/checkout.css", async (_request, reply) =>
    reply.type("text/css; charset=utf-8").header("cache-control", "public, max-age=300").send(CHECKOUT_CSS),
  );

  browser.get<{ Params: { code: string }; Querystring: { channel?: string } }>("/checkout/:code", async (request, reply) => {
    const tx = findByCode(request);
    if (!tx) return html(reply, tx).code(404).send(notFoundPage(stylesheet));
    const asked = request.query.channel;
    // An unknown or unoffered ?channel= shows the first channel offered (the card, when it is).
    const channel = isPaystackChannel(asked) && offers(tx, asked) ? asked : (offeredChannels(tx.channels, tx.currency)[0] ?? "card");
    return html(reply, tx).send(await page(tx, channel));
  });

  for (const [action, outcome] of Object.entries(outcomes)) {
    browser.post<{ Params: { code: string }; Body: Form | undefined }>(`/checkout/:code/${action}`, async (request, reply) => {
      const tx = findByCode(request);
      if (!tx) return html(reply, tx).code(404).send(notFoundPage(stylesheet));
      // The card's buttons carry no field; the other channels that settle at once name theirs.
      const channel = request.body?.channel ?? "card";
      if (!isPaystackChannel(channel) || isOfflineChannel(channel) || !offers(tx, channel)) return notOffered(reply, tx);
      // A second click or a resubmitted form just shows the settled result again.
      core.settle(tx, outcome, { ipAddress: request.ip, channel });
      const callback = callbackUrl(tx);
      if (callback) return reply.redirect(callback, 303);
      return html(reply, tx).send(await page(tx, tx.channel));
    });
  }

  for (const [action, channel] of Object.entries(offlineActions)) {
    browser.post<{ Params: { code: string }; Body: Form | undefined }>(`/checkout/:code/${action}`, async (request, reply) => {
      const tx = findByCode(request);
      if (!tx) return html(reply, tx).code(404).send(notFoundPage(stylesheet));
      if (!offers(tx, channel)) return notOffered(reply, tx);
      let wallet = null;
      if (channel === "mobile_money") {
        const phone = request.body?.phone ?? "";
        const provider = request.body?.provider ?? "";
        const number = mobileMoneyNumber(phone);
        if (!isMobileMoneyProvider(provider)) {
          return html(reply, tx)
            .code(400)
            .send(await page(tx, channel, { phone, provider: "", error: "Choose the network of your mobile money wallet." }));
        }
        if (!number) {
          return html(reply, tx)
            .code(400)
            .send(await page(tx, channel, { phone, provider, error: "Enter the wallet's phone number: 9 to 15 digits." }));
        }
        wallet = { phone: number, provider };
      }
      // Resubmitted, or the payment already went another way: the page says where it stands.
      const result = core.submitOffline(tx, channel, request.ip, wallet);
      const callback = callbackUrl(tx);
      // A transfer or a USSD payment is the customer's to make away from here: back to the merchant, who hears of it
      // by webhook. A mobile money prompt is answered while the page says so.
      if (callback && channel !== "mobile_money" && result !== "conflict") return reply.redirect(callback, 303);
      return reply.redirect(checkoutPath(tx), 303);
    });
  }
}
