import { z } from "zod";

/** Reads the process environment into a typed configuration; bad values are reported by variable name. */
/** "true" or "false"; unset leaves the choice to the environment (development or production). */
const flag = z
  .enum(["true", "false"])
  .transform((v) => v === "true")
  .optional();

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default(".data"),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  ADMIN_HOST_PREFIX: z.string().min(1).default("admin."),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgresql://")
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis://")
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().default("LearnHub <no-reply@learnhub.local>"),
  PAYSTACK_SECRET_KEY: z.string().min(1).optional(),
  /** Without PAYSTACK_SECRET_KEY: take payments through the built-in sandbox (default outside production only). */
  PAYSTACK_SANDBOX: flag,
  /** Without SMTP_URL: keep mail in the database outbox (default outside production only). */
  MAIL_OUTBOX: flag,
  PAYSTACK_BASE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
  /** How long a worker holds a job before others may take it over (a crashed worker's jobs wait this long). */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** Event-loop delay past which requests get 503 + Retry-After (load shedding); 0 turns it off. */
  OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** API requests in progress past which new ones get 503 + Retry-After (load shedding); 0 turns it off. */
  OVERLOAD_MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(200),
  /** Multiplies every rate limit; only for load tests from one address (never raise it in production). */
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1_000_000).default(1),
  QUEUE_PREFIX: z
    .string()
    .regex(/^[\w-]+$/)
    .optional(),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** Seed demo data into an empty database (default outside production only). */
  SEED_DEMO: flag,
});

export type Env = z.input<typeof schema>;

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  publicUrl: string;
  adminHostPrefix: string;
  /** Unset: the embedded PGlite database (in memory when dataDir is ":memory:"). */
  databaseUrl?: string;
  /** Unset: jobs run in-process. */
  redisUrl?: string;
  /** Unset: mails go to the outbox. */
  smtpUrl?: string;
  mailFrom: string;
  /**
   * With `sandbox`, payments go to the built-in Paystack sandbox (test payments: its Pay button pays anything) and
   * `secretKey` is empty here: createServices fills in the installation's own sandbox secret.
   */
  paystack: { secretKey: string; baseUrl: string; sandbox: boolean };
  logLevel: string;
  seedDemo: boolean;
  worker: { concurrency: number; lockMs: number };
  rateLimitScale: number;
  overloadEventLoopDelayMs: number;
  overloadMaxInFlight: number;
  /** BullMQ key prefix (tests isolate themselves with one). */
  queuePrefix?: string;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings (e.g. `REDIS_URL=` in a .env file) mean "unset".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`));
  }
  const e = parsed.data;
  const production = e.NODE_ENV === "production";
  const sandbox = !e.PAYSTACK_SECRET_KEY;
  // In production the test stand-ins must be chosen on purpose: the sandbox gives tracks away, the outbox sends nothing.
  const issues: string[] = [];
  if (sandbox && !(e.PAYSTACK_SANDBOX ?? !production)) {
    issues.push(
      `PAYSTACK_SECRET_KEY: required ${production ? "in production" : "with PAYSTACK_SANDBOX=false"}; set PAYSTACK_SANDBOX=true to take test payments through the built-in sandbox on purpose (anyone can pay with its Pay button)`,
    );
  }
  if (!e.SMTP_URL && !(e.MAIL_OUTBOX ?? !production)) {
    issues.push(
      `SMTP_URL: required ${production ? "in production" : "with MAIL_OUTBOX=false"}; set MAIL_OUTBOX=true to keep mail in the database outbox on purpose (nothing is sent)`,
    );
  }
  if (issues.length) throw new ConfigError(issues);
  // Unset: this machine on the configured port, so links and the payment callback reach this server.
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    publicUrl,
    adminHostPrefix: e.ADMIN_HOST_PREFIX.toLowerCase(),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    paystack: sandbox
      ? { secretKey: "", baseUrl: e.PAYSTACK_BASE_URL ?? `${publicUrl}/paystack-sandbox`, sandbox }
      : { secretKey: e.PAYSTACK_SECRET_KEY as string, baseUrl: e.PAYSTACK_BASE_URL ?? "https://api.paystack.co", sandbox },
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO ?? !production,
    queuePrefix: e.QUEUE_PREFIX,
    worker: { concurrency: e.WORKER_CONCURRENCY, lockMs: e.WORKER_LOCK_MS },
    rateLimitScale: e.RATE_LIMIT_SCALE,
    overloadEventLoopDelayMs: e.OVERLOAD_EVENT_LOOP_DELAY_MS,
    overloadMaxInFlight: e.OVERLOAD_MAX_IN_FLIGHT,
    trustProxy: e.TRUST_PROXY,
  };
}
