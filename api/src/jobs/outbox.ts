import type { PrismaClient } from "../db/client.ts";
import { type JobName, RERUNNABLE_JOBS } from "../job-contract.ts";
import type { Logger } from "../logger.ts";
import type { JobQueue } from "./queue.ts";

/** Moves recorded jobs to the queue after commit; a periodic sweep catches anything a crash or outage left behind. */
export class JobDispatcher {
  private timer?: NodeJS.Timeout;
  private inFlight?: Promise<number>;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly queue: JobQueue,
    private readonly logger: Logger,
  ) {}

  /** Dispatches now without waiting; failures are logged and left for the sweeper. */
  kick(): void {
    this.dispatchPending().catch((error) => this.logger.warn({ err: error }, "job dispatch failed; the sweeper will retry"));
  }

  /** Enqueues every recorded job not yet dispatched. Concurrent calls share one pass. */
  dispatchPending(): Promise<number> {
    this.inFlight ??= this.pass().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  startSweeper(intervalMs = 5000): void {
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.inFlight?.catch(() => {});
  }

  private async pass(): Promise<number> {
    let count = 0;
    for (;;) {
      const batch = await this.prisma.outboxJob.findMany({
        where: { dispatchedAt: null },
        orderBy: { createdAt: "asc" },
        take: 100,
      });
      if (batch.length === 0) return count;
      for (const job of batch) {
        // The job id makes a second enqueue (after a crash between these two lines) a no-op.
        const name = job.name as JobName;
        await this.queue.enqueue(name, job.payload as never, { jobId: job.jobId, rerunIfFinished: RERUNNABLE_JOBS.has(name) });
        await this.prisma.outboxJob.updateMany({ where: { id: job.id, dispatchedAt: null }, data: { dispatchedAt: new Date() } });
        count++;
      }
    }
  }
}
