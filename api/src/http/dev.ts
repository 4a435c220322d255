import type { FastifyInstance } from "fastify";
import { brandOf, escapeHtml, renderMail } from "../domain/mails/compose.ts";
import { MAIL_TEMPLATES } from "../domain/mails/templates.ts";
import { businessIdentity } from "../domain/settings/settings.ts";
import type { Services } from "../services.ts";

/**
 * Development-only pages. The mailbox shows what the outbox transport "sent", so a newcomer can read their code.
 * Not registered in production. An async handler that sends its own reply returns it: otherwise Fastify answers
 * again when the handler resolves, and logged a 500 ("Cannot write headers after they are sent") for a page the
 * browser got as a 200.
 */
export async function registerDevRoutes(app: FastifyInstance, services: Services) {
  app.get("/dev/mailbox.json", async (req) => {
    const to = (req.query as { to?: string }).to;
    const mails = await services.db.prisma.outboxMail.findMany({
      where: to ? { to: to.toLowerCase() } : undefined,
      orderBy: { createdAt: "desc" },
      take: 50,
    });
    return { mails };
  });

  app.get("/dev/mailbox", async (_req, reply) => {
    const mails = await services.db.prisma.outboxMail.findMany({ orderBy: { createdAt: "desc" }, take: 50 });
    const rows = mails
      .map(
        (m) => `<article><header><strong>${escapeHtml(m.subject)}</strong> to ${escapeHtml(m.to)}
          <time>${m.createdAt.toISOString()}</time></header><pre>${escapeHtml(m.text)}</pre>${
            m.attachments.length ? `<p>Attachments: ${m.attachments.map(escapeHtml).join(", ")}</p>` : ""
          }</article>`,
      )
      .join("");
    const note = services.mail.kind === "smtp" ? "<p>SMTP is configured: mails go to the SMTP server, not here.</p>" : "";
    return reply.type("text/html; charset=utf-8").send(`<!doctype html><html lang="en"><meta charset="utf-8">
      <meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox</title>
      <style>body{font:15px system-ui;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;
      border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}time{color:#666;float:right}</style>
      <h1>Dev mailbox</h1><p><a href="/dev/mailbox/templates">Mail templates</a>: every mail with sample data.</p>
      ${note}${rows || "<p>No mail yet.</p>"}</html>`);
  });

  // Every mail template rendered with sample data and the business's current branding: the HTML part in a sandboxed
  // frame (no scripts, no same-origin access, no navigation) and the text part beside it.
  app.get("/dev/mailbox/templates", async (_req, reply) => {
    const brand = brandOf(await businessIdentity(services), services.config.publicUrl);
    const items = MAIL_TEMPLATES.map((template) => {
      const mail = renderMail(template, template.sample, brand, "learner@example.com");
      return `<section id="${escapeHtml(template.name)}" aria-labelledby="${escapeHtml(template.name)}-title">
        <h2 id="${escapeHtml(template.name)}-title">${escapeHtml(template.name)}</h2><p>${escapeHtml(template.description)}</p>
        <p><strong>Subject:</strong> ${escapeHtml(mail.subject)}</p>
        <div class="parts"><iframe sandbox="" title="${escapeHtml(template.name)}: HTML part" srcdoc="${escapeHtml(mail.html)}"></iframe>
        <pre aria-label="${escapeHtml(template.name)}: text part">${escapeHtml(mail.text)}</pre></div></section>`;
    }).join("");
    return reply.type("text/html; charset=utf-8").send(`<!doctype html><html lang="en"><meta charset="utf-8">
      <meta name="viewport" content="width=device-width,initial-scale=1"><title>Mail templates</title>
      <style>body{font:15px system-ui;max-width:80rem;margin:2rem auto;padding:0 1rem}section{border-top:1px solid #ddd;
      padding:1rem 0}.parts{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}iframe{width:600px;max-width:100%;
      height:600px;border:1px solid #ddd;border-radius:8px}pre{flex:1 1 20rem;min-width:0;white-space:pre-wrap;
      overflow-wrap:anywhere;background:#f6f6f6;border-radius:8px;padding:1rem;margin:0}</style>
      <p><a href="/dev/mailbox">Back to the dev mailbox</a></p><h1>Mail templates</h1>
      <p>${MAIL_TEMPLATES.length} templates, with the business's current name, logo and footer from Settings.</p>
      <nav aria-label="Templates"><ul>${MAIL_TEMPLATES.map((t) => `<li><a href="#${escapeHtml(t.name)}">${escapeHtml(t.name)}</a></li>`).join("")}</ul></nav>
      ${items}</html>`);
  });
}
