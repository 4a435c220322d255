import type { Mail } from "../../mail/transport.ts";
import { escapeHtml, greeting } from "../accounts/mails.ts";

/** The payment receipt; `portalUrl` is the learner site's portal page, where the new track is. */
export function receiptMail(
  to: string,
  firstName: string,
  trackName: string,
  amountCents: number,
  reference: string,
  portalUrl: string,
): Mail {
  const amount = `$${(amountCents / 100).toFixed(2)}`;
  const hi = greeting(firstName);
  return {
    to,
    subject: `Payment received: you are enrolled in ${trackName}`,
    text: `${hi.text}\n\nWe received your payment of ${amount} (reference ${reference}). You are now enrolled in ${trackName}; find it in your portal: ${portalUrl}\n\nThe LearnHub team`,
    html: `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p style="font-weight:700;color:#4f46e5">LearnHub</p><h1 style="font-size:20px">Payment received</h1>
<p>${hi.html} we received your payment of <strong>${escapeHtml(amount)}</strong> (reference ${escapeHtml(reference)}).</p>
<p>You are now enrolled in <strong>${escapeHtml(trackName)}</strong>; find it in your portal.</p>
<p><a href="${escapeHtml(portalUrl)}" style="display:inline-block;padding:10px 16px;border-radius:8px;background:#4f46e5;color:#ffffff;text-decoration:none">Open my portal</a></p>
<p style="font-size:13px;color:#475467">${escapeHtml(portalUrl)}</p></body></html>`,
  };
}

/** How to pay a pending offline invoice (bank transfer / mobile money): the owner's instructions, as plain text. */
export function offlineInstructionsMail(
  to: string,
  firstName: string,
  trackName: string,
  amountCents: number,
  reference: string,
  instructions: string,
  expiresAt: Date,
): Mail {
  const amount = `$${(amountCents / 100).toFixed(2)}`;
  const until = expiresAt.toISOString().slice(0, 10);
  const hi = greeting(firstName);
  const lines = escapeHtml(instructions).replaceAll("\n", "<br>");
  return {
    to,
    subject: `How to pay for ${trackName}`,
    text: `${hi.text}\n\nTo enroll in ${trackName}, pay ${amount} by bank transfer or mobile money, with the reference ${reference}:\n\n${instructions}\n\nPlease pay by ${until}. You are enrolled as soon as we confirm your payment.\n\nThe LearnHub team`,
    html: `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif;color:#1f2937">
<p style="font-weight:700;color:#4f46e5">LearnHub</p><h1 style="font-size:20px">How to pay</h1>
<p>${hi.html} to enroll in <strong>${escapeHtml(trackName)}</strong>, pay <strong>${escapeHtml(amount)}</strong> by bank transfer or mobile money, with the reference <strong>${escapeHtml(reference)}</strong>:</p>
<p style="padding:12px;border:1px solid #e5e7eb;border-radius:8px">${lines}</p>
<p>Please pay by ${escapeHtml(until)}. You are enrolled as soon as we confirm your payment.</p></body></html>`,
  };
}
