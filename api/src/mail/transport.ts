import nodemailer from "nodemailer";
import type { PrismaClient } from "../db/client.ts";
import type { Logger } from "../logger.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  readonly kind: "smtp" | "outbox";
  send(mail: Mail): Promise<void>;
  close(): Promise<void>;
}

/** Real mail over SMTP (`SMTP_URL`). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: "smtp",
    async send(mail) {
      await transporter.sendMail({ from, ...mail });
    },
    async close() {
      transporter.close();
    },
  };
}

/** The embedded default: mails are stored for the dev mailbox page and logged, nothing leaves the machine. */
export function outboxTransport(prisma: PrismaClient, logger: Logger): MailTransport {
  return {
    kind: "outbox",
    async send(mail) {
      await prisma.outboxMail.create({ data: mail });
      logger.info({ to: mail.to, subject: mail.subject, preview: mail.text.slice(0, 200) }, "mail stored in the outbox");
    },
    async close() {},
  };
}
