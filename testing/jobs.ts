import { randomBytes } from "node:crypto";
import type { Worker } from "bullmq";
import type { Env } from "../api/src/config.ts";
import { startBullmqWorker } from "../api/src/jobs/bullmq.ts";
import { createProcessors } from "../api/src/jobs/processors.ts";
import { startTestApp, type TestApp } from "./app.ts";
import { testRedis } from "./redis.ts";

/** Where a test app's jobs run: in the API process, or through BullMQ on a private redis-server to a worker. */
export type JobBackend = "in-process" | "bullmq";

export interface AppWithJobs {
  app: TestApp;
  backend: JobBackend;
  /** The BullMQ worker (bullmq backend only). */
  worker?: Worker;
  stop(): Promise<void>;
}

/**
 * An in-process test app whose jobs run on the given backend: for "bullmq", a private redis-server, a queue prefix of
 * its own (`<prefix>-<random>`) and one worker process-alike running the real processors.
 */
export async function startTestAppWithJobs(
  backend: JobBackend,
  options: { prefix: string; concurrency?: number; env?: Partial<Env> },
): Promise<AppWithJobs> {
  if (backend === "in-process") {
    const app = await startTestApp(options.env);
    return { app, backend, stop: () => app.close() };
  }
  const redis = await testRedis();
  if (!redis) throw new Error("redis-server is required (apt-get install redis-server)");
  const app = await startTestApp({
    ...options.env,
    REDIS_URL: redis.url,
    QUEUE_PREFIX: `${options.prefix}-${randomBytes(4).toString("hex")}`,
  });
  const worker = startBullmqWorker({
    url: redis.url,
    processors: createProcessors(app.services),
    logger: app.services.logger,
    prefix: app.services.config.queuePrefix,
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
  });
  await worker.waitUntilReady();
  return {
    app,
    backend,
    worker,
    async stop() {
      await worker.close();
      await app.close();
      await redis.stop();
    },
  };
}
