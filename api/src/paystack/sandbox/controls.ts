import { z } from "zod";
import { PAYSTACK_REFERENCE_PATTERN } from "../contract.ts";
import type { Override } from "./transactions.ts";

/** A change to the sandbox's test controls; fields left out keep their current value. */
export const controlsChangeSchema = z.strictObject({
  webhookDelayMs: z.int().min(0).max(60_000).optional(),
  /** How many identical copies of each webhook to send. */
  duplicateWebhooks: z.int().min(1).max(10).optional(),
  dropWebhooks: z.boolean().optional(),
  verifyDelayMs: z.int().min(0).max(60_000).optional(),
  /** How long a refund stays pending before it is processed (and its refund.processed webhook planned). */
  refundDelayMs: z.int().min(0).max(600_000).optional(),
  tamper: z
    .strictObject({
      reference: z.string().regex(PAYSTACK_REFERENCE_PATTERN),
      amount: z.int().min(0).optional(),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .optional(),
    })
    .optional(),
});

export type ControlsChange = z.output<typeof controlsChangeSchema>;

export interface WebhookPlan {
  delayMs: number;
  copies: number;
  drop: boolean;
}

/** Knobs that make the sandbox misbehave the ways real Paystack can: late, repeated, lost or altered reports. */
export class SandboxControls {
  #plan: WebhookPlan = { delayMs: 0, copies: 1, drop: false };
  readonly #tampered = new Map<string, Override>();
  #verifyDelayMs = 0;
  #refundDelayMs = 0;

  apply(change: ControlsChange): void {
    this.#plan = {
      delayMs: change.webhookDelayMs ?? this.#plan.delayMs,
      copies: change.duplicateWebhooks ?? this.#plan.copies,
      drop: change.dropWebhooks ?? this.#plan.drop,
    };
    this.#verifyDelayMs = change.verifyDelayMs ?? this.#verifyDelayMs;
    this.#refundDelayMs = change.refundDelayMs ?? this.#refundDelayMs;
    if (change.tamper) {
      const { reference, ...override } = change.tamper;
      this.#tampered.set(reference, override);
    }
  }

  reset(): void {
    this.#plan = { delayMs: 0, copies: 1, drop: false };
    this.#verifyDelayMs = 0;
    this.#refundDelayMs = 0;
    this.#tampered.clear();
  }

  verifyDelayMs(): number {
    return this.#verifyDelayMs;
  }

  refundDelayMs(): number {
    return this.#refundDelayMs;
  }

  /** How the webhook for a payment made now is delivered. */
  webhookPlan(): WebhookPlan {
    return { ...this.#plan };
  }

  overrideFor(reference: string): Override | undefined {
    return this.#tampered.get(reference);
  }

  toJSON() {
    return {
      webhookDelayMs: this.#plan.delayMs,
      duplicateWebhooks: this.#plan.copies,
      dropWebhooks: this.#plan.drop,
      verifyDelayMs: this.#verifyDelayMs,
      refundDelayMs: this.#refundDelayMs,
      tamper: [...this.#tampered].map(([reference, override]) => ({ reference, ...override })),
    };
  }
}
