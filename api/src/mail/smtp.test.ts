import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetRateLimits, signUpBody, TEST_PASSWORD } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { type Behaviour, startSmtp } from "#testing/smtp.ts";

describe("mail over a real SMTP conversation", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let app: TestApp;
  // Connections 1 and 2 fail (refused, then the message refused after DATA); from the 3rd on mail is taken.
  const plan: Behaviour[] = [];

  beforeAll(async () => {
    smtp = await startSmtp(plan);
    app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "LearnHub <no-reply@learnhub.test>" });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });
  beforeEach(() => resetRateLimits(app));

  it("sign-up mails the code over SMTP (text and HTML); it verifies the account", async () => {
    const body = signUpBody();
    const res = await rest(app, "POST", "/api/auth/signup/learner", { body });
    expect(res.status).toBe(201);
    await app.settleJobs();

    const mails = smtp.received.filter((m) => m.to.includes(body.email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.from).toBe("no-reply@learnhub.test");
    expect(mail.raw).toMatch(/^from: LearnHub <no-reply@learnhub\.test>/im);
    expect(mail.raw).toMatch(/multipart\/alternative/i);
    const code = /verification code is (\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.subject).toBe(`Your LearnHub verification code: ${code}`);
    expect(mail.html).toContain(`>${code}</p>`);
    expect(mail.html).toMatch(/^<!doctype html>/);

    // Nothing went to the outbox, and the dev mailbox says where mail goes.
    expect(await app.services.db.prisma.outboxMail.count()).toBe(0);
    const page = await (await app.fetch("/dev/mailbox")).text();
    expect(page).toContain("SMTP is configured");

    const verified = await rest(app, "POST", "/api/auth/verify-email", { body: { email: body.email, token: code } });
    expect(verified.status).toBe(200);
    const login = await rest(app, "POST", "/api/auth/login", { body: { email: body.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body.token).toBeTruthy();

    // The reset link goes out the same way.
    expect((await rest(app, "POST", "/api/auth/forgot-password", { body: { email: body.email } })).status).toBe(200);
    await app.settleJobs();
    const reset = smtp.received.filter((m) => m.to.includes(body.email)).at(-1);
    expect(reset?.subject).toBe("Reset your LearnHub password");
    const link = /(http\S+\/reset-password\?token=\S+)/.exec(reset?.text ?? "")?.[1];
    expect(link?.startsWith(`${app.url}/reset-password?token=`)).toBe(true);
    expect(reset?.html).toContain(link);
  });

  it("a server that fails twice, then works: the mail is delivered exactly once", async () => {
    const before = smtp.connections();
    plan.length = 0;
    plan.push(...Array(before).fill("accept"), "reject-connection", "reject-data");
    const body = signUpBody();
    expect((await rest(app, "POST", "/api/auth/signup/admin", { body })).status).toBe(201);
    await app.settleJobs();

    const mails = smtp.received.filter((m) => m.to.includes(body.email));
    expect(mails).toHaveLength(1);
    expect(smtp.connections() - before).toBe(3);
    const code = /verification code is (\d{6})\b/.exec(mails[0]!.text)?.[1];
    expect((await rest(app, "POST", "/api/auth/verify-email", { body: { email: body.email, token: code } })).status).toBe(200);

    // Settling again sends nothing more.
    await app.settleJobs();
    expect(smtp.received.filter((m) => m.to.includes(body.email))).toHaveLength(1);
  });

  it("no header can be injected: a business name with line breaks stored before the rules stays in its subject line", async () => {
    // Made directly in the database, as a row saved before settings refused control characters could hold it.
    await app.services.db.prisma.businessSettings.update({
      where: { id: 1 },
      data: { businessName: "Acme\r\nBcc: stolen@evil.test\r\nX-Injected: yes\nReply-To: x@evil.test" },
    });
    try {
      const body = signUpBody();
      expect((await rest(app, "POST", "/api/auth/signup/learner", { body })).status).toBe(201);
      await app.settleJobs();
      const mail = smtp.received.filter((m) => m.to.includes(body.email)).at(-1);
      // One recipient on the envelope, and the header block holds no header the name tried to add.
      expect(mail?.to).toEqual([body.email]);
      expect(smtp.received.some((m) => m.to.includes("stolen@evil.test"))).toBe(false);
      const head = (mail?.raw ?? "").split(/\r?\n\r?\n/)[0] ?? "";
      expect(head).not.toMatch(/^(bcc|x-injected|reply-to):/im);
      expect(mail?.subject).toMatch(/^Your Acme Bcc: stolen@evil\.test X-Injected: yes Reply-To: x@evil\.test verification code: \d{6}$/);
    } finally {
      await app.services.db.prisma.businessSettings.update({ where: { id: 1 }, data: { businessName: "LearnHub" } });
    }
  });
});
