import type { ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, readlinkSync, rmSync, statfsSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpBody, TEST_PASSWORD } from "#testing/accounts.ts";
import { freePort } from "#testing/ports.ts";
import { ownerSession, type ProcessDatabase, processDatabase, verifiedLearners } from "#testing/process-database.ts";
import { OwnRedis } from "#testing/redis.ts";
import { type OwnS3, startS3 } from "#testing/s3.ts";
import { type ApiProcess, exited, killAll, startApiProcess, startWorkerProcess } from "#testing/server.ts";
import { startSmtp } from "#testing/smtp.ts";
import { createSession } from "../api/src/domain/accounts/login.ts";
import { QUEUE_NAME } from "../api/src/job-contract.ts";
import { SANDBOX_SECRET_FILE } from "../api/src/paystack/sandbox/secret.ts";
import { coverImage } from "../api/src/seed/images.ts";
import { pool, record, sleep, until } from "./lib/report.ts";

/**
 * Item 30.12: the production shape under faults, as docker-compose.yml runs it with --scale api=2 --scale worker=2:
 * two API processes and two worker processes (the production bundles) on one PostgreSQL database, one Redis with
 * docker-compose.yml's settings (append-only, fsync every second, noeviction), one S3-compatible bucket (s3rver), real
 * mail over SMTP, and one DATA_DIR the instances share (a 64 MB tmpfs, so that it can be filled). The faults: kill -9
 * of an API during checkouts, of a worker during settlement and during a mail send, a Redis restart, the bucket gone
 * for a while during uploads, and DATA_DIR full during a resumable (tus) upload. What must hold: nothing paid is lost
 * or doubled, every accepted job runs once, every client gets an answer or an error it may retry.
 *
 * The clients reach the APIs as the proxy of docker-compose.yml sends them (Caddy): round robin, and a refused
 * connection tried on the other instance. A request in flight on an instance that dies is a dropped connection, which
 * the client sees and retries (a checkout is safe to repeat: reliability 8.21). A killed process is started again as
 * compose's `restart: unless-stopped` does. The Paystack sandbox runs inside API A (its transactions live in that
 * process's memory, README "Several instances"), so the API killed is B.
 *
 * FAULTS_S3_DOWN_SECONDS sets how long the bucket is gone (default 10; 60 for the whole minute).
 */

const S3_DOWN_MS = Number(process.env.FAULTS_S3_DOWN_SECONDS || 10) * 1000;
const WORKER_CONCURRENCY = 2;
const DATA_DIR_MB = 64;

/** The database URL with an application_name (as the multi-instance check names its processes). */
function named(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set("application_name", name);
  return u.toString();
}

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** What a client saw: an answer, or its connection dropped after the request was sent (the instance died). */
type Outcome = Answer | { dropped: string };

/** A 5xx or 429 the client is told to retry: Retry-After, or a gateway/unavailable status (502, 503, 504, 507). */
function retryable(answer: Answer): boolean {
  return answer.headers.has("retry-after") || [502, 503, 504, 507].includes(answer.status);
}

/**
 * The pid among `pids` with a TCP connection whose local port is `port` (from /proc/net/tcp and the processes' open
 * sockets): which worker is on the other end of an SMTP session.
 */
function pidWithLocalPort(port: number, pids: number[]): number | undefined {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(`:${hex}`) && cols[9]) inodes.add(cols[9]);
    }
  }
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        if (inode && inodes.has(inode)) return pid;
      } catch {
        // closed meanwhile
      }
    }
  }
  return undefined;
}

/** An mp4's first box (`ftyp` at byte 4), then noise: what the lesson upload sniffs as a video. */
const mp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), randomBytes(size - 12)]);
const b64 = (text: string) => Buffer.from(text).toString("base64");

