import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { recordJob } from "../job-contract.ts";
import { JobDispatcher } from "./outbox.ts";
import type { JobQueue } from "./queue.ts";

describe("job outbox", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it("dispatches a job recorded in a committed transaction, once", async () => {
    const { prisma } = app.services.db;
    await prisma.$transaction(async (tx) => {
      await recordJob(tx, "send-mail", { to: "ada@example.com", subject: "Hi", text: "t", html: "<p>t</p>" }, "mail-outbox-1");
    });
    await app.settleJobs();
    await app.settleJobs();
    const mails = await prisma.outboxMail.findMany({ where: { to: "ada@example.com" } });
    expect(mails).toHaveLength(1);
    expect(await prisma.outboxJob.count({ where: { jobId: "mail-outbox-1", dispatchedAt: { not: null } } })).toBe(1);
  });

  it("never dispatches a job whose transaction rolled back", async () => {
    const { prisma } = app.services.db;
    await expect(
      prisma.$transaction(async (tx) => {
        await recordJob(tx, "send-mail", { to: "rollback@example.com", subject: "Hi", text: "t", html: "t" }, "mail-outbox-2");
        throw new Error("business rule failed");
      }),
    ).rejects.toThrow("business rule failed");
    await app.settleJobs();
    expect(await prisma.outboxJob.count({ where: { jobId: "mail-outbox-2" } })).toBe(0);
    expect(await prisma.outboxMail.count({ where: { to: "rollback@example.com" } })).toBe(0);
  });

  it("keeps a job when the queue is down and dispatches it on a later sweep", async () => {
    const { prisma } = app.services.db;
    let up = false;
    const enqueued: string[] = [];
    const flaky = {
      kind: "in-process",
      async enqueue(_name: string, _payload: unknown, options?: { jobId?: string }) {
        if (!up) throw new Error("queue unreachable");
        enqueued.push(options?.jobId as string);
        return options?.jobId as string;
      },
    } as unknown as JobQueue;
    const dispatcher = new JobDispatcher(prisma, flaky, app.services.logger);
    await prisma.outboxJob.deleteMany();
    await recordJob(prisma, "ping", { value: "later" }, "ping-outbox-3");
    await expect(dispatcher.dispatchPending()).rejects.toThrow("queue unreachable");
    expect(await prisma.outboxJob.count({ where: { dispatchedAt: null } })).toBe(1);
    up = true;
    expect(await dispatcher.dispatchPending()).toBe(1);
    expect(enqueued).toEqual(["ping-outbox-3"]);
    expect(await dispatcher.dispatchPending()).toBe(0);
  });
});
