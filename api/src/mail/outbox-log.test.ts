import { Writable } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { codeIn, lastMailTo, resetTokenIn, signUp } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { createLogger } from "../logger.ts";

/** A test app whose pino output (info and up, as a server logs by default) is kept line by line. */
async function appWithLog(nodeEnv: "production" | "development") {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  const app = await startTestApp({ NODE_ENV: nodeEnv, LOG_LEVEL: "info" }, { logger: createLogger("info", "api", destination) });
  return { app, log: () => lines.join("\n"), lines };
}

/** A sign-up code and a reset link, as the outbox stored them, and the page the link opens visited once. */
async function codeAndResetLink(app: TestApp) {
  const account = await signUp(app, "learner");
  await rest(app, "POST", "/api/auth/forgot-password", { body: { email: account.email } });
  const reset = resetTokenIn(await lastMailTo(app, account.email));
  await app.fetch(`/reset-password?token=${encodeURIComponent(reset.token)}`);
  return { code: account.code, token: reset.token };
}

describe("the mail outbox's log", () => {
  const apps: TestApp[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  it("holds no sign-up code and no reset link in production (MAIL_OUTBOX=true)", async () => {
    const { app, log, lines } = await appWithLog("production");
    apps.push(app);
    const { code, token } = await codeAndResetLink(app);
    // The mails were stored and logged as stored: the log was written, it just does not carry them.
    expect(lines.filter((line) => line.includes("mail stored in the outbox"))).toHaveLength(2);
    expect(log()).not.toContain(code);
    expect(log()).not.toContain(token);
    expect(log()).not.toContain(encodeURIComponent(token));
    expect(log()).not.toMatch(/verification code|reset-password\?token=[^[]/i);
  });

  it("shows them in development, where the log stands in for the mailbox", async () => {
    const { app, log } = await appWithLog("development");
    apps.push(app);
    const account = await signUp(app, "learner");
    expect(log()).toContain(codeIn(await lastMailTo(app, account.email)));
  });
});
