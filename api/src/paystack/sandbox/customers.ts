import { randomBytes } from "node:crypto";

/** Paystack keeps one customer per e-mail address and reports it with every transaction. */
export interface SandboxCustomer {
  readonly id: number;
  readonly code: string;
  readonly email: string;
  firstName: string | null;
  lastName: string | null;
  phone: string | null;
  metadata: Record<string, unknown> | null;
  readonly createdAt: Date;
  updatedAt: Date;
}

/** What POST /customer may set; a field left out keeps its value. */
export interface CustomerDetails {
  firstName?: string;
  lastName?: string;
  phone?: string;
  metadata?: Record<string, unknown>;
}

/** The fields every answer about a customer has (Paystack's customer object; the sandbox is one "test" integration). */
export function customerData(customer: SandboxCustomer) {
  return {
    email: customer.email,
    first_name: customer.firstName,
    last_name: customer.lastName,
    phone: customer.phone,
    integration: 1,
    domain: "test" as const,
    metadata: customer.metadata,
    customer_code: customer.code,
    risk_action: "default" as const,
    id: customer.id,
    createdAt: customer.createdAt.toISOString(),
    updatedAt: customer.updatedAt.toISOString(),
    identified: false,
    identifications: null,
  };
}

/** The sandbox's customers, in memory; transactions and POST /customer share them. */
export class CustomerStore {
  readonly #byEmail = new Map<string, SandboxCustomer>();
  readonly #byCode = new Map<string, SandboxCustomer>();
  #lastId = 0;
  readonly #now: () => Date;

  /** `now` is the sandbox's clock (sandbox/scheduler.ts). */
  constructor(now: () => Date = () => new Date()) {
    this.#now = now;
  }

  /** The customer of an e-mail address, made on first use (Paystack matches addresses case-insensitively). */
  forEmail(email: string): SandboxCustomer {
    const key = email.toLowerCase();
    let customer = this.#byEmail.get(key);
    if (!customer) {
      const now = this.#now();
      customer = {
        id: ++this.#lastId,
        code: `CUS_${randomBytes(8).toString("hex").slice(0, 15)}`,
        email,
        firstName: null,
        lastName: null,
        phone: null,
        metadata: null,
        createdAt: now,
        updatedAt: now,
      };
      this.#byEmail.set(key, customer);
      this.#byCode.set(customer.code, customer);
    }
    return customer;
  }

  /** Creates the customer of an address, or updates the one there is with the details given. */
  save(email: string, details: CustomerDetails): SandboxCustomer {
    const customer = this.forEmail(email);
    customer.firstName = details.firstName ?? customer.firstName;
    customer.lastName = details.lastName ?? customer.lastName;
    customer.phone = details.phone ?? customer.phone;
    customer.metadata = details.metadata ?? customer.metadata;
    customer.updatedAt = this.#now();
    return customer;
  }

  /** By customer code (`CUS_...`) or e-mail address, as Paystack's fetch takes either. */
  find(emailOrCode: string): SandboxCustomer | undefined {
    return this.#byCode.get(emailOrCode) ?? this.#byEmail.get(emailOrCode.toLowerCase());
  }
}
