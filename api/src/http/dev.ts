import type { FastifyInstance } from "fastify";
import type { Services } from "../services.ts";

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Development-only pages. The mailbox shows what the outbox transport "sent", so a newcomer can read their code.
 * Not registered in production.
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
    reply.type("text/html; charset=utf-8").send(`<!doctype html><html lang="en"><meta charset="utf-8">
      <meta name="viewport" content="width=device-width,initial-scale=1"><title>Dev mailbox</title>
      <style>body{font:15px system-ui;max-width:48rem;margin:2rem auto;padding:0 1rem}article{border:1px solid #ddd;
      border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}time{color:#666;float:right}</style>
      <h1>Dev mailbox</h1>${note}${rows || "<p>No mail yet.</p>"}</html>`);
  });
}
