import { isIP } from "node:net";
import { z } from "zod";

/** One proxy address or CIDR block (IPv4 or IPv6), as Fastify's trustProxy takes them. */
const isProxyAddress = (value: string) => {
  const [address = "", bits, ...rest] = value.split("/");
  const version = isIP(address);
  if (!version || rest.length) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
};

/**
 * Which X-Forwarded-For hops to believe: unset or "false" none (the socket's address); a number, that many proxies in
 * front of the server; or a comma-separated list of the proxies' addresses or CIDR blocks. "true" is refused: it
 * would believe every hop, so a client could name its own address and step around every per-address limit.
 */
const trustProxy = z
  .string()
  .default("false")
  .transform((value, ctx): false | number | string[] => {
    const v = value.trim();
    if (v === "false" || v === "0") return false;
    if (/^\d+$/.test(v) && Number(v) <= 20) return Number(v);
    const list = v.split(",").map((part) => part.trim());
    if (v !== "true" && list.every(isProxyAddress)) return list;
    ctx.addIssue({
      code: "custom",
      message:
        'give the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs (e.g. "10.0.0.0/8,127.0.0.1"); "true" would trust addresses a client makes up',
    });
    return z.NEVER;
  });

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
  /** PostgreSQL connections one process (API or worker) may hold (docs/SCALING.md, Database connections). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
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
  TRUST_PROXY: trustProxy,
  /** A request's headers must have arrived within this time, or the connection gets 408 and is closed. */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /** A whole request (headers and body, uploads included) must have arrived within this time; 0 turns it off. */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  /**
   * An idle kept-alive connection is closed after this time. Fastify's default: longer than the idle timeout of common
   * load balancers (60 s), which would otherwise send a request down a connection the server is just closing.
   */
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(72_000),
  /** A connection that sends and receives nothing for this long is closed; 0 turns it off (live events ping sooner). */
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(120_000),
  /** Open connections one client address may hold; more are closed at once. 0 turns it off. */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).optional(),
  /** Memory the public cache (answers kept for anonymous visitors) may use, in megabytes. */
  PUBLIC_CACHE_MAX_MB: z.coerce.number().int().min(1).max(4096).default(32),
  /**
   * Seconds a live session stays in an instance's memory after it was read (0: read on every request). Logouts,
   * revocations and role changes drop it everywhere at once; this bounds what a lost message could leave behind.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** Seed demo data into an empty database (default outside production only). */
  SEED_DEMO: flag,
  /** The largest uploaded lesson video, in bytes (default 2 GiB). */
  LESSON_VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 50)
    .default(2 * 1024 ** 3),
  /** The largest lesson attachment (PDF, zip, slides), in bytes (default 200 MiB). */
  LESSON_FILE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 50)
    .default(200 * 1024 ** 2),
  /**
   * Unfinished resumable lesson uploads one account may have open in an instance, and the bytes they may announce
   * together (default 5 and 4 GiB); 0 turns a cap off.
   */
  LESSON_UPLOADS_OPEN_PER_ACCOUNT: z.coerce.number().int().min(0).max(100_000).default(5),
  LESSON_UPLOADS_BYTES_PER_ACCOUNT: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 50)
    .default(4 * 1024 ** 3),
  /** The same for all accounts together in one instance (default 50 and 20 GiB); 0 turns a cap off. */
  LESSON_UPLOADS_OPEN_PER_INSTANCE: z.coerce.number().int().min(0).max(100_000).default(50),
  LESSON_UPLOADS_BYTES_PER_INSTANCE: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 50)
    .default(20 * 1024 ** 3),
  /**
   * The disk space (bytes) that must stay free where unfinished uploads collect once a new upload and the rest of the
   * open ones have arrived (default 1 GiB); below it a new upload is refused.
   */
  LESSON_UPLOADS_MIN_FREE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 50)
    .default(1024 ** 3),
  /** Unset: uploads on the local disk (DATA_DIR/uploads). `s3://bucket` or `s3://bucket/prefix`: an S3-compatible store. */
  STORAGE_URL: z
    .string()
    .regex(
      /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/([\w.-]+\/?)*)?$/,
      "must be s3://bucket or s3://bucket/prefix (a bucket name of 3-63 lower-case letters, digits, dots and hyphens)",
    )
    .refine(
      (v) =>
        !v
          .split("/")
          .slice(3)
          .some((part) => part === "." || part === ".."),
      "the key prefix must not contain . or .. parts",
    )
    .optional(),
  /** The S3 API's address for MinIO, Cloudflare R2, Ceph and the like; unset: AWS. */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: "must be an http:// or https:// URL" }).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a region name such as us-east-1 (R2: "auto")')
    .default("us-east-1"),
  /** Both or neither; neither: the AWS SDK's default credential chain (environment, profile, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Bucket in the path (http://host/bucket/key) rather than the host name; default true with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: flag,
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
  /** PostgreSQL only: the most connections this process holds. */
  databasePoolMax: number;
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
  /** Behind reverse proxies: how many X-Forwarded-For hops to believe, or the proxies' addresses; false: none. */
  trustProxy: false | number | string[];
  http: {
    headersTimeoutMs: number;
    requestTimeoutMs: number;
    keepAliveTimeoutMs: number;
    idleTimeoutMs: number;
    /** 0: no cap. */
    maxConnectionsPerAddress: number;
  };
  publicCacheMaxBytes: number;
  /** How long a live session is kept in memory (0: not kept). */
  sessionCacheMs: number;
  /** Where uploaded files live. */
  storage: StorageConfig;
  /** Upload limits of lesson media, in bytes. */
  lessonVideoMaxBytes: number;
  lessonFileMaxBytes: number;
  /** Caps of unfinished resumable lesson uploads (storage/upload-temp.ts); 0: no cap. */
  unfinishedUploads: UnfinishedUploadLimits;
}

