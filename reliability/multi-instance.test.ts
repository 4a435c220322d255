import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PASSWORD } from "#testing/accounts.ts";
import { uploadTrack } from "#testing/http.ts";
import { freePort } from "#testing/ports.ts";
import { ownerSession, type ProcessDatabase, processDatabase, verifiedLearners } from "#testing/process-database.ts";
import { OwnRedis } from "#testing/redis.ts";
import { type OwnS3, startS3 } from "#testing/s3.ts";
import { type ApiProcess, killAll, startApiProcess, startWorkerProcess } from "#testing/server.ts";
import { createSession } from "../api/src/domain/accounts/login.ts";
import { LIMITS } from "../api/src/domain/rate-limit.ts";
import { SANDBOX_SECRET_FILE } from "../api/src/paystack/sandbox/secret.ts";
import { signPaystackBody } from "../api/src/paystack/signature.ts";
import { toGlobalId } from "../api/src/rest/input.ts";
import { coverImage } from "../api/src/seed/images.ts";
import { ms, percentile, record, sleep, until } from "./lib/report.ts";

/**
 * Items 8.80-8.88: two API processes (the production bundle) and two worker processes on one PostgreSQL database,
 * one Redis and one S3-compatible bucket, the Paystack sandbox and the mail outbox as the other reliability files have
 * them, the requests spread over both APIs. What one instance does, the other must see at once: catalogue edits (the
 * public cache is cleared in every instance over the Redis event bus), revoked sessions, rate limits and lockouts
 * (counted in the database), payment-status pushes (published by whichever worker settles), exactly-once settlement,
 * uploaded files (in the bucket), and a graceful SIGTERM of
 * one API behind a proxy that moves to the other. A throwaway database and a private redis-server, loopback only.
 *
 * The Paystack sandbox runs inside API A (its transactions are in that process's memory, as the real Paystack's are
 * in one place): API B and the workers use it as their Paystack, with the installation's sandbox secret from the
 * shared DATA_DIR. 8.85 therefore stops B.
 */

const PASSWORD = TEST_PASSWORD;
const TRACK_QUERY = "query($id: ID!) { track(id: $id) { id name } }";
const CATALOGUE_QUERY = "query { tracks(first: 50) { edges { node { id name } } } }";

/** The database URL with an application_name, so pg_stat_activity tells the processes' connections apart. */
function named(url: string, name: string): string {
  const named = new URL(url);
  named.searchParams.set("application_name", name);
  return named.toString();
}

interface Answer {
  status: number;
  body: any;
}

async function call(base: string, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body };
}

const graphql = (base: string, query: string, variables: Record<string, unknown> = {}, token?: string) =>
  call(base, "POST", "/graphql", { token, body: { query, variables } });

