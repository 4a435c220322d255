import { z } from "zod";

/**
 * The one queue contract shared by the API (producer) and the worker (consumer): job names and their payloads.
 * Add a job here, then its processor in ./processors.ts.
 */
export const jobPayloads = {
  "send-mail": z.object({
    to: z.string().min(3),
    subject: z.string().min(1),
    text: z.string(),
    html: z.string(),
  }),
  /** Mail a reset link if the address has a live account (the request answers before knowing, see password-reset.ts). */
  "password-reset": z.object({ email: z.string().min(3).max(254) }),
  /** Settle a Paystack payment reference (verify, check, mark paid, enroll). */
  "verify-payment": z.object({ reference: z.string().regex(/^[A-Za-z0-9.=-]{1,100}$/) }),
  /** Liveness probe used by tests and /readyz-style checks: proves a job makes the round trip. */
  ping: z.object({ value: z.string() }),
} as const;

export type JobName = keyof typeof jobPayloads;

/**
 * Jobs that may run again under the same id once finished, because running them twice is harmless and a later
 * request can have a different outcome (a payment that was still pending). Mails are not among them.
 */
export const RERUNNABLE_JOBS: ReadonlySet<JobName> = new Set(["verify-payment"]);
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
