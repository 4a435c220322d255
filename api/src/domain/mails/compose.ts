import type { Prisma } from "../../db/client.ts";
import type { Mail } from "../../mail/transport.ts";
import { isMailSafeName } from "../accounts/rules.ts";
import type { DomainServices as Services } from "../deps.ts";
import { type BusinessIdentity, businessIdentity } from "../settings/settings.ts";
import { LAYOUT_HTML } from "./generated/layout.ts";

/**
 * The one template set of every mail (docs/ARCHITECTURE.md, "Mail templates"). A template (templates/*.ts) turns its
 * data and the business's brand into a `MailContent`: a subject, a title, a greeting and blocks. This module renders
 * that one content twice, as HTML (inside the MJML layout, layout.mjml) and as plain text, so the two parts cannot
 * say different things. Everything a template did not write itself (names, links, the owner's texts) is escaped here.
 */

/** Every value put into a mail's HTML goes through this, whoever typed it. */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A piece of a sentence in both media: its plain text and its (escaped) HTML. */
export interface Rich {
  readonly text: string;
  readonly html: string;
}

const isRich = (v: unknown): v is Rich => typeof v === "object" && v !== null && "text" in v && "html" in v;
const toRich = (v: string | number | Rich): Rich => (isRich(v) ? v : { text: String(v), html: escapeHtml(String(v)) });

/** A sentence: the literal parts are the template's words, every value is escaped unless it is already `Rich`. */
export function rich(strings: TemplateStringsArray, ...values: (string | number | Rich)[]): Rich {
  let text = "";
  let html = "";
  strings.forEach((literal, i) => {
    text += literal;
    html += escapeHtml(literal);
    const value = values[i];
    if (value === undefined) return;
    const part = toRich(value);
    text += part.text;
    html += part.html;
  });
  return { text, html };
}

/** Emphasis in HTML; the same words in text. */
export const strong = (v: string | number | Rich): Rich => {
  const part = toRich(v);
  return { text: part.text, html: `<strong>${part.html}</strong>` };
};

/** A link in HTML; "label at https://..." in text, where a reader cannot click a word. */
export const link = (href: string, label: string): Rich => ({
  text: `${label} at ${href}`,
  html: `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`,
});

/** Words that differ by medium ("click the button" in HTML, "open the link below" in text). */
export const either = (text: string, html: string): Rich => ({ text, html: escapeHtml(html) });

/**
 * "Hi Ada," -- the name only when it is one a mail client cannot turn into a link (rules.isMailSafeName): a name is
 * typed by whoever signs up, with any address, so it must not smuggle a link into our mail. Otherwise just "Hi,".
 */
export function greeting(firstName: string): Rich {
  const name = firstName.trim();
  if (!name || !isMailSafeName(name)) return { text: "Hi,", html: "Hi," };
  return { text: `Hi ${name},`, html: `Hi ${escapeHtml(name)},` };
}

export const HELLO: Rich = { text: "Hello,", html: "Hello," };

export type Block =
  /** A paragraph. */
  | { kind: "p"; content: Rich }
  /** A code to type: "<lead>:" and the code large in HTML, "<lead> <code>." in text. */
  | { kind: "code"; lead: Rich; code: string }
  /**
   * A button and the link written out (HTML); "<label>:" and the link on its own line (text), unless `inText` is false
   * because the text part's sentence already carries the link.
   */
  | { kind: "button"; href: string; label: string; inText?: boolean }
  /** Someone's multi-line plain text (the owner's payment instructions), framed; line breaks kept. */
  | { kind: "box"; text: string };

export interface MailContent {
  subject: string;
  /** The heading of the HTML part. */
  title: string;
  /** Opens the first block in HTML ("Hi Ada, your code is"), stands on its own line in text. */
  greeting?: Rich;
  /** Lower-case first word when there is a greeting: the text part capitalises it. */
  blocks: Block[];
  /** Mails someone may get without asking (codes, links) end with "If you did not ask for this, ...". */
  unasked?: boolean;
}

/** The business as mails show it (from the owner's settings). */
export interface Brand {
  name: string;
  /** Absolute URL of the logo, or null to show the name. */
  logoUrl: string | null;
  supportEmail: string | null;
  postalAddress: string | null;
  footerContact: string | null;
}

/** One mail: its name (the preview lists it), what it is for, sample data for the preview, and its content. */
export interface MailTemplate<Data> {
  name: string;
  description: string;
  sample: Data;
  compose(data: Data, brand: Brand): MailContent;
}

/** An uploaded image's public path, as the settings keep it (/uploads/<name>). */
const UPLOAD_PATH = /^\/uploads\/[A-Za-z0-9._-]+$/;

