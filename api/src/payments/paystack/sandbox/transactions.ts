import { randomBytes } from "node:crypto";
import type { PaystackCurrency } from "../contract.ts";

export type SandboxOutcome = "success" | "failed";

export interface SandboxTransaction {
  readonly id: number;
  readonly reference: string;
  readonly accessCode: string;
  readonly email: string;
  readonly amount: number;
  readonly currency: PaystackCurrency;
  readonly callbackUrl: string | null;
  /** Kept as given ("" when none): Paystack echoes metadata back untouched. */
  readonly metadata: Record<string, unknown> | string;
  readonly createdAt: Date;
  status: "ongoing" | SandboxOutcome;
  paidAt: Date | null;
}

export type NewTransaction = Pick<SandboxTransaction, "reference" | "email" | "amount" | "currency" | "callbackUrl" | "metadata">;

/** The `data` object of verify and of the `charge.success` webhook. */
export interface TransactionData {
  id: number;
  domain: "test";
  status: SandboxTransaction["status"];
  reference: string;
  amount: number;
  currency: string;
  paid_at: string | null;
  created_at: string;
  channel: "card";
  gateway_response: string | null;
  customer: { email: string };
  metadata: Record<string, unknown> | string;
}

/** What the tamper control reports instead of the real values. */
export interface Override {
  amount?: number;
  currency?: string;
}

const gatewayResponses = { ongoing: null, success: "Successful", failed: "Declined" } as const;

export function transactionData(tx: SandboxTransaction, override: Override = {}): TransactionData {
  return {
    id: tx.id,
    domain: "test",
    status: tx.status,
    reference: tx.reference,
    amount: override.amount ?? tx.amount,
    currency: override.currency ?? tx.currency,
    paid_at: tx.paidAt?.toISOString() ?? null,
    created_at: tx.createdAt.toISOString(),
    channel: "card",
    gateway_response: gatewayResponses[tx.status],
    customer: { email: tx.email },
    metadata: tx.metadata,
  };
}

/** The sandbox's transactions, in memory: it is a development and test stand-in, so a restart forgets them. */
export class TransactionStore {
  readonly #byReference = new Map<string, SandboxTransaction>();
  readonly #byAccessCode = new Map<string, SandboxTransaction>();
  #lastId = 0;

  /** Undefined when the reference is already taken. */
  create(input: NewTransaction): SandboxTransaction | undefined {
    if (this.#byReference.has(input.reference)) return undefined;
    const tx: SandboxTransaction = {
      ...input,
      id: ++this.#lastId,
      accessCode: randomBytes(10).toString("hex"),
      createdAt: new Date(),
      status: "ongoing",
      paidAt: null,
    };
    this.#byReference.set(tx.reference, tx);
    this.#byAccessCode.set(tx.accessCode, tx);
    return tx;
  }

  byReference(reference: string): SandboxTransaction | undefined {
    return this.#byReference.get(reference);
  }

  byAccessCode(accessCode: string): SandboxTransaction | undefined {
    return this.#byAccessCode.get(accessCode);
  }

  /**
   * Moves an ongoing transaction to its outcome. "unchanged" means it already had that outcome (a second Pay must
   * not send a second webhook); "conflict" means it already had the other one.
   */
  settle(tx: SandboxTransaction, outcome: SandboxOutcome): "settled" | "unchanged" | "conflict" {
    if (tx.status === outcome) return "unchanged";
    if (tx.status !== "ongoing") return "conflict";
    tx.status = outcome;
    if (outcome === "success") tx.paidAt = new Date();
    return "settled";
  }
}
