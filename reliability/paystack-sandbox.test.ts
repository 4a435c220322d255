import { randomUUID } from "node:crypto";
import { createPaystack } from "@alexasomba/paystack-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { AUTHORIZATION_FIELDS, CUSTOMER_FIELDS, type PaystackSandbox, paystackSandbox, TRANSACTION_FIELDS } from "#testing/paystack.ts";
import { record } from "./lib/report.ts";

/**
 * Items 8.60-8.61, the built-in Paystack sandbox against a Paystack client library we did not write (typed from
 * Paystack's OpenAPI description). api/src/paystack/sandbox/paystack-library.test.ts has the cases; these
 * add the figures.
 */

const present = (object: unknown, fields: string[]) =>
  fields.filter((field) => typeof object === "object" && object !== null && field in object).length;

describe("8. Paystack sandbox parity", () => {
  let app: TestApp;
  let paystack: PaystackSandbox["paystack"];
  let raw: PaystackSandbox["raw"];
  let base: string;
  let secretKey: string;

  beforeAll(async () => {
    app = await startTestApp();
    ({ paystack, raw, base, secretKey } = await paystackSandbox(app));
  });
  afterAll(() => app.close());

  it("8.60 the library's transaction calls: initialize (number and string amounts), verify, fetch, list", async () => {
    const email = `parity+${randomUUID()}@example.com`;
    const statuses: number[] = [];
    const references: string[] = [];
    for (const amount of [4999, "500000"]) {
      const reference = `par-${randomUUID()}`;
      const init = await paystack.transaction_initialize({
        body: { email, amount: amount as number, currency: "NGN", reference },
      });
      statuses.push(init.response.status);
      references.push(reference);
      const paid = await raw(`/__simulate/${reference}/pay`, { method: "POST" });
      statuses.push(paid.status);
    }
    // An answer without data (an HTML page, an error) counts as a report with no fields.
    const datas: Record<string, unknown>[] = [];
    for (const reference of references) {
      const verified = await paystack.transaction_verify({ params: { path: { reference } } });
      statuses.push(verified.response.status);
      const data = (verified.data?.data ?? {}) as Record<string, unknown>;
      datas.push(data);
      const fetched = await paystack.transaction_fetch({ params: { path: { id: data.id as number } } });
      statuses.push(fetched.response.status);
      datas.push((fetched.data?.data ?? {}) as Record<string, unknown>);
    }
    const customerCode = (datas[0]?.customer as { customer_code?: string } | undefined)?.customer_code ?? "";
    const listed = await paystack.transaction_list({ params: { query: { customer_code: customerCode, per_page: 1, page: 2 } } });
    statuses.push(listed.response.status);
    datas.push(...((Array.isArray(listed.data?.data) ? listed.data.data : [{}]) as Record<string, unknown>[]));
    const meta = listed.data?.meta;

    const fields = Math.min(...datas.map((d) => present(d, TRANSACTION_FIELDS)));
    const authorization = Math.min(...datas.map((d) => present(d.authorization, AUTHORIZATION_FIELDS)));
    const customer = Math.min(...datas.map((d) => present(d.customer, CUSTOMER_FIELDS)));
    const ok = statuses.filter((s) => s === 200).length;
    const metaOk = meta?.total === 2 && meta.perPage === 1 && meta.page === 2 && meta.pageCount === 2 && meta.skipped === 1;
    const met =
      ok === statuses.length &&
      datas.length === 5 &&
      fields === TRANSACTION_FIELDS.length &&
      authorization === AUTHORIZATION_FIELDS.length &&
      customer === CUSTOMER_FIELDS.length &&
      metaOk;
    record({
      item: "8.60",
      check:
        'Paystack sandbox driven by an independent client (@alexasomba/paystack-node): 2 initializes (4999, "500000"), Pay, verify, fetch by id, list page 2 of 1 per page',
      figure: `${ok}/${statuses.length} calls 200; transaction fields ${fields}/${TRANSACTION_FIELDS.length} in each of ${datas.length} reports, authorization ${authorization}/${AUTHORIZATION_FIELDS.length}, customer ${customer}/${CUSTOMER_FIELDS.length}; list meta ${metaOk ? "right" : JSON.stringify(meta)}`,
      target: "all 200; Paystack's documented transaction, authorization and customer fields in every report; paging meta right",
      met,
    });
    expect(met).toBe(true);
  });

  it("8.61 every operation the library knows answers JSON in Paystack's envelope; the ones the sandbox lacks 404", async () => {
    const answers: { operation: string; status: number; contentType: string; envelope: boolean }[] = [];
    const recording = createPaystack({
      secretKey,
      baseUrl: base,
      retry: { retries: 0 },
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        const text = await response.clone().text();
        let envelope = false;
        try {
          envelope = typeof (JSON.parse(text) as { status?: unknown }).status === "boolean";
        } catch {}
        answers.push({ operation: "", status: response.status, contentType: response.headers.get("content-type") ?? "", envelope });
        return response;
      },
    });
    // Any path parameter: "1".
    const path = new Proxy({}, { get: () => "1" });
    // Every operation takes one optional options object; the types cannot say so for all 166 at once.
    const operations = Object.entries(recording as unknown as Record<string, unknown>).filter(
      (entry): entry is [string, (init: unknown) => Promise<unknown>] => entry[0] !== "client" && typeof entry[1] === "function",
    );
    for (const [name, call] of operations) {
      await call({ params: { path } });
      const last = answers.at(-1);
      if (last) last.operation = name;
    }
    const served = [
      "transaction_initialize",
      "transaction_verify",
      "transaction_fetch",
      "transaction_list",
      "transaction_totals",
      "transaction_export",
      "transaction_timeline",
      "transaction_chargeAuthorization",
      "transaction_partialDebit",
      "refund_create",
      "refund_fetch",
      "refund_list",
      "customer_create",
      "customer_fetch",
      "bank_list",
    ];
    const html = answers.filter((a) => a.contentType.startsWith("text/html"));
    const noEnvelope = answers.filter((a) => !a.envelope || !a.contentType.startsWith("application/json"));
    const others = answers.filter((a) => !served.includes(a.operation));
    const others404 = others.filter((a) => a.status === 404).length;
    const met = answers.length === operations.length && html.length === 0 && noEnvelope.length === 0 && others404 === others.length;
    record({
      item: "8.61",
      check: `every operation of the independent client (${operations.length}, any path parameter "1", no body) against the Paystack sandbox`,
      figure: `${answers.length} answered; JSON {status: boolean, ...} ${answers.length - noEnvelope.length}/${answers.length}; HTML ${html.length}; the ${others.length} it does not serve: ${others404}x 404`,
      target:
        "all JSON in Paystack's envelope, no HTML; everything but the transaction, charge, refund, customer create and fetch, and bank list calls the sandbox serves 404",
      met,
      note: noEnvelope.length ? `not an envelope: ${noEnvelope.map((a) => `${a.operation} ${a.status}`).join(", ")}` : undefined,
    });
    expect(met).toBe(true);
  });
});
