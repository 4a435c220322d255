import { setTimeout as sleep } from "node:timers/promises";

/**
 * The sandbox's clock: every wait it takes (a delayed or retried webhook, a refund kept pending, a bank transfer or a
 * mobile money approval completed later, a slow verify) and every time it records goes through one, so a test can
 * move time on instead of sleeping (`ManualScheduler` in sandbox/testing.ts). The server uses `realScheduler`.
 */
export interface SandboxScheduler {
  now(): Date;
  /**
   * Resolves once `ms` have passed (a zero or negative wait on the next turn of the event loop); rejects with the
   * signal's reason as soon as `signal` is aborted (the server is closing, or the wait was cut short).
   */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realScheduler: SandboxScheduler = {
  now: () => new Date(),
  sleep: (ms, signal) => sleep(Math.max(0, ms), undefined, { signal }),
};
