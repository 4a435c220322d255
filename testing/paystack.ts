import { createPaystack } from "@alexasomba/paystack-node";
import { learnerWithToken } from "./accounts.ts";
import type { TestApp } from "./app.ts";
import { createTrack } from "./catalogue.ts";

/** Paystack's transaction object, as its docs show verify's `data`. */
export const TRANSACTION_FIELDS = [
  "id",
  "domain",
  "status",
  "reference",
  "amount",
  "message",
  "gateway_response",
  "paid_at",
  "created_at",
  "channel",
  "currency",
  "ip_address",
  "metadata",
  "log",
  "fees",
  "fees_split",
  "authorization",
  "customer",
  "plan",
  "split",
  "order_id",
  "paidAt",
  "createdAt",
  "requested_amount",
  "pos_transaction_data",
  "source",
  "fees_breakdown",
  "transaction_date",
  "plan_object",
  "subaccount",
];

/** The `authorization` object inside a paid transaction. */
export const AUTHORIZATION_FIELDS = [
  "authorization_code",
  "bin",
  "last4",
  "exp_month",
  "exp_year",
  "channel",
  "card_type",
  "bank",
  "country_code",
  "brand",
  "reusable",
  "signature",
  "account_name",
];

/** The `customer` object inside a transaction. */
export const CUSTOMER_FIELDS = ["id", "first_name", "last_name", "email", "customer_code", "phone", "metadata", "risk_action"];

/** The test app's Paystack sandbox as a Paystack client sees it. */
export interface PaystackSandbox {
  base: string;
  secretKey: string;
  /** A Paystack client library we did not write (typed from Paystack's OpenAPI description), aimed at the sandbox. */
  paystack: ReturnType<typeof createPaystack>;
  /** A request with the secret key, its JSON answer parsed. */
  raw(path: string, init?: RequestInit): Promise<{ status: number; contentType: string | null; body: any }>;
}

/**
 * The sandbox of a running test app, for payments that belong to no invoice: their webhooks are dropped, so they stay
 * away from the app's payment jobs.
 */
export async function paystackSandbox(app: TestApp): Promise<PaystackSandbox> {
  const base = app.services.config.paystack.baseUrl;
  const secretKey = app.services.config.paystack.secretKey;
  const paystack = createPaystack({ secretKey, baseUrl: base, retry: { retries: 0 } });
  const raw: PaystackSandbox["raw"] = async (path, init = {}) => {
    const response = await fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${secretKey}`, ...(init.body ? { "content-type": "application/json" } : {}) },
    });
    return { status: response.status, contentType: response.headers.get("content-type"), body: (await response.json()) as any };
  };
  await raw("/__controls", { method: "POST", body: JSON.stringify({ dropWebhooks: true }) });
  return { base, secretKey, paystack, raw };
}

/**
 * A call to the sandbox's test controls (`/__controls`, `/__simulate/{reference}/pay`, ...) through the test app: GET
 * without a body, POST with one. Answers the JSON, whose `data` holds the sandbox's counters.
 */
export async function sandboxControl(app: TestApp, path: string, body?: unknown): Promise<{ data: { verifyRequests: number } }> {
  const response = await app.fetch(`/paystack-sandbox${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: `Bearer ${app.services.config.paystack.secretKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { data: { verifyRequests: number } };
}

/**
 * A learner's checkout for a new track, paid in the sandbox with its webhooks dropped, so nothing settles it until the
 * test queues the settlement job; that job's Paystack verify call then takes `verifyDelayMs`, so it can be caught
 * mid-job. Reset the sandbox's controls afterwards (`/__controls/reset`).
 */
export async function slowPayment(app: TestApp, verifyDelayMs: number) {
  const { learner, token } = await learnerWithToken(app);
  const track = await createTrack(app, 2500, { duration: "1 week" });
  const res = await app.fetch("/api/enrollments", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ track: track.id, contact: "+234 801 222 3333", gender: "Male" }),
  });
  const { reference } = (await res.json()) as { reference: string };
  await sandboxControl(app, "/__controls", { dropWebhooks: true, verifyDelayMs });
  await sandboxControl(app, `/__simulate/${reference}/pay`, {});
  return { learner, track, reference };
}
