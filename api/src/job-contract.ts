import { z } from "zod";
import type { Prisma, PrismaClient } from "./db/client.ts";
import { isPaymentReference } from "./paystack/contract.ts";

/**
 * The one queue contract shared by the API (producer) and the worker (consumer): job names and their payloads, how
 * a job is recorded and how its outcome reads. It sits below the domain, which records jobs through it; jobs/ (the
 * queues, the outbox sweeper, the processors) sits wholly above the domain (docs/ARCHITECTURE.md, "Layers"). Add a
 * job here, then its processor in jobs/processors.ts.
 */
export const jobPayloads = {
  "send-mail": z.object({
    to: z.string().min(3),
    subject: z.string().min(1),
    text: z.string(),
    html: z.string(),
    /** An invoice whose PDF (a receipt once paid) is made when the mail is sent and attached to it. */
    attachInvoicePdf: z.string().uuid().optional(),
  }),
  /** Mail a reset link if the address has a live account (the request answers before knowing, see password-reset.ts). */
  "password-reset": z.object({ email: z.string().min(3).max(254), anonymous: z.boolean().optional() }),
  /** Settle a Paystack payment reference (verify, check, mark paid, enroll). */
  "settle-payment": z.object({ reference: z.string().refine(isPaymentReference) }),
  /** Process a refund Paystack reported processed (refund.processed webhook): its id at Paystack. */
  "process-refund": z.object({ paystackRefundId: z.string().regex(/^\d{1,20}$/) }),
  /** Mail a newly issued certificate to its learner, with its PDF made at send time (domain/learning/certificates.ts). */
  "certificate-mail": z.object({ certificateId: z.string().uuid() }),
  /**
   * Charge an instalment part's saved card (domain/payments/instalments.ts): the `attempt`-th try (0-based), as of the
   * housekeeping run's time `at`. The part is claimed with a conditional update first, so any number of these charge once.
   */
  "charge-instalment": z.object({ invoiceId: z.string().uuid(), attempt: z.int().min(0).max(10), at: z.iso.datetime() }),
  /**
   * Refund a settled card check (domain/payments/card-setup.ts), recorded once with the check's settlement: its id
   * names the check, and Paystack refuses to refund more than what is left of the charge.
   */
  "refund-card-setup": z.object({ setupId: z.string().uuid() }),
  /** Liveness probe used by tests and /readyz-style checks: proves a job makes the round trip. */
  ping: z.object({ value: z.string() }),
} as const;

export type JobName = keyof typeof jobPayloads;

/**
 * Jobs that may run again under the same id once finished, because running them twice is harmless and a later
 * request can have a different outcome (a payment that was still pending). Mails are not among them.
 */
export const RERUNNABLE_JOBS: ReadonlySet<JobName> = new Set(["settle-payment", "process-refund", "charge-instalment"]);
export type JobPayload<N extends JobName> = z.infer<(typeof jobPayloads)[N]>;

export const QUEUE_NAME = "learnhub";

/** BullMQ refuses custom job ids containing ':'; ids are also used as Redis key parts. */
export function toJobId(...parts: string[]): string {
  return parts.join("-").replace(/[^A-Za-z0-9._=-]/g, "_");
}

export function parsePayload<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  const schema = jobPayloads[name];
  if (!schema) throw new Error(`Unknown job ${name}`);
  return schema.parse(data) as JobPayload<N>;
}

type Tx = Pick<PrismaClient, "outboxJob"> | Prisma.TransactionClient;

/**
 * Records a job in the same transaction as the change that causes it, so that it is never lost: if the process
 * dies after commit, the sweeper dispatches it; if the transaction rolls back, the job never existed.
 */
export async function recordJob<N extends JobName>(tx: Tx, name: N, payload: JobPayload<N>, jobId: string): Promise<void> {
  await tx.outboxJob.create({ data: { name, payload: payload as Prisma.InputJsonValue, jobId } });
}

/**
 * Records a job unless one with this id was recorded before (a mail sent once per key, whoever asks first): true when
 * this call recorded it. Safe to run concurrently: the unique job id decides.
 */
export async function recordJobOnce<N extends JobName>(tx: Tx, name: N, payload: JobPayload<N>, jobId: string): Promise<boolean> {
  const made = await tx.outboxJob.createMany({ data: [{ name, payload: payload as Prisma.InputJsonValue, jobId }], skipDuplicates: true });
  return made.count === 1;
}

/**
 * Records a job that may be requested again under the same id (see RERUNNABLE_JOBS): a second request re-arms the
 * recorded job instead of failing on the unique job id.
 */
export async function recordRerunnableJob<N extends JobName>(tx: Tx, name: N, payload: JobPayload<N>, jobId: string): Promise<void> {
  const data = { name, payload: payload as Prisma.InputJsonValue, dispatchedAt: null };
  await tx.outboxJob.upsert({ where: { jobId }, create: { ...data, jobId }, update: data });
}

export type JobOutcome = { state: "completed"; result: unknown } | { state: "failed"; error: string } | { state: "timeout" };

/** A failure that retrying cannot fix (bad payload, rule broken): the job fails at once. */
export class PermanentJobError extends Error {
  override name = "PermanentJobError";
}
