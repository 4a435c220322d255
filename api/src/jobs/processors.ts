import { mailResetLink } from "../domain/accounts/password-reset.ts";
import type { DomainServices as Services } from "../domain/deps.ts";
import { mailWithAttachments } from "../domain/invoices/pdf.ts";
import { processRefundJob } from "../domain/invoices/refunds.ts";
import { mailCertificate } from "../domain/learning/certificates.ts";
import { isCardSetupReference, refundCardSetup, settleCardSetupJob } from "../domain/payments/card-setup.ts";
import { chargeInstalment } from "../domain/payments/instalments.ts";
import { settlePaymentJob } from "../domain/payments/settle.ts";
import type { Processors } from "./queue.ts";

/** One thin processor per job; each delegates to a domain module. Shared by the API (in-process) and the worker. */
export function createProcessors(deps: Services): Processors {
  return {
    "send-mail": async (mail) => {
      await deps.mail.send(await mailWithAttachments(deps, mail));
    },
    "password-reset": ({ email, anonymous }) => mailResetLink(deps, email, anonymous),
    // The charge.success webhook queues this for every reference; a card check's (card-setup.ts) is settled there.
    "settle-payment": ({ reference }) =>
      isCardSetupReference(reference) ? settleCardSetupJob(deps, reference) : settlePaymentJob(deps, reference),
    "process-refund": ({ paystackRefundId }) => processRefundJob(deps, paystackRefundId),
    "charge-instalment": (job) => chargeInstalment(deps, job),
    "refund-card-setup": ({ setupId }) => refundCardSetup(deps, setupId),
    "certificate-mail": ({ certificateId }) => mailCertificate(deps, certificateId),
    ping: async ({ value }) => ({ pong: value }),
  };
}
