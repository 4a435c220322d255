import { randomBytes } from "node:crypto";
import type { PaystackChannel, PaystackCurrency, PaystackTransactionStatus } from "../contract.ts";

export type SandboxOutcome = "success" | "failed";

/** Paystack keeps one customer per e-mail address and reports it with every transaction. */
export interface SandboxCustomer {
  readonly id: number;
  readonly code: string;
  readonly email: string;
}

export interface SandboxTransaction {
  readonly id: number;
  readonly reference: string;
  readonly accessCode: string;
  readonly customer: SandboxCustomer;
  readonly amount: number;
  readonly currency: PaystackCurrency;
  readonly callbackUrl: string | null;
  /** Kept as given ("" when none): Paystack echoes metadata back untouched. */
  readonly metadata: Record<string, unknown> | string;
  /** The channels initialize named, in its order without repeats; null when it named none (the page offers all). */
  readonly channels: readonly PaystackChannel[] | null;
  readonly createdAt: Date;
  status: "ongoing" | SandboxOutcome;
  paidAt: Date | null;
  /** When Pay or Decline was pressed, and from which address (Paystack reports the payer's). */
  settledAt: Date | null;
  ipAddress: string | null;
}

export interface NewTransaction {
  reference: string;
  email: string;
  amount: number;
  currency: PaystackCurrency;
  callbackUrl: string | null;
  metadata: Record<string, unknown> | string;
  channels?: readonly PaystackChannel[] | null;
}

/** The card the sandbox "pays" with: Paystack's documented test Visa card. */
interface CardAuthorization {
  authorization_code: string;
  bin: string;
  last4: string;
  exp_month: string;
  exp_year: string;
  channel: "card";
  card_type: string;
  bank: string;
  country_code: string;
  brand: string;
  reusable: boolean;
  signature: string;
  account_name: null;
}

interface TransactionLog {
  start_time: number;
  time_spent: number;
  attempts: number;
  errors: number;
  success: boolean;
  mobile: boolean;
  input: never[];
  history: { type: "action" | "success" | "error"; message: string; time: number }[];
}

/**
 * Paystack's transaction object, as verify, fetch, list and the `charge.success` webhook report it. The sandbox has
 * no plans, splits, subaccounts, orders, terminals or fees, so those fields carry Paystack's empty values.
 */
export interface TransactionData {
  id: number;
  domain: "test";
  status: SandboxTransaction["status"];
  reference: string;
  amount: number;
  message: null;
  gateway_response: string | null;
  paid_at: string | null;
  created_at: string;
  channel: "card";
  currency: string;
  ip_address: string | null;
  metadata: Record<string, unknown> | string;
  log: TransactionLog | null;
  fees: number | null;
  fees_split: null;
  /** Empty until the card was tried, as for a transaction Paystack saw no payment attempt on. */
  authorization: CardAuthorization | Record<string, never>;
  customer: {
    id: number;
    first_name: null;
    last_name: null;
    email: string;
    customer_code: string;
    phone: null;
    metadata: null;
    risk_action: "default";
  };
  plan: null;
  split: Record<string, never>;
  order_id: null;
  paidAt: string | null;
  createdAt: string;
  requested_amount: number;
  pos_transaction_data: null;
  source: null;
  fees_breakdown: null;
  transaction_date: string;
  plan_object: Record<string, never>;
  subaccount: Record<string, never>;
}

/** What the tamper control reports instead of the real values. */
export interface Override {
  amount?: number;
  currency?: string;
}

const gatewayResponses = { ongoing: null, success: "Successful", failed: "Declined" } as const;

function authorization(tx: SandboxTransaction): TransactionData["authorization"] {
  if (tx.status === "ongoing") return {};
  // Stable per transaction, shaped like Paystack's codes.
  const suffix = tx.accessCode.slice(0, 10);
  return {
    authorization_code: `AUTH_${suffix}`,
    bin: "408408",
    last4: "4081",
    exp_month: "12",
    exp_year: "2030",
    channel: "card",
    card_type: "visa",
    bank: "TEST BANK",
    country_code: "NG",
    brand: "visa",
    reusable: tx.status === "success",
    signature: `SIG_${suffix}`,
    account_name: null,
  };
}

function log(tx: SandboxTransaction): TransactionLog | null {
  if (!tx.settledAt) return null;
  const timeSpent = Math.max(0, Math.round((tx.settledAt.getTime() - tx.createdAt.getTime()) / 1000));
  const success = tx.status === "success";
  return {
    start_time: Math.floor(tx.createdAt.getTime() / 1000),
    time_spent: timeSpent,
    attempts: 1,
    errors: success ? 0 : 1,
    success,
    mobile: false,
    input: [],
    history: [
      { type: "action", message: "Attempted to pay with card", time: timeSpent },
      success
        ? { type: "success", message: "Successfully paid with card", time: timeSpent }
        : { type: "error", message: "Error: Declined", time: timeSpent },
    ],
  };
}

