import { randomBytes } from "node:crypto";
import { encodeGlobalID } from "@pothos/plugin-relay";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { createSession } from "../api/src/domain/accounts/login.ts";
import { schema } from "../api/src/graphql/schema/index.ts";
import { signPaystackBody } from "../api/src/paystack/signature.ts";
import { anyJson, changedTables, inputArbitrary, mutatedArguments, nastyString, snapshot } from "./lib/fuzz.ts";
import { record } from "./lib/report.ts";
import { operationFor, rootFields } from "./lib/schema-walk.ts";

/**
 * Item 7a, bad input (OWASP API4/API8): thousands of random and malformed requests to every mutation and every REST
 * route. Nothing may answer 5xx, and a refused request may not change any data: row counts and a checksum of every
 * table are compared before and after each request (requests run one at a time; jobs an accepted request records
 * are run before the next). FUZZ_RUNS sets the runs per mutation and per route (default 100); FUZZ_SEED replays.
 */

const RUNS = Number(process.env.FUZZ_RUNS || 100);
const SEED = Number(process.env.FUZZ_SEED || Date.now() % 2 ** 31);

type Caller = "anonymous" | "learner" | "admin" | "garbage";

interface Tally {
  requests: number;
  accepted: number;
  refused: number;
  serverErrors: string[];
  refusedChanges: string[];
}

