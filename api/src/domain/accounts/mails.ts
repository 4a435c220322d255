import type { Mail } from "../../mail/transport.ts";
import { isMailSafeName } from "./rules.ts";

/** Every value put into a mail's HTML goes through this, whoever typed it. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * "Hi Ada," — the name only when it is one a mail client cannot turn into a link (see rules.isMailSafeName): a name is
 * typed by whoever signs up, with any address, so it must not smuggle a link into our mail. Otherwise just "Hi,".
 */
export function greeting(firstName: string): { text: string; html: string } {
  const name = firstName.trim();
  if (!name || !isMailSafeName(name)) return { text: "Hi,", html: "Hi," };
  return { text: `Hi ${name},`, html: `Hi ${escapeHtml(name)},` };
}

export function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><body style="margin:0;background:#f4f5f7;font-family:system-ui,sans-serif;color:#1f2937">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#fff;border-radius:12px;padding:32px">
<tr><td><p style="font-weight:700;font-size:18px;color:#4f46e5;margin:0 0 24px">LearnHub</p>
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}
<p style="color:#6b7280;font-size:13px;margin-top:32px">If you did not ask for this, you can ignore this e-mail.</p>
</td></tr></table></td></tr></table></body></html>`;
}

/** A button and the same link written out, both escaped. */
function linkButton(link: string, label: string): string {
  return `<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#6b7280;word-break:break-all">${escapeHtml(link)}</p>`;
}

export function verificationCodeMail(to: string, firstName: string, code: string): Mail {
  const hi = greeting(firstName);
  return {
    to,
    subject: `Your LearnHub verification code: ${code}`,
    text: `${hi.text}\n\nYour verification code is ${code}. It expires in 15 minutes.\n\nThe LearnHub team`,
    html: layout(
      "Verify your e-mail",
      `<p>${hi.html} your verification code is:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:16px 0">${escapeHtml(code)}</p><p>It expires in 15 minutes.</p>`,
    ),
  };
}

export function resetLinkMail(to: string, firstName: string, link: string): Mail {
  const hi = greeting(firstName);
  return {
    to,
    subject: "Reset your LearnHub password",
    text: `${hi.text}\n\nOpen this link to choose a new password (valid for 1 hour, once):\n${link}\n\nThe LearnHub team`,
    html: layout(
      "Reset your password",
      `<p>${hi.html} click the button to choose a new password. The link works once, for 1 hour.</p>
${linkButton(link, "Choose a new password")}`,
    ),
  };
}

/** Sent instead of a second account when someone signs up with an address that already has one. */
export function alreadyRegisteredMail(to: string, firstName: string, loginUrl: string): Mail {
  const hi = greeting(firstName);
  return {
    to,
    subject: "You already have a LearnHub account",
    text: `${hi.text}\n\nSomeone tried to sign up with this e-mail, but you already have an account. Log in at ${loginUrl}, or use "Forgot password" there.\n\nThe LearnHub team`,
    html: layout(
      "You already have an account",
      `<p>${hi.html} someone tried to sign up with this e-mail, but you already have an account.</p>
<p><a href="${escapeHtml(loginUrl)}">Log in</a>, or use "Forgot password" there.</p>`,
    ),
  };
}

/** Sent when failed logins have locked the account: the owner can lift the lockout (the link works once, 24 hours). */
export function unlockLinkMail(to: string, firstName: string, link: string): Mail {
  const hi = greeting(firstName);
  return {
    to,
    subject: "Your LearnHub account was locked",
    text: `${hi.text}\n\nThere were too many failed logins to your account, so logging in is paused for a while. If that was you, open this link to unlock it now (valid for 24 hours, once):\n${link}\n\nIf it was not you, someone may be guessing your password: consider changing it.\n\nThe LearnHub team`,
    html: layout(
      "Your account was locked",
      `<p>${hi.html} there were too many failed logins to your account, so logging in is paused for a while. If that was you, unlock it now. The link works once, for 24 hours.</p>
${linkButton(link, "Unlock my account")}
<p>If it was not you, someone may be guessing your password: consider changing it.</p>`,
    ),
  };
}
