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

/** The checkout page to go back to for this payment, or null when this tab did not start it. */
export function checkoutPathFor(reference: string): string | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(KEY) ?? "null") as { reference?: unknown; trackId?: unknown } | null;
    if (saved?.reference !== reference || typeof saved.trackId !== "string" || !UUID_PATTERN.test(saved.trackId)) return null;
    return trackPages.checkout(saved.trackId);
  } catch {
    return null;
  }
}