/** Percent-encodes the UTF-8 bytes of any string (encodeURIComponent throws on lone surrogates). */
const percentEncode = (s: string) =>
  [...Buffer.from(s, "utf8")]
    .map((b) => (/[A-Za-z0-9\-_.~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, "0")}`))
    .join("");

const tally = (): Tally => ({ requests: 0, accepted: 0, refused: 0, serverErrors: [], refusedChanges: [] });

describe("7a. bad input", () => {
  let app: TestApp;
  let learnerId: string;
  let adminId: string;
  const ids: string[] = [];
  const rawIds: string[] = [];
  const idsByType: Record<string, string[]> = {};

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "1000000" });
    const { prisma } = app.services.db;
    const learner = await learnerWithToken(app);
    const admin = await adminWithToken(app);
    learnerId = learner.learner.id;
    adminId = admin.admin.id;
    const track = await prisma.track.create({
      data: { name: "Fuzz track", priceCents: 4999, duration: "1 week", instructor: "I", description: "D" },
    });
    const free = await prisma.track.create({
      data: { name: "Free track", priceCents: 0, duration: "1 week", instructor: "I", description: "D" },
    });
    const course = await prisma.course.create({ data: { title: "Fuzz course", description: "D", trackId: track.id } });
    // An open checkout, with the payment page checkout keeps on its invoice.
    const invoice = await prisma.invoice.create({
      data: {
        learnerId,
        trackId: track.id,
        amountCents: 4999,
        reference: "fuzz-ref-1",
        authorizationUrl: "https://checkout.paystack.com/fuzz-ref-1",
      },
    });
    const enrollment = await prisma.enrollment.create({ data: { learnerId, trackId: free.id } });
    ids.push(
      encodeGlobalID("Track", track.id),
      encodeGlobalID("Track", free.id),
      encodeGlobalID("Course", course.id),
      encodeGlobalID("Invoice", invoice.id),
      encodeGlobalID("Learner", learnerId),
      encodeGlobalID("Enrollment", enrollment.id),
      encodeGlobalID("Admin", adminId),
    );
    rawIds.push(track.id, free.id, course.id, invoice.id, learnerId, enrollment.id);
    for (const id of ids) {
      const type = Buffer.from(id, "base64").toString().split(":")[0] as string;
      idsByType[type] = [...(idsByType[type] ?? []), id];
    }
  });
  afterAll(() => app.close());

  /** A fresh token per request (a fuzzed logout or profile change may end the last one), or none, or garbage. */
  async function authorization(caller: Caller): Promise<Record<string, string>> {
    const { prisma } = app.services.db;
    if (caller === "anonymous") return {};
    if (caller === "garbage") return { authorization: `Bearer ${randomBytes(30).toString("base64url")}` };
    if (caller === "learner") await prisma.learner.update({ where: { id: learnerId }, data: { disabled: false } });
    const token = await createSession(prisma, caller === "learner" ? "LEARNER" : "ADMIN", caller === "learner" ? learnerId : adminId);
    return { authorization: `Bearer ${token}` };
  }

  /** Sends one request and checks it: no 5xx; if refused, no table changed. The caller's session is made first. */
  async function check(
    t: Tally,
    label: string,
    caller: Caller,
    send: (auth: Record<string, string>) => Promise<{ status: number; refused: boolean; text: string }>,
  ) {
    const auth = await authorization(caller);
    const before = await snapshot(app.services.db.sql);
    let answer: { status: number; refused: boolean; text: string };
    try {
      answer = await send(auth);
    } catch (error) {
      answer = { status: 599, refused: true, text: `client error: ${(error as Error).message}` };
    }
    t.requests++;
    // A masked GraphQL error is GraphQL's 500: something failed that no rule refused.
    const unexpected = /Unexpected error/.test(answer.text);
    if (answer.status >= 500 || unexpected) t.serverErrors.push(`${label} -> ${answer.status} ${answer.text.slice(0, 200)}`);
    if (answer.refused) {
      t.refused++;
      const changed = changedTables(before, await snapshot(app.services.db.sql));
      if (changed.length) t.refusedChanges.push(`${label} -> ${answer.status} changed ${changed.join(", ")}: ${answer.text.slice(0, 160)}`);
    } else {
      t.accepted++;
      // What an accepted request started (mails, settlements) runs now, not during the next request's window.
      await app.settleJobs();
    }
  }

  const callers = fc.constantFrom<Caller>("anonymous", "learner", "admin", "garbage");

  // Sequential, and growing with the mutations, like 7.2: its own limit.
  it("7.1 GraphQL: random and malformed variables to every mutation, and malformed requests", { timeout: 300_000 }, async () => {
    const t = tally();
    const mutations = rootFields(schema).filter((r) => r.kind === "mutation");
    for (const [index, root] of mutations.entries()) {
      const query = operationFor(schema, root, 1);
      // Half random shapes, half valid inputs with one or two fields spoiled.
      const variables = fc.oneof(
        fc.record(Object.fromEntries(root.field.args.map((a) => [a.name, inputArbitrary(a.type, { ids })])), { requiredKeys: [] }),
        mutatedArguments(root.field.args, idsByType),
      );
      const samples = fc.sample(fc.tuple(variables, callers), { numRuns: RUNS, seed: SEED + index });
      for (const [vars, caller] of samples) {
        await check(t, `${root.name}(${JSON.stringify(vars).slice(0, 200)}) as ${caller}`, caller, async (auth) => {
          const res = await app.fetch("/graphql", {
            method: "POST",
            headers: { "content-type": "application/json", ...auth },
            body: JSON.stringify({ query, variables: vars }),
          });
          const text = await res.text();
          let body: { data?: Record<string, { __typename?: string } | null> | null; errors?: unknown[] } = {};
          try {
            body = JSON.parse(text);
          } catch {
            // not JSON: refused below
          }
          const result = body.data?.[root.name];
          const refused = res.status >= 400 || !result || Boolean(body.errors?.length) || /Error$/.test(result.__typename ?? "");
          return { status: res.status, refused, text };
        });
      }
    }
    // Malformed requests: documents, JSON, content types, methods.
    const malformed = fc.oneof(
      nastyString.map((query) => ({ body: JSON.stringify({ query }), type: "application/json" })),
      anyJson.map((json) => ({ body: JSON.stringify(json), type: "application/json" })),
      fc.string().map((raw) => ({ body: raw, type: "application/json" })),
      fc.tuple(nastyString, anyJson).map(([query, variables]) => ({
        body: JSON.stringify({ query: `mutation { logout { __typename } } ${query}`, variables }),
        type: "application/json",
      })),
      fc.string().map((raw) => ({ body: raw, type: "application/graphql+json" })),
      fc.string().map((raw) => ({ body: raw, type: "multipart/form-data; boundary=x" })),
      fc.uint8Array({ maxLength: 2000 }).map((bytes) => ({ body: Buffer.from(bytes).toString("latin1"), type: "multipart/form-data" })),
      fc.constant({ body: `{"query":"${"{ tracks { edges { node { id } } } }".repeat(400)}"}`, type: "application/json" }),
      fc.constant({ body: `{"query":"${"[".repeat(20000)}"}`, type: "application/json" }),
      fc.constant({ body: `{"query":"query { ${"a: __typename ".repeat(3000)} }"}`, type: "application/json" }),
    );
    for (const [i, [request, caller]] of fc.sample(fc.tuple(malformed, callers), { numRuns: RUNS * 3, seed: SEED - 1 }).entries()) {
      await check(t, `malformed #${i} ${request.type} ${request.body.slice(0, 120)} as ${caller}`, caller, async (auth) => {
        const res = await app.fetch("/graphql", {
          method: "POST",
          headers: { "content-type": request.type, "x-graphql-yoga-csrf": "1", ...auth },
          body: request.body,
        });
        const text = await res.text();
        return { status: res.status, refused: res.status >= 400 || /"errors"/.test(text), text };
      });
    }
    const met = t.serverErrors.length === 0 && t.refusedChanges.length === 0;
    record({
      item: "7.1",
      check: `GraphQL fuzz: ${mutations.length} mutations x ${RUNS} random variable sets (right and wrong shapes) + ${RUNS * 3} malformed requests, 4 kinds of caller (seed ${SEED})`,
      figure: `${t.requests} requests: ${t.accepted} accepted, ${t.refused} refused; ${t.serverErrors.length} answered 5xx or "Unexpected error"; ${t.refusedChanges.length} refused requests changed data`,
      target: "0 5xx, 0 changes from refused requests",
      met,
      note: [...t.serverErrors, ...t.refusedChanges].slice(0, 5).join(" | ") || undefined,
    });
    expect(t.serverErrors.slice(0, 10)).toEqual([]);
    expect(t.refusedChanges.slice(0, 10)).toEqual([]);
  });

  // Sequential on purpose (whether a refused request changed data is checked before the next): its time grows with the
  // routes, 100 requests each, so it has its own limit, well above the suite's.
  it("7.2 REST: random JSON, wrong types, huge strings, unicode and multipart garbage to every route", { timeout: 420_000 }, async () => {
    const t = tally();
    const doc = (await (await app.fetch("/api/openapi.json")).json()) as {
      paths: Record<
        string,
        Record<
          string,
          {
            parameters?: { name: string; in: string }[];
            requestBody?: { content: Record<string, { schema: { $ref?: string; properties?: Record<string, unknown> } }> };
          }
        >
      >;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    };
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })),
    );
    const pathValue = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...rawIds) },
      { weight: 2, arbitrary: fc.uuid() },
      { weight: 3, arbitrary: nastyString.map((s) => percentEncode(s.slice(0, 3000))) },
      { weight: 1, arbitrary: fc.constantFrom("%", "%zz", "..%2f..%2f", "%00", "a/b", "..") },
    );
    for (const [index, route] of routes.entries()) {
      const content = route.op.requestBody?.content ?? {};
      const schemaOf = (s: { $ref?: string; properties?: Record<string, unknown> } | undefined) =>
        s?.$ref ? doc.components.schemas[s.$ref.split("/").pop() as string] : s;
      const props = Object.keys(schemaOf((content["application/json"] ?? content["multipart/form-data"])?.schema)?.properties ?? {});
      const queryNames = (route.op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
      const fields = fc.record(Object.fromEntries([...props, "extra"].map((p) => [p, anyJson])), { requiredKeys: [] });
      const body = fc.oneof(
        { weight: 4, arbitrary: fields.map((f) => ({ type: "application/json", body: JSON.stringify(f) as string | Buffer })) },
        { weight: 1, arbitrary: anyJson.map((j) => ({ type: "application/json", body: JSON.stringify(j) as string | Buffer })) },
        { weight: 1, arbitrary: fc.string().map((s) => ({ type: "application/json", body: s as string | Buffer })) },
        {
          weight: 2,
          arbitrary: fc.tuple(fields, fc.uint8Array({ maxLength: 3000 }), fc.boolean()).map(([f, bytes, withFile]) => {
            const boundary = "fuzzboundary";
            const parts = Object.entries(f).map(
              ([k, v]) =>
                `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${typeof v === "string" ? v : JSON.stringify(v)}\r\n`,
            );
            const file = withFile
              ? [
                  Buffer.from(
                    `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="f.png"\r\nContent-Type: image/png\r\n\r\n`,
                  ),
                  Buffer.from(bytes),
                  Buffer.from("\r\n"),
                ]
              : [];
            return {
              type: `multipart/form-data; boundary=${boundary}`,
              body: Buffer.concat([Buffer.from(parts.join("")), ...file, Buffer.from(`--${boundary}--\r\n`)]),
            };
          }),
        },
        {
          weight: 1,
          arbitrary: fc
            .uint8Array({ maxLength: 3000 })
            .map((b) => ({ type: "multipart/form-data; boundary=zz", body: Buffer.from(b) as string | Buffer })),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom("application/x-www-form-urlencoded", "text/plain", "application/xml", "")
            .chain((type) => nastyString.map((s) => ({ type, body: s as string | Buffer }))),
        },
      );
      const query = fc.record(Object.fromEntries([...queryNames, "x"].map((q) => [q, nastyString])), { requiredKeys: [] });
      const signed = fc.boolean();
      const samples = fc.sample(fc.tuple(pathValue, query, body, callers, signed), { numRuns: RUNS, seed: SEED + 1000 + index });
      for (const [id, params, payload, caller, sign] of samples) {
        const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v).slice(0, 2000)])).toString();
        const url = `${route.path.replace("{id}", id)}${search ? `?${search}` : ""}`;
        const withBody = route.method !== "GET" && route.method !== "HEAD" && route.method !== "DELETE";
        await check(
          t,
          `${route.method} ${url.slice(0, 160)} ${payload.type} ${String(payload.body).slice(0, 120)} as ${caller}`,
          caller,
          async (auth) => {
            const headers: Record<string, string> = { ...auth };
            if (withBody && payload.type) headers["content-type"] = payload.type;
            if (route.path.endsWith("/webhook") && sign)
              headers["x-paystack-signature"] = signPaystackBody(payload.body, app.services.config.paystack.secretKey);
            const res = await app.fetch(url, { method: route.method, headers, body: withBody ? (payload.body as BodyInit) : undefined });
            const text = await res.text();
            return { status: res.status, refused: res.status >= 300, text };
          },
        );
      }
    }
    const met = t.serverErrors.length === 0 && t.refusedChanges.length === 0;
    record({
      item: "7.2",
      check: `REST fuzz: ${routes.length} routes of the OpenAPI document x ${RUNS} (random/wrong-type JSON, huge and unicode strings, multipart garbage, odd content types, odd path ids), 4 kinds of caller (seed ${SEED})`,
      figure: `${t.requests} requests: ${t.accepted} accepted, ${t.refused} refused; ${t.serverErrors.length} answered 5xx; ${t.refusedChanges.length} refused requests changed data`,
      target: "0 5xx, 0 changes from refused requests",
      met,
      note: [...t.serverErrors, ...t.refusedChanges].slice(0, 5).join(" | ") || undefined,
    });
    expect(t.serverErrors.slice(0, 10)).toEqual([]);
    expect(t.refusedChanges.slice(0, 10)).toEqual([]);
  });
});
