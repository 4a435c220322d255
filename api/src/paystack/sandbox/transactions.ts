import { randomBytes } from "node:crypto";
import type { PaystackChannel, PaystackCurrency, PaystackTransactionStatus } from "../contract.ts";
import { MOBILE_MONEY_PROVIDERS, type MobileMoneyProvider, type OfflineChannel, USSD_BANK } from "./channels.ts";
import { CustomerStore, type SandboxCustomer } from "./customers.ts";

export type SandboxOutcome = "success" | "failed";

/**
 * Where a payment stands, as verify reports it (docs/payments.md, Calls): `ongoing` while Paystack waits on the
 * customer, `pending` once they said they paid by an offline channel (a transfer sent, a USSD code dialled, a mobile
 * money prompt to approve) and the money is on its way, then its outcome.
 */
export type SandboxStatus = "ongoing" | "pending" | SandboxOutcome;

/** The wallet a mobile money payment is charged to. */
export interface MobileMoneyWallet {
  /** Digits only. */
  phone: string;
  provider: MobileMoneyProvider;
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
  /**
   * A charge of a saved card (charge_authorization, partial_debit): the payment that saved the card, whose
   * authorization it reports. No customer is present, so Paystack reports no address and no log.
   */
  readonly chargeOf: SandboxTransaction | null;
  readonly createdAt: Date;
  status: SandboxStatus;
  /** How the customer paid, or is paying: card until they choose another channel. */
  channel: PaystackChannel;
  /** The wallet of a mobile money payment. */
  wallet: MobileMoneyWallet | null;
  /** When the customer said they paid by an offline channel (the status became pending). */
  submittedAt: Date | null;
  paidAt: Date | null;
  /** When the payment got its outcome (Pay or Decline pressed, an offline payment completed). */
  settledAt: Date | null;
  /** The payer's address (Paystack reports it), from the page they paid on. */
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
  chargeOf?: SandboxTransaction | null;
}

/**
 * Paystack's `authorization` of a payment: the card the sandbox "pays" with is Paystack's documented test Visa card;
 * the other channels report what Paystack's documentation shows for them (a masked account or phone number, the
 * bank or network), never reusable.
 */
