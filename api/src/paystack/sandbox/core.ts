import { randomBytes } from "node:crypto";
import type { Logger } from "../../logger.ts";
import type { PaystackChannel, PaystackCurrency } from "../contract.ts";
import { REFUND_PROCESSED_EVENT } from "../contract.ts";
import type { OfflineChannel } from "./channels.ts";
import { SandboxControls } from "./controls.ts";
import { RefundStore, refundEventData, type SandboxRefund } from "./refunds.ts";
import { realScheduler, type SandboxScheduler } from "./scheduler.ts";
import {
  type MobileMoneyWallet,
  type SandboxOutcome,
  type SandboxTransaction,
  savesCard,
  TransactionStore,
  transactionData,
} from "./transactions.ts";
import { createWebhookSender } from "./webhooks.ts";

/** A charge of a saved card, as charge_authorization and partial_debit take it. */
export interface SavedCardCharge {
  authorizationCode: string;
  email: string;
  amount: number;
  currency: PaystackCurrency;
  reference: string;
  metadata: Record<string, unknown> | string;
}

/**
 * Why Paystack refuses a charge of a saved card without making a transaction: a code it never issued; a code of
 * another customer, or one that is not reusable (a declined card, a transfer, a wallet), which Paystack words alike;
 * a reference used before.
 */
export type ChargeRefusal = "unknown_authorization" | "not_yours" | "duplicate_reference";

export interface SandboxCoreOptions {
  /** Webhooks are signed with it. */
  secretKey: string;
  /** Where webhooks are POSTed; asked at delivery time. */
  webhookUrl: () => string;
  logger: Logger;
  scheduler?: SandboxScheduler;
}

/**
 * The sandbox's state (transactions, refunds, test controls) and what happens to it in the background (webhooks,
 * refunds processed later), shared by its routes (sandbox/routes/).
 */
