import type { Logger } from "../../logger.ts";
import { PAYSTACK_SIGNATURE_HEADER } from "../contract.ts";
import { signPaystackBody } from "../signature.ts";
import type { WebhookPlan } from "./controls.ts";
import { realScheduler, type SandboxScheduler } from "./scheduler.ts";

export interface WebhookSender {
  /**
   * Starts delivering an event (`charge.success`, `refund.processed`) in the background; never blocks the caller,
   * never throws. `reference` only names the delivery in the logs.
   */
  send(event: string, data: object, reference: string, plan: WebhookPlan): void;
  /** Deliveries delayed, retrying or in flight. */
  readonly pending: number;
  /** Abandons every pending delivery (the server is shutting down). */
  close(): Promise<void>;
}

export interface WebhookSenderOptions {
  secretKey: string;
  url: () => string;
  logger: Logger;
  /** Waits for the planned delay and between retries (sandbox/scheduler.ts). */
  scheduler?: SandboxScheduler;
  /** Paystack retries for days; the sandbox keeps it short so a test or a developer sees the outcome quickly. */
  attempts?: number;
  backoffMs?: number;
  timeoutMs?: number;
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { secretKey, logger, scheduler = realScheduler, attempts = 4, backoffMs = 250, timeoutMs = 10_000 } = options;
  const closing = new AbortController();
  const inFlight = new Set<Promise<void>>();

  /** One attempt: null when delivered, else why not. Paystack counts anything but 200 as a failure. */
  async function post(url: string, body: string, signature: string): Promise<string | null> {
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", [PAYSTACK_SIGNATURE_HEADER]: signature },
        body,
        signal: AbortSignal.any([closing.signal, AbortSignal.timeout(timeoutMs)]),
      });
      await response.body?.cancel();
      return response.status === 200 ? null : `HTTP ${response.status}`;
    } catch (error) {
      if (closing.signal.aborted) throw error;
      return error instanceof Error ? error.message : String(error);
    }
  }

  async function deliver(event: string, body: string, signature: string, reference: string, delayMs: number): Promise<void> {
    try {
      if (delayMs > 0) await scheduler.sleep(delayMs, closing.signal);
      const url = options.url();
      for (let attempt = 1; ; attempt++) {
        const failure = await post(url, body, signature);
        if (failure === null) {
          logger.info({ event, reference, url, attempt }, "Paystack sandbox delivered a webhook");
          return;
        }
        if (attempt === attempts) {
          logger.error({ event, reference, url, attempt, failure }, "Paystack sandbox gave up delivering a webhook");
          return;
        }
        logger.warn({ event, reference, url, attempt, failure }, "Paystack sandbox webhook delivery failed; retrying");
        await scheduler.sleep(backoffMs * 2 ** (attempt - 1), closing.signal);
      }
    } catch (error) {
      if (!closing.signal.aborted) logger.error({ err: error, reference }, "Paystack sandbox webhook delivery crashed");
    }
  }

  return {
    send(event, data, reference, plan) {
      if (plan.drop) {
        logger.info({ event, reference }, "Paystack sandbox dropped a webhook (test control)");
        return;
      }
      // Signed once and sent byte for byte, so duplicates are identical as they are at Paystack.
      const body = JSON.stringify({ event, data });
      const signature = signPaystackBody(body, secretKey);
      for (let copy = 0; copy < plan.copies; copy++) {
        const delivery = deliver(event, body, signature, reference, plan.delayMs);
        inFlight.add(delivery);
        void delivery.finally(() => inFlight.delete(delivery));
      }
    },
    get pending() {
      return inFlight.size;
    },
    async close() {
      closing.abort();
      await Promise.all(inFlight);
    },
  };
}
