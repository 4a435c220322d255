import type { CurrencyCode } from "../../../common/money.ts";
import type { Viewer } from "../domain/accounts/sessions.ts";
import { businessCurrency } from "../domain/settings/settings.ts";
import { type Actor, staffActor } from "../domain/staff/audit.ts";
import type { Logger } from "../logger.ts";
import type { Services } from "../services.ts";

export type { Viewer };

export interface RequestInfo {
  ip: string;
  userAgent?: string;
  /** Stops counting this request against the server's in-flight limit, before a long wait that holds no resources. */
  leaveInFlight?: () => void;
  /** The request's logger: its lines carry the request's id (yoga.ts logs an answer's expected errors through it). */
  log?: Pick<Logger, "info" | "warn">;
}

/** What every resolver gets: the app's services, who is asking, and where from. Kept small on purpose. */
export interface Context {
  services: Services;
  viewer: Viewer | null;
  /**
   * Where the request came from. Not named `request`: Yoga puts its own Fetch Request in the context under that
   * name, which hid this one (every GraphQL caller's address read as undefined, one rate-limit bucket for all).
   */
  client: RequestInfo;
  /**
   * Draft tracks this request opened with a valid preview token (trackPreview): their fields that Pothos loads in a
   * query of their own (a relation selected twice with different filters) may read them too.
   */
  previewTrackIds?: Set<string>;
  /** The business currency, read once per request and only by a field that needs it (businessCurrencyOf). */
  businessCurrency?: Promise<CurrencyCode>;
}

/** The staff member a staff-only resolver acts for, as the audit log records them. */
export const actor = (ctx: Context): Actor => staffActor(ctx.viewer, ctx.client.ip);

/**
 * The business currency for this request: read at the first field that needs it, then kept for the request's other
 * fields (a learner's total needs it only when they paid in several currencies, or in none).
 */
export const businessCurrencyOf = (ctx: Context): Promise<CurrencyCode> => {
  ctx.businessCurrency ??= businessCurrency(ctx.services);
  return ctx.businessCurrency;
};