export function createSandboxCore(options: SandboxCoreOptions) {
  const scheduler = options.scheduler ?? realScheduler;
  const now = () => scheduler.now();
  const controls = new SandboxControls();
  const transactions = new TransactionStore(now);
  const refunds = new RefundStore(now);
  const webhooks = createWebhookSender({ secretKey: options.secretKey, url: options.webhookUrl, logger: options.logger, scheduler });
  // Aborted when the server closes: every background wait ends then.
  const closing = new AbortController();
  /** Refunds still to be processed; each will send a webhook. */
  let refundsProcessing = 0;
  /** Offline payments waiting to be completed: the outcome planned, and a way to cut the wait short. */
  const completions = new Map<SandboxTransaction, { outcome: SandboxOutcome; cancel: AbortController }>();

  /** Transaction exports to download, by the random name in their link, until they expire. */
  const exports = new Map<string, { csv: string; expiresAt: Date }>();

  const report = (tx: SandboxTransaction) => transactionData(tx, controls.overrideFor(tx.reference));

  function settle(tx: SandboxTransaction, outcome: SandboxOutcome, attempt: { ipAddress?: string; channel?: PaystackChannel } = {}) {
    const result = transactions.settle(tx, outcome, attempt);
    if (result === "settled") {
      // Settled some other way (a test control) while its completion waited: the completion has nothing left to do.
      completions.get(tx)?.cancel.abort();
      completions.delete(tx);
      // Paystack sends webhooks for successful charges only.
      if (outcome === "success") webhooks.send("charge.success", report(tx), tx.reference, controls.webhookPlan());
    }
    return result;
  }

  /** Completes a pending offline payment once its delay has passed, unless it was settled or completed before. */
  async function completeLater(tx: SandboxTransaction, outcome: SandboxOutcome, delayMs: number) {
    const cancel = new AbortController();
    completions.set(tx, { outcome, cancel });
    try {
      await scheduler.sleep(delayMs, AbortSignal.any([closing.signal, cancel.signal]));
    } catch {
      return;
    }
    completions.delete(tx);
    settle(tx, outcome);
  }

  return {
    scheduler,
    controls,
    transactions,
    refunds,
    report,
    /** Verify calls so far, so tests can tell when one is in flight. */
    verifyRequests: 0,

    /** Keeps an export for `ms`; answers the name its download link carries, and when it expires. */
    keepExport(csv: string, ms: number): { name: string; expiresAt: Date } {
      const now = scheduler.now();
      for (const [name, kept] of exports) if (kept.expiresAt <= now) exports.delete(name);
      const name = randomBytes(16).toString("hex");
      const expiresAt = new Date(now.getTime() + ms);
      exports.set(name, { csv, expiresAt });
      return { name, expiresAt };
    },

    /** An export's CSV, while its link lasts. */
    exportNamed(name: string): string | undefined {
      const kept = exports.get(name);
      return kept && kept.expiresAt > scheduler.now() ? kept.csv : undefined;
    },

    /** Waits `ms` on the sandbox's clock; rejects when the server closes. */
    wait(ms: number): Promise<void> {
      return scheduler.sleep(ms, closing.signal);
    },

    /** Settles a transaction (TransactionStore.settle), sending the signed charge.success webhook for a success. */
    settle,

    /**
     * The customer says they paid by an offline channel: the transaction is pending, and completes on its own after
     * the delay the test controls set (transferDelayMs, mobileMoneyDelayMs) with the outcome they set.
     */
    submitOffline(tx: SandboxTransaction, channel: OfflineChannel, ipAddress: string, wallet: MobileMoneyWallet | null = null) {
      const result = transactions.submit(tx, channel, ipAddress, wallet);
      if (result === "pending") {
        const plan = controls.offlinePlan(channel);
        void completeLater(tx, plan.outcome, plan.delayMs);
      }
      return result;
    },

    /**
     * Charges a saved card at once, without the customer: a new transaction on the card's customer, successful
     * unless the failNextCharges control declines it, with the charge.success webhook for a success.
     */
    chargeSavedCard(charge: SavedCardCharge): SandboxTransaction | ChargeRefusal {
      const saved = transactions.byAuthorizationCode(charge.authorizationCode);
      if (!saved) return "unknown_authorization";
      if (!savesCard(saved) || saved.customer.email.toLowerCase() !== charge.email.toLowerCase()) return "not_yours";
      const tx = transactions.create({
        reference: charge.reference,
        email: saved.customer.email,
        amount: charge.amount,
        currency: charge.currency,
        callbackUrl: null,
        metadata: charge.metadata,
        chargeOf: saved,
      });
      if (!tx) return "duplicate_reference";
      const outcome = controls.nextChargeOutcome();
      // A lost answer (a test control): the charge is made, but its webhook waits until it is revealed.
      if (controls.loseChargeAnswer(tx.reference)) transactions.settle(tx, outcome, { channel: "card" });
      else settle(tx, outcome, { channel: "card" });
      return tx;
    },

    /** Makes the lost charges visible to verify and sends the webhooks of the successful ones. */
    revealLostCharges(): void {
      for (const reference of controls.revealLost()) {
        const tx = transactions.byReference(reference);
        if (tx?.status === "success") webhooks.send("charge.success", report(tx), tx.reference, controls.webhookPlan());
      }
    },

    /** Completes a pending offline payment now, with its planned outcome; false when none is waiting. */
    completeNow(tx: SandboxTransaction): boolean {
      const waiting = completions.get(tx);
      if (!waiting) return false;
      settle(tx, waiting.outcome);
      return true;
    },

    /** Paystack processes refunds in the background; so does the sandbox, then it sends refund.processed. */
    async processRefundLater(refund: SandboxRefund): Promise<void> {
      refundsProcessing++;
      try {
        await scheduler.sleep(controls.refundDelayMs(), closing.signal);
      } catch {
        return;
      } finally {
        refundsProcessing--;
      }
      if (refunds.process(refund)) {
        webhooks.send(REFUND_PROCESSED_EVENT, refundEventData(refund), refund.transaction.reference, controls.webhookPlan());
      }
    },

    /** Webhooks delayed, retrying or in flight, and those still to come from background work (refunds, payments). */
    pendingWebhooks(): number {
      return webhooks.pending + refundsProcessing + completions.size;
    },

    /** Abandons every background wait and pending delivery (the server is shutting down). */
    close(): Promise<void> {
      closing.abort();
      return webhooks.close();
    },
  };
}

export type SandboxCore = ReturnType<typeof createSandboxCore>;
