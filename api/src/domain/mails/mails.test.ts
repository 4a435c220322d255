import { readdirSync, readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, lastMailTo, learnerWithToken, mailsTo, signUp } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { compileLayout } from "../../../../scripts/mail-layout-compile.mjs";
import type { Prisma } from "../../db/client.ts";
import { composeMail, type MailTemplate } from "./compose.ts";
import { MAIL_TEMPLATES } from "./templates.ts";

const BRANDING = {
  businessName: "Acme <b>Academy</b> & Co",
  logoImage: "/uploads/acme-logo.png",
  supportEmail: "help@acme.example",
  postalAddress: "12 Marina Road\nLagos",
  footerContact: "+234 800 123 4567",
};
const ESCAPED_NAME = "Acme &#60;b&#62;Academy&#60;/b&#62; &#38; Co";
const SCRIPT = `<script>alert(1)</script>"'&`;

/** The template's sample with every string value replaced (dates and numbers kept). */
function sampleWith(template: MailTemplate<any>, replace: (key: string, value: string) => string) {
  return Object.fromEntries(Object.entries(template.sample as object).map(([k, v]) => [k, typeof v === "string" ? replace(k, v) : v]));
}

describe("mail templates", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const brand = (data: Prisma.BusinessSettingsUpdateInput) => app.services.db.prisma.businessSettings.update({ where: { id: 1 }, data });

  it("the committed layout is what MJML makes of layout.mjml (run `npm run mails` after changing it)", async () => {
    const committed = readFileSync(new URL("./generated/layout.ts", import.meta.url), "utf8");
    expect(committed).toBe(await compileLayout());
    // A mail loads nothing from elsewhere when opened (MJML adds web fonts for some font names): no link, no import.
    expect(committed).not.toMatch(/<link|@import|fonts\.googleapis/i);
  });

  it("every file in templates/ is a template the product and the preview know, named after its file", () => {
    const files = readdirSync(new URL("./templates/", import.meta.url)).map((f) => f.replace(/\.ts$/, ""));
    expect(MAIL_TEMPLATES.map((t) => t.name).sort()).toEqual(files.sort());
  });

  it("every template has an HTML and a text part, branded with the business name, logo and footer from the settings", async () => {
    await brand(BRANDING);
    for (const template of MAIL_TEMPLATES) {
      const mail = await composeMail(app.services, undefined, template, "reader@example.com", template.sample);
      const where = template.name;
      expect([where, mail.to]).toEqual([where, "reader@example.com"]);
      expect([where, mail.html.startsWith("<!doctype html>")]).toEqual([where, true]);
      expect([where, mail.text]).toEqual([where, expect.stringContaining("The Acme <b>Academy</b> & Co team")]);
      expect([where, mail.text]).toEqual([
        where,
        expect.stringContaining("12 Marina Road\nLagos\n+234 800 123 4567\nQuestions? Write to help@acme.example"),
      ]);
      expect([where, mail.html]).toEqual([
        where,
        expect.stringContaining(`<img src="${app.url}/uploads/acme-logo.png" alt="${ESCAPED_NAME}"`),
      ]);
      expect([where, mail.html]).toEqual([where, expect.stringContaining('<a href="mailto:help@acme.example">help@acme.example</a>')]);
      expect([where, mail.html]).toEqual([where, expect.stringContaining("12 Marina Road<br>Lagos")]);
      expect([where, mail.html.includes("<b>Academy")]).toEqual([where, false]);
      expect([where, mail.text.includes("LearnHub")]).toEqual([where, false]);
      expect([where, mail.html.includes("LearnHub")]).toEqual([where, false]);
    }
    // Without a logo the name heads the mail; a logo that is not an uploaded image is not used.
    await brand({ logoImage: "javascript:alert(1)//.png" });
    const mail = await composeMail(app.services, undefined, MAIL_TEMPLATES[0]!, "reader@example.com", MAIL_TEMPLATES[0]!.sample);
    expect(mail.html).not.toContain("<img");
    expect(mail.html).not.toContain("javascript:");
    expect(mail.html).toContain(`color:#4f46e5;margin:0">${ESCAPED_NAME}</p>`);
    await brand({ businessName: "LearnHub", logoImage: null, supportEmail: null, postalAddress: null, footerContact: null });
  });

  it("a mail recorded by the product carries the name the settings had then", async () => {
    await brand({ businessName: "Acme Academy" });
    const first = await signUp(app, "learner");
    const mail = await lastMailTo(app, first.email);
    expect(mail.subject).toBe(`Your Acme Academy verification code: ${first.code}`);
    expect(mail.text).toContain("The Acme Academy team");
    expect(mail.html).toContain(">Acme Academy</p>");

    await brand({ businessName: "Bright Skills" });
    expect((await rest(app, "POST", "/api/auth/forgot-password", { body: { email: first.email } })).status).toBe(200);
    const reset = await lastMailTo(app, first.email);
    expect(reset.subject).toBe("Reset your Bright Skills password");
    expect(reset.text).toContain("The Bright Skills team");
    // The mail recorded before keeps its words: the outbox holds the finished mail.
    expect(
      (await app.services.db.prisma.outboxMail.findFirstOrThrow({ where: { to: first.email, subject: mail.subject } })).text,
    ).toContain("The Acme Academy team");
    await brand({ businessName: "LearnHub" });
  });

  it("what people typed is escaped in the HTML part, and a name that could become a link is printed in neither part", async () => {
    for (const template of MAIL_TEMPLATES) {
      const where = template.name;
      const scripted = await composeMail(
        app.services,
        undefined,
        template,
        "reader@example.com",
        sampleWith(template, () => SCRIPT),
      );
      expect([where, /<script/i.test(scripted.html)]).toEqual([where, false]);
      expect([where, scripted.html]).toEqual([where, expect.stringContaining("&#60;script&#62;alert(1)&#60;/script&#62;&#34;&#39;&#38;")]);
      // The text part is plain text: the same words, never interpreted.
      expect([where, scripted.text]).toEqual([where, expect.stringContaining(SCRIPT)]);

      const named = await composeMail(
        app.services,
        undefined,
        template,
        "reader@example.com",
        sampleWith(template, (key, value) => (key === "firstName" || key === "name" ? "visit evil.com now" : value)),
      );
      expect([where, `${named.subject}${named.text}${named.html}`.includes("evil")]).toEqual([where, false]);
    }
  });

  it("an offline checkout and its confirmation mail a track named with <script>: escaped in HTML, branded from the settings", async () => {
    await brand({ businessName: "Acme Academy" });
    const owner = (await adminWithToken(app, "OWNER")).token;
    const finance = (await adminWithToken(app, "FINANCE")).token;
    const { learner, token } = await learnerWithToken(app);
    const trackName = `${SCRIPT} Track`;
    const track = await app.services.db.prisma.track.create({
      data: { name: trackName, priceCents: 12_000, duration: "4 weeks", instructor: "I", description: "D", status: "PUBLISHED" },
    });
    const settings = {
      offlinePaymentsEnabled: true,
      offlineInstructions: `Pay to <img src=x onerror=alert(1)>\nAccount 0123`,
      offlineExpiryDays: 7,
      checkoutAbandonHours: 24,
    };
    expect((await rest(app, "PUT", "/api/settings", { token: owner, body: settings })).status).toBe(200);
    const checkout = await app.graphql(
      `mutation($input: CheckoutInput!) { checkout(input: $input) { __typename ... on CheckoutPayload { reference } } }`,
      {
        input: {
          trackId: Buffer.from(`Track:${track.id}`).toString("base64"),
          contact: "+234 802 555 0101",
          gender: "MALE",
          method: "OFFLINE",
        },
      },
      token,
    );
    const reference = checkout.data?.checkout.reference as string;
    expect(reference).toBeTruthy();
    const invoice = await app.services.db.prisma.invoice.findUniqueOrThrow({ where: { reference } });
    const today = new Date().toISOString().slice(0, 10);
    const confirmed = await rest(app, "POST", `/api/invoices/${invoice.id}/confirm`, {
      token: finance,
      body: { method: "bank_transfer", receivedOn: today },
    });
    expect(confirmed.status).toBe(200);

    const mails = await mailsTo(app, learner.email);
    const howToPay = mails.find((m) => m.subject === `How to pay for ${trackName}`);
    const paid = mails.find((m) => m.subject === `Payment received: you are enrolled in ${trackName}`);
    for (const mail of [howToPay, paid]) {
      expect(mail?.html).not.toMatch(/<script|<img src=x/i);
      expect(mail?.html).toContain("&#60;script&#62;alert(1)&#60;/script&#62;&#34;&#39;&#38; Track");
      expect(mail?.text).toContain(`${trackName}`);
      expect(mail?.text).toContain("The Acme Academy team");
      expect(mail?.html).toContain(">Acme Academy</p>");
    }
    expect(howToPay?.html).toContain("Pay to &#60;img src=x onerror=alert(1)&#62;<br>Account 0123");
    expect(howToPay?.text).toContain("Pay to <img src=x onerror=alert(1)>\nAccount 0123");
    await brand({ businessName: "LearnHub" });
  });

  it("the dev mailbox links to a preview of every template, HTML in a sandboxed frame and the text part", async () => {
    await brand({ businessName: "Preview & Co" });
    const mailbox = await (await app.fetch("/dev/mailbox")).text();
    expect(mailbox).toContain('<a href="/dev/mailbox/templates">Mail templates</a>');
    const res = await app.fetch("/dev/mailbox/templates");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await res.text();
    for (const template of MAIL_TEMPLATES) {
      expect(page).toContain(`<h2 id="${template.name}-title">${template.name}</h2>`);
      expect(page).toContain(`title="${template.name}: HTML part" srcdoc="&#60;!doctype html&#62;`);
      expect(page).toContain(`<pre aria-label="${template.name}: text part">`);
    }
    expect(page.match(/<iframe sandbox="" /g)).toHaveLength(MAIL_TEMPLATES.length);
    expect(page).not.toMatch(/<iframe(?![^>]*sandbox="")/);
    expect(page).toContain("The Preview &#38; Co team");
    await brand({ businessName: "LearnHub" });
  });
});

describe("mail templates in production", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ NODE_ENV: "production" });
  });
  afterAll(() => app.close());

  it("has no template preview", async () => {
    const res = await app.fetch("/dev/mailbox/templates");
    expect(res.status).toBe(404);
    const page = await res.text();
    expect(page).not.toContain("Mail templates");
    expect(page).not.toContain("verification-code");
  });
});