export interface PaymentAuthorization {
  authorization_code: string;
  bin: string;
  last4: string;
  exp_month: string;
  exp_year: string;
  channel: PaystackChannel;
  card_type: string;
  bank: string | null;
  country_code: string;
  brand: string;
  reusable: boolean;
  signature: string | null;
  account_name: null;
  /** Pay with transfer: who sent the money. */
  sender_country?: string;
  sender_bank?: string | null;
  sender_bank_account_number?: string;
  sender_name?: string | null;
  narration?: string;
  /** QR: the account it was paid into (none in the sandbox). */
  receiver_bank_account_number?: null;
  receiver_bank?: null;
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
  status: PaystackTransactionStatus;
  reference: string;
  amount: number;
  message: null;
  gateway_response: string | null;
  paid_at: string | null;
  created_at: string;
  channel: PaystackChannel;
  currency: string;
  ip_address: string | null;
  metadata: Record<string, unknown> | string;
  log: TransactionLog | null;
  fees: number | null;
  fees_split: null;
  /** Empty until the payment has its outcome, as for a transaction Paystack saw no completed attempt on. */
  authorization: PaymentAuthorization | Record<string, never>;
  customer: {
    id: number;
    first_name: string | null;
    last_name: string | null;
    email: string;
    customer_code: string;
    phone: string | null;
    metadata: Record<string, unknown> | null;
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
  /** Reported instead of `ongoing` or `pending` while the payment has no outcome; a paid or declined one reports its own. */
  status?: PaystackTransactionStatus;
}

/** Paystack's `gateway_response` for a success, by channel, as its documentation shows them. */
const successResponses: Partial<Record<PaystackChannel, string>> = {
  bank_transfer: "Approved",
  mobile_money: "Approved",
  ussd: "Payment successful",
  qr: "Payment successful",
};

function gatewayResponse(tx: SandboxTransaction): string | null {
  if (tx.status === "success") return tx.chargeOf ? "Approved" : (successResponses[tx.channel] ?? "Successful");
  return tx.status === "failed" ? "Declined" : null;
}

const twoDigits = (n: number) => String(n).padStart(2, "0");

/** The authorization code of a payment's card, wallet or account: stable per payment, shaped like Paystack's. */
export function authorizationCode(tx: SandboxTransaction): string {
  return `AUTH_${(tx.chargeOf ?? tx).accessCode.slice(0, 10)}`;
}

/** Whether a payment saved its card for charges later: a successful card payment at the checkout (Paystack's rule). */
export function savesCard(tx: SandboxTransaction): boolean {
  return tx.status === "success" && tx.channel === "card" && !tx.chargeOf;
}

function authorization(tx: SandboxTransaction): TransactionData["authorization"] {
  if (tx.status === "ongoing" || tx.status === "pending") return {};
  // A charge of a saved card reports that card, still reusable whatever this charge's outcome.
  const suffix = (tx.chargeOf ?? tx).accessCode.slice(0, 10);
  const code = `AUTH_${suffix}`;
  const paid = tx.settledAt ?? tx.createdAt;
  const month = twoDigits(paid.getUTCMonth() + 1);
  const year = String(paid.getUTCFullYear());
  const offline = { signature: null, account_name: null, reusable: false } as const;
  switch (tx.channel) {
    case "bank_transfer":
      return {
        authorization_code: code,
        bin: "008XXX",
        last4: "X553",
        exp_month: month,
        exp_year: year,
        channel: "bank_transfer",
        card_type: "transfer",
        bank: null,
        country_code: "NG",
        brand: "Managed Account",
        ...offline,
        sender_country: "NG",
        sender_bank: null,
        sender_bank_account_number: "XXXXXXX553",
        sender_name: null,
        narration: `Transfer for ${tx.reference}`,
      };
    case "ussd":
      return {
        authorization_code: code,
        bin: "XXXXXX",
        last4: "XXXX",
        exp_month: month,
        exp_year: year,
        channel: "ussd",
        card_type: "offline",
        bank: USSD_BANK,
        country_code: "NG",
        brand: "offline",
        ...offline,
      };
    case "mobile_money": {
      const phone = tx.wallet?.phone ?? "0000000000";
      const provider = MOBILE_MONEY_PROVIDERS[tx.wallet?.provider ?? "mtn"];
      return {
        authorization_code: code,
        bin: `${phone.slice(0, 3)}XXX`,
        last4: `X${phone.slice(-3)}`,
        exp_month: "12",
        exp_year: "9999",
        channel: "mobile_money",
        card_type: "",
        bank: provider.bank,
        country_code: provider.country,
        brand: provider.brand,
        ...offline,
      };
    }
    default:
      // The card, and what the sandbox settles like it (QR, bank, EFT, Apple Pay): only a card is saved for reuse.
      return {
        authorization_code: code,
        bin: "408408",
        last4: "4081",
        exp_month: "12",
        exp_year: "2030",
        channel: tx.channel,
        card_type: "visa",
        bank: "TEST BANK",
        country_code: "NG",
        brand: "visa",
        reusable: tx.chargeOf !== null || savesCard(tx),
        signature: tx.channel === "card" ? `SIG_${suffix}` : null,
        account_name: null,
        ...(tx.channel === "qr" ? { receiver_bank_account_number: null, receiver_bank: null } : {}),
      };
  }
}

/** How the log's history names a channel. */
const channelWords: Record<PaystackChannel, string> = {
  card: "card",
  bank_transfer: "bank transfer",
  ussd: "USSD",
  mobile_money: "mobile money",
  qr: "QR",
  bank: "bank",
  eft: "EFT",
  apple_pay: "Apple Pay",
};

/** Paystack's log of the customer's attempt (also what the timeline answers); null until there was one. */
export function transactionLog(tx: SandboxTransaction): TransactionLog | null {
  const attemptedAt = tx.submittedAt ?? tx.settledAt;
  if (!attemptedAt || tx.chargeOf) return null;
  const seconds = (at: Date) => Math.max(0, Math.round((at.getTime() - tx.createdAt.getTime()) / 1000));
  const words = channelWords[tx.channel];
  const history: TransactionLog["history"] = [{ type: "action", message: `Attempted to pay with ${words}`, time: seconds(attemptedAt) }];
  if (tx.settledAt) {
    const time = seconds(tx.settledAt);
    history.push(
      tx.status === "success"
        ? { type: "success", message: `Successfully paid with ${words}`, time }
        : { type: "error", message: "Error: Declined", time },
    );
  }
  return {
    start_time: Math.floor(tx.createdAt.getTime() / 1000),
    time_spent: seconds(tx.settledAt ?? attemptedAt),
    attempts: 1,
    errors: tx.status === "failed" ? 1 : 0,
    success: tx.status === "success",
    mobile: false,
    input: [],
    history,
  };
}

export function transactionData(tx: SandboxTransaction, override: Override = {}): TransactionData {
  const paidAt = tx.paidAt?.toISOString() ?? null;
  const createdAt = tx.createdAt.toISOString();
  return {
    id: tx.id,
    domain: "test",
    status: override.status && (tx.status === "ongoing" || tx.status === "pending") ? override.status : tx.status,
    reference: tx.reference,
    amount: override.amount ?? tx.amount,
    message: null,
    gateway_response: gatewayResponse(tx),
    paid_at: paidAt,
    created_at: createdAt,
    channel: tx.channel,
    currency: override.currency ?? tx.currency,
    ip_address: tx.ipAddress,
    metadata: tx.metadata,
    log: transactionLog(tx),
    // Test payments cost nothing.
    fees: tx.status === "success" ? 0 : null,
    fees_split: null,
    authorization: authorization(tx),
    customer: {
      id: tx.customer.id,
      first_name: tx.customer.firstName,
      last_name: tx.customer.lastName,
      email: tx.customer.email,
      customer_code: tx.customer.code,
      phone: tx.customer.phone,
      metadata: tx.customer.metadata,
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
  /** Authorization codes of settled payments, to the payment each belongs to. */
  readonly #byAuthorization = new Map<string, SandboxTransaction>();
  #lastId = 0;
  readonly #now: () => Date;
  readonly customers: CustomerStore;

  /** `now` is the sandbox's clock (sandbox/scheduler.ts). */
  constructor(now: () => Date = () => new Date(), customers: CustomerStore = new CustomerStore(now)) {
    this.#now = now;
    this.customers = customers;
  }

  /** Undefined when the reference is already taken. */
  create(input: NewTransaction): SandboxTransaction | undefined {
    if (this.#byReference.has(input.reference)) return undefined;
    const { email, channels = null, chargeOf = null, ...rest } = input;
    const tx: SandboxTransaction = {
      ...rest,
      channels,
      chargeOf,
      id: ++this.#lastId,
      customer: this.customers.forEmail(email),
      accessCode: randomBytes(10).toString("hex"),
      createdAt: this.#now(),
      status: "ongoing",
      channel: "card",
      wallet: null,
      submittedAt: null,
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

  /** The payment an authorization code came from (a charge of a saved card reports its card's code, not its own). */
  byAuthorizationCode(code: string): SandboxTransaction | undefined {
    return this.#byAuthorization.get(code);
  }

  /** Newest first, as Paystack lists them; `page` counts from 1. */
  list(filter: TransactionFilter, page: number, perPage: number): TransactionPage {
    const matching = this.matching(filter);
    return {
      transactions: matching.slice((page - 1) * perPage, page * perPage),
      total: matching.length,
      totalVolume: matching.reduce((sum, tx) => (tx.status === "success" ? sum + tx.amount : sum), 0),
    };
  }

  /** Every transaction the filter takes, newest first. */
  matching(filter: TransactionFilter): SandboxTransaction[] {
    return [...this.#byId.values()].reverse().filter((tx) => {
      if (filter.status && tx.status !== filter.status) return false;
      if (filter.amount !== undefined && tx.amount !== filter.amount) return false;
      if (filter.customer !== undefined && tx.customer.id !== filter.customer && tx.customer.code !== filter.customer) return false;
      if (filter.from && tx.createdAt < filter.from) return false;
      if (filter.to && tx.createdAt > filter.to) return false;
      return true;
    });
  }

  /**
   * The customer says they paid by an offline channel: an ongoing transaction becomes pending on that channel.
   * "unchanged" means it already was (a resubmitted form); "conflict" means it has its outcome already, or is pending
   * on another channel.
   */
  submit(
    tx: SandboxTransaction,
    channel: OfflineChannel,
    ipAddress: string,
    wallet: MobileMoneyWallet | null = null,
  ): "pending" | "unchanged" | "conflict" {
    if (tx.status === "pending" && tx.channel === channel) return "unchanged";
    if (tx.status !== "ongoing") return "conflict";
    tx.status = "pending";
    tx.channel = channel;
    tx.wallet = wallet;
    tx.submittedAt = this.#now();
    tx.ipAddress = ipAddress;
    return "pending";
  }

  /**
   * Moves an ongoing or pending transaction to its outcome; `channel` is how an ongoing one was paid (card unless
   * said), and must be a pending one's own. "unchanged" means it already had that outcome (a second Pay must not send
   * a second webhook); "conflict" means it already had the other one, or is pending on another channel.
   */
  settle(
    tx: SandboxTransaction,
    outcome: SandboxOutcome,
    attempt: { ipAddress?: string; channel?: PaystackChannel } = {},
  ): "settled" | "unchanged" | "conflict" {
    if (tx.status === outcome) return "unchanged";
    if (tx.status !== "ongoing" && tx.status !== "pending") return "conflict";
    if (tx.status === "pending" && attempt.channel && attempt.channel !== tx.channel) return "conflict";
    const now = this.#now();
    tx.status = outcome;
    if (attempt.channel) tx.channel = attempt.channel;
    tx.settledAt = now;
    if (attempt.ipAddress) tx.ipAddress = attempt.ipAddress;
    if (outcome === "success") tx.paidAt = now;
    if (!tx.chargeOf) this.#byAuthorization.set(authorizationCode(tx), tx);
    return "settled";
  }
}