export function brandOf(
  identity: Pick<BusinessIdentity, "businessName" | "logoImage" | "supportEmail" | "postalAddress" | "footerContact">,
  publicUrl: string,
): Brand {
  const line = (v: string | null) => v?.trim() || null;
  return {
    // A subject is one header line: whatever the name holds, it stays on one line.
    name: identity.businessName.replace(/\s+/g, " ").trim() || "LearnHub",
    logoUrl: identity.logoImage && UPLOAD_PATH.test(identity.logoImage) ? `${publicUrl.replace(/\/$/, "")}${identity.logoImage}` : null,
    supportEmail: line(identity.supportEmail),
    postalAddress: line(identity.postalAddress),
    footerContact: line(identity.footerContact),
  };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const lines = (s: string) => escapeHtml(s).replace(/\r?\n/g, "<br>");

const BUTTON_STYLE =
  "display:inline-block;background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600";
const SMALL = "font-size:13px;color:#6b7280;word-break:break-all";

function blockHtml(block: Block, opening: string): string {
  switch (block.kind) {
    case "p":
      return `<p>${opening}${block.content.html}</p>`;
    case "code":
      return `<p>${opening}${block.lead.html}:</p>\n<p style="font-size:32px;letter-spacing:8px;font-weight:700;margin:16px 0">${escapeHtml(block.code)}</p>`;
    case "button":
      return `${opening ? `<p>${opening.trim()}</p>` : ""}<p style="margin:24px 0 12px"><a href="${escapeHtml(block.href)}" style="${BUTTON_STYLE}">${escapeHtml(block.label)}</a></p>
<p style="${SMALL}">${escapeHtml(block.href)}</p>`;
    case "box":
      return `${opening ? `<p>${opening.trim()}</p>` : ""}<p style="padding:12px 16px;border:1px solid #e5e7eb;border-radius:8px;background:#f9fafb">${lines(block.text)}</p>`;
  }
}

function blockText(block: Block): string | null {
  switch (block.kind) {
    case "p":
      return block.content.text;
    case "code":
      return `${block.lead.text} ${block.code}.`;
    case "button":
      return block.inText === false ? null : `${block.label}:\n${block.href}`;
    case "box":
      return block.text;
  }
}

const UNASKED = "If you did not ask for this, you can ignore this e-mail.";

function footerParts(brand: Brand): { text: string[]; html: string[] } {
  const text = [brand.name, brand.postalAddress, brand.footerContact].filter((v): v is string => !!v);
  const html = text.map((v) => `<p>${lines(v)}</p>`);
  if (brand.supportEmail) {
    text.push(`Questions? Write to ${brand.supportEmail}`);
    html.push(`<p>Questions? Write to <a href="mailto:${escapeHtml(brand.supportEmail)}">${escapeHtml(brand.supportEmail)}</a></p>`);
  }
  return { text, html };
}

/** The HTML part: the content's blocks inside the compiled layout, the brand in its header and footer. */
export function renderHtml(content: MailContent, brand: Brand): string {
  const body = content.blocks
    .map((block, i) => blockHtml(block, i === 0 && content.greeting ? `${content.greeting.html} ` : ""))
    .join("\n");
  const header = brand.logoUrl
    ? `<img src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" height="40" style="display:block;height:40px;max-width:200px;border:0">`
    : `<p style="font-weight:700;font-size:18px;color:#4f46e5;margin:0">${escapeHtml(brand.name)}</p>`;
  const footer = [...(content.unasked ? [`<p>${UNASKED}</p>`] : []), ...footerParts(brand).html].join("");
  const values: Record<string, string> = { TITLE: escapeHtml(content.title), HEADER: header, BODY: body, FOOTER: footer };
  // One pass: a value that happens to hold "%%BODY%%" is not filled in again.
  return LAYOUT_HTML.replace(/%%([A-Z]+)%%/g, (token, key: string) => values[key] ?? token);
}

/** The plain-text part, from the same content: greeting, blocks, the unasked note, the sign-off and the brand's footer. */
export function renderText(content: MailContent, brand: Brand): string {
  const blocks = content.blocks.flatMap((block, i) => {
    const text = blockText(block);
    if (text === null) return [];
    return [i === 0 && content.greeting ? capitalise(text) : text];
  });
  const parts = [...(content.greeting ? [content.greeting.text] : []), ...blocks];
  if (content.unasked) parts.push(UNASKED);
  parts.push(`The ${brand.name} team`);
  const footer = footerParts(brand).text.slice(1);
  return `${parts.join("\n\n")}${footer.length ? `\n\n--\n${footer.join("\n")}` : ""}`;
}

/** A template's finished mail for `to`, with a brand: the preview uses it directly, `composeMail` with the settings. */
export function renderMail<Data>(template: MailTemplate<Data>, data: Data, brand: Brand, to: string): Mail {
  const content = template.compose(data, brand);
  return { to, subject: content.subject.replace(/[\r\n]+/g, " "), text: renderText(content, brand), html: renderHtml(content, brand) };
}

/**
 * A finished mail, branded from the owner's settings read once now (through `client` inside a transaction, so the
 * mail recorded with a change is built from what that transaction sees). The outbox keeps the finished mail, so its
 * words are fixed when it is recorded.
 */
export async function composeMail<Data>(
  deps: Pick<Services, "db" | "config">,
  client: Prisma.TransactionClient | undefined,
  template: MailTemplate<Data>,
  to: string,
  data: Data,
): Promise<Mail> {
  const identity = await businessIdentity(deps, client);
  return renderMail(template, data, brandOf(identity, deps.config.publicUrl), to);
}
