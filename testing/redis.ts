import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { freePort } from "./ports.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A redis-server of the caller's own (so it may kill and restart it), on a free port and a temporary data directory.
 * `durable` gives the production settings BullMQ asks for: an append-only file, fsynced on every write (or, with
 * `fsync: "everysec"`, once a second as docker-compose.yml runs it), and no eviction.
 */
export class OwnRedis {
  private child?: ChildProcess;
  readonly dir = mkdtempSync(join(tmpdir(), "test-redis-"));
  private constructor(
    readonly port: number,
    readonly durable: boolean,
    readonly fsync: "always" | "everysec" = "always",
  ) {}

  static async start(options: { durable?: boolean; fsync?: "always" | "everysec" } = {}): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort(), options.durable ?? false, options.fsync);
    try {
      await redis.up();
    } catch (error) {
      await redis.stop();
      throw error;
    }
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts (or restarts) the server on the same port and directory, and waits until it answers PING. */
  async up(): Promise<void> {
    const persistence = this.durable
      ? ["--appendonly", "yes", "--appendfsync", this.fsync, "--maxmemory-policy", "noeviction", "--save", ""]
      : ["--appendonly", "no", "--save", ""];
    this.child = spawn("redis-server", ["--port", String(this.port), "--bind", "127.0.0.1", "--dir", this.dir, ...persistence], {
      stdio: "ignore",
    });
    const failed = new Promise<Error>((resolve) => this.child?.once("error", resolve));
    for (let i = 0; i < 100; i++) {
      const error = await Promise.race([failed, sleep(50).then(() => null)]);
      if (error) throw new Error(`redis-server could not start (apt-get install redis-server): ${error.message}`);
      const probe = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      // connect() rejects while it is not up; the same failure as an event is not news.
      probe.on("error", () => {});
      try {
        await probe.connect();
        // Loading a large append-only file answers LOADING until done.
        if ((await probe.ping()) === "PONG") return;
      } catch {
        // not up yet
      } finally {
        probe.disconnect();
      }
    }
    throw new Error("redis-server did not answer");
  }

  /** kill -9: no shutdown, no final save. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise((resolve) => {
      child.once("exit", resolve);
      child.kill("SIGKILL");
    });
  }

  /**
   * A restart as `docker compose restart redis` does it: SIGTERM (Redis writes and fsyncs its append-only file, then
   * exits), then up() again on the same port and directory. Resolves once it answers PING; answers how long it was down.
   */
  async restart(): Promise<number> {
    const child = this.child;
    const started = performance.now();
    if (child && child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => {
        child.once("exit", resolve);
        child.kill("SIGTERM");
      });
    }
    await this.up();
    return performance.now() - started;
  }

  async stop(): Promise<void> {
    await this.kill9();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * A Redis for tests: REDIS_TEST_URL when CI hands one over, else a private redis-server (installed by .ci/run;
 * `apt-get install redis-server` locally). Returns null when neither is available.
 */
export async function testRedis(): Promise<{ url: string; stop(): Promise<void> } | null> {
  if (process.env.REDIS_TEST_URL) return { url: process.env.REDIS_TEST_URL, stop: async () => {} };
  try {
    const own = await OwnRedis.start();
    // Plain functions: callers keep `stop` on its own (const { stop } = ...).
    return { url: own.url, stop: () => own.stop() };
  } catch {
    return null;
  }
}
