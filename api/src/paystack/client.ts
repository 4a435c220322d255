import { z } from "zod";
import {
  PAYSTACK_REFERENCE_PATTERN,
  PAYSTACK_REFUND_STATUSES,
  PAYSTACK_TRANSACTION_STATUSES,
  type PaystackChannel,
  type PaystackCurrency,
} from "./contract.ts";

/**
 * A failed Paystack call: Paystack's own message and code (e.g. `duplicate_reference`) when it answered, the HTTP
 * status when there was one. `httpStatus` is undefined when no answer arrived (network error, timeout), which like
 * a 5xx is worth retrying.
 */
export class PaystackError extends Error {
  override name = "PaystackError";
  readonly httpStatus: number | undefined;
  readonly code: string | undefined;
  constructor(message: string, options: { httpStatus?: number; code?: string; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.httpStatus = options.httpStatus;
    this.code = options.code;
  }
}

export interface InitializeInput {
  email: string;
  /** Integer minor units: USD cents, so $49.99 is 4999. */
  amount: number;
  currency: PaystackCurrency;
  reference: string;
  callback_url?: string;
  metadata?: Record<string, unknown>;
  /** The channels the checkout offers; left out, Paystack offers those enabled on the merchant's dashboard. */
  channels?: PaystackChannel[];
}

export interface InitializeResult {
  authorization_url: string;
  access_code: string;
  reference: string;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Paystack returns metadata as it was sent, as a JSON string, or as "" when there was none. */
function normaliseMetadata(value: unknown): Record<string, unknown> | null {
  if (typeof value !== "string") return isPlainObject(value) ? value : null;
  try {
    const parsed: unknown = JSON.parse(value);
    return isPlainObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

const optionalText = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

/** Paystack sends a card's expiry month and year as strings, a mobile money wallet's at times as numbers. */
const looseText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? null : String(value)));

const authorizationSchema = z.object({
  authorization_code: z.string().min(1),
  /** Only a reusable authorization may be charged later (charge_authorization). */
  reusable: z
    .boolean()
    .nullish()
    .transform((value) => value === true),
  channel: optionalText,
  signature: optionalText,
  bin: optionalText,
  last4: optionalText,
  exp_month: looseText,
  exp_year: looseText,
  card_type: optionalText,
  bank: optionalText,
  brand: optionalText,
  country_code: optionalText,
});

export type PaystackAuthorization = z.output<typeof authorizationSchema>;

/** The payment's authorization; absent (or Paystack's `{}` before a payment attempt) reads as undefined. */
const authorizationField = z
  .unknown()
  .transform((value): PaystackAuthorization | undefined => {
    const parsed = authorizationSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  })
  .optional();

const transactionSchema = z.object({
  reference: z.string(),
  status: z.enum(PAYSTACK_TRANSACTION_STATUSES),
  amount: z.number().int(),
  currency: z.string(),
  paid_at: optionalText,
  channel: optionalText,
  gateway_response: optionalText,
  customer: z.object({ email: z.string() }),
  metadata: z.unknown().optional().transform(normaliseMetadata),
  /** How the customer paid: the card saved for charges later when `reusable`. */
  authorization: authorizationField,
});

export type PaystackTransaction = z.output<typeof transactionSchema>;

export type VerifyResult = { found: false; message: string } | { found: true; data: PaystackTransaction };

const initializeSchema = z.object({
  authorization_url: z.url(),
  access_code: z.string().min(1),
  reference: z.string().min(1),
});

export interface ChargeAuthorizationInput {
  /** A reusable authorization's code, from a payment by the same customer. */
  authorization_code: string;
  /** The e-mail the authorization was saved with: Paystack refuses any other. */
  email: string;
  /** Integer minor units. */
  amount: number;
  currency: PaystackCurrency;
  /** Ours, made before the call, so a retry after a timeout can look the charge up instead of charging twice. */
  reference: string;
  metadata?: Record<string, unknown>;
}

export interface CreateRefundInput {
  /** The transaction's reference (or Paystack's id for it). */
  transaction: string;
  /** Integer minor units; left out, Paystack refunds all that is left of the transaction. */
  amount?: number;
  currency?: PaystackCurrency;
  customer_note?: string;
  merchant_note?: string;
}

/** Paystack's create answers the refunded transaction as an object, its fetch as the transaction's id (and reference). */
const refundSchema = z.object({
  id: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]),
  transaction: z.union([z.object({ id: z.number().int().optional(), reference: z.string() }), z.number().int()]),
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(PAYSTACK_REFUND_STATUSES),
  refunded_at: optionalText,
  merchant_note: optionalText,
});

export type PaystackRefund = z.output<typeof refundSchema>;

const envelopeSchema = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  code: z.string().optional(),
  data: z.unknown().optional(),
});

interface Answer extends z.output<typeof envelopeSchema> {
  httpStatus: number;
  ok: boolean;
}

