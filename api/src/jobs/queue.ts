import type { JobName, JobOutcome, JobPayload } from "../job-contract.ts";
import type { Logger } from "../logger.ts";

// Part of the contract (the domain throws the one and reads the other), kept importable from here for the queues.
export { type JobOutcome, PermanentJobError } from "../job-contract.ts";

export interface EnqueueOptions {
  /** Deterministic id: a second enqueue with the same id while the first is known is ignored. */
  jobId?: string;
  delayMs?: number;
  /**
   * With a jobId: if that job already finished (completed or failed), run it again instead of ignoring the enqueue.
   * For idempotent jobs whose outcome can change over time (a payment that was pending).
   */
  rerunIfFinished?: boolean;
}

export type Processor<N extends JobName> = (payload: JobPayload<N>, meta: { jobId: string; attempt: number }) => Promise<unknown>;
export type Processors = { [N in JobName]: Processor<N> };

export interface RetryPolicy {
  attempts: number;
  /** First retry delay; each next one doubles. */
  backoffMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 8, backoffMs: 1000 };

export interface JobQueue {
  readonly kind: "in-process" | "bullmq";
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<string>;
  /** Waits up to `timeoutMs` for a job to finish (all retries included). */
  waitFor(jobId: string, timeoutMs: number): Promise<JobOutcome>;
  /** Whether the backend is reachable (for /readyz). */
  ping(): Promise<boolean>;
  /** Stops taking work, lets running jobs finish, closes connections. */
  close(): Promise<void>;
}

export function backoffDelay(policy: RetryPolicy, attempt: number): number {
  return policy.backoffMs * 2 ** (attempt - 1);
}

export function logJobFailure(logger: Logger, name: string, jobId: string, attempt: number, error: unknown, final: boolean) {
  logger[final ? "error" : "warn"]({ job: name, jobId, attempt, err: error }, final ? "job failed for good" : "job failed, will retry");
}
