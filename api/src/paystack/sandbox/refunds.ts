import type { PaystackRefundStatus } from "../contract.ts";
import { type SandboxTransaction, type TransactionData, transactionData } from "./transactions.ts";

export interface SandboxRefund {
  readonly id: number;
  readonly transaction: SandboxTransaction;
  readonly amount: number;
  readonly currency: string;
  readonly customerNote: string | null;
  readonly merchantNote: string | null;
  readonly createdAt: Date;
  status: PaystackRefundStatus;
  refundedAt: Date | null;
}

/** The fields create and fetch share (Paystack's refund object). */
function refundCore(refund: SandboxRefund) {
  return {
    id: refund.id,
    integration: 1,
    domain: "test" as const,
    amount: refund.amount,
    currency: refund.currency,
    channel: "card" as const,
    status: refund.status,
    refunded_by: "sandbox@paystack.test",
    customer_note: refund.customerNote ?? `Refund for transaction ${refund.transaction.reference}`,
    merchant_note: refund.merchantNote ?? `Refund for transaction ${refund.transaction.reference}`,
    deducted_amount: refund.status === "processed" ? refund.amount : 0,
    createdAt: refund.createdAt.toISOString(),
  };
}

/** What `POST /refund` answers: the refund with the refunded transaction as an object (the sandbox has no fees). */
export function createdRefundData(refund: SandboxRefund) {
  return {
    ...refundCore(refund),
    transaction: transactionData(refund.transaction) as TransactionData,
    fully_deducted: refund.status === "processed",
    expected_at: new Date(refund.createdAt.getTime() + 86_400_000).toISOString(),
    updatedAt: (refund.refundedAt ?? refund.createdAt).toISOString(),
  };
}

/** What `GET /refund/:id` answers: the transaction as its id and reference, with the customer and the refund's kind. */
export function fetchedRefundData(refund: SandboxRefund) {
  const { transaction } = refund;
  return {
    ...refundCore(refund),
    transaction: transaction.id,
    transaction_reference: transaction.reference,
    transaction_amount: transaction.amount,
    dispute: null,
    settlement: null,
    refunded_at: refund.refundedAt?.toISOString() ?? null,
    fully_deducted: refund.status === "processed" ? 1 : 0,
    bank_reference: null,
    reason: refund.merchantNote ?? "",
    customer: {
      id: transaction.customer.id,
      first_name: "",
      last_name: "",
      email: transaction.customer.email,
      customer_code: transaction.customer.code,
      phone: "",
      metadata: "",
      risk_action: "default",
      international_format_phone: "",
    },
    refund_type: refund.amount === transaction.amount ? "full" : "partial",
    initiated_by: "merchant",
    refund_channel: "card",
    session_id: null,
    collect_account_number: false,
  };
}

/** The body of Paystack's `refund.processed` webhook: amounts as strings of digits, ids as strings, as Paystack sends them. */
export function refundEventData(refund: SandboxRefund) {
  return {
    status: refund.status,
    transaction_reference: refund.transaction.reference,
    refund_reference: `RFD-${refund.id}`,
    amount: String(refund.amount),
    currency: refund.currency,
    processor: "sandbox",
    customer: { first_name: null, last_name: null, email: refund.transaction.customer.email },
    integration: 1,
    domain: "test",
    id: String(refund.id),
  };
}

export type RefundRefusal = "not_successful" | "fully_refunded" | "amount_too_large";

/** The sandbox's refunds, in memory like its transactions. */
export class RefundStore {
  readonly #byId = new Map<number, SandboxRefund>();
  #lastId = 0;

  /** `now` is the sandbox's clock (sandbox/scheduler.ts). */
  readonly #now: () => Date;

  constructor(now: () => Date = () => new Date()) {
    this.#now = now;
  }

  /** What is left to refund of a transaction: its amount less every refund not failed. */
  leftOf(tx: SandboxTransaction): number {
    let taken = 0;
    for (const refund of this.#byId.values()) {
      if (refund.transaction === tx && refund.status !== "failed") taken += refund.amount;
    }
    return tx.amount - taken;
  }

  /** A pending refund, or why Paystack would refuse it. `amount` left out refunds all that is left. */
  create(tx: SandboxTransaction, input: { amount?: number; customerNote?: string; merchantNote?: string }): SandboxRefund | RefundRefusal {
    if (tx.status !== "success") return "not_successful";
    const left = this.leftOf(tx);
    if (left <= 0) return "fully_refunded";
    const amount = input.amount ?? left;
    if (amount > left) return "amount_too_large";
    const refund: SandboxRefund = {
      id: ++this.#lastId,
      transaction: tx,
      amount,
      currency: tx.currency,
      customerNote: input.customerNote ?? null,
      merchantNote: input.merchantNote ?? null,
      createdAt: this.#now(),
      status: "pending",
      refundedAt: null,
    };
    this.#byId.set(refund.id, refund);
    return refund;
  }

  byId(id: number): SandboxRefund | undefined {
    return this.#byId.get(id);
  }

  /** Newest first, as Paystack lists them: by creation time, one transaction's, one currency's. */
  list(filter: { from?: Date; to?: Date; transaction?: SandboxTransaction; currency?: string }): SandboxRefund[] {
    return [...this.#byId.values()].reverse().filter((refund) => {
      if (filter.transaction && refund.transaction !== filter.transaction) return false;
      if (filter.currency && refund.currency !== filter.currency) return false;
      if (filter.from && refund.createdAt < filter.from) return false;
      if (filter.to && refund.createdAt > filter.to) return false;
      return true;
    });
  }

  /** Pending -> processed; false when it was already past pending (so the webhook goes out once). */
  process(refund: SandboxRefund): boolean {
    if (refund.status !== "pending" && refund.status !== "processing") return false;
    refund.status = "processed";
    refund.refundedAt = this.#now();
    return true;
  }
}
