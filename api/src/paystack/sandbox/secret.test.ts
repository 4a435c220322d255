import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startTestApp } from "#testing/app.ts";
import { ROOT as REPO } from "../../paths.ts";
import { SANDBOX_SECRET_FILE, sandboxSecretKey } from "./secret.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "learnhub-sandbox-secret-"));
  dirs.push(dir);
  return dir;
};

/** Every file git would ship that code runs from or deploys with (tests may hold made-up keys; they are not shipped). */
function shippedFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ["node_modules", "generated", "__generated__", "dist", "test"].includes(entry.name) ? [] : shippedFiles(path);
    return /\.(ts|tsx|mjs|js|ya?ml)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the Paystack sandbox's secret", () => {
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("is made once per installation, kept in DATA_DIR (owner-only), and differs between installations", () => {
    const [one, other] = [tempDir(), tempDir()];
    const secret = sandboxSecretKey(one);
    expect(secret).toMatch(/^sk_test_[0-9a-f]{48}$/);
    expect(sandboxSecretKey(one)).toBe(secret);
    expect(readFileSync(join(one, SANDBOX_SECRET_FILE), "utf8").trim()).toBe(secret);
    expect(statSync(join(one, SANDBOX_SECRET_FILE)).mode & 0o777).toBe(0o600);
    expect(sandboxSecretKey(other)).not.toBe(secret);
    // Nothing but the secret is left behind (no drafts).
    expect(readdirSync(one)).toEqual([SANDBOX_SECRET_FILE]);
  });

  it("differs between two running servers, and one server's secret opens nothing on the other", async () => {
    const [a, b] = await Promise.all([startTestApp(), startTestApp()]);
    try {
      const [keyA, keyB] = [a.services.config.paystack.secretKey, b.services.config.paystack.secretKey];
      expect(keyA).toMatch(/^sk_test_[0-9a-f]{48}$/);
      expect(keyB).not.toBe(keyA);
      const controls = (app: typeof a, key: string) =>
        app.fetch("/paystack-sandbox/__controls", { headers: { authorization: `Bearer ${key}` } }).then((res) => res.status);
      expect(await controls(a, keyA)).toBe(200);
      expect(await controls(b, keyA)).toBe(401);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("is written nowhere in the source or the deployment files", () => {
    const files = [...shippedFiles(join(REPO, "api/src")), ...shippedFiles(join(REPO, "worker/src")), join(REPO, "docker-compose.yml")];
    expect(files.length).toBeGreaterThan(50);
    const constants = files.flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/sk_(test|live)_[A-Za-z0-9_]+/g)].map((m) => `${relative(REPO, file)}: ${m[0]}`),
    );
    expect(constants).toEqual([]);
  });
});
