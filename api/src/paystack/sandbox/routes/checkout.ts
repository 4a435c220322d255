import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CHECKOUT_CSS, checkoutPage, notFoundPage } from "../checkout-page.ts";
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

/** The hosted checkout a browser is sent to (no key): the page, its stylesheet and its buttons. */
export function checkoutRoutes(browser: FastifyInstance, core: SandboxCore, options: CheckoutRouteOptions): void {
  const { prefix } = options;
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
  const findByCode = (request: FastifyRequest<{ Params: { code: string } }>) => core.transactions.byAccessCode(request.params.code);

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
      core.settle(tx, outcome, request.ip);
      const callback = callbackUrl(tx);
      if (callback) return reply.redirect(callback, 303);
      return html(reply, tx).send(await page(tx));
    });
  }
}
