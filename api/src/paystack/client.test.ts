import { describe, expect, it } from "vitest";
import { createPaystackClient, PaystackError } from "./client.ts";

interface Call {
  url: string;
  init: RequestInit;
}

/** A stand-in for Paystack's side of the wire only: it answers every request with the given status and body. */
function fakePaystack(status: number, body: string | object) {
  const calls: Call[] = [];
  const fetch = async (url: string | URL | Request, init: RequestInit = {}) => {
    calls.push({ url: String(url), init });
    return new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json" },
    });
  };
  const client = createPaystackClient({ secretKey: "sk_test_fake", baseUrl: "https://paystack.test/", fetch });
  return { client, calls };
}

const transaction = {
  id: 7,
  reference: "inv-1",
  status: "success",
  amount: 4999,
  currency: "USD",
  paid_at: "2025-01-02T03:04:05.000Z",
  channel: "card",
  gateway_response: "Successful",
  customer: { id: 1, email: "ada@example.com" },
  metadata: { invoiceId: "i1" },
};

const input = { email: "ada@example.com", amount: 4999, currency: "USD", reference: "inv-1" } as const;

async function failure(promise: Promise<unknown>): Promise<PaystackError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaystackError);
  return error as PaystackError;
}

describe("Paystack client", () => {
  it("initializes with the secret key, JSON and the amount in minor units", async () => {
    const { client, calls } = fakePaystack(200, {
      status: true,
      message: "Authorization URL created",
      data: { authorization_url: "https://checkout.paystack.com/abc", access_code: "abc", reference: "inv-1" },
    });
    const result = await client.initialize({ ...input, callback_url: "https://learn.test/callback", metadata: { invoiceId: "i1" } });
    expect(result).toEqual({ authorization_url: "https://checkout.paystack.com/abc", access_code: "abc", reference: "inv-1" });
    const [call] = calls;
    expect(call?.url).toBe("https://paystack.test/transaction/initialize");
    expect(call?.init.method).toBe("POST");
    const headers = new Headers(call?.init.headers);
    expect(headers.get("authorization")).toBe("Bearer sk_test_fake");
    expect(headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(String(call?.init.body))).toEqual({
      ...input,
      callback_url: "https://learn.test/callback",
      metadata: { invoiceId: "i1" },
    });
    expect(call?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it("sends the channels the checkout offers when asked to", async () => {
    const { client, calls } = fakePaystack(200, {
      status: true,
      message: "Authorization URL created",
      data: { authorization_url: "https://checkout.paystack.com/abc", access_code: "abc", reference: "inv-1" },
    });
    await client.initialize({ ...input, currency: "NGN", channels: ["bank_transfer", "card"] });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ ...input, currency: "NGN", channels: ["bank_transfer", "card"] });
  });

  it("turns Paystack's refusal into a PaystackError with its message, status and code", async () => {
    const { client } = fakePaystack(400, {
      status: false,
      message: "Duplicate Transaction Reference",
      type: "validation_error",
      code: "duplicate_reference",
    });
    const error = await failure(client.initialize(input));
    expect(error).toMatchObject({ message: "Duplicate Transaction Reference", httpStatus: 400, code: "duplicate_reference" });
  });

  it("treats status:false as a failure even on HTTP 200", async () => {
    const { client } = fakePaystack(200, { status: false, message: "Currency not supported by merchant" });
    expect(await failure(client.initialize(input))).toMatchObject({ message: "Currency not supported by merchant", httpStatus: 200 });
  });

  it("refuses a reference Paystack would reject without calling it", async () => {
    const { client, calls } = fakePaystack(200, {});
    expect(await failure(client.initialize({ ...input, reference: "inv 1/2" }))).toMatchObject({ code: "invalid_reference" });
    expect(await client.verify("../admin")).toEqual({ found: false, message: "Transaction reference not found" });
    expect(calls).toHaveLength(0);
  });

  it("turns malformed answers into PaystackErrors", async () => {
    const answers: [number, string | object][] = [
      [200, "{not json"],
      [502, "<html>Bad gateway</html>"],
      [200, ["status", true]],
      [200, { status: true, message: "Authorization URL created", data: { access_code: "abc" } }],
      [200, { status: true, message: "Authorization URL created" }],
    ];
    for (const [status, body] of answers) {
      const error = await failure(fakePaystack(status, body).client.initialize(input));
      expect(error.httpStatus).toBe(status);
    }
  });

  it("reports a network failure and a timeout without an HTTP status", async () => {
    const unreachable = createPaystackClient({
      secretKey: "sk",
      baseUrl: "https://paystack.test",
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    expect(await failure(unreachable.verify("inv-1"))).toMatchObject({ message: "Could not reach Paystack", httpStatus: undefined });

    const silent = createPaystackClient({
      secretKey: "sk",
      baseUrl: "https://paystack.test",
      timeoutMs: 20,
      fetch: (_url, init) => new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason))),
    });
    expect(await failure(silent.verify("inv-1"))).toMatchObject({ message: "Paystack did not answer within 20 ms", httpStatus: undefined });
  });

  it("verifies: the payment's outcome is data.status", async () => {
    const { client, calls } = fakePaystack(200, { status: true, message: "Verification successful", data: transaction });
    const result = await client.verify("inv-1");
    expect(calls[0]?.url).toBe("https://paystack.test/transaction/verify/inv-1");
    expect(calls[0]?.init.method).toBe("GET");
    expect(result).toEqual({
      found: true,
      data: {
        reference: "inv-1",
        status: "success",
        amount: 4999,
        currency: "USD",
        paid_at: "2025-01-02T03:04:05.000Z",
        channel: "card",
        gateway_response: "Successful",
        customer: { email: "ada@example.com" },
        metadata: { invoiceId: "i1" },
      },
    });
  });

  it("normalises metadata sent back as an object, a JSON string or an empty string", async () => {
    const cases: [unknown, unknown][] = [
      [{ invoiceId: "i1" }, { invoiceId: "i1" }],
      ['{"invoiceId":"i1"}', { invoiceId: "i1" }],
      ["", null],
      ["not json", null],
      ["[1,2]", null],
      [null, null],
      [undefined, null],
    ];
    for (const [sent, expected] of cases) {
      const { client } = fakePaystack(200, { status: true, message: "ok", data: { ...transaction, metadata: sent } });
      const result = await client.verify("inv-1");
      expect(result.found && result.data.metadata).toEqual(expected);
    }
  });

  it("reads the payment's authorization: a card's, a wallet's with numeric expiry, none before an attempt", async () => {
    const card = {
      authorization_code: "AUTH_abc",
      reusable: true,
      channel: "card",
      signature: "SIG_x",
      last4: "4081",
      exp_month: "12",
      exp_year: "2030",
    };
    const wallet = {
      authorization_code: "AUTH_mm",
      reusable: false,
      channel: "mobile_money",
      signature: null,
      exp_month: 12,
      exp_year: 9999,
    };
    const cases: [unknown, unknown][] = [
      [card, expect.objectContaining({ authorization_code: "AUTH_abc", reusable: true, signature: "SIG_x", exp_year: "2030" })],
      [wallet, expect.objectContaining({ reusable: false, signature: null, exp_month: "12", exp_year: "9999" })],
      [{}, undefined],
      [undefined, undefined],
    ];
    for (const [sent, expected] of cases) {
      const { client } = fakePaystack(200, { status: true, message: "ok", data: { ...transaction, authorization: sent } });
      const result = await client.verify("inv-1");
      expect(result.found && result.data.authorization).toEqual(expected);
    }
  });

  it("charges a saved card: the answer's transaction whatever its outcome, a refusal as a PaystackError", async () => {
    const charge = {
      authorization_code: "AUTH_abc",
      email: "ada@example.com",
      amount: 4000,
      currency: "NGN",
      reference: "part-2",
    } as const;
    const declined = fakePaystack(200, {
      status: true,
      message: "Charge attempted",
      data: { ...transaction, reference: "part-2", status: "failed" },
    });
    expect(await declined.client.chargeAuthorization(charge)).toMatchObject({ reference: "part-2", status: "failed" });
    expect(declined.calls[0]?.url).toBe("https://paystack.test/transaction/charge_authorization");
    expect(JSON.parse(String(declined.calls[0]?.init.body))).toEqual(charge);

    const duplicate = fakePaystack(400, { status: false, message: "Duplicate Transaction Reference", code: "duplicate_reference" });
    expect(await failure(duplicate.client.chargeAuthorization(charge))).toMatchObject({ httpStatus: 400, code: "duplicate_reference" });

    const unsent = fakePaystack(200, {});
    expect(await failure(unsent.client.chargeAuthorization({ ...charge, reference: "part 2" }))).toMatchObject({
      code: "invalid_reference",
    });
    expect(unsent.calls).toHaveLength(0);
  });

  it("answers found:false for an unknown reference, whether Paystack says 400 or 404", async () => {
    for (const status of [400, 404]) {
      const { client } = fakePaystack(status, { status: false, message: "Transaction reference not found" });
      expect(await client.verify("inv-404")).toEqual({ found: false, message: "Transaction reference not found" });
    }
  });

  it("throws on other verify failures and on an unknown payment status", async () => {
    expect(await failure(fakePaystack(401, { status: false, message: "Invalid key" }).client.verify("inv-1"))).toMatchObject({
      message: "Invalid key",
      httpStatus: 401,
    });
    const odd = fakePaystack(200, { status: true, message: "ok", data: { ...transaction, status: "teleported" } });
    expect(await failure(odd.client.verify("inv-1"))).toMatchObject({ httpStatus: 200 });
  });
});
