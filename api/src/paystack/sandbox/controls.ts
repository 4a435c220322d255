import { z } from "zod";
import { PAYSTACK_REFERENCE_PATTERN, PAYSTACK_TRANSACTION_STATUSES } from "../contract.ts";
import type { OfflineChannel } from "./channels.ts";
import type { Override, SandboxOutcome } from "./transactions.ts";

/** A change to the sandbox's test controls; fields left out keep their current value. */
export const controlsChangeSchema = z.strictObject({
  webhookDelayMs: z.int().min(0).max(60_000).optional(),
  /** How many identical copies of each webhook to send. */
  duplicateWebhooks: z.int().min(1).max(10).optional(),
  dropWebhooks: z.boolean().optional(),
  verifyDelayMs: z.int().min(0).max(60_000).optional(),
  /** How long a refund stays pending before it is processed (and its refund.processed webhook planned). */
  refundDelayMs: z.int().min(0).max(600_000).optional(),
  /** How long after "I've sent the money" a bank transfer (or a dialled USSD code) is confirmed; 0 at once. */
  transferDelayMs: z.int().min(0).max(3_600_000).optional(),
  /** How long the customer takes to answer a mobile money prompt, and what they answer. */
  mobileMoneyDelayMs: z.int().min(0).max(600_000).optional(),
  mobileMoneyOutcome: z.enum(["success", "failed"]).optional(),
  /** Decline the next N charges of saved cards (charge_authorization, partial_debit), then charge normally. */
  failNextCharges: z.int().min(0).max(100).optional(),
  /**
   * Make the next N charges of saved cards but lose their answers: the caller gets a 504, and verify does not find
   * the charge (nor is its webhook sent) until `revealLostCharges`, as when Paystack is slow to record a charge.
   */
  loseNextChargeAnswers: z.int().min(0).max(100).optional(),
  /** Lost charges (loseNextChargeAnswers) become visible to verify, and their webhooks are sent. */
  revealLostCharges: z.literal(true).optional(),
  tamper: z
    .strictObject({
      reference: z.string().regex(PAYSTACK_REFERENCE_PATTERN),
      amount: z.int().min(0).optional(),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .optional(),
      /** Report this status while the payment has no outcome (e.g. `abandoned`: opened, not paid yet). */
      status: z.enum(PAYSTACK_TRANSACTION_STATUSES).optional(),
    })
    .optional(),
});

export type ControlsChange = z.output<typeof controlsChangeSchema>;

export interface WebhookPlan {
  delayMs: number;
  copies: number;
  drop: boolean;
}

/** A bank transfer is confirmed this long after the customer says they sent it, unless a test says otherwise. */
export const DEFAULT_TRANSFER_DELAY_MS = 30_000;
/** The customer answers a mobile money prompt this long after it was sent, unless a test says otherwise. */
export const DEFAULT_MOBILE_MONEY_DELAY_MS = 10_000;

/**
 * Knobs that make the sandbox misbehave the ways real Paystack can (late, repeated, lost or altered reports), and
 * set how long payments by offline channels take and how they end.
 */
export class SandboxControls {
  #plan: WebhookPlan = { delayMs: 0, copies: 1, drop: false };
  readonly #tampered = new Map<string, Override>();
  #verifyDelayMs = 0;
  #refundDelayMs = 0;
  #transferDelayMs = DEFAULT_TRANSFER_DELAY_MS;
  #mobileMoneyDelayMs = DEFAULT_MOBILE_MONEY_DELAY_MS;
  #mobileMoneyOutcome: SandboxOutcome = "success";
  #failNextCharges = 0;
  #loseNextChargeAnswers = 0;
  /** References of charges made whose answers were lost, not yet visible to verify. */
  readonly #lost = new Set<string>();

  apply(change: ControlsChange): void {
    this.#plan = {
      delayMs: change.webhookDelayMs ?? this.#plan.delayMs,
      copies: change.duplicateWebhooks ?? this.#plan.copies,
      drop: change.dropWebhooks ?? this.#plan.drop,
    };
    this.#verifyDelayMs = change.verifyDelayMs ?? this.#verifyDelayMs;
    this.#refundDelayMs = change.refundDelayMs ?? this.#refundDelayMs;
    this.#transferDelayMs = change.transferDelayMs ?? this.#transferDelayMs;
    this.#mobileMoneyDelayMs = change.mobileMoneyDelayMs ?? this.#mobileMoneyDelayMs;
    this.#mobileMoneyOutcome = change.mobileMoneyOutcome ?? this.#mobileMoneyOutcome;
    this.#failNextCharges = change.failNextCharges ?? this.#failNextCharges;
    this.#loseNextChargeAnswers = change.loseNextChargeAnswers ?? this.#loseNextChargeAnswers;
    if (change.tamper) {
      const { reference, ...override } = change.tamper;
      this.#tampered.set(reference, override);
    }
  }

  reset(): void {
    this.#plan = { delayMs: 0, copies: 1, drop: false };
    this.#verifyDelayMs = 0;
    this.#refundDelayMs = 0;
    this.#transferDelayMs = DEFAULT_TRANSFER_DELAY_MS;
    this.#mobileMoneyDelayMs = DEFAULT_MOBILE_MONEY_DELAY_MS;
    this.#mobileMoneyOutcome = "success";
    this.#failNextCharges = 0;
    this.#loseNextChargeAnswers = 0;
    this.#lost.clear();
    this.#tampered.clear();
  }

  verifyDelayMs(): number {
    return this.#verifyDelayMs;
  }

  refundDelayMs(): number {
    return this.#refundDelayMs;
  }

  /** The outcome of a charge of a saved card made now: failed while failNextCharges lasts. */
  nextChargeOutcome(): SandboxOutcome {
    if (this.#failNextCharges === 0) return "success";
    this.#failNextCharges--;
    return "failed";
  }

  /** Whether the answer to the charge of a saved card made now is lost (loseNextChargeAnswers); counts it down. */
  loseChargeAnswer(reference: string): boolean {
    if (this.#loseNextChargeAnswers === 0) return false;
    this.#loseNextChargeAnswers--;
    this.#lost.add(reference);
    return true;
  }

  /** A lost charge, not visible to verify yet. */
  isLost(reference: string): boolean {
    return this.#lost.has(reference);
  }

  /** Makes every lost charge visible; answers their references. */
  revealLost(): string[] {
    const revealed = [...this.#lost];
    this.#lost.clear();
    return revealed;
  }

  /** How a payment by an offline channel submitted now ends, and after how long. */
  offlinePlan(channel: OfflineChannel): { delayMs: number; outcome: SandboxOutcome } {
    return channel === "mobile_money"
      ? { delayMs: this.#mobileMoneyDelayMs, outcome: this.#mobileMoneyOutcome }
      : { delayMs: this.#transferDelayMs, outcome: "success" };
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
      transferDelayMs: this.#transferDelayMs,
      mobileMoneyDelayMs: this.#mobileMoneyDelayMs,
      mobileMoneyOutcome: this.#mobileMoneyOutcome,
      failNextCharges: this.#failNextCharges,
      loseNextChargeAnswers: this.#loseNextChargeAnswers,
      lostCharges: this.#lost.size,
      tamper: [...this.#tampered].map(([reference, override]) => ({ reference, ...override })),
    };
  }
}
