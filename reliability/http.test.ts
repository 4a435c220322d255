import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "#testing/ports.ts";
import { type ProcessDatabase, processDatabase, verifiedLearners } from "#testing/process-database.ts";
import { type ApiProcess, startApiProcess, startChild } from "#testing/server.ts";
import { ROOT } from "../api/src/paths.ts";
import { ms, percentile, record, sleep, until } from "./lib/report.ts";

/**
 * Items 8.1-8.5, the HTTP layer under hostile traffic, against the API running as its own process (the production
 * bundle, NODE_ENV=production, the 192 MB heap): floods of large anonymous requests, a crashed server under `npm
 * start`, slow clients holding connections, and one learner's flood of waiting payment verifications. Loopback only;
 * every connection, loop and process is bounded and closed at the end.
 */

const PASSWORD = "Http#Learner2026";
const CATALOGUE = `query Catalogue { tracks(first: 20) { edges { node { id name description price } } } }`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

describe("8. HTTP layer", () => {
  let database: ProcessDatabase;
  let learners: string[] = [];
  let trackId = "";

  beforeAll(async () => {
    database = await processDatabase();
    const { prisma } = database.db;
    for (let i = 0; i < 20; i++) {
      const track = await prisma.track.create({
        data: { name: `Track ${i}`, priceCents: 4999, duration: "4 weeks", instructor: "I", description: `About track ${i}. `.repeat(10) },
      });
      trackId = track.id;
    }
    learners = await verifiedLearners(database.db, "Http", 2, PASSWORD);
  });
  afterAll(async () => {
    await database?.close();
  });

  const json = (body: unknown, token?: string): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  async function login(api: ApiProcess, email: string): Promise<string> {
    const res = await fetch(`${api.url}/api/auth/login`, json({ email, password: PASSWORD }));
    const { token } = (await res.json()) as { token: string };
    expect(token).toBeTruthy();
    return token;
  }
  async function status(url: string, init?: RequestInit, timeoutMs = 10_000): Promise<number> {
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }
  /** "3x 200, 1x 503": how often each value came back. */
  const tally = (values: (number | string)[]) => {
    const counts = new Map<string, number>();
    for (const v of values) counts.set(String(v), (counts.get(String(v)) ?? 0) + 1);
    return [...counts].map(([v, n]) => `${n}x ${v === "0" ? "no answer" : v}`).join(", ");
  };

  it("8.1 a flood of large anonymous GraphQL requests: refused over the body cap, one cache entry for extension variants, server alive", async () => {
    const api = await startApiProcess({ DATABASE_URL: database.url, PUBLIC_CACHE_MAX_MB: "8" });
    try {
      const before = api.rss();
      // 140 requests of 900 kB (distinct extensions), 8 at a time: the attack that ran the heap out.
      const huge: number[] = [];
      for (let i = 0; i < 140; i += 7) {
        const batch = Array.from({ length: 7 }, (_, j) =>
          status(`${api.url}/graphql`, json({ query: CATALOGUE, extensions: { junk: `${i + j}:`.padEnd(900 * 1024, "x") } })),
        );
        huge.push(...(await Promise.all(batch)));
      }
      // 600 requests just under the cap (60 kB of distinct extensions, the operation spaced differently each time).
      const large: number[] = [];
      for (let i = 0; i < 600; i += 8) {
        const batch = Array.from({ length: 8 }, (_, j) => {
          const query = CATALOGUE.replaceAll(" ", " ".repeat(((i + j) % 7) + 1));
          return status(`${api.url}/graphql`, json({ query, extensions: { junk: `${i + j}:`.padEnd(60 * 1024, "y") } }));
        });
        large.push(...(await Promise.all(batch)));
      }
      const after = api.rss();
      const alive = api.alive() && (await status(`${api.url}/graphql`, json({ query: CATALOGUE }))) === 200;
      const met = huge.every((s) => s === 413) && large.every((s) => s === 200) && alive;
      record({
        item: "8.1",
        check:
          "anonymous GraphQL flood: 140 x 900 kB bodies (distinct extensions), then 600 x 60 kB (distinct extensions and spacing), API process, 192 MB heap",
        figure: `900 kB: ${tally(huge)}; 60 kB: ${tally(large)}; RSS ${mb(before)} before, ${mb(after)} after; ${alive ? "alive and answering" : "DOWN"}`,
        target: "over the 64 kB cap 413; the rest 200 from one cache entry; server alive",
        met,
      });
      expect(met).toBe(true);
    } finally {
      await api.stop();
    }
  });

  it("8.2 npm start restarts an API process that died, and still stops cleanly on SIGTERM", { timeout: 120_000 }, async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const starter: ChildProcess = startChild(process.execPath, ["scripts/start.mjs", "--no-build"], {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: database.url,
      SEED_DEMO: "false",
      // Production refuses the payment sandbox and the mail outbox unless chosen.
      PAYSTACK_SANDBOX: "true",
      MAIL_OUTBOX: "true",
      LOG_LEVEL: "warn",
      DOTENV_CONFIG_PATH: "/nonexistent",
    }).process;
    const exited = new Promise<number | null>((resolve) => starter.once("exit", (code) => resolve(code)));
    /** The API process npm start runs; none while it waits to restart one (never 0: kill(0) would hit this process group). */
    const child = () => {
      const pid = Number(readFileSync(`/proc/${starter.pid}/task/${starter.pid}/children`, "utf8").trim().split(/\s+/)[0]);
      if (!(pid > 0)) throw new Error("npm start has no API process right now");
      return pid;
    };
    try {
      await until("the API to answer", async () => (await status(`${url}/healthz`, undefined, 1000)) === 200, 60_000);
      const first = child();
      process.kill(first, "SIGKILL");
      const killedAt = performance.now();
      await until("the API to answer again", async () => (await status(`${url}/healthz`, undefined, 1000)) === 200, 60_000);
      const back = performance.now() - killedAt;
      const second = child();
      starter.kill("SIGTERM");
      const stopAt = performance.now();
      const code = await Promise.race([exited, sleep(30_000).then(() => "hung" as const)]);
      const stopped = performance.now() - stopAt;
      const met = second !== first && code === 0;
      record({
        item: "8.2",
        check: "npm start (scripts/start.mjs): the API process killed with SIGKILL, then SIGTERM to npm start",
        figure: `answering again ${ms(back)} after the kill (new pid ${second}, was ${first}); SIGTERM: exit code ${code} after ${ms(stopped)}; docker-compose.yml: restart unless-stopped on api and worker`,
        target: "restarted; exits 0 on SIGTERM",
        met: met && /restart: unless-stopped[\s\S]*restart: unless-stopped/.test(readFileSync(`${ROOT}/docker-compose.yml`, "utf8")),
      });
      expect(met).toBe(true);
    } finally {
      if (starter.exitCode === null) {
        starter.kill("SIGKILL");
        try {
          process.kill(child(), "SIGKILL");
        } catch {
          // already gone
        }
      }
    }
  });

  /** A connection that sends a request's headers, then one body byte a second, from another loopback address. */
  function slowClient(port: number, localAddress: string) {
    const opened = performance.now();
    const socket: Socket = connect({ host: "127.0.0.1", port, localAddress });
    let answer = "";
    let timer: NodeJS.Timeout | undefined;
    const closed = new Promise<{ afterMs: number; answer: string }>((resolve) => {
      socket.on("data", (chunk) => {
        answer += chunk.toString("latin1");
      });
      socket.on("error", () => {});
      socket.on("close", () => {
        clearInterval(timer);
        resolve({ afterMs: performance.now() - opened, answer: answer.split("\r\n")[0] ?? "" });
      });
    });
    socket.on("connect", () => {
      socket.write("POST /graphql HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{");
      timer = setInterval(() => socket.write(" "), 1000);
    });
    return { closed, destroy: () => socket.destroy() };
  }

  it("8.3 slow clients (a body byte a second) hold no slots: others are served; connections per address capped", async () => {
    const api = await startApiProcess({
      DATABASE_URL: database.url,
      OVERLOAD_MAX_IN_FLIGHT: "20",
      MAX_CONNECTIONS_PER_ADDRESS: "20",
      HTTP_REQUEST_TIMEOUT_MS: "5000",
      HTTP_HEADERS_TIMEOUT_MS: "2000",
    });
    const port = Number(new URL(api.url).port);
    const slow = Array.from({ length: 60 }, () => slowClient(port, "127.0.0.2"));
    try {
      const token = await login(api, learners[0] as string);
      await sleep(500);
      // Meanwhile, for 4 s, another client's calls: signed-in catalogue (GraphQL, SQL every time), REST tracks.
      const served: number[] = [];
      const until4s = performance.now() + 4000;
      while (performance.now() < until4s) {
        served.push(
          ...(await Promise.all([
            status(`${api.url}/graphql`, json({ query: CATALOGUE }, token), 5000),
            status(`${api.url}/api/tracks/${trackId}`, undefined, 5000),
          ])),
        );
      }
      const outcomes = await Promise.all(slow.map((c) => Promise.race([c.closed, sleep(15_000).then(() => null)])));
      const cutAtOnce = outcomes.filter((o) => o && o.afterMs < 1000).length;
      const timedOut = outcomes.filter((o) => o && o.afterMs >= 1000);
      const longest = Math.max(...outcomes.map((o) => o?.afterMs ?? Number.POSITIVE_INFINITY));
      const answers = tally(timedOut.map((o) => Number(/HTTP\/1\.1 (\d+)/.exec(o?.answer ?? "")?.[1] ?? 0)));
      const met = served.every((s) => s === 200) && cutAtOnce === 40 && longest < 5000 + 2500;
      record({
        item: "8.3",
        check:
          "60 slow connections from one address (headers, then a body byte a second), cap 20 per address, 20 in flight; meanwhile another client's signed-in GraphQL and REST calls for 4 s",
        figure: `others: ${tally(served)}; slow: ${cutAtOnce} closed at once (over the cap), ${timedOut.length} cut by the request timeout (${answers}), longest held ${ms(longest)}`,
        target: "others all 200; 40 closed at once; the rest cut within the 5 s request timeout (+ the 1 s check)",
        met,
      });
      expect(met).toBe(true);

      // 8.4 a slow body alone (headers within the time, the body never finishes): cut at the request timeout.
      const one = slowClient(port, "127.0.0.3");
      const cut = await Promise.race([one.closed, sleep(15_000).then(() => null)]);
      one.destroy();
      const cutMet = cut !== null && cut.afterMs >= 4500 && cut.afterMs < 7500 && cut.answer.includes("408");
      record({
        item: "8.4",
        check: "one request whose body arrives a byte a second (HTTP_REQUEST_TIMEOUT_MS=5000; default 30,000)",
        figure: cut ? `closed after ${ms(cut.afterMs)} with "${cut.answer}"` : "still open after 15 s",
        target: "408 and closed at the request timeout",
        met: cutMet,
      });
      expect(cutMet).toBe(true);
    } finally {
      for (const c of slow) c.destroy();
      await api.stop();
    }
  });

  it("8.5 one learner's 200 parallel verify-payment calls: bounded waits, another client's calls keep getting 200", async () => {
    const api = await startApiProcess({ DATABASE_URL: database.url, OVERLOAD_MAX_IN_FLIGHT: "50" });
    try {
      const [payer, other] = [await login(api, learners[0] as string), await login(api, learners[1] as string)];
      const checkout = await fetch(
        `${api.url}/api/enrollments`,
        json({ track: trackId, contact: "+234 802 555 0101", gender: "Female", location: "Lagos" }, payer),
      );
      const { reference } = (await checkout.json()) as { reference: string };
      expect(reference).toBeTruthy();
      // Never paid: the settlement stays pending, so a verify call may wait its full 15 s.
      const started = performance.now();
      const verifies = Array.from({ length: 200 }, async () => {
        const res = await fetch(`${api.url}/api/enrollments/verify-payment`, {
          ...json({ reference }, payer),
          signal: AbortSignal.timeout(30_000),
        });
        const body = (await res.json()) as { status?: string };
        return { status: res.status, payment: body.status, retryAfter: res.headers.get("retry-after"), ms: performance.now() - started };
      });
      const others: number[] = [];
      const until5s = performance.now() + 5000;
      while (performance.now() < until5s) {
        others.push(await status(`${api.url}/graphql`, json({ query: CATALOGUE }, other), 5000));
      }
      const results = await Promise.all(verifies);
      const waited = results.filter((r) => r.ms > 5000).length;
      const quick = results.filter((r) => r.ms <= 5000);
      // The flood's own excess may be shed like any other overload (503 with Retry-After, OVERLOAD_MAX_IN_FLIGHT): how
      // many depends on how the 200 calls overlap on the machine (0 in most runs, 10 in one CI run). Every call must be
      // answered one way or the other, and the other learner must not notice.
      const answered = results.every((r) => r.status === 200 || (r.status === 503 && r.retryAfter !== null));
      const met = others.every((s) => s === 200) && answered && waited <= 3;
      record({
        item: "8.5",
        check:
          "200 parallel verify-payment calls of one learner for an unpaid reference (each may wait 15 s), OVERLOAD_MAX_IN_FLIGHT=50; meanwhile another learner's catalogue calls",
        figure: `other learner: ${tally(others)}; verify: ${tally(results.map((r) => r.status))} (${tally(results.map((r) => r.payment ?? "?"))}); ${waited} waited for the settlement, ${quick.length} answered at once (p99 ${ms(
          percentile(
            quick.map((r) => r.ms),
            99,
          ),
        )})`,
        target: "other client all 200; every verify answered (200, or shed: 503 with Retry-After), at most 2-3 waiting per account",
        met,
      });
      expect(met).toBe(true);
    } finally {
      await api.stop();
    }
  });
});
