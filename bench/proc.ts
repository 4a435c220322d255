/** Child processes, ports, temp folders and clean-up for the bench: everything it starts is stopped, even on failure. */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Child, startChild as spawnChild } from "#testing/server.ts";

type Cleanup = () => Promise<void> | void;
const cleanups: Cleanup[] = [];

/** Registers something to undo at the end (last registered, first undone); returns a function that undoes it now. */
export function onCleanup(fn: Cleanup): () => Promise<void> {
  let done = false;
  const run = async () => {
    if (done) return;
    done = true;
    const i = cleanups.indexOf(wrapped);
    if (i >= 0) cleanups.splice(i, 1);
    await fn();
  };
  const wrapped: Cleanup = run;
  cleanups.push(wrapped);
  return run;
}

export async function cleanupAll() {
  while (cleanups.length) {
    const fn = cleanups.pop() as Cleanup;
    try {
      await fn();
    } catch (error) {
      console.error("clean-up failed:", error);
    }
  }
}

export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `learnhub-bench-${prefix}-`));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a process in its own process group (so `npm start` and what it starts stop together) and registers its
 * stop for the end of the run. `stop` sends SIGTERM to the group, then SIGKILL after 15 s.
 */
export function startChild(command: string, args: string[], env: Record<string, string>, options: { cwd?: string } = {}): Child {
  const child = spawnChild(command, args, env, { ...options, group: true });
  return { ...child, stop: onCleanup(child.stop) };
}

/** Resident memory of a process in MB (VmRSS), or null when it is gone. */
export function rssMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** The pids of a process and its descendants (npm start -> node scripts/start.mjs -> node api/src/main.ts). */
export function descendants(pid: number): number[] {
  const out = [pid];
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
    for (const c of children) out.push(...descendants(c));
  } catch {
    // gone
  }
  return out;
}

/** Samples a process's RSS every `everyMs` until stopped; returns the peak. */
export function sampleRss(pid: number, everyMs = 200) {
  let peak = rssMb(pid) ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid) ?? 0);
  }, everyMs);
  return {
    stop(): number {
      clearInterval(timer);
      peak = Math.max(peak, rssMb(pid) ?? 0);
      return peak;
    },
  };
}

export function median(values: number[]): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function log(message: string) {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** CPU time (user + system) a process has used, in seconds, or null when it is gone. */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/**
 * Waits until a process is idle (under 5% of a core over 300 ms, twice in a row), at most `maxMs`: after a load run
 * the server still works through requests the load generator gave up on, and the next run must not pay for them.
 */
export async function settle(pid: number, maxMs = 20_000): Promise<void> {
  const started = Date.now();
  let quiet = 0;
  let last = cpuSeconds(pid);
  while (quiet < 2 && Date.now() - started < maxMs) {
    await sleep(300);
    const now = cpuSeconds(pid);
    if (now === null || last === null) return;
    quiet = now - last < 0.015 ? quiet + 1 : 0;
    last = now;
  }
}
