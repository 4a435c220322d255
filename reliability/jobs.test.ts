import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Queue } from "bullmq";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpBody } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { closeSharedApp, dropDatabase, testDatabaseUrl } from "#testing/database.ts";
import { sandboxControl, slowPayment } from "#testing/paystack.ts";
import { OwnRedis } from "#testing/redis.ts";
import { exited, killAll, startApiProcess, startWorkerProcess, workerEnvFor } from "#testing/server.ts";
import { startSmtp } from "#testing/smtp.ts";
import { openDatabase } from "../api/src/db/client.ts";
import { migrate } from "../api/src/db/migrate.ts";
import { createSession } from "../api/src/domain/accounts/login.ts";
import { paymentJobId } from "../api/src/domain/payments/verify.ts";
import { QUEUE_NAME } from "../api/src/job-contract.ts";
import { BullmqQueue } from "../api/src/jobs/bullmq.ts";
import { ROOT } from "../api/src/paths.ts";
import { ms, record, sleep, until } from "./lib/report.ts";

/**
 * Item 5, nothing lost (BullMQ "going to production", "stalled jobs", "graceful shutdown"): real redis-server and
 * real worker processes sharing a PostgreSQL database with the API. worker/src/worker.test.ts and
 * api/src/mail/smtp.test.ts hold the behaviour tests; these measure the figures.
 */

