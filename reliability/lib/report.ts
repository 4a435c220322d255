import { appendFileSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Every reliability check records one row: what was measured, the figure, the target and whether it was met.
 * Rows are appended to a JSON-lines file (test files run in separate processes); the global teardown prints them
 * as a table and writes reliability/results/latest.json.
 */
export interface Row {
  /** Issue item and check, e.g. "1.3". */
  item: string;
  check: string;
  figure: string;
  target: string;
  met: boolean;
  /** Anything a reader needs to interpret the figure. */
  note?: string;
}

export const RESULTS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../results");
export const ROWS_FILE = resolve(RESULTS_DIR, "rows.jsonl");

export function record(row: Row): Row {
  mkdirSync(RESULTS_DIR, { recursive: true });
  appendFileSync(ROWS_FILE, `${JSON.stringify(row)}\n`);
  const mark = row.met ? "met" : "NOT MET";
  console.log(`[reliability] ${row.item} ${row.check}: ${row.figure} (target ${row.target}) ${mark}`);
  return row;
}

export const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
export const pct = (value: number) => `${(value * 100).toFixed(1)}%`;

export function median(values: number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

/** Runs `tasks` with at most `limit` in flight; results keep their order. */
export async function pool<T>(count: number, limit: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  const run = async () => {
    for (;;) {
      const i = next++;
      if (i >= count) return;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, run));
  return results;
}

export const sleep = (millis: number) => new Promise((r) => setTimeout(r, millis));

/** Polls `check` until it returns something truthy, or fails after `timeoutMs`. */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}
