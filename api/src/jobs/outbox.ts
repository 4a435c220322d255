import type { Prisma, PrismaClient } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { type JobName, type JobPayload, RERUNNABLE_JOBS } from "./contract.ts";
import type { JobQueue } from "./queue.ts";

type Tx = Pick<PrismaClient, "outboxJob"> | Prisma.TransactionClient;

/**
 * Records a job in the same transaction as the change that causes it, so that it is never lost: if the process
 * dies after commit, the sweeper dispatches it; if the transaction rolls back, the job never existed.
 */
export async function recordJob<N extends JobName>(tx: Tx, name: N, payload: JobPayload<N>, jobId: string): Promise<void> {
  await tx.outboxJob.create({ data: { name, payload: payload as Prisma.InputJsonValue, jobId } });
}

/**
 * Records a job that may be requested again under the same id (see RERUNNABLE_JOBS): a second request re-arms the
 * recorded job instead of failing on the unique job id.
 */
export async function recordRerunnableJob<N extends JobName>(tx: Tx, name: N, payload: JobPayload<N>, jobId: string): Promise<void> {
  const data = { name, payload: payload as Prisma.InputJsonValue, dispatchedAt: null };
  await tx.outboxJob.upsert({ where: { jobId }, create: { ...data, jobId }, update: data });
}

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
