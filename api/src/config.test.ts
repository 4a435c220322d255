import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("configuration", () => {
  it("runs on the embedded defaults with nothing set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 4000,
      dataDir: ".data",
      publicUrl: "http://localhost:4000",
      adminHostPrefix: "admin.",
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      paystack: { sandbox: true, baseUrl: "http://localhost:4000/paystack-sandbox" },
      seedDemo: true,
    });
  });

  it("switches to the production engines when their variables are set", () => {
    const config = loadConfig({
      DATABASE_URL: "postgresql://u:p@db:5432/app",
      REDIS_URL: "redis://redis:6379",
      SMTP_URL: "smtp://mail:1025",
      PAYSTACK_SECRET_KEY: "sk_live_x",
      PUBLIC_URL: "https://learn.example.com/",
    });
    expect(config.databaseUrl).toBe("postgresql://u:p@db:5432/app");
    expect(config.redisUrl).toBe("redis://redis:6379");
    expect(config.smtpUrl).toBe("smtp://mail:1025");
    expect(config.publicUrl).toBe("https://learn.example.com");
    expect(config.paystack).toEqual({ sandbox: false, secretKey: "sk_live_x", baseUrl: "https://api.paystack.co" });
  });

  it("points the public URL at the configured port when it is not set", () => {
    expect(loadConfig({ PORT: "4510" }).publicUrl).toBe("http://localhost:4510");
  });

  it("bounds each process's PostgreSQL connections, 10 unless DATABASE_POOL_MAX says otherwise", () => {
    expect(loadConfig({}).databasePoolMax).toBe(10);
    expect(loadConfig({ DATABASE_POOL_MAX: "40" }).databasePoolMax).toBe(40);
    expect(() => loadConfig({ DATABASE_POOL_MAX: "0" })).toThrow(/DATABASE_POOL_MAX/);
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ REDIS_URL: "", DATABASE_URL: "" }).redisUrl).toBeUndefined();
  });

  it("has HTTP timeouts and a per-address connection cap by default, no cap behind a proxy", () => {
    expect(loadConfig({}).http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 72_000,
      idleTimeoutMs: 120_000,
      maxConnectionsPerAddress: 64,
    });
    expect(loadConfig({ TRUST_PROXY: "1" }).http.maxConnectionsPerAddress).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "1", MAX_CONNECTIONS_PER_ADDRESS: "500" }).http.maxConnectionsPerAddress).toBe(500);
    // Node refuses a headers timeout longer than the request timeout.
    expect(loadConfig({ HTTP_REQUEST_TIMEOUT_MS: "5000" }).http.headersTimeoutMs).toBe(5000);
    expect(loadConfig({}).publicCacheMaxBytes).toBe(32 * 1024 * 1024);
  });

  it("caps unfinished lesson uploads per account and per instance, and keeps disk space free, unless told otherwise", () => {
    expect(loadConfig({}).unfinishedUploads).toEqual({
      perAccount: { uploads: 5, bytes: 4 * 1024 ** 3 },
      perInstance: { uploads: 50, bytes: 20 * 1024 ** 3 },
      minFreeBytes: 1024 ** 3,
    });
    const set = loadConfig({
      LESSON_UPLOADS_OPEN_PER_ACCOUNT: "2",
      LESSON_UPLOADS_BYTES_PER_ACCOUNT: "1000",
      LESSON_UPLOADS_OPEN_PER_INSTANCE: "0",
      LESSON_UPLOADS_BYTES_PER_INSTANCE: "5000",
      LESSON_UPLOADS_MIN_FREE_BYTES: "0",
    });
    expect(set.unfinishedUploads).toEqual({
      perAccount: { uploads: 2, bytes: 1000 },
      perInstance: { uploads: 0, bytes: 5000 },
      minFreeBytes: 0,
    });
    expect(() => loadConfig({ LESSON_UPLOADS_OPEN_PER_ACCOUNT: "-1", LESSON_UPLOADS_MIN_FREE_BYTES: "lots" })).toThrow(
      /LESSON_UPLOADS_OPEN_PER_ACCOUNT[\s\S]*LESSON_UPLOADS_MIN_FREE_BYTES/,
    );
  });

  it("names every bad variable", () => {
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", REDIS_URL: "http://nope" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toMatch(/PORT/);
      expect(message).toMatch(/DATABASE_URL: must start with postgresql:\/\//);
      expect(message).toMatch(/REDIS_URL: must start with redis:\/\//);
    }
  });

  /** What a production deployment sets when it has its real services. */
  const production = { NODE_ENV: "production", PAYSTACK_SECRET_KEY: "sk_live_x", SMTP_URL: "smtp://mail:1025" };

  it("refuses production without PAYSTACK_SECRET_KEY unless the sandbox is chosen with PAYSTACK_SANDBOX=true", () => {
    expect(() => loadConfig({ ...production, PAYSTACK_SECRET_KEY: undefined })).toThrow(
      /PAYSTACK_SECRET_KEY: required in production; set PAYSTACK_SANDBOX=true/,
    );
    expect(() => loadConfig({ ...production, PAYSTACK_SECRET_KEY: undefined, PAYSTACK_SANDBOX: "false" })).toThrow(
      /PAYSTACK_SECRET_KEY: required in production/,
    );
    expect(loadConfig({ ...production, PAYSTACK_SECRET_KEY: undefined, PAYSTACK_SANDBOX: "true" }).paystack).toMatchObject({
      sandbox: true,
    });
    // A real key always wins: the opt-in never turns the sandbox on over it.
    expect(loadConfig({ ...production, PAYSTACK_SANDBOX: "true" }).paystack).toMatchObject({ sandbox: false, secretKey: "sk_live_x" });
    // Outside production the sandbox stays the default, and can be refused.
    expect(loadConfig({ NODE_ENV: "development" }).paystack.sandbox).toBe(true);
    expect(() => loadConfig({ PAYSTACK_SANDBOX: "false" })).toThrow(/PAYSTACK_SECRET_KEY: required with PAYSTACK_SANDBOX=false/);
  });

  it("refuses production without SMTP_URL unless the outbox is chosen with MAIL_OUTBOX=true", () => {
    expect(() => loadConfig({ ...production, SMTP_URL: undefined })).toThrow(/SMTP_URL: required in production; set MAIL_OUTBOX=true/);
    expect(loadConfig({ ...production, SMTP_URL: undefined, MAIL_OUTBOX: "true" }).smtpUrl).toBeUndefined();
    expect(() => loadConfig({ MAIL_OUTBOX: "false" })).toThrow(/SMTP_URL: required with MAIL_OUTBOX=false/);
  });

  it("names both missing services at once", () => {
    try {
      loadConfig({ NODE_ENV: "production" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).issues).toEqual([
        expect.stringMatching(/^PAYSTACK_SECRET_KEY: /),
        expect.stringMatching(/^SMTP_URL: /),
      ]);
    }
  });

  it("seeds demo data by default outside production only", () => {
    expect(loadConfig({ NODE_ENV: "development" }).seedDemo).toBe(true);
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: "yes" })).toThrow(/SEED_DEMO/);
  });

  it("makes the API exit non-zero with the message on bad configuration", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "api/src/main.ts"], {
      env: { ...process.env, PORT: "not-a-port", DOTENV_CONFIG_PATH: "/nonexistent" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Invalid configuration:\n\s+- PORT/);
  });

  it("makes the API exit non-zero naming PAYSTACK_SECRET_KEY when production has no key", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "api/src/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PAYSTACK_SECRET_KEY: "",
        PAYSTACK_SANDBOX: "",
        SMTP_URL: "smtp://mail:1025",
        DOTENV_CONFIG_PATH: "/nonexistent",
      },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Invalid configuration:\n\s+- PAYSTACK_SECRET_KEY: required in production/);
  });
});
