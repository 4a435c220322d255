import type { SandboxTransaction } from "./transactions.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const twoDecimals = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "USD 49.99" from 4999: every currency Paystack takes has a minor unit of 1/100. */
export function formatAmount(amount: number, currency: string): string {
  return `${currency} ${twoDecimals.format(amount / 100)}`;
}

/** Served as a file, not inline, so the pages work under a CSP without 'unsafe-inline'. */
export const CHECKOUT_CSS = `:root{color-scheme:light;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2933;background:#f2f4f7}
*{box-sizing:border-box}
body{margin:0}
.banner{margin:0;padding:.6rem 1rem;text-align:center;font-weight:600;background:#fff4d6;color:#6b4300;border-bottom:1px solid #f0d58a}
main{width:min(26rem,calc(100% - 2rem));margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgb(0 0 0/.08),0 8px 24px rgb(0 0 0/.06)}
h1{margin:0 0 1rem;font-size:1.25rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem;margin:0}
dt{color:#616e7c}
dd{margin:0;overflow-wrap:anywhere}
.amount{font-size:1.5rem;font-weight:700;font-variant-numeric:tabular-nums;line-height:1.2}
.actions{display:grid;gap:.75rem;margin-top:1.5rem}
form{margin:0}
button,.button{display:block;width:100%;padding:.8rem 1rem;border-radius:8px;font:inherit;font-weight:600;text-align:center;text-decoration:none;cursor:pointer}
.pay{border:0;background:#17803d;color:#fff}
.pay:hover{background:#116331}
.decline{border:1px solid #c7cdd4;background:#fff;color:#b42318}
.decline:hover{background:#fdf2f1}
.back{border:1px solid #c7cdd4;background:#fff;color:#1f2933}
.back:hover{background:#f2f4f7}
button:focus-visible,.button:focus-visible{outline:3px solid #1d5fd1;outline-offset:2px}
.status{margin:1.5rem 0 0;padding:.75rem 1rem;border-radius:8px;background:#f2f4f7}
.status.success{background:#e7f6ec;color:#0f5b2b}
.status.failed{background:#fdf2f1;color:#8a1c12}
.note{margin:1.5rem 0 0;font-size:.875rem;color:#616e7c}
`;

function page(title: string, stylesheet: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Paystack sandbox</title>
<link rel="stylesheet" href="${escapeHtml(stylesheet)}">
</head>
<body>
<p class="banner" role="note">Paystack sandbox — no real money</p>
<main>
${body}
</main>
</body>
</html>
`;
}

export interface CheckoutPageUrls {
  stylesheet: string;
  pay: string;
  decline: string;
  /** Where the learner goes back to once the payment is settled; null when initialize gave no callback_url. */
  callback: string | null;
  /** Who is being paid (the merchant's business name); null when unknown. */
  merchant?: string | null;
}

/** The hosted checkout: Pay and Decline while the payment is open, its outcome after. */
export function checkoutPage(tx: SandboxTransaction, urls: CheckoutPageUrls): string {
  const amount = formatAmount(tx.amount, tx.currency);
  const merchant = urls.merchant ? `<p class="merchant">Paying <strong>${escapeHtml(urls.merchant)}</strong></p>\n` : "";
  const details = `<h1>Complete your payment</h1>
${merchant}<dl>
<dt>E-mail</dt><dd>${escapeHtml(tx.customer.email)}</dd>
<dt>Amount</dt><dd class="amount">${escapeHtml(amount)}</dd>
<dt>Reference</dt><dd>${escapeHtml(tx.reference)}</dd>
</dl>`;
  if (tx.status === "ongoing") {
    return page(
      `Pay ${amount}`,
      urls.stylesheet,
      `${details}
<div class="actions">
<form method="post" action="${escapeHtml(urls.pay)}"><button type="submit" class="pay">Pay</button></form>
<form method="post" action="${escapeHtml(urls.decline)}"><button type="submit" class="decline">Decline</button></form>
</div>
<p class="note">Pay succeeds and notifies the merchant; Decline fails the payment. No card is charged.</p>`,
    );
  }
  const outcome = tx.status === "success" ? "This payment was successful." : "This payment was declined.";
  const back = urls.callback
    ? `<p class="actions"><a class="button back" href="${escapeHtml(urls.callback)}">Return to the merchant</a></p>`
    : "";
  return page(amount, urls.stylesheet, `${details}\n<p class="status ${tx.status}" role="status">${outcome}</p>\n${back}`);
}

export function notFoundPage(stylesheet: string): string {
  return page(
    "Checkout not found",
    stylesheet,
    `<h1>Checkout not found</h1>
<p>This payment link is not valid. Start the checkout again from the merchant's site.</p>`,
  );
}
