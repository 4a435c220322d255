import { randomBytes } from "node:crypto";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminActor, learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { createTrack } from "#testing/catalogue.ts";
import { startSmtp } from "#testing/smtp.ts";
import { createInvoice } from "../invoices/invoices.ts";

/**
 * The receipt mail carries the receipt's PDF (docs/ARCHITECTURE.md, "Invoice numbers and PDFs"): made by the mail job
 * when it sends, attached over SMTP, and named in the dev outbox.
 */

async function paidBy(app: TestApp) {
  const actor = await adminActor(app);
  const { learner } = await learnerWithToken(app, { firstName: "Kofi", lastName: "Boateng" });
  const track = await createTrack(app, 25_000, { name: `Cloud ${randomBytes(2).toString("hex")}`, duration: "2 weeks" });
  const invoice = await createInvoice(app.services, actor, { learnerId: learner.id, trackId: track.id, amount: 250, status: "PAID" });
  await app.settleJobs();
  return { learner, invoice };
}

describe("receipt mail with its PDF", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "LearnHub <no-reply@learnhub.test>" });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  it("arrives over SMTP with the receipt PDF attached, its text holding the number, the buyer and PAID", async () => {
    const { learner, invoice } = await paidBy(app);
    const mails = smtp.received.filter((m) => m.to.includes(learner.email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    // The mail's own text and HTML parts are still there beside the attachment.
    expect(mail.text.length).toBeGreaterThan(0);
    expect(mail.html.length).toBeGreaterThan(0);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${invoice.number}.pdf`, "application/pdf"]]);
    const pdf = mail.attachments[0]!.content;
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain(`Number: ${invoice.number}`);
    expect(text).toContain("Kofi Boateng");
    expect(text).toContain("Status: PAID");
    expect(text).toContain("$250.00");
  });
});

describe("receipt mail in the dev outbox", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it("keeps the attachment's name, and the dev mailbox lists it", async () => {
    const { learner, invoice } = await paidBy(app);
    const stored = await app.services.db.prisma.outboxMail.findMany({ where: { to: learner.email } });
    expect(stored.map((m) => m.attachments)).toEqual([[`${invoice.number}.pdf`]]);
    const page = await (await app.fetch("/dev/mailbox")).text();
    expect(page).toContain(`Attachments: ${invoice.number}.pdf`);
  });
});
