import { availableParallelism } from "node:os";
import argon2 from "argon2";
import pLimit from "p-limit";

/** argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane); each hash gets its own random salt. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one hash per core at a time: more would not finish sooner (each one keeps a core busy), but each holds its
 * 19 MiB until it does. A burst of logins queues here instead of multiplying the process's memory.
 */
const hashes = pLimit(availableParallelism());

/**
 * Sets how many hashes run at once in this process; answers the previous number. The embedded backend's API process
 * runs one at a time (api/src/main.ts): its database shares the process's memory budget (350 MB), and a second hash
 * adds 19 MiB at the peak. It costs the login row throughput on the bench (figures in README.md, "Performance";
 * docs/SCALING.md).
 */
export function limitConcurrentHashes(count: number): number {
  const before = hashes.concurrency;
  hashes.concurrency = count;
  return before;
}

export function hashPassword(password: string): Promise<string> {
  return hashes(() => argon2.hash(password, OPTIONS));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await hashes(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}
