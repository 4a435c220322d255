import { renderSVG } from "uqr";
import type { PaystackChannel } from "../contract.ts";
import {
  CHANNEL_NAMES,
  MOBILE_MONEY_PROVIDERS,
  type MobileMoneyProvider,
  offeredChannels,
  TRANSFER_ACCOUNT_MINUTES,
  transferAccount,
  USSD_BANK,
  ussdCode,
} from "./channels.ts";
import type { SandboxOutcome, SandboxTransaction } from "./transactions.ts";

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
main{width:min(28rem,calc(100% - 2rem));margin:2rem auto;padding:1.5rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgb(0 0 0/.08),0 8px 24px rgb(0 0 0/.06)}
h1{margin:0 0 1rem;font-size:1.25rem}
h2{margin:0 0 .75rem;font-size:1.05rem}
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
button:focus-visible,.button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #1d5fd1;outline-offset:2px}
.status{margin:1.5rem 0 0;padding:.75rem 1rem;border-radius:8px;background:#f2f4f7}
.status.success{background:#e7f6ec;color:#0f5b2b}
.status.failed{background:#fdf2f1;color:#8a1c12}
.status.pending{background:#eef4ff;color:#1d3f8a}
.note{margin:1.5rem 0 0;font-size:.875rem;color:#616e7c}
.channels ul{display:grid;grid-template-columns:repeat(auto-fill,minmax(7.25rem,1fr));grid-auto-rows:1fr;gap:.5rem;margin:1.5rem 0;padding:0;list-style:none}
.channels li{display:flex}
.channels a{display:flex;flex:1;align-items:center;justify-content:center;min-height:2.75rem;padding:.5rem .4rem;border:1px solid #c7cdd4;border-radius:8px;color:#1f2933;text-align:center;text-decoration:none;font-size:.9375rem}
.channels a:hover{background:#f2f4f7}
.channels a[aria-current]{border:2px solid #17803d;padding:calc(.5rem - 1px) calc(.4rem - 1px);background:#e7f6ec;color:#0f5b2b;font-weight:600}
.panel{margin-top:1.5rem;padding-top:1.25rem;border-top:1px solid #e4e7eb}
.channels+.panel{margin-top:0;padding-top:0;border-top:0}
.panel p{margin:0 0 1rem}
.account{grid-template-columns:1fr;gap:0;padding:1rem;border-radius:8px;background:#f7f8fa}
.account dt{font-size:.875rem}
.account dd{margin-bottom:.6rem;overflow-wrap:normal}
.account dd:last-child{margin-bottom:0}
.account-number,.code{font-size:1.375rem;font-weight:700;letter-spacing:.06em;font-variant-numeric:tabular-nums;white-space:nowrap}
.code{display:block;margin:0 0 1rem;padding:1rem;border-radius:8px;background:#f7f8fa;text-align:center}
.qr{display:block;width:min(12rem,100%);height:auto;margin:0 auto 1rem}
fieldset{margin:0 0 1rem;padding:0;border:0}
legend,label{font-weight:600}
legend{margin-bottom:.5rem}
.choice{display:flex;align-items:center;gap:.6rem;padding:.55rem .75rem;border:1px solid #c7cdd4;border-radius:8px;font-weight:400;cursor:pointer}
.choice+.choice{margin-top:.5rem}
.choice input{width:1.15rem;height:1.15rem;margin:0;accent-color:#17803d}
input[type=tel]{display:block;width:100%;margin:.35rem 0 .25rem;padding:.7rem .8rem;border:1px solid #8a96a3;border-radius:8px;font:inherit}
input[aria-invalid=true]{border:2px solid #b42318}
.hint{margin:0 0 1rem;font-size:.875rem;color:#616e7c}
.error{margin:0 0 1rem;font-weight:600;color:#b42318}
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
<header><p class="banner" role="note">Paystack sandbox — no real money</p></header>
<main>
${body}
</main>
</body>
</html>
`;
}

/** A mobile money form the page refused: what was typed, and why. */
export interface MobileMoneyAnswer {
  phone: string;
  provider: string;
  error: string;
}

export interface CheckoutPageOptions {
  stylesheet: string;
  /** The checkout's own path: channels are `?channel=<name>`, buttons post to paths under it. */
  checkout: string;
  /** Where the learner goes back to once the payment is settled; null when initialize gave no callback_url. */
  callback: string | null;
  /** Who is being paid (the merchant's business name); null when unknown. */
  merchant?: string | null;
  /** The channel shown while the payment is open: one the transaction offers. */
  channel: PaystackChannel;
  /** How long offline payments submitted now take, for the page's notes (the test controls). */
  delays: { transferMs: number; mobileMoneyMs: number; mobileMoneyOutcome: SandboxOutcome };
  /** A refused mobile money form, shown again with its error. */
  mobileMoney?: MobileMoneyAnswer;
}

/** The panel's heading: "Pay with …". */
const payWith: Record<PaystackChannel, string> = {
  card: "card",
  bank_transfer: "bank transfer",
  ussd: "USSD",
  mobile_money: "mobile money",
  qr: "a QR code",
  bank: "your bank account",
  eft: "EFT",
  apple_pay: "Apple Pay",
};

/** "at once", "about 30 seconds later", "about 2 minutes later". */
function later(ms: number): string {
  if (ms <= 0) return "at once";
  if (ms < 90_000) return `about ${Math.max(1, Math.round(ms / 1000))} seconds later`;
  return `about ${Math.round(ms / 60_000)} minutes later`;
}

/** Pay and Decline: what the card and every channel that settles at once show. */
function payButtons(options: CheckoutPageOptions, channel: PaystackChannel, note: string): string {
  // The card's forms carry no field, as before channels existed; the others say which channel paid.
  const field = channel === "card" ? "" : `<input type="hidden" name="channel" value="${channel}">`;
  return `<div class="actions">
<form method="post" action="${escapeHtml(`${options.checkout}/pay`)}">${field}<button type="submit" class="pay">Pay</button></form>
<form method="post" action="${escapeHtml(`${options.checkout}/decline`)}">${field}<button type="submit" class="decline">Decline</button></form>
</div>
<p class="note">${note}</p>`;
}

const cardNote = "Pay succeeds and notifies the merchant; Decline fails the payment. No card is charged.";

function mobileMoneyForm(tx: SandboxTransaction, options: CheckoutPageOptions, amount: string): string {
  const answer = options.mobileMoney;
  const chosen = answer?.provider ?? (tx.currency === "KES" ? "mpesa" : "mtn");
  const providers = (
    Object.entries(MOBILE_MONEY_PROVIDERS) as [MobileMoneyProvider, (typeof MOBILE_MONEY_PROVIDERS)[MobileMoneyProvider]][]
  )
    .map(
      ([code, provider]) =>
        `<label class="choice"><input type="radio" name="provider" value="${code}"${code === chosen ? " checked" : ""} required> ${escapeHtml(provider.name)}</label>`,
    )
    .join("\n");
  const error = answer ? `\n<p id="phone-error" class="error" role="alert">${escapeHtml(answer.error)}</p>` : "";
  const describedBy = answer ? "phone-hint phone-error" : "phone-hint";
  const outcome = options.delays.mobileMoneyOutcome === "success" ? "approves it" : "refuses it";
  return `<form method="post" action="${escapeHtml(`${options.checkout}/mobile-money`)}">
<fieldset>
<legend>Network</legend>
${providers}
</fieldset>
<label for="phone">Mobile money number</label>
<input id="phone" name="phone" type="tel" inputmode="tel" autocomplete="tel" required aria-describedby="${describedBy}"${answer ? ' aria-invalid="true"' : ""} value="${escapeHtml(answer?.phone ?? "")}">
<p id="phone-hint" class="hint">The wallet to charge, for example 0551234987.</p>${error}
<button type="submit" class="pay">Pay ${escapeHtml(amount)}</button>
</form>
<p class="note">You will be asked to approve the payment on your phone. In the sandbox nobody is asked: the customer ${outcome} ${later(options.delays.mobileMoneyMs)} (test controls mobileMoneyOutcome and mobileMoneyDelayMs).</p>`;
}

/** What the customer does to pay by the chosen channel. */
function panel(tx: SandboxTransaction, options: CheckoutPageOptions, amount: string): string {
  const { channel, checkout } = options;
  switch (channel) {
    case "card":
      return payButtons(options, channel, cardNote);
    case "bank_transfer": {
      const account = transferAccount(tx.accessCode);
      return `<p>Transfer exactly <strong>${escapeHtml(amount)}</strong> to this account from your bank app or internet banking. It is for this payment only and expires in ${TRANSFER_ACCOUNT_MINUTES} minutes.</p>
<dl class="account">
<dt>Bank</dt><dd>${escapeHtml(account.bank.name)}</dd>
<dt>Account number</dt><dd class="account-number">${account.accountNumber}</dd>
<dt>Account name</dt><dd>${escapeHtml(account.accountName)}</dd>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
</dl>
<div class="actions"><form method="post" action="${escapeHtml(`${checkout}/transfer`)}"><button type="submit" class="pay">I've sent the money</button></form></div>
<p class="note">No money moves: the sandbox confirms the transfer ${later(options.delays.transferMs)} (test control transferDelayMs), then notifies the merchant.</p>`;
    }
    case "ussd":
      return `<p>Dial this code on the phone linked to your ${escapeHtml(USSD_BANK)} account, then approve the payment of <strong>${escapeHtml(amount)}</strong> with your PIN.</p>
<strong class="code">${escapeHtml(ussdCode(tx.id))}</strong>
<div class="actions"><form method="post" action="${escapeHtml(`${checkout}/ussd`)}"><button type="submit" class="pay">I've dialled the code</button></form></div>
<p class="note">Nothing is dialled: the sandbox confirms the payment ${later(options.delays.transferMs)} (test control transferDelayMs), then notifies the merchant.</p>`;
    case "mobile_money":
      return mobileMoneyForm(tx, options, amount);
    case "qr": {
      // A real QR code (of the reference), drawn inline: the CSP loads no images.
      const qr = renderSVG(`paystack-sandbox:${tx.reference}`).replace(
        "<svg ",
        '<svg class="qr" role="img" aria-label="QR code for this payment" ',
      );
      return `<p>Scan the code with your bank app to pay <strong>${escapeHtml(amount)}</strong>.</p>
${qr}
${payButtons(options, channel, "Pay stands for a scan paid in the app: it succeeds and notifies the merchant; Decline fails the payment.")}`;
    }
    case "bank":
      return `<p>Pay from your bank account: choose your bank, then approve with the code it sends you.</p>\n${payButtons(options, channel, "No bank is asked: Pay succeeds and notifies the merchant; Decline fails the payment.")}`;
    case "eft":
      return `<p>Pay by instant EFT from your South African bank account.</p>\n${payButtons(options, channel, "No bank is asked: Pay succeeds and notifies the merchant; Decline fails the payment.")}`;
    case "apple_pay":
      return `<p>Pay with a card in your Apple Wallet.</p>\n${payButtons(options, channel, "No wallet is asked: Pay succeeds and notifies the merchant; Decline fails the payment.")}`;
  }
}

/** The channels the payment offers, as links (keyboard and screen-reader friendly, no script); none when only one. */
function channelLinks(tx: SandboxTransaction, options: CheckoutPageOptions): string {
  const offered = offeredChannels(tx.channels, tx.currency);
  if (offered.length < 2) return "";
  const links = offered
    .map((channel) => {
      const current = channel === options.channel ? ' aria-current="page"' : "";
      return `<li><a href="${escapeHtml(`${options.checkout}?channel=${channel}`)}"${current}>${CHANNEL_NAMES[channel]}</a></li>`;
    })
    .join("\n");
  return `<nav class="channels" aria-label="Payment method">\n<ul>\n${links}\n</ul>\n</nav>\n`;
}

/** What a pending payment waits for: the transfer to arrive, the bank, or the customer's answer on their phone. */
function waiting(tx: SandboxTransaction, amount: string): { heading: string; text: string } {
  switch (tx.channel) {
    case "mobile_money": {
      const provider = MOBILE_MONEY_PROVIDERS[tx.wallet?.provider ?? "mtn"];
      return {
        heading: "Approve the payment on your phone",
        text: `We sent a prompt to ${tx.wallet?.phone ?? "your phone"} (${provider.name}). Approve the payment of ${amount} there; this page and the merchant are told as soon as you do.`,
      };
    }
    case "ussd":
      return {
        heading: "Waiting for your bank",
        text: `Your bank is confirming the USSD payment of ${amount}. This page and the merchant are told as soon as it does.`,
      };
    default: {
      const account = transferAccount(tx.accessCode);
      return {
        heading: "We're confirming your transfer",
        text: `Your transfer of ${amount} to ${account.bank.name} ${account.accountNumber} is being confirmed. This page and the merchant are told as soon as it arrives.`,
      };
    }
  }
}

/**
 * The hosted checkout: while the payment is open, the channels it offers (all when initialize named none; card
 * first) and what to do for the chosen one; while an offline payment is pending, what it waits for; then its outcome.
 */
export function checkoutPage(tx: SandboxTransaction, options: CheckoutPageOptions): string {
  const amount = formatAmount(tx.amount, tx.currency);
  const merchant = options.merchant ? `<p class="merchant">Paying <strong>${escapeHtml(options.merchant)}</strong></p>\n` : "";
  const details = `<h1>Complete your payment</h1>
${merchant}<dl>
<dt>E-mail</dt><dd>${escapeHtml(tx.customer.email)}</dd>
<dt>Amount</dt><dd class="amount">${escapeHtml(amount)}</dd>
<dt>Reference</dt><dd>${escapeHtml(tx.reference)}</dd>
</dl>`;
  const back = options.callback
    ? `<p class="actions"><a class="button back" href="${escapeHtml(options.callback)}">Return to the merchant</a></p>`
    : "";
  if (tx.status === "ongoing") {
    const channel = options.channel;
    return page(
      `Pay ${amount}`,
      options.stylesheet,
      `${details}
${channelLinks(tx, options)}<section class="panel" aria-labelledby="pay-with">
<h2 id="pay-with">Pay with ${payWith[channel]}</h2>
${panel(tx, options, amount)}
</section>`,
    );
  }
  if (tx.status === "pending") {
    const { heading, text } = waiting(tx, amount);
    return page(
      amount,
      options.stylesheet,
      `${details}
<section class="panel" aria-labelledby="waiting">
<h2 id="waiting">${escapeHtml(heading)}</h2>
<p class="status pending" role="status">${escapeHtml(text)}</p>
<div class="actions"><a class="button back" href="${escapeHtml(options.checkout)}">Check again</a></div>
</section>
${back}`,
    );
  }
  const outcome = tx.status === "success" ? "This payment was successful." : "This payment was declined.";
  return page(amount, options.stylesheet, `${details}\n<p class="status ${tx.status}" role="status">${outcome}</p>\n${back}`);
}

export function notFoundPage(stylesheet: string): string {
  return page(
    "Checkout not found",
    stylesheet,
    `<h1>Checkout not found</h1>
<p>This payment link is not valid. Start the checkout again from the merchant's site.</p>`,
  );
}

/** A button for a channel this payment does not offer (a hand-made or outdated form). */
export function channelNotOfferedPage(stylesheet: string, checkout: string): string {
  return page(
    "Payment method not offered",
    stylesheet,
    `<h1>Payment method not offered</h1>
<p>The merchant does not take this payment method for this payment.</p>
<p class="actions"><a class="button back" href="${escapeHtml(checkout)}">Choose another way to pay</a></p>`,
  );
}