describe("30.12 the production shape under faults", () => {
  let database: ProcessDatabase;
  let redis: OwnRedis;
  let s3: OwnS3;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let dataDir = "";
  let mounted = false;
  let a: ApiProcess;
  let b: ApiProcess;
  let portB = 0;
  let secret = "";
  let ownerToken = "";
  const workers: { name: string; process: ChildProcess }[] = [];
  const prefix = `rel-faults-${randomBytes(4).toString("hex")}`;
  let common: Record<string, string> = {};
  let workerEnv: Record<string, string> = {};

  const prisma = () => database.db.prisma;
  const apis = () => [a, b];
  const sandbox = async (path: string, body?: unknown) =>
    (await (
      await fetch(`${a.url}/paystack-sandbox${path}`, {
        method: body === undefined ? "GET" : "POST",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    ).json()) as any;

  const startB = () =>
    startApiProcess(
      { ...common, DATABASE_URL: named(database.url, "api-b"), PAYSTACK_BASE_URL: `${a.url}/paystack-sandbox` },
      { port: portB },
    );
  const startWorker = (name: string) => {
    const child = startWorkerProcess({ ...workerEnv, DATABASE_URL: named(database.url, name) });
    workers.push({ name, process: child });
    return child;
  };
  const alive = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;
  const liveWorkers = () => workers.filter((w) => alive(w.process));

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "rel-faults-"));
    // A small disk of its own for DATA_DIR, so the test can fill it (root, as CI runs; docs in the README's table).
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", `size=${DATA_DIR_MB}m`, "tmpfs", dataDir], { stdio: "pipe" });
      mounted = true;
    } catch (error) {
      throw new Error(`30.12 needs to mount a ${DATA_DIR_MB} MB tmpfs as DATA_DIR (run as root): ${(error as Error).message}`);
    }
    database = await processDatabase();
    redis = await OwnRedis.start({ durable: true, fsync: "everysec" });
    s3 = await startS3();
    smtp = await startSmtp();
    const portA = await freePort();
    portB = await freePort();
    // What the APIs and the workers share: the queue, the disk, the bucket and the mail server.
    const shared = {
      REDIS_URL: redis.url,
      QUEUE_PREFIX: prefix,
      DATA_DIR: dataDir,
      ...s3.env(),
      SMTP_URL: smtp.url,
      MAIL_FROM: "LearnHub <no-reply@learnhub.test>",
    };
    common = {
      DATABASE_URL: database.url,
      ...shared,
      MAIL_OUTBOX: "false",
      // Two cores shared by four processes and the test: measure what the faults do, not load shedding.
      OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
      // The disk is 64 MB: the free-space floor new uploads must leave (1 GiB by default) is scaled down with it, so
      // that the upload starts and the disk is filled under it.
      LESSON_UPLOADS_MIN_FREE_BYTES: String(1024 * 1024),
      LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? "warn",
    };
    a = await startApiProcess({ ...common, DATABASE_URL: named(database.url, "api-a") }, { port: portA });
    b = await startB();
    secret = readFileSync(join(dataDir, SANDBOX_SECRET_FILE), "utf8").trim();
    workerEnv = {
      ...shared,
      PUBLIC_URL: a.url,
      PAYSTACK_BASE_URL: `${a.url}/paystack-sandbox`,
      PAYSTACK_SECRET_KEY: secret,
      WORKER_LOCK_MS: "2000",
      WORKER_CONCURRENCY: String(WORKER_CONCURRENCY),
    };
    startWorker("worker-1");
    startWorker("worker-2");
    ownerToken = await ownerSession(database.db);
  });

  afterAll(async () => {
    await killAll(workers.map((w) => w.process));
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.stop();
    await s3?.stop();
    await smtp?.close();
    await database?.close();
    if (mounted) {
      try {
        execFileSync("umount", [dataDir], { stdio: "pipe" });
      } catch {
        execFileSync("umount", ["-l", dataDir], { stdio: "pipe" });
      }
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * One request as the proxy sends it: to `first` (then the other), moving on when an instance refuses the connection.
   * A connection dropped after the request went out is the client's to see (a proxy does not repeat a POST).
   */
  const viaProxy = async (first: number, path: string, init: RequestInit & { timeoutMs?: number } = {}): Promise<Outcome> => {
    const order = first % 2 === 0 ? [a, b] : [b, a];
    let lastRefusal = "";
    for (const api of order) {
      try {
        const response = await fetch(`${api.url}${path}`, { ...init, signal: AbortSignal.timeout(init.timeoutMs ?? 30_000) });
        const text = await response.text();
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON
        }
        return { status: response.status, body, headers: response.headers };
      } catch (error) {
        const code = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
        if (code === "ECONNREFUSED") {
          lastRefusal = code;
          continue;
        }
        return { dropped: code };
      }
    }
    return { dropped: lastRefusal || "no instance" };
  };

  const json = (token: string | undefined, body: unknown): RequestInit => ({
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

  const newTrack = (name: string, priceCents = 4999) =>
    prisma().track.create({ data: { name, priceCents, duration: "4 weeks", instructor: "I", description: "D" } });

  /** `count` signed-in learners. */
  const learners = async (name: string, count: number) => {
    const emails = await verifiedLearners(database.db, name, count, TEST_PASSWORD);
    return Promise.all(
      emails.map(async (email) => {
        const learner = await prisma().learner.findUniqueOrThrow({ where: { email } });
        return { id: learner.id, email, token: await createSession(prisma(), "LEARNER", learner.id) };
      }),
    );
  };

  const receipts = (email: string) => smtp.received.filter((m) => m.to.includes(email) && m.subject.startsWith("Payment received")).length;

  /** Per learner and track: enrollments, paid invoices, invoices of any state, receipts received over SMTP. */
  const ledger = async (people: { id: string; email: string }[], trackId: string) =>
    Promise.all(
      people.map(async (p) => ({
        enrollments: await prisma().enrollment.count({ where: { learnerId: p.id, trackId } }),
        paid: await prisma().invoice.count({ where: { learnerId: p.id, trackId, status: "PAID" } }),
        invoices: await prisma().invoice.count({ where: { learnerId: p.id, trackId } }),
        receipts: receipts(p.email),
      })),
    );

  const tally = (outcomes: Outcome[]) => {
    const counts = new Map<string, number>();
    for (const o of outcomes) {
      const key = "dropped" in o ? `dropped (${o.dropped})` : String(o.status);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts].map(([k, n]) => `${n}x ${k}`).join(", ");
  };

  it("30.12a kill -9 of an API during checkouts: every client answered or told to retry; paid once each", async () => {
    const track = await newTrack(`Faults ${randomBytes(3).toString("hex")}`);
    const people = await learners("Kill", 24);
    const checkoutBody = { track: track.id, contact: "+234 802 555 0101", gender: "Female" };
    const inFlightOnB = new Set<number>();
    let answered = 0;
    const first: Outcome[] = [];
    const killer = (async () => {
      await until("a checkout in flight on B after a few answers", async () => answered >= 4 && inFlightOnB.size > 0, 60_000, 2);
      b.process.kill("SIGKILL");
      return inFlightOnB.size;
    })();
    await pool(people.length, 8, async (i) => {
      const p = people[i] as (typeof people)[number];
      // Half start on B: the proxy's round robin.
      if (i % 2 === 1) inFlightOnB.add(i);
      const outcome = await viaProxy(i, "/api/enrollments", json(p.token, checkoutBody));
      inFlightOnB.delete(i);
      answered++;
      first[i] = outcome;
    });
    const inFlightAtKill = await killer;
    await exited(b.process);
    // The clients whose request died with B, or that were told to retry, try again (B is down: the proxy sends them to A).
    const again: Outcome[] = [];
    const references: string[] = [];
    for (let i = 0; i < people.length; i++) {
      let outcome = first[i] as Outcome;
      for (let attempt = 0; attempt < 5 && ("dropped" in outcome || retryable(outcome)); attempt++) {
        if (!("dropped" in outcome)) await sleep(Math.min(5, Number(outcome.headers.get("retry-after") ?? 1)) * 1000);
        outcome = await viaProxy(i, "/api/enrollments", json((people[i] as { token: string }).token, checkoutBody));
        again.push(outcome);
      }
      references[i] = "dropped" in outcome ? "" : (outcome.body?.reference ?? "");
    }
    // compose restarts the dead instance.
    const restartStarted = performance.now();
    b = await startB();
    const restartMs = performance.now() - restartStarted;
    // Every learner pays the page they were given; the webhooks reach A, the workers settle.
    for (const reference of references) if (reference) await sandbox(`/__simulate/${reference}/pay`, {});
    await until("every receipt", async () => people.every((p) => receipts(p.email) >= 1), 90_000, 200);
    await sleep(2500); // room for a second settlement or receipt to show up
    const rows = await ledger(people, track.id);
    const firstOk = first.filter((o) => !("dropped" in o) && o.status === 200).length;
    const firstRetry = first.filter((o) => "dropped" in o || retryable(o)).length;
    const firstOther = people.length - firstOk - firstRetry;
    const extraInvoices = rows.reduce((s, r) => s + r.invoices - 1, 0);
    const once = rows.every((r) => r.enrollments === 1 && r.paid === 1 && r.receipts === 1);
    const met = inFlightAtKill > 0 && firstOther === 0 && references.every(Boolean) && once;
    record({
      item: "30.12a",
      check: `kill -9 of API B during ${people.length} learners' checkouts (8 at a time, round robin over A and B, a refused connection sent to A as the proxy does; dropped or retryable answers retried by the client), then each learner pays, 2 workers settle`,
      figure: `${inFlightAtKill} in flight on B at the kill; first answers ${tally(first)}; retries ${again.length ? tally(again) : "none"}; ${references.filter(Boolean).length}/${people.length} got a payment page; B back ${(restartMs / 1000).toFixed(1)} s after its restart; settled: ${rows.filter((r) => r.enrollments === 1 && r.paid === 1 && r.receipts === 1).length}/${people.length} learners with 1 enrollment, 1 paid invoice, 1 receipt; unpaid invoices left by the kill: ${extraInvoices}`,
      target: "every client a 200 or a dropped/retryable answer, never another error; every learner enrolled, paid and mailed exactly once",
      met,
    });
    expect(met).toBe(true);
  });

  /** `count` learners with a checkout of a new track through A; answers them with their references. */
  const checkouts = async (name: string, count: number) => {
    const track = await newTrack(`${name} ${randomBytes(3).toString("hex")}`);
    const people = await learners(name, count);
    const refs = await Promise.all(
      people.map(async (p) => {
        const outcome = await viaProxy(
          0,
          "/api/enrollments",
          json(p.token, { track: track.id, contact: "+234 802 555 0101", gender: "Male" }),
        );
        if ("dropped" in outcome || !outcome.body?.reference) throw new Error(`checkout: ${JSON.stringify(outcome)}`);
        return outcome.body.reference as string;
      }),
    );
    return { track, people: people.map((p, i) => ({ ...p, reference: refs[i] as string })) };
  };

  const queue = () => new Queue(QUEUE_NAME, { connection: { host: "127.0.0.1", port: redis.port, maxRetriesPerRequest: null }, prefix });

  it("30.12b kill -9 of a worker during settlement: the other finishes its jobs, each payment settled once", async () => {
    const { track, people } = await checkouts("Settle", 2 * WORKER_CONCURRENCY);
    const q = queue();
    try {
      // Paystack's verify takes 4 s: both workers are mid-settlement (each holds WORKER_CONCURRENCY jobs) at the kill.
      await sandbox("/__controls", { verifyDelayMs: 4000 });
      const before = (await sandbox("/__controls")).data.verifyRequests as number;
      for (const p of people) await sandbox(`/__simulate/${p.reference}/pay`, {});
      await until(
        "every settlement mid-verify",
        async () => (await sandbox("/__controls")).data.verifyRequests >= before + people.length,
        60_000,
        50,
      );
      const active = (await q.getJobCounts("active")).active ?? 0;
      const victim = liveWorkers()[0] as { name: string; process: ChildProcess };
      victim.process.kill("SIGKILL");
      const killedAt = Date.now();
      await exited(victim.process);
      await sandbox("/__controls", { verifyDelayMs: 0 });
      await until("every receipt", async () => people.every((p) => receipts(p.email) >= 1), 60_000, 100);
      const settledAfter = Date.now() - killedAt;
      // compose restarts the worker.
      startWorker(`${victim.name}r`);
      await sleep(2500);
      const rows = await ledger(people, track.id);
      const once = rows.filter((r) => r.enrollments === 1 && r.paid === 1 && r.receipts === 1).length;
      const failed = (await q.getJobCounts("failed")).failed ?? 0;
      const met = active === people.length && once === people.length && failed === 0;
      record({
        item: "30.12b",
        check: `kill -9 of one of 2 workers while ${people.length} payments are being settled (Paystack's verify slowed to 4 s; ${WORKER_CONCURRENCY} jobs a worker), job lock 2 s (30 s by default)`,
        figure: `${active} settlement jobs active at the kill; all settled ${(settledAfter / 1000).toFixed(1)} s after it; ${once}/${people.length} learners with 1 enrollment, 1 paid invoice, 1 receipt; ${failed} failed jobs`,
        target: "the other worker takes the killed one's jobs; every payment settled, enrolled and mailed exactly once",
        met,
      });
      expect(met).toBe(true);
    } finally {
      await sandbox("/__controls/reset", {});
      await q.close();
    }
  });

  it("30.12c kill -9 of a worker during a mail send: the other sends it, once", async () => {
    const email = `mail-${randomBytes(3).toString("hex")}@example.com`;
    smtp.hold(email);
    const signUp = await viaProxy(0, "/api/auth/signup/learner", json(undefined, signUpBody({ email })));
    const held = await until("the mail held mid-send", async () => smtp.held.find((h) => h.to.includes(email)), 60_000, 20);
    const pids = liveWorkers().map((w) => w.process.pid as number);
    const pid = pidWithLocalPort(held.clientPort, pids);
    const victim = workers.find((w) => w.process.pid === pid);
    if (!victim) throw new Error(`no worker owns the SMTP session from port ${held.clientPort}`);
    victim.process.kill("SIGKILL");
    const killedAt = Date.now();
    await exited(victim.process);
    const delivered = () => smtp.received.filter((m) => m.to.includes(email)).length;
    await until("the mail sent by the other worker", async () => delivered() > 0, 60_000, 50);
    const sentAfter = Date.now() - killedAt;
    startWorker(`${victim.name}r`);
    await sleep(3000);
    const count = delivered();
    const met = !("dropped" in signUp) && signUp.status === 201 && held.closed && count === 1;
    record({
      item: "30.12c",
      check:
        "kill -9 of the worker sending a sign-up mail, mid-send (the SMTP server has the message but has not answered its end of data), 2 workers, job lock 2 s",
      figure: `sign-up ${"dropped" in signUp ? signUp.dropped : signUp.status}; the killed worker's SMTP session ${held.closed ? "closed, its message dropped" : "STILL OPEN"}; delivered ${count}x, by the other worker ${(sentAfter / 1000).toFixed(1)} s after the kill`,
      target: "the mail delivered exactly once",
      met,
    });
    expect(met).toBe(true);
  });

  it("30.12d Redis restarted during checkouts and settlement: every client answered, every payment settled once", async () => {
    const track = await newTrack(`Restart ${randomBytes(3).toString("hex")}`);
    const people = await learners("Redis", 12);
    const body = { track: track.id, contact: "+234 802 555 0101", gender: "Female" };
    const outcomes: Outcome[] = [];
    const references: string[] = [];
    let restartMs = 0;
    let answeredBefore = 0;
    let done = 0;
    const restarter = (async () => {
      await until("a few checkouts", async () => done >= 3, 60_000, 5);
      answeredBefore = done;
      restartMs = await redis.restart();
    })();
    await pool(people.length, 3, async (i) => {
      const p = people[i] as (typeof people)[number];
      let outcome = await viaProxy(i, "/api/enrollments", json(p.token, body));
      outcomes.push(outcome);
      for (let attempt = 0; attempt < 5 && ("dropped" in outcome || retryable(outcome)); attempt++) {
        await sleep(1000);
        outcome = await viaProxy(i, "/api/enrollments", json(p.token, body));
      }
      const reference = "dropped" in outcome ? "" : (outcome.body?.reference as string);
      references[i] = reference ?? "";
      // Paid at once: the webhook reaches A while Redis may be down.
      if (reference) await sandbox(`/__simulate/${reference}/pay`, {});
      done++;
    });
    await restarter;
    await until("every receipt", async () => people.every((p) => receipts(p.email) >= 1), 90_000, 200);
    await sleep(2500);
    const rows = await ledger(people, track.id);
    const once = rows.filter((r) => r.enrollments === 1 && r.paid === 1 && r.receipts === 1).length;
    const ready = await Promise.all(apis().map(async (api) => (await fetch(`${api.url}/readyz`)).status));
    const other = outcomes.filter((o) => !("dropped" in o) && o.status !== 200 && !retryable(o)).length;
    const workersAlive = liveWorkers().length;
    const met =
      other === 0 && once === people.length && ready.every((s) => s === 200) && workersAlive === 2 && apis().every((x) => x.alive());
    record({
      item: "30.12d",
      check: `Redis restarted (SIGTERM and start, as docker compose restart does; append-only, fsync every second, noeviction) while ${people.length} learners check out and pay, 3 at a time over both APIs; 2 workers`,
      figure: `Redis down ${(restartMs / 1000).toFixed(1)} s, after ${answeredBefore} checkouts; answers ${tally(outcomes)}; ${once}/${people.length} learners with 1 enrollment, 1 paid invoice, 1 receipt; /readyz after: ${ready.join(", ")}; APIs ${apis().every((x) => x.alive()) ? "alive" : "DIED"}, workers alive ${workersAlive}/2`,
      target:
        "every client a 200 or a retryable answer; every payment settled, enrolled and mailed exactly once; all processes up, ready again",
      met,
    });
    expect(met).toBe(true);
  });

  it("30.12e the bucket down during uploads: refused with a retryable answer, nothing half-stored, uploads work again", async () => {
    const image = (i: number) => new Uint8Array(coverImage([i % 256, 60, 90], [220, 200, 180], 24, 16));
    const statuses: { status: number; retryAfter: boolean; path: string; bytes: Uint8Array }[] = [];
    const upload = async (i: number) => {
      const bytes = image(i);
      const form = new FormData();
      for (const [k, v] of Object.entries({ name: `S3 ${i}`, price: "10", duration: "1 week", instructor: "I", description: "D" }))
        form.append(k, v);
      form.append("image", new Blob([bytes], { type: "image/png" }), "cover.png");
      const outcome = await viaProxy(i, "/api/tracks", { method: "POST", headers: { authorization: `Bearer ${ownerToken}` }, body: form });
      if ("dropped" in outcome) return statuses.push({ status: 0, retryAfter: false, path: "", bytes });
      statuses.push({
        status: outcome.status,
        retryAfter: outcome.headers.has("retry-after"),
        path: outcome.body?.track?.image ?? "",
        bytes,
      });
    };
    const tracksBefore = await prisma().track.count({ where: { name: { startsWith: "S3 " } } });
    // Uploads before, during and after the outage.
    let i = 0;
    await upload(i++);
    await s3.down();
    const downAt = performance.now();
    const during: typeof statuses = [];
    while (performance.now() - downAt < S3_DOWN_MS) {
      const n = statuses.length;
      await upload(i++);
      during.push(...statuses.slice(n));
      await sleep(250);
    }
    const alive = await Promise.all(apis().map(async (api) => (await fetch(`${api.url}/healthz`)).status));
    await s3.up();
    const upAt = performance.now();
    await until(
      "an upload stored again",
      async () => {
        const n = statuses.length;
        await upload(i++);
        return statuses[n]?.status === 201;
      },
      60_000,
      200,
    );
    const backAfter = performance.now() - upAt;
    await upload(i++);
    const stored = statuses.filter((s) => s.status === 201);
    // Every upload answered 201 is served, the same bytes, by both instances; every refused one made no track.
    let served = 0;
    for (const s of stored) {
      const [x, y] = await Promise.all(apis().map(async (api) => Buffer.from(await (await fetch(`${api.url}${s.path}`)).arrayBuffer())));
      if (x?.equals(Buffer.from(s.bytes)) && y?.equals(Buffer.from(s.bytes))) served++;
    }
    const tracksMade = (await prisma().track.count({ where: { name: { startsWith: "S3 " } } })) - tracksBefore;
    const duringOk = during.length > 0 && during.every((s) => s.status >= 500 && s.retryAfter);
    const met = duringOk && served === stored.length && tracksMade === stored.length && alive.every((s) => s === 200);
    const tallyDuring = new Map<string, number>();
    for (const s of during)
      tallyDuring.set(
        `${s.status}${s.retryAfter ? " + Retry-After" : ""}`,
        (tallyDuring.get(`${s.status}${s.retryAfter ? " + Retry-After" : ""}`) ?? 0) + 1,
      );
    record({
      item: "30.12e",
      check: `the S3-compatible server (s3rver) stopped for ${S3_DOWN_MS / 1000} s while track images are uploaded through both APIs (REST multipart, one every 250 ms), then started again`,
      figure: `during: ${[...tallyDuring].map(([k, n]) => `${n}x ${k}`).join(", ")}; healthz during ${alive.join("/")}; stored again ${(backAfter / 1000).toFixed(1)} s after it was back; ${stored.length} stored, ${served}/${stored.length} served byte for byte by both APIs; tracks made ${tracksMade} (= stored)`,
      target:
        "during the outage 5xx with Retry-After, no track without its image; both APIs up; uploads work again once the bucket is back, nothing stored lost",
      met,
      note: `the brief's minute is scaled to FAULTS_S3_DOWN_SECONDS (${S3_DOWN_MS / 1000} s here)`,
    });
    expect(met).toBe(true);
  });

  it("30.12f DATA_DIR full during a tus upload: a retryable refusal, the server keeps serving, the upload resumes once there is room", async () => {
    const course = await prisma().course.create({ data: { trackId: (await newTrack("Disk")).id, title: "C", description: "D" } });
    const lesson = await prisma().lesson.create({ data: { courseId: course.id, position: 0, title: "V", kind: "VIDEO", minutes: 1 } });
    const video = mp4(24 * 1024 * 1024);
    const chunk = 4 * 1024 * 1024;
    const tus = { "tus-resumable": "1.0.0", authorization: `Bearer ${ownerToken}` };
    const created = await fetch(`${a.url}/api/uploads/lessons`, {
      method: "POST",
      headers: {
        ...tus,
        "upload-length": String(video.length),
        "upload-metadata": `lessonId ${b64(lesson.id)},target ${b64("video")},filename ${b64("lecture.mp4")}`,
      },
    });
    const location = created.headers.get("location") as string;
    const patch = async (offset: number, bytes: Buffer) => {
      try {
        const r = await fetch(`${a.url}${location}`, {
          method: "PATCH",
          headers: { ...tus, "upload-offset": String(offset), "content-type": "application/offset+octet-stream" },
          body: new Uint8Array(bytes),
          signal: AbortSignal.timeout(30_000),
        });
        return { status: r.status, retryAfter: r.headers.get("retry-after"), text: await r.text() };
      } catch (error) {
        return { status: 0, retryAfter: null, text: (error as { cause?: { code?: string } }).cause?.code ?? String(error) };
      }
    };
    const offsetNow = async () =>
      Number((await fetch(`${a.url}${location}`, { method: "HEAD", headers: tus })).headers.get("upload-offset") ?? Number.NaN);
    // Two chunks in, then something else fills the disk.
    let offset = 0;
    for (let k = 0; k < 2; k++) {
      const r = await patch(offset, video.subarray(offset, offset + chunk));
      if (r.status !== 204) throw new Error(`chunk ${k}: ${r.status} ${r.text}`);
      offset += chunk;
    }
    const filler = join(dataDir, "filler");
    const fd = openSync(filler, "w");
    try {
      const block = Buffer.alloc(1024 * 1024, 1);
      for (;;) writeSync(fd, block);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
    } finally {
      closeSync(fd);
    }
    const free = statfsSync(dataDir).bavail * statfsSync(dataDir).bsize;
    const full = await patch(offset, video.subarray(offset, offset + chunk));
    // Meanwhile the instance answers other requests.
    const [health, list, otherApi] = await Promise.all([
      fetch(`${a.url}/healthz`).then((r) => r.status),
      fetch(`${a.url}/api/tracks`).then((r) => r.status),
      fetch(`${b.url}/api/tracks`).then((r) => r.status),
    ]);
    const attached = await prisma().lessonMedia.count({ where: { lessonId: lesson.id } });
    const offsetAfterFull = await offsetNow();
    // Room again: the client resumes from the offset the server reports.
    rmSync(filler);
    offset = offsetAfterFull;
    let last = { status: 0, retryAfter: null as string | null, text: "" };
    const resumed: string[] = [];
    while (offset < video.length) {
      last = await patch(offset, video.subarray(offset, Math.min(offset + chunk, video.length)));
      resumed.push(`${offset / chunk}:${last.status}${last.status ? "" : last.text}`);
      if (last.status !== 204 && last.status !== 200) break;
      offset = Math.min(offset + chunk, video.length);
    }
    const media = await prisma().lessonMedia.findMany({ where: { lessonId: lesson.id } });
    const temp = readdirSync(join(dataDir, "resumable-uploads")).length;
    const retryableFull = full.status === 507 && full.retryAfter !== null;
    const met =
      retryableFull &&
      health === 200 &&
      list === 200 &&
      otherApi === 200 &&
      attached === 0 &&
      a.alive() &&
      last.status === 200 &&
      media.length === 1 &&
      Number(media[0]?.size) === video.length &&
      temp === 0;
    record({
      item: "30.12f",
      check: `DATA_DIR (a ${DATA_DIR_MB} MB tmpfs both APIs share) filled by another file after 8 MB of a 24 MB tus lesson-video upload (4 MB PATCHes), then room made again`,
      figure: `the next PATCH: ${full.status}${full.retryAfter ? ` with Retry-After ${full.retryAfter}` : " without Retry-After"} (${full.text.slice(0, 80).trim()}), ${Math.round(free / 1024)} kB free; meanwhile healthz ${health}, tracks on A ${list}, on B ${otherApi}; lesson media attached while full: ${attached}; the server reported offset ${offsetAfterFull}; resumed from it (${resumed.join(" ")}, API A ${a.alive() ? "up" : "DOWN"}): final PATCH ${last.status}${last.status === 200 ? "" : ` (${last.text.slice(0, 80)})`}, ${media.length} video of ${Number(media[0]?.size ?? 0)} bytes attached; temporary files left ${temp}`,
      target:
        "507 with Retry-After; the server up and serving; nothing attached half-written; the upload resumes from the reported offset and completes",
      met,
    });
    expect(met).toBe(true);
  });
});