/** A GraphQL subscription over Server-Sent Events: the events' `data` as they arrive. */
function subscribe(base: string, token: string, query: string, variables: Record<string, unknown>) {
  const controller = new AbortController();
  const events: any[] = [];
  let wake: (() => void) | undefined;
  /** How the stream ended before the test closed it: "ended" (the server closed it), "dropped" (the connection broke). */
  let end: string | null = null;
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const done = (async () => {
    const response = await fetch(`${base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
      signal: controller.signal,
    });
    if (!response.body) throw new Error(`subscription answered ${response.status} without a body`);
    const decoder = new TextDecoder();
    let buffer = "";
    reader = response.body.getReader();
    for (;;) {
      const { done: finished, value } = await reader.read();
      if (finished) break;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split("\n")
          .filter((line) => line.startsWith("data:"))
          .map((line) => line.slice(5).trim())
          .join("\n");
        if (data) events.push(JSON.parse(data));
        wake?.();
      }
    }
    end = "ended";
  })().catch(() => {
    if (!controller.signal.aborted) end = "dropped";
  });
  return {
    events,
    end: () => end,
    /** Waits for an event `accept` takes; answers it and when it arrived. */
    async next(accept: (event: any) => boolean, timeoutMs = 10_000): Promise<{ event: any; at: number } | null> {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find(accept);
        if (found) return { event: found, at: performance.now() };
        if (Date.now() > end) return null;
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
    },
    /** Closes the stream as a page would. Node's fetch does not always end a pending read on abort: cancelled too, and
     * waited for at most 2 s, so a client quirk never hangs the check. */
    close() {
      controller.abort();
      reader?.cancel().catch(() => {});
      return Promise.race([done, sleep(2000)]);
    },
  };
}

describe("8.8 several API and worker processes behave as one", () => {
  let database: ProcessDatabase;
  let redis: OwnRedis;
  let s3: OwnS3;
  let dataDir: string;
  let a: ApiProcess;
  let b: ApiProcess;
  let secret: string;
  let ownerToken: string;
  const workers: ChildProcess[] = [];
  const prefix = `rel-multi-${randomBytes(4).toString("hex")}`;

  const prisma = () => database.db.prisma;
  const sandbox = (path: string, body: unknown = {}) =>
    fetch(`${a.url}/paystack-sandbox${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }).then((r) => r.json());

  beforeAll(async () => {
    database = await processDatabase();
    redis = await OwnRedis.start();
    s3 = await startS3();
    dataDir = mkdtempSync(join(tmpdir(), "rel-multi-"));
    const [portA, portB] = [await freePort(), await freePort()];
    const sandboxUrl = `http://127.0.0.1:${portA}/paystack-sandbox`;
    const common = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: prefix,
      // One installation: the sandbox secret lives in the DATA_DIR both APIs share; uploads in one bucket.
      DATA_DIR: dataDir,
      ...s3.env(),
      // Two cores shared by four processes and the test: measure correctness, not load shedding.
      OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
      LOG_LEVEL: process.env.MULTI_LOG_LEVEL ?? "warn",
    };
    [a, b] = await Promise.all([
      startApiProcess({ ...common, DATABASE_URL: named(database.url, "api-a") }, { port: portA }),
      startApiProcess({ ...common, DATABASE_URL: named(database.url, "api-b"), PAYSTACK_BASE_URL: sandboxUrl }, { port: portB }),
    ]);
    secret = readFileSync(join(dataDir, SANDBOX_SECRET_FILE), "utf8").trim();
    for (let i = 0; i < 2; i++)
      workers.push(
        startWorkerProcess({
          DATABASE_URL: named(database.url, `worker-${i + 1}`),
          REDIS_URL: redis.url,
          QUEUE_PREFIX: prefix,
          DATA_DIR: dataDir,
          ...s3.env(),
          PUBLIC_URL: a.url,
          PAYSTACK_BASE_URL: sandboxUrl,
          PAYSTACK_SECRET_KEY: secret,
          WORKER_LOCK_MS: "2000",
        }),
      );
    ownerToken = await ownerSession(database.db);
  });

  afterAll(async () => {
    await killAll(workers);
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
    await s3?.stop();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const newTrack = (name: string, priceCents = 4999) =>
    prisma().track.create({ data: { name, priceCents, duration: "4 weeks", instructor: "I", description: "D" } });

  it("8.80 a track edited through A is served fresh by B (GraphQL and REST, anonymous and signed in) within 1 s", async () => {
    const track = await newTrack(`Multi ${randomBytes(3).toString("hex")}`);
    const [learnerEmail] = await verifiedLearners(database.db, "Fresh", 1, PASSWORD);
    const learner = await prisma().learner.findUniqueOrThrow({ where: { email: learnerEmail as string } });
    const learnerToken = await createSession(prisma(), "LEARNER", learner.id);
    const gid = toGlobalId("Track", track.id);
    // The name each read on B shows now.
    const reads: Record<string, () => Promise<string | undefined>> = {
      "anonymous REST track": async () => (await call(b.url, "GET", `/api/tracks/${track.id}`)).body?.track?.name,
      "anonymous REST list": async () =>
        (await call(b.url, "GET", "/api/tracks")).body?.tracks?.find((t: { _id: string }) => t._id === track.id)?.name,
      "anonymous GraphQL track": async () => (await graphql(b.url, TRACK_QUERY, { id: gid })).body?.data?.track?.name,
      "anonymous GraphQL list": async () =>
        (await graphql(b.url, CATALOGUE_QUERY)).body?.data?.tracks?.edges?.find((e: { node: { id: string } }) => e.node.id === gid)?.node
          ?.name,
      "signed-in REST track": async () => (await call(b.url, "GET", `/api/tracks/${track.id}`, { token: learnerToken })).body?.track?.name,
      "signed-in GraphQL track": async () => (await graphql(b.url, TRACK_QUERY, { id: gid }, learnerToken)).body?.data?.track?.name,
    };
    const edits: Record<string, (name: string) => Promise<Answer>> = {
      "GraphQL updateTrack": (name) =>
        graphql(
          a.url,
          "mutation($id: ID!, $input: TrackInput!) { updateTrack(id: $id, input: $input) { __typename ... on TrackPayload { track { name } } } }",
          { id: gid, input: { name, price: 49.99, duration: "4 weeks", instructor: "I", description: "D" } },
          ownerToken,
        ),
      "REST PUT /api/tracks/{id}": (name) =>
        call(a.url, "PUT", `/api/tracks/${track.id}`, {
          token: ownerToken,
          body: { name, price: 49.99, duration: "4 weeks", instructor: "I", description: "D" },
        }),
    };
    const delays: Record<string, number> = {};
    let editsOk = true;
    for (const [how, edit] of Object.entries(edits)) {
      // Every read served once (and twice, so the public caches of B hold the old answer) before the edit.
      for (const read of Object.values(reads)) {
        await read();
        await read();
      }
      const name = `Renamed ${randomBytes(4).toString("hex")}`;
      const answer = await edit(name);
      const editedAt = performance.now();
      if (answer.status !== 200 || JSON.stringify(answer.body).includes('"errors"')) editsOk = false;
      await Promise.all(
        Object.entries(reads).map(async ([what, read]) => {
          for (;;) {
            const seen = await read();
            const elapsed = performance.now() - editedAt;
            if (seen === name || elapsed > 3000) {
              delays[`${how} -> ${what}`] = seen === name ? elapsed : Number.POSITIVE_INFINITY;
              return;
            }
            await sleep(10);
          }
        }),
      );
    }
    const worst = Math.max(...Object.values(delays));
    const worstOf = Object.entries(delays).find(([, d]) => d === worst)?.[0];
    const met = editsOk && worst <= 1000;
    record({
      item: "8.80",
      check: `a track edited through API A (GraphQL mutation, REST PUT), read through API B: ${Object.keys(reads).length} reads (REST and GraphQL, one track and the list, anonymous from the public cache and signed in)`,
      figure: `${Object.keys(delays).length} edit/read pairs fresh; worst delay ${Number.isFinite(worst) ? ms(worst) : "never (3 s)"} (${worstOf}); edits ${editsOk ? "200" : "FAILED"}`,
      target: "every read on B shows the edit within 1 s",
      met,
    });
    expect(delays, JSON.stringify(delays)).toBeDefined();
    expect(met).toBe(true);
  });

  it("8.81 a session revoked on A is refused by B at once (logout, password change)", async () => {
    const [email] = await verifiedLearners(database.db, "Revoke", 1, PASSWORD);
    const login = async (base: string, password = PASSWORD) => {
      const answer = await call(base, "POST", "/api/auth/login", { body: { email, password } });
      if (answer.status !== 200) throw new Error(`login ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.token as string;
    };
    const me = async (base: string, token: string) => ({
      rest: (await call(base, "GET", "/api/auth/check-auth", { token })).status,
      graphql: (await graphql(base, "query { me { __typename } }", {}, token)).body?.data?.me ? "viewer" : "refused",
    });
    // Logout on A, then B at once.
    const token = await login(a.url);
    const beforeLogout = await me(b.url, token);
    const logout = await call(a.url, "POST", "/api/auth/logout", { token });
    const afterLogout = await me(b.url, token);
    // Password change on A with one session: B refuses the other session at once and takes the new token.
    const first = await login(b.url);
    const other = await login(b.url);
    const beforeChange = await me(b.url, other);
    const newPassword = "N3w!Passw0rd-multi";
    const change = await call(a.url, "PUT", "/api/auth/update", {
      token: first,
      body: {
        contact: "+234 801 000 0000",
        description: "Learning.",
        currentPassword: PASSWORD,
        newPassword,
        confirmNewPassword: newPassword,
      },
    });
    const afterChangeOther = await me(b.url, other);
    const afterChangeOld = await me(b.url, first);
    const afterChangeNew = await me(b.url, change.body?.token);
    const met =
      beforeLogout.rest === 200 &&
      beforeLogout.graphql === "viewer" &&
      logout.status === 200 &&
      afterLogout.rest === 401 &&
      afterLogout.graphql === "refused" &&
      beforeChange.rest === 200 &&
      change.status === 200 &&
      afterChangeOther.rest === 401 &&
      afterChangeOther.graphql === "refused" &&
      afterChangeOld.rest === 401 &&
      afterChangeNew.rest === 200;
    const show = (r: { rest: number; graphql: string }) => `REST ${r.rest}, GraphQL ${r.graphql}`;
    record({
      item: "8.81",
      check: "a learner session revoked on API A (logout; password change, which revokes the others), used on API B on the next request",
      figure: `logout on A ${logout.status}; on B before: ${show(beforeLogout)}, right after: ${show(afterLogout)}; password change on A ${change.status}; on B the other session ${show(afterChangeOther)}, the changing one ${afterChangeOld.rest}, the new token ${afterChangeNew.rest}`,
      target: "refused by B on the first request after (401 / no viewer); the new token works",
      met,
    });
    expect(met).toBe(true);
  });

  it("8.82 failed-login lockouts and per-address limits count across both APIs", async () => {
    await prisma().rateLimit.deleteMany();
    const [one, spread] = await verifiedLearners(database.db, "Lock", 2, PASSWORD);
    /** Wrong passwords until the first 429: the attempt it came at. */
    const attemptsUntilLocked = async (email: string, bases: string[]) => {
      for (let i = 1; i <= 20; i++) {
        const answer = await call(bases[(i - 1) % bases.length] as string, "POST", "/api/auth/login", {
          body: { email, password: "Wrong!Passw0rd" },
        });
        if (answer.status === 429) return i;
        if (answer.status !== 400) throw new Error(`attempt ${i}: ${answer.status}`);
      }
      return Number.NaN;
    };
    const onOne = await attemptsUntilLocked(one as string, [a.url]);
    const alternating = await attemptsUntilLocked(spread as string, [a.url, b.url]);
    // Locked on both: the right password from this address is refused by A and by B.
    const rightA = (await call(a.url, "POST", "/api/auth/login", { body: { email: spread, password: PASSWORD } })).status;
    const rightB = (await call(b.url, "POST", "/api/auth/login", { body: { email: spread, password: PASSWORD } })).status;

    // The per-address login limit: half its allowance spent on A, half on B (unknown addresses, so no lockout).
    await prisma().rateLimit.deleteMany();
    const max = LIMITS.loginPerIp.max;
    const statuses: number[] = [];
    for (let i = 0; i < max + 2; i++) {
      const base = i < max / 2 ? a.url : i < max ? b.url : [a.url, b.url][i - max];
      statuses.push(
        (await call(base as string, "POST", "/api/auth/login", { body: { email: `nobody-${i}@example.com`, password: "Wrong!Passw0rd" } }))
          .status,
      );
    }
    await prisma().rateLimit.deleteMany();
    const allowed = statuses.slice(0, max).every((s) => s === 400);
    const refused = statuses.slice(max);
    const expected = LIMITS.loginFailuresPerAccount.max + 1;
    const met =
      onOne === expected && alternating === expected && rightA === 429 && rightB === 429 && allowed && refused.every((s) => s === 429);
    record({
      item: "8.82",
      check: `failed logins to one account alternated A/B vs all on A; the per-address login limit (${max} per 5 min) spent half on A, half on B`,
      figure: `locked at attempt ${alternating} alternating (${onOne} on one API); then the right password: A ${rightA}, B ${rightB}; per-address: attempts 1-${max} ${allowed ? "400" : "NOT all 400"}, attempt ${max + 1} on A ${refused[0]}, ${max + 2} on B ${refused[1]}`,
      target: `locked at attempt ${expected} both ways, on both APIs; attempt ${max + 1} refused (429) on either`,
      met,
    });
    expect(met).toBe(true);
  });

  /** A learner with a pending invoice for a new track, through `base`'s checkout. */
  const checkout = async (base: string) => {
    const [email] = await verifiedLearners(database.db, "Pay", 1, PASSWORD);
    const learner = await prisma().learner.findUniqueOrThrow({ where: { email: email as string } });
    const token = await createSession(prisma(), "LEARNER", learner.id);
    const track = await newTrack(`Paid ${randomBytes(3).toString("hex")}`);
    const answer = await call(base, "POST", "/api/enrollments", {
      token,
      body: { track: track.id, contact: "+234 802 555 0101", gender: "Female" },
    });
    if (!answer.body?.reference) throw new Error(`checkout ${answer.status} ${JSON.stringify(answer.body)}`);
    return { learner, token, track, reference: answer.body.reference as string, email: email as string };
  };

  // 8.83 (a payment's live status pushed to a page on the other API) is left out for now: it passed alone and in a
  // partial run, but hung once in two full runs of this file (cause not yet found).

  it("8.83 a payment settled by a worker pushes its status to a page connected to the other API", async () => {
    const subscription = "subscription($r: String!) { paymentStatus(reference: $r) { status } }";
    const rounds = 6;
    const latencies: number[] = [];
    const outcomes: string[] = [];
    for (let i = 0; i < rounds; i++) {
      // Checkout through one API, the payment page's live status through the other.
      const [checkoutOn, pageOn] = i % 2 === 0 ? [a, b] : [b, a];
      const c = await checkout(checkoutOn.url);
      const page = subscribe(pageOn.url, c.token, subscription, { r: c.reference });
      try {
        const pending = await page.next((e) => e?.data?.paymentStatus?.status === "PENDING");
        // Paid in the sandbox: its webhook reaches API A, a worker settles, the settling worker publishes.
        const paidAt = performance.now();
        await sandbox(`/__simulate/${c.reference}/pay`);
        const paid = await page.next((e) => e?.data?.paymentStatus?.status === "PAID", 15_000);
        outcomes.push(`${pending ? "PENDING" : "no PENDING"} -> ${paid ? "PAID" : "nothing"}`);
        if (paid) latencies.push(paid.at - paidAt);
      } finally {
        await page.close();
      }
    }
    const met = latencies.length === rounds;
    record({
      item: "8.83",
      check: `${rounds} payments, each with its payment page's live status (paymentStatus subscription, Server-Sent Events) open on the API other than the one that started the checkout; paid in the sandbox, settled by one of 2 workers`,
      figure: `${latencies.length}/${rounds} pages got PAID; from Pay to the event p50 ${ms(percentile(latencies, 50))}, max ${ms(Math.max(...latencies))}`,
      target: "every page gets PAID",
      met,
    });
    expect(met, outcomes.join("; ")).toBe(true);
  });

  it("8.84 20 concurrent settlements of one reference across both APIs and both workers: value given once", async () => {
    const c = await checkout(a.url);
    // The test delivers the webhooks itself.
    await sandbox("/__controls", { dropWebhooks: true });
    try {
      await sandbox(`/__simulate/${c.reference}/pay`);
      const body = JSON.stringify({
        event: "charge.success",
        data: { reference: c.reference, amount: 4999, currency: "USD", status: "success" },
      });
      const webhook = (base: string) =>
        fetch(`${base}/api/payments/paystack/webhook`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-paystack-signature": signPaystackBody(body, secret) },
          body,
        }).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        });
      const verify = (base: string) =>
        call(base, "POST", "/api/enrollments/verify-payment", { token: c.token, body: { reference: c.reference } }).then((r) => r.status);
      const statuses = await Promise.all(
        Array.from({ length: 20 }, (_, i) => {
          const base = i % 2 === 0 ? a.url : b.url;
          return i % 4 < 2 ? webhook(base) : verify(base);
        }),
      );
      const receipts = () => prisma().outboxMail.count({ where: { to: c.email, subject: { startsWith: "Payment received" } } });
      await until("the receipt", async () => (await receipts()) > 0, 30_000, 100);
      // Room for a second settlement or a second receipt to show up.
      await sleep(3000);
      const [enrollments, paid, mails] = await Promise.all([
        prisma().enrollment.count({ where: { learnerId: c.learner.id, trackId: c.track.id } }),
        prisma().invoice.count({ where: { learnerId: c.learner.id, trackId: c.track.id, status: "PAID" } }),
        receipts(),
      ]);
      const ok = statuses.filter((s) => s === 200).length;
      const met = enrollments === 1 && paid === 1 && mails === 1 && ok === 20;
      record({
        item: "8.84",
        check:
          "20 concurrent settlements of one reference: 10 signed webhooks and 10 verify calls, half to API A, half to API B, 2 workers",
        figure: `${ok}/20 answered 200; ${enrollments} enrollment, ${paid} paid invoice, ${mails} receipt mail`,
        target: "1 enrollment, 1 paid invoice, 1 receipt mail",
        met,
      });
      expect(met).toBe(true);
    } finally {
      await sandbox("/__controls/reset");
    }
  });

  it("8.86 a file uploaded through A downloads through B (one S3-compatible bucket)", async () => {
    const image = new Uint8Array(coverImage([30, 60, 90], [220, 200, 180], 48, 32));
    const { status, image: path } = await uploadTrack(a.url, ownerToken, image);
    const [fromB, fromA] = await Promise.all([fetch(`${b.url}${path}`), fetch(`${a.url}${path}`)]);
    const [bytesB, bytesA] = await Promise.all([fromB.arrayBuffer(), fromA.arrayBuffer()]);
    const same = (bytes: ArrayBuffer) => Buffer.from(bytes).equals(Buffer.from(image));
    const onDisk = existsSync(join(dataDir, "uploads"));
    const met = status === 201 && fromB.status === 200 && same(bytesB) && fromA.status === 200 && same(bytesA) && !onDisk;
    record({
      item: "8.86",
      check:
        "a track image uploaded through API A (REST, multipart), downloaded through API B and A; both on one S3-compatible bucket (s3rver)",
      figure: `upload ${status} (${path}); B ${fromB.status}, ${same(bytesB) ? "the same" : "DIFFERENT"} ${bytesB.byteLength} bytes; A ${fromA.status}; uploads folder on the shared disk: ${onDisk ? "yes" : "none"}`,
      target: "B serves the same bytes; nothing on local disk",
      met,
    });
    expect(met).toBe(true);
  });

  it("8.87 PostgreSQL connections of 2 APIs and 2 workers, idle and under load, against their pools", async () => {
    const count = async () => {
      const rows = await database.db.sql.query(
        `SELECT application_name AS name, count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name IN ('api-a', 'api-b', 'worker-1', 'worker-2') GROUP BY 1`,
      );
      return Object.fromEntries((rows as { name: string; n: number }[]).map((r) => [r.name, Number(r.n)]));
    };
    const idle = await count();
    const [email] = await verifiedLearners(database.db, "Conn", 1, PASSWORD);
    const learner = await prisma().learner.findUniqueOrThrow({ where: { email: email as string } });
    const token = await createSession(prisma(), "LEARNER", learner.id);
    // 32 clients for 3 s: signed-in reads on both APIs, and payments settled by both workers.
    const peak: Record<string, number> = {};
    let running = true;
    const sampler = (async () => {
      while (running) {
        for (const [name, n] of Object.entries(await count())) peak[name] = Math.max(peak[name] ?? 0, n);
        await sleep(50);
      }
    })();
    const stopAt = performance.now() + 3000;
    let served = 0;
    await Promise.all([
      ...Array.from({ length: 32 }, async (_, i) => {
        const base = i % 2 ? a.url : b.url;
        while (performance.now() < stopAt) {
          const answer =
            i % 4 < 2 ? await call(base, "GET", "/api/enrollments", { token }) : await graphql(base, CATALOGUE_QUERY, {}, token);
          if (answer.status === 200) served++;
        }
      }),
      (async () => {
        for (let i = 0; i < 6; i++) {
          const c = await checkout(i % 2 ? a.url : b.url);
          await sandbox(`/__simulate/${c.reference}/pay`);
        }
      })(),
    ]);
    await sleep(1000);
    running = false;
    await sampler;
    const pool = 10;
    const names = ["api-a", "api-b", "worker-1", "worker-2"];
    const show = (m: Record<string, number>) => names.map((n) => `${n} ${m[n] ?? 0}`).join(", ");
    const total = (m: Record<string, number>) => names.reduce((sum, n) => sum + (m[n] ?? 0), 0);
    const met = names.every((n) => (peak[n] ?? 0) <= pool) && served > 0;
    record({
      item: "8.87",
      check:
        "PostgreSQL connections (pg_stat_activity by process) of 2 API and 2 worker processes: idle, then 32 clients for 3 s (signed-in REST and GraphQL on both APIs, 6 payments settled)",
      figure: `idle: ${show(idle)} (${total(idle)}); peak under load: ${show(peak)} (${total(peak)}); ${served} requests served`,
      target: `each process within its pool (${pool}): at most ${pool * names.length} in all`,
      met,
    });
    expect(met).toBe(true);
  });

  it("8.88 Redis commands per request (INFO commandstats), for the capacity model", async () => {
    const control = new Redis(redis.url);
    try {
      const calls = async () => {
        const info = await control.info("commandstats");
        const per: Record<string, number> = {};
        for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) per[match[1] as string] = Number(match[2]);
        return per;
      };
      const delta = (before: Record<string, number>, after: Record<string, number>) =>
        Object.fromEntries(
          Object.entries(after)
            .map(([k, v]) => [k, v - (before[k] ?? 0)])
            .filter(([, v]) => (v as number) > 0),
        ) as Record<string, number>;
      const sum = (m: Record<string, number>) => Object.entries(m).reduce((s, [k, v]) => (k === "info" ? s : s + v), 0);
      /** Commands during `run`, less what the idle processes send in as long (workers' polling, stalled-job checks). */
      const measure = async (run: () => Promise<void>) => {
        const before = await calls();
        const started = performance.now();
        await run();
        const elapsed = performance.now() - started;
        const during = delta(before, await calls());
        return { during, elapsed };
      };
      const idle = await measure(async () => {
        await sleep(3000);
      });
      const idlePerMs = sum(idle.during) / idle.elapsed;
      const [email] = await verifiedLearners(database.db, "Redis", 1, PASSWORD);
      const learner = await prisma().learner.findUniqueOrThrow({ where: { email: email as string } });
      const token = await createSession(prisma(), "LEARNER", learner.id);
      const n = 100;
      const scenarios: Record<string, { count: number; run: (i: number) => Promise<unknown> }> = {
        "anonymous catalogue (REST list, GraphQL list)": {
          count: n,
          run: (i) => (i % 2 ? call(a.url, "GET", "/api/tracks") : graphql(b.url, CATALOGUE_QUERY)),
        },
        "signed-in portal (REST enrollments, GraphQL catalogue)": {
          count: n,
          run: (i) => (i % 2 ? call(a.url, "GET", "/api/enrollments", { token }) : graphql(b.url, CATALOGUE_QUERY, {}, token)),
        },
        "admin invoices (REST list)": { count: n, run: (i) => call(i % 2 ? a.url : b.url, "GET", "/api/invoices", { token: ownerToken }) },
        "checkout + settlement (checkout, sandbox pay, webhook, job, receipt mail job)": {
          count: 5,
          run: async (i) => {
            const c = await checkout(i % 2 ? a.url : b.url);
            await sandbox(`/__simulate/${c.reference}/pay`);
            await until(
              "the receipt",
              async () => (await prisma().outboxMail.count({ where: { to: c.email, subject: { startsWith: "Payment received" } } })) > 0,
              30_000,
              50,
            );
          },
        },
      };
      const figures: string[] = [];
      const perRequest: Record<string, number> = {};
      for (const [what, scenario] of Object.entries(scenarios)) {
        const { during, elapsed } = await measure(async () => {
          for (let i = 0; i < scenario.count; i++) await scenario.run(i);
        });
        const net = Math.max(0, sum(during) - idlePerMs * elapsed);
        perRequest[what] = net / scenario.count;
        const top = Object.entries(during)
          .filter(([k]) => k !== "info")
          .sort((x, y) => y[1] - x[1])
          .slice(0, 4)
          .map(([k, v]) => `${k} ${(v / scenario.count).toFixed(1)}`)
          .join(", ");
        figures.push(`${what}: ${(net / scenario.count).toFixed(1)} per request (${top || "none"})`);
      }
      const anonymous = perRequest["anonymous catalogue (REST list, GraphQL list)"] ?? Number.NaN;
      const met = anonymous < 0.5;
      record({
        item: "8.88",
        check: `Redis commands per request, 2 APIs + 2 workers (INFO commandstats over ${n} requests, less the idle rate: ${(idlePerMs * 1000).toFixed(1)}/s)`,
        figure: figures.join("; "),
        target: "reads need no Redis (under 0.5 a request); measured for the capacity model",
        met,
      });
      expect(met).toBe(true);
    } finally {
      control.disconnect();
    }
  });

  it("8.85 one API gets SIGTERM under load: what it accepted finishes 2xx, the rest goes to the other, 0 5xx", async () => {
    const [email] = await verifiedLearners(database.db, "Drain", 1, PASSWORD);
    const learner = await prisma().learner.findUniqueOrThrow({ where: { email: email as string } });
    const token = await createSession(prisma(), "LEARNER", learner.id);
    const requests: { path: string; init: RequestInit }[] = [
      { path: "/api/tracks", init: {} },
      { path: "/api/enrollments", init: { headers: { authorization: `Bearer ${token}` } } },
      {
        path: "/graphql",
        init: {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ query: CATALOGUE_QUERY }),
        },
      },
      {
        path: "/graphql",
        init: { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: CATALOGUE_QUERY }) },
      },
    ];
    // The proxy: round-robin over the APIs it believes up; a refused (or, before any answer, dropped) connection marks
    // that API down and the request goes to the other.
    const up = new Map([
      [a.url, true],
      [b.url, true],
    ]);
    const statuses = new Map<number, number>();
    const onB = { sentBeforeSignal: 0, inFlightAtSignal: 0, answeredAfterSignal: [] as number[] };
    let signalled = false;
    let moved = 0;
    let dropped = 0;
    let failed = 0;
    let next = 0;
    const inFlightOnB = new Set<number>();
    const send = async (id: number) => {
      const request = requests[id % requests.length] as (typeof requests)[number];
      const order = [a.url, b.url].filter((base) => up.get(base));
      const ordered = id % 2 === 0 ? order : order.reverse();
      for (const base of ordered) {
        if (base === b.url) inFlightOnB.add(id);
        try {
          const response = await fetch(`${base}${request.path}`, { ...request.init, signal: AbortSignal.timeout(20_000) });
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          if (base === b.url && signalled && inFlightOnB.has(id)) onB.answeredAfterSignal.push(response.status);
          return;
        } catch (error) {
          const code = (error as { cause?: { code?: string } }).cause?.code;
          if (code === "ECONNREFUSED") moved++;
          else dropped++;
          up.set(base, false);
        } finally {
          inFlightOnB.delete(id);
        }
      }
      failed++;
    };
    const loops = 8;
    let stopAt = Number.POSITIVE_INFINITY;
    const load = Promise.all(
      Array.from({ length: loops }, async () => {
        while (performance.now() < stopAt) await send(next++);
      }),
    );
    // A payment page's live status held open on B: the stop must end it (its client reconnects elsewhere), not wait.
    const pending = await checkout(a.url);
    const page = subscribe(b.url, pending.token, "subscription($r: String!) { paymentStatus(reference: $r) { status } }", {
      r: pending.reference,
    });
    const pageOpen = Boolean(await page.next((e) => e?.data?.paymentStatus?.status === "PENDING"));
    await sleep(1500);
    onB.sentBeforeSignal = next;
    onB.inFlightAtSignal = inFlightOnB.size;
    signalled = true;
    const signalledAt = performance.now();
    b.process.kill("SIGTERM");
    const exit = await b.exited;
    const exitMs = performance.now() - signalledAt;
    stopAt = performance.now() + 1500;
    await load;
    const pageEnd = page.end();
    await page.close();
    const total = [...statuses.values()].reduce((sum, n) => sum + n, 0);
    const fivexx = [...statuses].filter(([s]) => s >= 500).reduce((sum, [, n]) => sum + n, 0);
    const non2xx = [...statuses].filter(([s]) => s < 200 || s >= 300).reduce((sum, [, n]) => sum + n, 0);
    const acceptedOk = onB.answeredAfterSignal.every((s) => s >= 200 && s < 300);
    const met =
      fivexx === 0 && non2xx === 0 && failed === 0 && acceptedOk && exit.code === 0 && exitMs < 5000 && pageOpen && pageEnd !== null;
    record({
      item: "8.85",
      check: `SIGTERM to API B under load: ${loops} clients, round-robin over A and B as a proxy would, moving to A when B refuses the connection (anonymous REST list, signed-in REST and GraphQL, anonymous GraphQL)`,
      figure: `${total} answered: ${[...statuses].map(([s, n]) => `${n}x ${s}`).join(", ")}; ${onB.inFlightAtSignal} in flight on B at the signal, ${onB.answeredAfterSignal.length} answered by B after it (${onB.answeredAfterSignal.filter((s) => s >= 200 && s < 300).length} 2xx); ${moved} refused connections moved to A, ${dropped} dropped connections, ${failed} failed; B exited ${exit.code ?? exit.signal} ${ms(exitMs)} after the signal, the payment-status stream open on it ${pageOpen ? (pageEnd ?? "still open") : "NOT OPENED"}`,
      target: "0 5xx; every request B had accepted 2xx; the rest answered by A; B exits 0 within 5 s, open streams ended",
      met,
    });
    expect(met).toBe(true);
  });
});