export interface PaystackClient {
  initialize(input: InitializeInput): Promise<InitializeResult>;
  /** `found: false` when Paystack does not know the reference; the payment's outcome is `data.status`. */
  verify(reference: string): Promise<VerifyResult>;
  /**
   * Charges a saved card without the customer (`POST /transaction/charge_authorization`). A charge Paystack made is
   * returned whatever its outcome (`status` "failed" for a declined card); a charge it refused to make (an unknown or
   * inactive authorization, another customer's, a reference used before: `code` "duplicate_reference") throws a
   * PaystackError and creates no transaction.
   */
  chargeAuthorization(input: ChargeAuthorizationInput): Promise<PaystackTransaction>;
  /**
   * Asks Paystack to refund a successful transaction, in full or in part (`POST /refund`). Paystack refuses with a
   * 400 (a PaystackError) an amount above what is left of the transaction.
   */
  createRefund(input: CreateRefundInput): Promise<PaystackRefund>;
  /** A refund's current state (`GET /refund/:id`); null when Paystack does not know the id. */
  getRefund(id: number): Promise<PaystackRefund | null>;
}

export interface PaystackClientOptions {
  secretKey: string;
  /** `https://api.paystack.co`, or the sandbox's URL. */
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/** How long a call to Paystack may take before it counts as failed (the checkout's wait is longer, checkout.ts). */
export const PAYSTACK_TIMEOUT_MS = 10_000;

export function createPaystackClient(options: PaystackClientOptions): PaystackClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? PAYSTACK_TIMEOUT_MS;

  async function call(method: "GET" | "POST", path: string, body?: unknown): Promise<Answer> {
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const timedOut = error instanceof Error && error.name === "TimeoutError";
      throw new PaystackError(timedOut ? `Paystack did not answer within ${timeoutMs} ms` : "Could not reach Paystack", {
        cause: error,
      });
    }
    const httpStatus = response.status;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new PaystackError(`Paystack answered HTTP ${httpStatus} with a body that is not JSON`, { httpStatus, cause: error });
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) {
      throw new PaystackError(`Paystack answered HTTP ${httpStatus} with an unexpected body`, { httpStatus, cause: envelope.error });
    }
    return { ...envelope.data, httpStatus, ok: response.ok };
  }

  function failure(answer: Answer): PaystackError {
    return new PaystackError(answer.message || `Paystack answered HTTP ${answer.httpStatus}`, {
      httpStatus: answer.httpStatus,
      code: answer.code,
    });
  }

  function parseData<T extends z.ZodType>(schema: T, answer: Answer): z.output<T> {
    const data = schema.safeParse(answer.data);
    if (!data.success) {
      throw new PaystackError("Paystack answered with data of an unexpected shape", { httpStatus: answer.httpStatus, cause: data.error });
    }
    return data.data;
  }

  function checkReference(reference: string) {
    if (!PAYSTACK_REFERENCE_PATTERN.test(reference)) {
      throw new PaystackError("A transaction reference may only contain A-Z, a-z, 0-9, '-', '.' and '='", {
        code: "invalid_reference",
      });
    }
  }

  return {
    async initialize(input) {
      checkReference(input.reference);
      const answer = await call("POST", "/transaction/initialize", input);
      if (!answer.ok || !answer.status) throw failure(answer);
      return parseData(initializeSchema, answer);
    },

    async verify(reference) {
      // Such a reference cannot exist at Paystack; it usually comes from a callback URL a person can edit.
      if (!PAYSTACK_REFERENCE_PATTERN.test(reference)) return { found: false, message: "Transaction reference not found" };
      const answer = await call("GET", `/transaction/verify/${encodeURIComponent(reference)}`);
      const notFound =
        !answer.status &&
        (answer.httpStatus === 400 || answer.httpStatus === 404) &&
        (answer.code === "transaction_not_found" || /not found/i.test(answer.message ?? ""));
      if (notFound) return { found: false, message: answer.message ?? "Transaction reference not found" };
      if (!answer.ok || !answer.status) throw failure(answer);
      return { found: true, data: parseData(transactionSchema, answer) };
    },

    async chargeAuthorization(input) {
      checkReference(input.reference);
      const answer = await call("POST", "/transaction/charge_authorization", input);
      if (!answer.ok || !answer.status) throw failure(answer);
      return parseData(transactionSchema, answer);
    },

    async createRefund(input) {
      const answer = await call("POST", "/refund", input);
      if (!answer.ok || !answer.status) throw failure(answer);
      return parseData(refundSchema, answer);
    },

    async getRefund(id) {
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      const answer = await call("GET", `/refund/${id}`);
      if (!answer.status && (answer.httpStatus === 400 || answer.httpStatus === 404)) return null;
      if (!answer.ok || !answer.status) throw failure(answer);
      return parseData(refundSchema, answer);
    },
  };
}
