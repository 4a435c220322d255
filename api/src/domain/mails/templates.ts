import type { MailTemplate } from "./compose.ts";
import { alreadyRegistered } from "./templates/already-registered.ts";
import { certificate } from "./templates/certificate.ts";
import { instalment } from "./templates/instalment.ts";
import { offlineInstructions } from "./templates/offline-instructions.ts";
import { receipt } from "./templates/receipt.ts";
import { refund } from "./templates/refund.ts";
import { resetLink } from "./templates/reset-link.ts";
import { staffApproved } from "./templates/staff-approved.ts";
import { staffInvitation } from "./templates/staff-invitation.ts";
import { staffPending } from "./templates/staff-pending.ts";
import { unlockLink } from "./templates/unlock-link.ts";
import { verificationCode } from "./templates/verification-code.ts";

export {
  alreadyRegistered,
  certificate,
  instalment,
  offlineInstructions,
  receipt,
  refund,
  resetLink,
  staffApproved,
  staffInvitation,
  staffPending,
  unlockLink,
  verificationCode,
};

/** Every mail the product sends, in the order the dev mailbox's preview lists them; a new template joins here. */
export const MAIL_TEMPLATES: readonly MailTemplate<any>[] = [
  verificationCode,
  alreadyRegistered,
  resetLink,
  unlockLink,
  receipt,
  offlineInstructions,
  instalment,
  refund,
  certificate,
  staffInvitation,
  staffPending,
  staffApproved,
];
