import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { sandboxControl, slowPayment } from "#testing/paystack.ts";
import { testRedis } from "#testing/redis.ts";
import { killAll, startWorkerProcess, workerEnvFor } from "#testing/server.ts";
import { paymentJobId } from "../../api/src/domain/payments/verify.ts";

// Worker processes and the API must share one database, which in-memory PGlite cannot be: these tests run on the
// PostgreSQL pass of CI (TEST_DATABASE_URL set); the same job logic is covered in-process by the payments tests.
describe.runIf(process.env.TEST_DATABASE_URL)("worker processes (BullMQ on real Redis, PostgreSQL)", () => {
  let app: TestApp;
  let redis: NonNullable<Awaited<ReturnType<typeof testRedis>>>;
  const workers: ChildProcess[] = [];
  const prefix = `wk-${randomBytes(4).toString("hex")}`;

  beforeAll(async () => {
    const r = await testRedis();
    if (!r) throw new Error("redis-server is required");
    redis = r;
    app = await startTestApp({ REDIS_URL: redis.url, QUEUE_PREFIX: prefix });
  });
  afterAll(async () => {
    await killAll(workers);
    await app.close();
    await redis.stop();
  });

  function startWorker(): ChildProcess {
    const child = startWorkerProcess(workerEnvFor(app, redis.url, prefix), { from: "source" });
    workers.push(child);
    return child;
  }

  const bullQueue = () => (app.services.queue as unknown as { queue: import("bullmq").Queue }).queue;

  const sandbox = (path: string, body?: unknown) => sandboxControl(app, path, body);

  async function until<T>(what: string, check: () => Promise<T | undefined | false>, timeoutMs = 30_000): Promise<T> {
    const end = Date.now() + timeoutMs;
    while (Date.now() < end) {
      const value = await check();
      if (value) return value;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  it("a worker killed mid-job: another worker finishes it, and the learner is enrolled exactly once", async () => {
    const { learner, track, reference } = await slowPayment(app, 4000);

    const first = startWorker();
    const before = (await sandbox("/__controls")).data.verifyRequests;
    await app.services.queue.enqueue("settle-payment", { reference }, { jobId: paymentJobId(reference) });
    await until("the first worker to call Paystack verify", async () => (await sandbox("/__controls")).data.verifyRequests > before);
    first.kill("SIGKILL");
    await sandbox("/__controls", { verifyDelayMs: 0 });

    startWorker();
    const invoice = await until("the invoice to be paid", async () => {
      const i = await app.services.db.prisma.invoice.findUnique({ where: { reference } });
      return i?.status === "PAID" ? i : undefined;
    });
    expect(invoice.status).toBe("PAID");
    expect(await app.services.db.prisma.enrollment.count({ where: { learnerId: learner.id, trackId: track.id } })).toBe(1);
    await sandbox("/__controls/reset", {});
    await killAll(workers);
  }, 60_000);

  it("SIGTERM lets the running job finish, then the worker exits 0 well under 30 s", async () => {
    const { reference } = await slowPayment(app, 2000);
    const worker = startWorker();
    // Only this worker may take the job, and only once its SIGTERM handler is in place (it is, once it is ready).
    await until("the worker to connect", async () => (await bullQueue().getWorkers()).length === 1);
    const before = (await sandbox("/__controls")).data.verifyRequests;
    await app.services.queue.enqueue("settle-payment", { reference }, { jobId: paymentJobId(reference) });
    await until("the job to start", async () => (await sandbox("/__controls")).data.verifyRequests > before);
    const stoppedAt = Date.now();
    worker.kill("SIGTERM");
    const code = await new Promise<number | null>((resolve) => worker.once("exit", resolve));
    expect(code).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(30_000);
    const invoice = await app.services.db.prisma.invoice.findUniqueOrThrow({ where: { reference } });
    expect(invoice.status).toBe("PAID");
    await sandbox("/__controls/reset", {});
  }, 60_000);
});
