import { type Job, Queue, QueueEvents, UnrecoverableError, Worker } from "bullmq";
import { Redis } from "ioredis";
import { type JobName, type JobPayload, parsePayload, QUEUE_NAME } from "../job-contract.ts";
import type { Logger } from "../logger.ts";
import {
  DEFAULT_RETRY,
  type EnqueueOptions,
  type JobOutcome,
  type JobQueue,
  logJobFailure,
  PermanentJobError,
  type Processors,
  type RetryPolicy,
} from "./queue.ts";

export function redisConnection(url: string, role: "producer" | "worker"): Redis {
  // Workers block on Redis and must wait for it indefinitely; producers fail fast so a request is not held.
  return new Redis(url, { maxRetriesPerRequest: role === "worker" ? null : 1, enableOfflineQueue: role === "worker" });
}

/** Producer side, used by the API: adds jobs to Redis for the worker processes. */
export class BullmqQueue implements JobQueue {
  readonly kind = "bullmq";
  private readonly connection: Redis;
  private readonly queue: Queue;
  private events?: QueueEvents;

  constructor(
    private readonly url: string,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
    prefix?: string,
  ) {
    this.connection = redisConnection(url, "producer");
    this.queue = new Queue(QUEUE_NAME, { connection: this.connection, prefix });
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options: EnqueueOptions = {}): Promise<string> {
    parsePayload(name, payload);
    if (options.jobId && options.rerunIfFinished) {
      const existing = await this.queue.getJob(options.jobId);
      const state = existing && (await existing.getState());
      // A finished job keeps its id until removed; remove it so the same id can run again.
      if (existing && (state === "completed" || state === "failed")) await existing.remove().catch(() => {});
    }
    const job = await this.queue.add(name, payload, {
      jobId: options.jobId,
      delay: options.delayMs,
      attempts: this.retry.attempts,
      backoff: { type: "exponential", delay: this.retry.backoffMs },
      removeOnComplete: { age: 3600, count: 10000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    });
    return job.id as string;
  }

  async waitFor(jobId: string, timeoutMs: number): Promise<JobOutcome> {
    this.events ??= new QueueEvents(QUEUE_NAME, { connection: redisConnection(this.url, "worker"), prefix: this.queue.opts.prefix });
    await this.events.waitUntilReady();
    const deadline = Date.now() + timeoutMs;
    // A job recorded in the outbox reaches the queue a moment later.
    let job = await this.queue.getJob(jobId);
    while (!job && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      job = await this.queue.getJob(jobId);
    }
    if (!job) return { state: "timeout" };
    try {
      return { state: "completed", result: await job.waitUntilFinished(this.events, Math.max(1, deadline - Date.now())) };
    } catch (error) {
      const message = (error as Error).message;
      if (/timed out/i.test(message)) return { state: "timeout" };
      return { state: "failed", error: message };
    }
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.connection.ping()) === "PONG";
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    await this.events?.close();
    await this.queue.close();
    this.connection.disconnect();
  }
}

/** Consumer side, run by worker processes: the same processors as the in-process queue. */
export function startBullmqWorker(options: {
  url: string;
  processors: Processors;
  logger: Logger;
  concurrency?: number;
  prefix?: string;
  /** Lock time; a job whose worker died is taken over by another worker after about this long. */
  lockDurationMs?: number;
}): Worker {
  const worker = new Worker(
    QUEUE_NAME,
    async (job: Job) => {
      const name = job.name as JobName;
      const processor = options.processors[name] as
        | ((p: JobPayload<JobName>, m: { jobId: string; attempt: number }) => Promise<unknown>)
        | undefined;
      if (!processor) throw new UnrecoverableError(`No processor for job ${job.name}`);
      try {
        return await processor(parsePayload(name, job.data), { jobId: job.id as string, attempt: job.attemptsMade + 1 });
      } catch (error) {
        if (error instanceof PermanentJobError) throw new UnrecoverableError(error.message);
        throw error;
      }
    },
    {
      connection: redisConnection(options.url, "worker"),
      concurrency: options.concurrency ?? 5,
      prefix: options.prefix,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.lockDurationMs ?? 30_000,
    },
  );
  worker.on("failed", (job, error) => {
    if (!job) return;
    const final = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    logJobFailure(options.logger, job.name, job.id as string, job.attemptsMade, error, final);
  });
  worker.on("error", (error) => options.logger.error({ err: error }, "worker error"));
  return worker;
}
