import argon2 from "argon2";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { hashPassword, limitConcurrentHashes, verifyPassword } from "./passwords.ts";

const original = argon2.hash.bind(argon2);

describe("password hashing", () => {
  // The process's own setting, put back after each test (the test files share one process).
  let usual = 0;
  beforeAll(() => {
    usual = limitConcurrentHashes(2);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    limitConcurrentHashes(usual);
  });

  /** Runs `count` hashes at once and answers how many argon2 ran side by side at most. */
  async function mostAtOnce(count: number): Promise<number> {
    let running = 0;
    let most = 0;
    vi.restoreAllMocks();
    vi.spyOn(argon2, "hash").mockImplementation(async (...args: Parameters<typeof argon2.hash>) => {
      running++;
      most = Math.max(most, running);
      try {
        return await original(...args);
      } finally {
        running--;
      }
    });
    const hashes = await Promise.all(Array.from({ length: count }, (_, i) => hashPassword(`correct horse ${i}`)));
    expect(new Set(hashes).size).toBe(count);
    return most;
  }

  it("runs at most the set number of hashes at once (one on the embedded backend: 19 MiB each)", async () => {
    limitConcurrentHashes(1);
    expect(await mostAtOnce(3)).toBe(1);
    limitConcurrentHashes(2);
    expect(await mostAtOnce(4)).toBe(2);
  });

  it("verifies what it hashed, and a wrong or malformed hash is false, not an error", async () => {
    const hash = await hashPassword("correct horse");
    expect(await verifyPassword(hash, "correct horse")).toBe(true);
    expect(await verifyPassword(hash, "wrong horse")).toBe(false);
    expect(await verifyPassword("not a hash", "correct horse")).toBe(false);
  });
});
