import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logsWhile, startTestApp, type TestApp } from "#testing/app.ts";

/** The development pages (dev.ts) answer once: a real 200, logged as one, with no error or warning line. */
describe("the dev mailbox pages", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ NODE_ENV: "development" }, { logs: true });
    await app.services.db.prisma.outboxMail.create({
      data: { to: "dev-page@example.com", subject: "Hello", text: "Hi", html: "<p>Hi</p>" },
    });
  });
  afterAll(() => app.close());

  it.each(["/dev/mailbox", "/dev/mailbox/templates", "/dev/mailbox.json"])("%s: 200, logged as 200, no error", async (path) => {
    const { result, entries } = await logsWhile(app, async () => {
      const res = await app.fetch(path);
      return { status: res.status, body: await res.text() };
    });
    expect(result.status).toBe(200);
    expect(result.body).toContain(path === "/dev/mailbox/templates" ? "Mail templates" : "dev-page@example.com");
    expect(entries.filter((e) => Number(e.level) >= 40)).toEqual([]);
    const completed = entries.filter((e) => e.msg === "request completed");
    expect(completed).toHaveLength(1);
    expect(completed[0]?.res).toMatchObject({ statusCode: 200 });
    expect(JSON.stringify(entries)).not.toMatch(/Cannot write headers|already sent|"statusCode":500/);
  });
});
