import { availableParallelism } from "node:os";
import argon2 from "argon2";
import pLimit from "p-limit";

/** argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane); each hash gets its own random salt. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one hash per core at a time: more would not finish sooner (each one keeps a core busy), but each holds its
 * 19 MiB until it does. A burst of logins queues here instead of multiplying the process's memory.
 */
const oneHashPerCore = pLimit(availableParallelism());

export function hashPassword(password: string): Promise<string> {
  return oneHashPerCore(() => argon2.hash(password, OPTIONS));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await oneHashPerCore(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}