describe("5. jobs: nothing lost", () => {
  it("5.1 SMTP failing twice, then working: the mail is delivered exactly once", async () => {
    const smtp = await startSmtp(["reject-connection", "reject-data"]);
    const app = await startTestApp({ SMTP_URL: smtp.url });
    try {
      const body = signUpBody();
      const started = performance.now();
      const res = await rest(app, "POST", "/api/auth/signup/learner", { body });
      await app.settleJobs();
      const elapsed = performance.now() - started;
      const delivered = smtp.received.filter((mail) => mail.to.includes(body.email.toLowerCase())).length;
      const met = res.status === 201 && delivered === 1 && smtp.connections() === 3;
      record({
        item: "5.1",
        check: "sign-up mail through an SMTP server that refuses the 1st connection (421) and the 2nd message (451)",
        figure: `delivered ${delivered}x after ${smtp.connections()} attempts, ${ms(elapsed)} (test retry policy: 3 attempts, 20 ms backoff)`,
        target: "delivered exactly once",
        met,
      });
      expect(met).toBe(true);
    } finally {
      await app.close();
      await smtp.close();
    }
  });

  describe("worker processes", () => {
    let redis: OwnRedis;
    let app: TestApp;
    const workers: ChildProcess[] = [];
    const prefix = `rel-wk-${randomBytes(4).toString("hex")}`;

    beforeAll(async () => {
      redis = await OwnRedis.start();
      app = await startTestApp({ REDIS_URL: redis.url, QUEUE_PREFIX: prefix });
      expect(app.services.db.kind, "worker processes share PostgreSQL with the API").toBe("postgresql");
    });
    afterAll(async () => {
      await killAll(workers);
      if (app) await closeSharedApp(app);
      await redis?.stop();
    });

    const worker = (extra: Record<string, string> = {}) => {
      const child = startWorkerProcess({ ...workerEnvFor(app, redis.url, prefix), ...extra });
      workers.push(child);
      return child;
    };
    const sandbox = (path: string, body?: unknown) => sandboxControl(app, path, body);
    const bullQueue = () => (app.services.queue as unknown as { queue: Queue }).queue;

    const invoiceStatus = async (reference: string) => (await app.services.db.prisma.invoice.findUnique({ where: { reference } }))?.status;

    it("5.2 a worker killed with -9 mid-job: another worker finishes the job, value delivered once", async () => {
      const p = await slowPayment(app, 4000);
      const first = worker();
      const before = (await sandbox("/__controls")).data.verifyRequests;
      await app.services.queue.enqueue("settle-payment", { reference: p.reference }, { jobId: paymentJobId(p.reference) });
      await until("the first worker to be mid-job", async () => (await sandbox("/__controls")).data.verifyRequests > before, 60_000);
      first.kill("SIGKILL");
      const killedAt = Date.now();
      await exited(first);
      await sandbox("/__controls", { verifyDelayMs: 0 });
      worker();
      await until("another worker to finish the job", async () => (await invoiceStatus(p.reference)) === "PAID", 60_000);
      const takeover = Date.now() - killedAt;
      await until(
        "the receipt",
        async () => (await app.services.db.prisma.outboxMail.count({ where: { to: p.learner.email } })) > 0,
        30_000,
      );
      await sleep(500);
      const enrollments = await app.services.db.prisma.enrollment.count({ where: { learnerId: p.learner.id, trackId: p.track.id } });
      const receipts = await app.services.db.prisma.outboxMail.count({ where: { to: p.learner.email } });
      const met = enrollments === 1 && receipts === 1;
      record({
        item: "5.2",
        check: "worker process killed with SIGKILL while settling a payment",
        figure: `finished by a second worker ${(takeover / 1000).toFixed(1)} s after the kill (lock 2 s here; 30 s by default); ${enrollments} enrollment, ${receipts} receipt`,
        target: "finished by another worker, once",
        met,
      });
      await sandbox("/__controls/reset", {});
      await killAll(workers);
      expect(met).toBe(true);
    });

    it("5.3 SIGTERM: the running job finishes, then the worker exits 0 in under 30 s", async () => {
      const p = await slowPayment(app, 3000);
      const child = worker({ WORKER_LOCK_MS: "30000" });
      await until("the worker to connect", async () => (await bullQueue().getWorkers()).length === 1, 60_000);
      const before = (await sandbox("/__controls")).data.verifyRequests;
      await app.services.queue.enqueue("settle-payment", { reference: p.reference }, { jobId: paymentJobId(p.reference) });
      await until("the job to start", async () => (await sandbox("/__controls")).data.verifyRequests > before, 60_000);
      const signalledAt = Date.now();
      child.kill("SIGTERM");
      const { code } = await exited(child);
      const drain = Date.now() - signalledAt;
      const status = await invoiceStatus(p.reference);
      const met = code === 0 && drain < 30_000 && status === "PAID";
      record({
        item: "5.3",
        check: "SIGTERM to a worker process with a job running (3 s Paystack call)",
        figure: `exit code ${code} after ${(drain / 1000).toFixed(1)} s; the job ${status === "PAID" ? "completed before exit" : `left the invoice ${status}`}`,
        target: "drains, exits 0 in < 30 s",
        met,
      });
      await sandbox("/__controls/reset", {});
      expect(met).toBe(true);
    });
  });

  it("5.4 Redis killed with -9 and restarted with 1,000 jobs queued: none lost", async () => {
    const compose = readFileSync(join(ROOT, "docker-compose.yml"), "utf8");
    const documented = /--appendonly", "yes"/.test(compose) && /--maxmemory-policy", "noeviction"/.test(compose);
    const redis = await OwnRedis.start({ durable: true });
    const database = await testDatabaseUrl();
    const workers: ChildProcess[] = [];
    const prefix = `rel-1000-${randomBytes(4).toString("hex")}`;
    const inspect = () =>
      new Queue(QUEUE_NAME, { connection: { host: "127.0.0.1", port: redis.port, maxRetriesPerRequest: null }, prefix });
    try {
      if (!database) throw new Error("TEST_DATABASE_URL is set by the reliability global setup");
      // The worker migrates its database at start; nothing else is needed in it for ping jobs.
      const total = 1000;
      const producer = new BullmqQueue(redis.url, { attempts: 3, backoffMs: 100 }, prefix);
      const started = performance.now();
      for (let i = 0; i < total; i += 50) {
        await Promise.all(
          Array.from({ length: 50 }, (_, j) => producer.enqueue("ping", { value: String(i + j) }, { jobId: `ping-${i + j}` })),
        );
      }
      const enqueueMs = performance.now() - started;
      await producer.close();
      await redis.kill9();
      await redis.up();
      let queue = inspect();
      const afterRestart = await queue.getJobCounts("waiting", "prioritized", "delayed");
      await queue.close();
      workers.push(
        startWorkerProcess({ DATABASE_URL: database.url, REDIS_URL: redis.url, QUEUE_PREFIX: prefix, WORKER_CONCURRENCY: "20" }),
      );
      const drainStarted = Date.now();
      queue = inspect();
      const counts = await until(
        "1,000 completed jobs",
        async () => {
          const c = await queue.getJobCounts("completed", "failed", "waiting", "active", "delayed");
          return (c.completed ?? 0) + (c.failed ?? 0) >= total ? c : undefined;
        },
        120_000,
        250,
      );
      await queue.close();
      const waiting = (afterRestart.waiting ?? 0) + (afterRestart.prioritized ?? 0) + (afterRestart.delayed ?? 0);
      const met = waiting === total && counts.completed === total && counts.failed === 0 && documented;
      record({
        item: "5.4",
        check:
          "1,000 ping jobs queued (no worker), redis-server killed -9 and restarted (appendonly, fsync always, noeviction), then a worker",
        figure: `${waiting} queued after the restart; ${counts.completed} completed, ${counts.failed} failed, in ${((Date.now() - drainStarted) / 1000).toFixed(1)} s (enqueue took ${ms(enqueueMs)}); docker-compose.yml: appendonly + noeviction ${documented ? "documented" : "MISSING"}`,
        target: "1,000 completed, 0 lost",
        met,
      });
      expect(met).toBe(true);
    } finally {
      await killAll(workers);
      await redis.stop();
      if (database) await dropDatabase(database.url);
    }
  });

  it("5.5 Redis down during requests: they still succeed, the API survives, the mail goes out once Redis is back", async () => {
    const redis = await OwnRedis.start();
    const database = await testDatabaseUrl();
    if (!database) throw new Error("TEST_DATABASE_URL is set by the reliability global setup");
    const prefix = `rel-down-${randomBytes(4).toString("hex")}`;
    const api = await startApiProcess({
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: prefix,
      OVERLOAD_EVENT_LOOP_DELAY_MS: "0",
    });
    const db = await openDatabase({ url: database.url, dataDir: ":memory:" });
    const workers: ChildProcess[] = [];
    try {
      await migrate(db.sql);
      // A learner with a pending payment, to open a live payment-status subscription while Redis is down.
      const learner = await db.prisma.learner.create({
        data: {
          firstName: "R",
          lastName: "D",
          email: `down-${randomBytes(3).toString("hex")}@example.com`,
          contact: "+234 801 000 0000",
          passwordHash: "x",
          emailVerifiedAt: new Date(),
        },
      });
      const reference = `down-${randomBytes(4).toString("hex")}`;
      await db.prisma.invoice.create({ data: { learnerId: learner.id, amountCents: 100, reference } });
      const token = await createSession(db.prisma, "LEARNER", learner.id);

      await redis.kill9();
      const email = `outage-${randomBytes(3).toString("hex")}@example.com`;
      const started = performance.now();
      const signUp = await fetch(`${api.url}/api/auth/signup/learner`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(signUpBody({ email })),
      });
      const signUpMs = performance.now() - started;
      const ready = await fetch(`${api.url}/readyz`);
      // A live subscription needs Redis pub/sub; it may fail, but must not take the process down.
      const subscription = await fetch(`${api.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "text/event-stream", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          query: "subscription($r: String!) { paymentStatus(reference: $r) { status } }",
          variables: { r: reference },
        }),
        signal: AbortSignal.timeout(2000),
      })
        .then(async (r) => {
          await r.body?.cancel();
          return r.status;
        })
        .catch(() => "aborted");
      // A worker publishes a live event after settling a payment: with Redis down that must not end the process.
      const publisher = spawn(process.execPath, ["--import", "tsx", "reliability/lib/publish-while-down.ts", redis.url], {
        cwd: ROOT,
        stdio: "ignore",
      });
      const publisherExit = (await exited(publisher)).code;
      const survived =
        api.alive() &&
        (await fetch(`${api.url}/healthz`).then(
          (r) => r.ok,
          () => false,
        ));
      const outboxed = await db.prisma.outboxJob.count({ where: { dispatchedAt: null, payload: { path: ["to"], equals: email } } });

      await redis.up();
      workers.push(startWorkerProcess({ DATABASE_URL: database.url, REDIS_URL: redis.url, QUEUE_PREFIX: prefix, PUBLIC_URL: api.url }));
      // The API's sweeper dispatches what the outage left in the outbox (every 5 s).
      const backAt = Date.now();
      await until("the mail", async () => (await db.prisma.outboxMail.count({ where: { to: email } })) > 0, 60_000, 200);
      const deliveredAfter = Date.now() - backAt;
      await sleep(6000); // one more sweep: nothing is sent twice
      const mails = await db.prisma.outboxMail.count({ where: { to: email } });
      const readyAgain = (await fetch(`${api.url}/readyz`)).status;
      const met =
        signUp.status === 201 &&
        survived &&
        publisherExit === 0 &&
        outboxed === 1 &&
        mails === 1 &&
        ready.status === 503 &&
        readyAgain === 200;
      record({
        item: "5.5",
        check: "Redis killed, then a sign-up over HTTP and a live subscription to the API process; Redis restarted, a worker started",
        figure: `sign-up ${signUp.status} in ${ms(signUpMs)}, /readyz ${ready.status}, subscription ${subscription}, API ${survived ? "alive" : "DIED"}, a publish ${publisherExit === 0 ? "does not end the process" : "ENDS the process"}; mail ${outboxed ? "kept in the outbox" : "NOT in the outbox"}, delivered ${mails}x ${(deliveredAfter / 1000).toFixed(1)} s after Redis was back; /readyz then ${readyAgain}`,
        target: "201; API alive; mail delivered exactly once",
        met,
      });
      expect(met).toBe(true);
    } finally {
      await killAll(workers);
      await api.stop();
      await db.close();
      await redis.stop();
      await dropDatabase(database.url);
    }
  });
});
