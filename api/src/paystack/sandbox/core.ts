import type { Logger } from "../../logger.ts";
import { REFUND_PROCESSED_EVENT } from "../contract.ts";
import { SandboxControls } from "./controls.ts";
import { RefundStore, refundEventData, type SandboxRefund } from "./refunds.ts";
import { realScheduler, type SandboxScheduler } from "./scheduler.ts";
import { type SandboxOutcome, type SandboxTransaction, TransactionStore, transactionData } from "./transactions.ts";
import { createWebhookSender } from "./webhooks.ts";

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

  const report = (tx: SandboxTransaction) => transactionData(tx, controls.overrideFor(tx.reference));

  return {
    scheduler,
    controls,
    transactions,
    refunds,
    report,
    /** Verify calls so far, so tests can tell when one is in flight. */
    verifyRequests: 0,

    /** Waits `ms` on the sandbox's clock; rejects when the server closes. */
    wait(ms: number): Promise<void> {
      return scheduler.sleep(ms, closing.signal);
    },

    /** Settles a transaction; Paystack sends webhooks for successful charges only. */
    settle(tx: SandboxTransaction, outcome: SandboxOutcome, ipAddress: string) {
      const result = transactions.settle(tx, outcome, ipAddress);
      if (result === "settled" && outcome === "success") webhooks.send("charge.success", report(tx), tx.reference, controls.webhookPlan());
      return result;
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

    /** Webhooks delayed, retrying or in flight, and those still to come from background work. */
    pendingWebhooks(): number {
      return webhooks.pending + refundsProcessing;
    },

    /** Abandons every background wait and pending delivery (the server is shutting down). */
    close(): Promise<void> {
      closing.abort();
      return webhooks.close();
    },
  };
}

export type SandboxCore = ReturnType<typeof createSandboxCore>;
