import type { IncomingHttpHeaders } from "node:http";
import Fastify, { type FastifyInstance } from "fastify";
import { createLogger } from "../../logger.ts";
import { createPaystackClient } from "../client.ts";
import { PAYSTACK_SANDBOX_PREFIX, registerPaystackSandbox } from "./index.ts";
import type { SandboxScheduler } from "./scheduler.ts";

const logger = createLogger(process.env.TEST_LOG_LEVEL ?? "silent");

interface Timer {
  due: number;
  order: number;
  fire(): void;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A scheduler whose time moves only when a test says so: `advance(ms)` fires, in order, every wait due by then, and
 * lets what each one starts (a webhook delivery, the next wait) run before the next fires. A zero wait still
 * resolves on its own, on the next turn of the event loop, as with the real clock.
 */
export class ManualScheduler implements SandboxScheduler {
  #now: number;
  #timers: Timer[] = [];
  #order = 0;

  constructor(start: Date = new Date()) {
    this.#now = start.getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (ms <= 0) return nextTurn();
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        this.#timers = this.#timers.filter((t) => t !== timer);
        reject(signal?.reason);
      };
      const timer: Timer = {
        due: this.#now + ms,
        order: this.#order++,
        fire: () => {
          signal?.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      this.#timers.push(timer);
    });
  }

  /** Waits not yet due. */
  get waiting(): number {
    return this.#timers.length;
  }

  /** Moves time on by `ms`, firing every wait due by then. */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    await nextTurn();
    for (;;) {
      const due = this.#timers.filter((t) => t.due <= target).sort((a, b) => a.due - b.due || a.order - b.order)[0];
      if (!due) break;
      this.#timers = this.#timers.filter((t) => t !== due);
      this.#now = Math.max(this.#now, due.due);
      due.fire();
      // Twice: a fired wait's continuation may itself start work that finishes a turn later.
      await nextTurn();
      await nextTurn();
    }
    this.#now = target;
  }
}

/** A webhook as it reached the test's receiver. */
export interface Delivery {
  raw: Buffer;
  headers: IncomingHttpHeaders;
}

/**
 * A real server for the sandbox's tests: the sandbox plus a route standing in for our webhook endpoint, recording
 * exactly what arrives. `secretKey` is the test's own (no key is written in code that ships).
 */
export async function startSandbox(options: { secretKey: string; scheduler?: SandboxScheduler }) {
  const { secretKey: SECRET, scheduler } = options;
  const deliveries: Delivery[] = [];
  /** Statuses the receiver answers with before it starts answering 200. */
  const failWith: number[] = [];
  const app: FastifyInstance = Fastify();
  let origin = "";
  await registerPaystackSandbox(app, { secretKey: SECRET, webhookUrl: () => `${origin}/webhook`, logger, scheduler });
  await app.register(async (receiver) => {
    receiver.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) => done(null, body));
    receiver.post("/webhook", async (request, reply) => {
      deliveries.push({ raw: request.body as Buffer, headers: request.headers });
      return reply.code(failWith.shift() ?? 200).send({ received: true });
    });
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const base = `${origin}${PAYSTACK_SANDBOX_PREFIX}`;

  const call = async (method: "GET" | "POST", path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${SECRET}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  return {
    app,
    origin,
    base,
    deliveries,
    failWith,
    client: createPaystackClient({ secretKey: SECRET, baseUrl: base }),
    call,
    /** Waits until every webhook delivery (including delays and retries) has finished. */
    async webhooksSettled() {
      for (let i = 0; i < 400; i++) {
        const { body } = await call("GET", "/__controls");
        if (body.data.pendingWebhooks === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error("webhooks still pending");
    },
  };
}

export type TestSandbox = Awaited<ReturnType<typeof startSandbox>>;
