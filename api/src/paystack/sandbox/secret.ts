import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Where an installation keeps its sandbox secret, inside DATA_DIR. */
export const SANDBOX_SECRET_FILE = "paystack-sandbox-secret";

const newSecret = () => `sk_test_${randomBytes(24).toString("hex")}`;

/**
 * The key the built-in Paystack sandbox checks callers and signs webhooks with: random per installation, made on the
 * first start and kept in DATA_DIR, so the API and its workers (which share DATA_DIR) agree and a restart keeps it.
 * Nobody outside the installation can drive the sandbox's test controls or forge its webhooks. An in-memory
 * installation (DATA_DIR=":memory:", the tests) gets a new one each time.
 */
export function sandboxSecretKey(dataDir: string): string {
  if (dataDir === ":memory:") return newSecret();
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, SANDBOX_SECRET_FILE);
  try {
    return readFileSync(path, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  // Written whole under another name, then linked into place: an API and a worker starting together never read a
  // half-written file, and the first link wins.
  const draft = `${path}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(draft, `${newSecret()}\n`, { mode: 0o600 });
  try {
    linkSync(draft, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(draft);
  }
  return readFileSync(path, "utf8").trim();
}

/**
 * Whether an Authorization header carries the sandbox secret, compared in constant time (digests of equal length), so
 * answer timings tell a caller nothing about how much of a guess was right.
 */
export function carriesSandboxKey(authorization: string | undefined, secretKey: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(authorization ?? ""), digest(`Bearer ${secretKey}`));
}
