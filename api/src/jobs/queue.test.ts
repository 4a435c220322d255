import { randomBytes } from "node:crypto";
import type { Worker } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testRedis } from "#testing/redis.ts";
import { createLogger } from "../logger.ts";
import { BullmqQueue, startBullmqWorker } from "./bullmq.ts";
import { InProcessQueue } from "./in-process.ts";
import { type JobQueue, PermanentJobError, type Processors } from "./queue.ts";

const logger = createLogger("silent");
const retry = { attempts: 3, backoffMs: 10 };

/** Processors that record what ran; "ping" fails the first `failFirst` attempts of each job. */
function recordingProcessors(failFirst = 0) {
  const runs: { value: string; attempt: number }[] = [];
  const mails: string[] = [];
  const processors: Processors = {
    ping: async ({ value }, { attempt }) => {
      runs.push({ value, attempt });
      if (value === "permanent") throw new PermanentJobError("cannot ever work");
      if (attempt <= failFirst) throw new Error(`flaky attempt ${attempt}`);
      return { pong: value };
    },
    "send-mail": async (mail) => {
      mails.push(mail.to);
    },
    "settle-payment": async () => {
      throw new PermanentJobError("not used here");
    },
    "charge-instalment": async () => {
      throw new PermanentJobError("not used here");
    },
    "password-reset": async () => {
      throw new PermanentJobError("not used here");
    },
    "process-refund": async () => {
      throw new PermanentJobError("not used here");
    },
    "certificate-mail": async () => {
      throw new PermanentJobError("not used here");
    },
    "refund-card-setup": async () => {
      throw new PermanentJobError("not used here");
    },
  };
  return { processors, runs, mails };
}

/** The same behaviour is required of both backends. */
function queueContract(name: string, make: (processors: Processors) => Promise<{ queue: JobQueue; stop(): Promise<void> }>) {
  describe(name, () => {
    it("runs an enqueued job and reports its result", async () => {
      const rec = recordingProcessors();
      const { queue, stop } = await make(rec.processors);
      try {
        const id = await queue.enqueue("ping", { value: "hello" }, { jobId: `ping-${randomBytes(4).toString("hex")}` });
        expect(await queue.waitFor(id, 10_000)).toEqual({ state: "completed", result: { pong: "hello" } });
        expect(rec.runs).toEqual([{ value: "hello", attempt: 1 }]);
      } finally {
        await stop();
      }
    });

    it("retries with backoff until it succeeds", async () => {
      const rec = recordingProcessors(2);
      const { queue, stop } = await make(rec.processors);
      try {
        const id = await queue.enqueue("ping", { value: "flaky" });
        expect(await queue.waitFor(id, 10_000)).toMatchObject({ state: "completed" });
        expect(rec.runs.map((r) => r.attempt)).toEqual([1, 2, 3]);
      } finally {
        await stop();
      }
    });

    it("gives up at once on a permanent failure", async () => {
      const rec = recordingProcessors();
      const { queue, stop } = await make(rec.processors);
      try {
        const id = await queue.enqueue("ping", { value: "permanent" });
        expect(await queue.waitFor(id, 10_000)).toMatchObject({ state: "failed", error: "cannot ever work" });
        expect(rec.runs).toHaveLength(1);
      } finally {
        await stop();
      }
    });

    it("ignores a second enqueue with the same job id", async () => {
      const rec = recordingProcessors();
      const { queue, stop } = await make(rec.processors);
      try {
        const jobId = `once-${randomBytes(4).toString("hex")}`;
        await Promise.all([1, 2, 3].map(() => queue.enqueue("ping", { value: "once" }, { jobId })));
        await queue.waitFor(jobId, 10_000);
        await queue.enqueue("ping", { value: "once" }, { jobId });
        await new Promise((r) => setTimeout(r, 200));
        expect(rec.runs).toHaveLength(1);
      } finally {
        await stop();
      }
    });

    it("refuses a payload that breaks the contract", async () => {
      const { queue, stop } = await make(recordingProcessors().processors);
      try {
        await expect(queue.enqueue("send-mail", { to: "x" } as never)).rejects.toThrow();
      } finally {
        await stop();
      }
    });
  });
}

queueContract("in-process queue", async (processors) => {
  const queue = new InProcessQueue(processors, logger, retry);
  return { queue, stop: () => queue.close() };
});

describe("BullMQ on a real redis-server", () => {
  let redis: Awaited<ReturnType<typeof testRedis>>;
  beforeAll(async () => {
    redis = await testRedis();
    if (!redis) throw new Error("redis-server is required for the BullMQ tests (apt-get install redis-server)");
  });
  afterAll(async () => {
    await redis?.stop();
  });

  queueContract("BullMQ queue + worker", async (processors) => {
    const url = (redis as NonNullable<typeof redis>).url;
    const prefix = `test-${randomBytes(4).toString("hex")}`;
    const queue = new BullmqQueue(url, retry, prefix);
    const worker: Worker = startBullmqWorker({ url, processors, logger, prefix });
    await worker.waitUntilReady();
    return {
      queue,
      async stop() {
        await worker.close();
        await queue.close();
      },
    };
  });
});
