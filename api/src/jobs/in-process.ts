import { randomUUID } from "node:crypto";
import { type JobName, type JobPayload, parsePayload } from "../job-contract.ts";
import type { Logger } from "../logger.ts";
import {
  backoffDelay,
  DEFAULT_RETRY,
  type EnqueueOptions,
  type JobOutcome,
  type JobQueue,
  logJobFailure,
  PermanentJobError,
  type Processors,
  type RetryPolicy,
} from "./queue.ts";

/** How long a finished job id is remembered for deduplication, like BullMQ keeping finished jobs. */
const FINISHED_TTL_MS = 60 * 60 * 1000;

interface Entry {
  outcome?: JobOutcome;
  finishedAt?: number;
  done: Promise<JobOutcome>;
}

/**
 * Runs the same processors as the worker inside the API process, with the same retry policy.
 * Used on the embedded default (no REDIS_URL) and in tests.
 */
export class InProcessQueue implements JobQueue {
  readonly kind = "in-process";
  private readonly jobs = new Map<string, Entry>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<unknown>>();
  private closed = false;

  constructor(
    private readonly processors: Processors | (() => Processors),
    private readonly logger: Logger,
    private readonly retry: RetryPolicy = DEFAULT_RETRY,
  ) {}

  async enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options: EnqueueOptions = {}): Promise<string> {
    if (this.closed) throw new Error("queue is closed");
    parsePayload(name, payload);
    this.forgetOldJobs();
    const jobId = options.jobId ?? randomUUID();
    const known = this.jobs.get(jobId);
    if (known && !(options.rerunIfFinished && known.outcome)) return jobId;
    let settle!: (o: JobOutcome) => void;
    const entry: Entry = { done: new Promise((r) => (settle = r)) };
    this.jobs.set(jobId, entry);
    const finish = (outcome: JobOutcome) => {
      entry.outcome = outcome;
      entry.finishedAt = Date.now();
      settle(outcome);
    };
    this.schedule(() => this.attempt(name, payload, jobId, 1, finish), options.delayMs ?? 0);
    return jobId;
  }

  async waitFor(jobId: string, timeoutMs: number): Promise<JobOutcome> {
    const deadline = Date.now() + timeoutMs;
    // A job recorded in the outbox reaches the queue a moment later.
    let entry = this.jobs.get(jobId);
    while (!entry && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
      entry = this.jobs.get(jobId);
    }
    if (!entry) return { state: "timeout" };
    timeoutMs = Math.max(0, deadline - Date.now());
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<JobOutcome>((r) => {
      timer = setTimeout(() => r({ state: "timeout" }), timeoutMs);
    });
    try {
      return await Promise.race([entry.done, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Resolves when no job is running or waiting (tests use it to settle). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.timers.size > 0) {
      await Promise.race([...this.running, new Promise((r) => setTimeout(r, 10))]);
    }
  }

  async ping(): Promise<boolean> {
    return !this.closed;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  private schedule(run: () => Promise<void>, delayMs: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed) return;
      const p = run().finally(() => this.running.delete(p));
      this.running.add(p);
    }, delayMs);
    this.timers.add(timer);
  }

  private async attempt<N extends JobName>(
    name: N,
    payload: JobPayload<N>,
    jobId: string,
    attempt: number,
    finish: (o: JobOutcome) => void,
  ): Promise<void> {
    const processors = typeof this.processors === "function" ? this.processors() : this.processors;
    const processor = processors[name] as (p: JobPayload<N>, m: { jobId: string; attempt: number }) => Promise<unknown>;
    try {
      const result = await processor(payload, { jobId, attempt });
      finish({ state: "completed", result });
    } catch (error) {
      const final = error instanceof PermanentJobError || attempt >= this.retry.attempts;
      logJobFailure(this.logger, name, jobId, attempt, error, final);
      if (final) finish({ state: "failed", error: (error as Error).message });
      else this.schedule(() => this.attempt(name, payload, jobId, attempt + 1, finish), backoffDelay(this.retry, attempt));
    }
  }

  private forgetOldJobs() {
    const cutoff = Date.now() - FINISHED_TTL_MS;
    for (const [id, e] of this.jobs) if (e.finishedAt !== undefined && e.finishedAt < cutoff) this.jobs.delete(id);
  }
}
