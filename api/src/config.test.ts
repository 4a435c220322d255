import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, SANDBOX_SECRET_KEY } from "./config.ts";

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
      paystack: { sandbox: true, secretKey: SANDBOX_SECRET_KEY, baseUrl: "http://localhost:4000/paystack-sandbox" },
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

  it("makes the API exit non-zero with the message on bad configuration", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "api/src/main.ts"], {
      env: { ...process.env, PORT: "not-a-port", DOTENV_CONFIG_PATH: "/nonexistent" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Invalid configuration:\n\s+- PORT/);
  });
});
