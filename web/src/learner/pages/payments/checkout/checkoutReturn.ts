/**
 * Which track a payment was for, kept in this tab while the learner is on Paystack's page, so the payment page can
 * offer "Try again" back to the same checkout after a declined card. sessionStorage: one tab, gone with it; a stored
 * id is used only if it still looks like a record id.
 */
import { UUID_PATTERN } from "../../../../../../common/formats.ts";
import { plainTrackId, trackPages } from "../../../../shared/routing/trackIds.ts";

const KEY = "checkoutTrack";

export function rememberCheckout(reference: string, trackId: string) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ reference, trackId: plainTrackId(trackId) }));
  } catch {
    // Storage refused (private mode, full): "Try again" falls back to the catalogue.
  }
}

/**
 * An instalment's "Pay now" (docs/payments.md, "Instalments") started in this tab: its payment page thanks for the
 * instalment rather than for an enrollment, and "Try again" leads back to the portal's payment plans.
 */
export function rememberInstalment(reference: string) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ reference, instalment: true }));
  } catch {
    // Storage refused: the payment page speaks as after a checkout.
  }
}

/** Where this tab's payment of `reference` came from, if it started it. */
function saved(reference: string): { trackId?: unknown; instalment?: unknown } | null {
  try {
    const found = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as {
      reference?: unknown;
      trackId?: unknown;
      instalment?: unknown;
    } | null;
    return found?.reference === reference ? found : null;
  } catch {
    return null;
  }
}

/** Whether this tab opened `reference` as an instalment's "Pay now". */
export const isInstalmentPayment = (reference: string) => saved(reference)?.instalment === true;

/** The checkout page to go back to for this payment (the payment plans for an instalment), or null when this tab did not start it. */
export function checkoutPathFor(reference: string): string | null {
  try {
    const found = saved(reference);
    if (found?.instalment === true) return "/portal#payment-plans";
    if (typeof found?.trackId !== "string" || !UUID_PATTERN.test(found.trackId)) return null;
    return trackPages.checkout(found.trackId);
  } catch {
    return null;
  }
}