/** How many unfinished uploads, and how many announced bytes, an account and the whole instance may hold. */
export interface UnfinishedUploadLimits {
  perAccount: { uploads: number; bytes: number };
  perInstance: { uploads: number; bytes: number };
  /** What must stay free on the disk of the unfinished uploads once the open ones and a new one have arrived. */
  minFreeBytes: number;
}

/** Uploads on the local disk under `dataDir`, or in an S3-compatible bucket under `prefix` ("" or ending in "/"). */
export type StorageConfig =
  | { kind: "local"; dataDir: string }
  | {
      kind: "s3";
      bucket: string;
      prefix: string;
      endpoint?: string;
      region: string;
      /** Unset: the AWS SDK's default credential chain. */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      forcePathStyle: boolean;
    };

const S3_VARIABLES = ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const;

function storageConfig(e: z.output<typeof schema>, issues: string[]): StorageConfig {
  if (!e.STORAGE_URL) {
    // An S3 setting without STORAGE_URL would otherwise leave uploads on the local disk without a word.
    for (const name of S3_VARIABLES) {
      if (e[name] !== undefined) issues.push(`${name}: only used with STORAGE_URL=s3://bucket; set STORAGE_URL or remove ${name}`);
    }
    return { kind: "local", dataDir: e.DATA_DIR };
  }
  if ((e.S3_ACCESS_KEY_ID === undefined) !== (e.S3_SECRET_ACCESS_KEY === undefined)) {
    issues.push(
      `${e.S3_ACCESS_KEY_ID === undefined ? "S3_ACCESS_KEY_ID" : "S3_SECRET_ACCESS_KEY"}: required with ${e.S3_ACCESS_KEY_ID === undefined ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"} (set both, or neither for the AWS SDK's default credentials)`,
    );
  }
  const [bucket = "", ...rest] = e.STORAGE_URL.slice("s3://".length).split("/");
  const prefix = rest.filter(Boolean).join("/");
  return {
    kind: "s3",
    bucket,
    prefix: prefix ? `${prefix}/` : "",
    endpoint: e.S3_ENDPOINT,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: e.S3_FORCE_PATH_STYLE ?? e.S3_ENDPOINT !== undefined,
  };
}

/**
 * Connections one address may hold by default. Browsers open up to 6 a host; the cap leaves room for an office behind
 * one NAT address. Behind a reverse proxy every connection comes from the proxy, so the default there is no cap (the
 * proxy limits its clients).
 */
const DEFAULT_MAX_CONNECTIONS_PER_ADDRESS = 64;

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
  const storage = storageConfig(e, issues);
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
    databasePoolMax: e.DATABASE_POOL_MAX,
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
    http: {
      // Node refuses a headers timeout longer than the request timeout.
      headersTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS
        ? Math.min(e.HTTP_HEADERS_TIMEOUT_MS, e.HTTP_REQUEST_TIMEOUT_MS)
        : e.HTTP_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      idleTimeoutMs: e.HTTP_IDLE_TIMEOUT_MS,
      maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS ?? (e.TRUST_PROXY === false ? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS : 0),
    },
    publicCacheMaxBytes: e.PUBLIC_CACHE_MAX_MB * 1024 * 1024,
    sessionCacheMs: e.SESSION_CACHE_SECONDS * 1000,
    storage,
    lessonVideoMaxBytes: e.LESSON_VIDEO_MAX_BYTES,
    lessonFileMaxBytes: e.LESSON_FILE_MAX_BYTES,
    unfinishedUploads: {
      perAccount: { uploads: e.LESSON_UPLOADS_OPEN_PER_ACCOUNT, bytes: e.LESSON_UPLOADS_BYTES_PER_ACCOUNT },
      perInstance: { uploads: e.LESSON_UPLOADS_OPEN_PER_INSTANCE, bytes: e.LESSON_UPLOADS_BYTES_PER_INSTANCE },
      minFreeBytes: e.LESSON_UPLOADS_MIN_FREE_BYTES,
    },
  };
}

/** The configuration for a process's start: a problem with it is printed and ends the process (exit code 1). */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
