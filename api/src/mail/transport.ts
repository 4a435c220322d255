import nodemailer from "nodemailer";
import type { PrismaClient } from "../db/client.ts";
import type { Logger } from "../logger.ts";

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
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

/**
 * The embedded default: mails are stored for the dev mailbox page, nothing leaves the machine. With `logContent`
 * (development) the start of each mail is logged too, so a sign-up code or reset link shows in the terminal; without
 * it (production with MAIL_OUTBOX=true) only the stored row's id.
 */
export function outboxTransport(prisma: PrismaClient, logger: Logger, options: { logContent: boolean }): MailTransport {
  return {
    kind: "outbox",
    async send(mail) {
      const { attachments = [], ...fields } = mail;
      // Only the attachments' names are kept (the dev mailbox lists them).
      const data = { ...fields, attachments: attachments.map((a) => a.filename) };
      const { id } = await prisma.outboxMail.create({ data, select: { id: true } });
      // Subjects carry codes too ("Your LearnHub verification code: ..."), so production logs the row id alone.
      if (options.logContent) {
        logger.info({ id, to: mail.to, subject: mail.subject, preview: mail.text.slice(0, 200) }, "mail stored in the outbox");
      } else {
        logger.info({ id }, "mail stored in the outbox");
      }
    },
    async close() {},
  };
}