export function transactionData(tx: SandboxTransaction, override: Override = {}): TransactionData {
  const paidAt = tx.paidAt?.toISOString() ?? null;
  const createdAt = tx.createdAt.toISOString();
  return {
    id: tx.id,
    domain: "test",
    status: tx.status,
    reference: tx.reference,
    amount: override.amount ?? tx.amount,
    message: null,
    gateway_response: gatewayResponses[tx.status],
    paid_at: paidAt,
    created_at: createdAt,
    channel: "card",
    currency: override.currency ?? tx.currency,
    ip_address: tx.ipAddress,
    metadata: tx.metadata,
    log: log(tx),
    // Test payments cost nothing.
    fees: tx.status === "success" ? 0 : null,
    fees_split: null,
    authorization: authorization(tx),
    customer: {
      id: tx.customer.id,
      first_name: null,
      last_name: null,
      email: tx.customer.email,
      customer_code: tx.customer.code,
      phone: null,
      metadata: null,
      risk_action: "default",
    },
    plan: null,
    split: {},
    order_id: null,
    paidAt,
    createdAt,
    requested_amount: tx.amount,
    pos_transaction_data: null,
    source: null,
    fees_breakdown: null,
    transaction_date: createdAt,
    plan_object: {},
    subaccount: {},
  };
}

/** Which transactions a list call asks for; every field is optional. */
export interface TransactionFilter {
  status?: PaystackTransactionStatus;
  amount?: number;
  /** A customer's id or customer code. */
  customer?: number | string;
  from?: Date;
  to?: Date;
}

export interface TransactionPage {
  transactions: SandboxTransaction[];
  total: number;
  /** Sum of the amounts of the matching successful transactions, as Paystack's `meta.total_volume`. */
  totalVolume: number;
}

/** The sandbox's transactions, in memory: it is a development and test stand-in, so a restart forgets them. */
export class TransactionStore {
  readonly #byId = new Map<number, SandboxTransaction>();
  readonly #byReference = new Map<string, SandboxTransaction>();
  readonly #byAccessCode = new Map<string, SandboxTransaction>();
  readonly #customers = new Map<string, SandboxCustomer>();
  #lastId = 0;
  #lastCustomerId = 0;

  /** `now` is the sandbox's clock (sandbox/scheduler.ts). */
  readonly #now: () => Date;

  constructor(now: () => Date = () => new Date()) {
    this.#now = now;
  }

  #customerFor(email: string): SandboxCustomer {
    // Paystack treats e-mail addresses case-insensitively when it matches customers.
    const key = email.toLowerCase();
    let customer = this.#customers.get(key);
    if (!customer) {
      customer = { id: ++this.#lastCustomerId, code: `CUS_${randomBytes(8).toString("hex").slice(0, 15)}`, email };
      this.#customers.set(key, customer);
    }
    return customer;
  }

  /** Undefined when the reference is already taken. */
  create(input: NewTransaction): SandboxTransaction | undefined {
    if (this.#byReference.has(input.reference)) return undefined;
    const { email, channels = null, ...rest } = input;
    const tx: SandboxTransaction = {
      ...rest,
      channels,
      id: ++this.#lastId,
      customer: this.#customerFor(email),
      accessCode: randomBytes(10).toString("hex"),
      createdAt: this.#now(),
      status: "ongoing",
      paidAt: null,
      settledAt: null,
      ipAddress: null,
    };
    this.#byId.set(tx.id, tx);
    this.#byReference.set(tx.reference, tx);
    this.#byAccessCode.set(tx.accessCode, tx);
    return tx;
  }

  byId(id: number): SandboxTransaction | undefined {
    return this.#byId.get(id);
  }

  byReference(reference: string): SandboxTransaction | undefined {
    return this.#byReference.get(reference);
  }

  byAccessCode(accessCode: string): SandboxTransaction | undefined {
    return this.#byAccessCode.get(accessCode);
  }

  /** Newest first, as Paystack lists them; `page` counts from 1. */
  list(filter: TransactionFilter, page: number, perPage: number): TransactionPage {
    const matching = [...this.#byId.values()].reverse().filter((tx) => {
      if (filter.status && tx.status !== filter.status) return false;
      if (filter.amount !== undefined && tx.amount !== filter.amount) return false;
      if (filter.customer !== undefined && tx.customer.id !== filter.customer && tx.customer.code !== filter.customer) return false;
      if (filter.from && tx.createdAt < filter.from) return false;
      if (filter.to && tx.createdAt > filter.to) return false;
      return true;
    });
    return {
      transactions: matching.slice((page - 1) * perPage, page * perPage),
      total: matching.length,
      totalVolume: matching.reduce((sum, tx) => (tx.status === "success" ? sum + tx.amount : sum), 0),
    };
  }

  /**
   * Moves an ongoing transaction to its outcome. "unchanged" means it already had that outcome (a second Pay must
   * not send a second webhook); "conflict" means it already had the other one.
   */
  settle(tx: SandboxTransaction, outcome: SandboxOutcome, ipAddress: string): "settled" | "unchanged" | "conflict" {
    if (tx.status === outcome) return "unchanged";
    if (tx.status !== "ongoing") return "conflict";
    const now = this.#now();
    tx.status = outcome;
    tx.settledAt = now;
    tx.ipAddress = ipAddress;
    if (outcome === "success") tx.paidAt = now;
    return "settled";
  }
}
