import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { resetRateLimits, signUpBody, TEST_PASSWORD } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";

/** A mail as it arrived over SMTP, with its MIME parts decoded. */
interface Received {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
  html: string;
}

type Behaviour = "accept" | "reject-connection" | "reject-data";

/**
 * A real SMTP server on a free loopback port. `plan` says, connection by connection, how to answer (then "accept"
 * for ever after): refuse the connection (421), refuse the message after DATA (451), or take it.
 */
async function startSmtp(plan: Behaviour[] = []) {
  const received: Received[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      if (plan[connections - 1] === "reject-connection") {
        return callback(Object.assign(new Error("Service not available, try again later"), { responseCode: 421 }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (plan[connections - 1] === "reject-data") {
          return callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
        }
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          ...parseMime(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for nodemailer's output: headers, multipart/alternative, quoted-printable or base64 parts. */
function parseMime(raw: string): { subject: string; text: string; html: string } {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, " ");
  const subject = decodeWords(/^subject: (.*)$/im.exec(unfolded)?.[1] ?? "");
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  const body = rest.join("\r\n\r\n");
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [`${head}\r\n\r\n${body}`];
  const out = { text: "", html: "" };
  for (const part of parts) {
    const [partHead = "", ...partBody] = part.replace(/^\r?\n/, "").split(/\r?\n\r?\n/);
    const content = partBody.join("\r\n\r\n");
    const encoding = /content-transfer-encoding: *(\S+)/i.exec(partHead)?.[1]?.toLowerCase();
    const decoded =
      encoding === "quoted-printable"
        ? decodeQuotedPrintable(content)
        : encoding === "base64"
          ? Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8")
          : content;
    if (/content-type: *text\/plain/i.test(partHead)) out.text = decoded.trim();
    if (/content-type: *text\/html/i.test(partHead)) out.html = decoded.trim();
  }
  return { subject, ...out };
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=) in a header. */
function decodeWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, kind: string, text: string) =>
      kind.toLowerCase() === "b" ? Buffer.from(text, "base64").toString("utf8") : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

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
});
