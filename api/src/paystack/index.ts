import type { Config } from "../config.ts";
import { createPaystackClient } from "./client.ts";

/** The Paystack client for the configured account: the real API with a key, the built-in sandbox without. */
export function paystackFor(config: Config) {
  return createPaystackClient({ secretKey: config.paystack.secretKey, baseUrl: config.paystack.baseUrl });
}
