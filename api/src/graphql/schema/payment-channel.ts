import { PAYMENT_CHANNEL_LABELS, PAYMENT_CHANNELS, type PaystackChannelName } from "../../../../common/payments.ts";
import { builder } from "../builder.ts";

/**
 * Paystack's payment channels as the settings and invoices show them (docs/payments.md, Channels): the enum's names are
 * Paystack's in capitals (BANK_TRANSFER), its values Paystack's own (bank_transfer). Belongs to no area: settings choose
 * them, invoices record the one they were paid by.
 */
const ALL: readonly PaystackChannelName[] = [...PAYMENT_CHANNELS, "eft"];

export const PaymentChannel = builder.enumType("PaymentChannel", {
  description: "A Paystack payment channel.",
  values: Object.fromEntries(
    ALL.map((channel) => [
      channel.toUpperCase(),
      {
        value: channel,
        description: `${PAYMENT_CHANNEL_LABELS[channel]}${channel === "eft" ? " (South Africa; reported by Paystack, not offered in the settings)" : ""}.`,
      },
    ]),
  ) as Record<Uppercase<PaystackChannelName>, { value: PaystackChannelName; description: string }>,
});
