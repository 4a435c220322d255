/**
 * `npm run bench`: API load against a floor (PGlite and PostgreSQL), SQL statements per request, web build size and
 * Lighthouse, start-up time. Prints one table (Markdown) with every figure and budget and writes it, with the raw
 * figures, to bench/results/latest.json.
 *
 * Environment: BENCH_DURATION (seconds a round, default 4), BENCH_ROUNDS (default 3; BENCH_PGLITE_ROUNDS, default one fewer, on the embedded database), BENCH_WARMUP (seconds, 1),
 * BENCH_CONNECTIONS (50), BENCH_ROWS (rows a table for the load runs, 1000), BENCH_OPS (comma list of operation keys
 * to load, default all), BENCH_SKIP (comma list of: sql, startup, web, lighthouse, media, pglite, postgresql),
 * BENCH_LH_RUNS (Lighthouse runs a page, medians; default 3), MEDIA_MB (the lesson video of the range bench, 20), BENCH_PG_URL (a PostgreSQL role that may create
 * databases), CHROME_PATH (default /usr/bin/chromium).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { ROOT } from "../api/src/paths.ts";
import { type LoadOptions, type LoadResult, runLoad } from "./load.ts";
import { type MediaRun, runMedia } from "./media.ts";
import { cleanupAll, log } from "./proc.ts";
import { buildRows, markdownTable } from "./report.ts";
import { runSqlCount, type SqlCount } from "./sql-count.ts";
import { runStartup, type StartupRun } from "./startup.ts";
import { runWeb, type WebResult } from "./web.ts";

const number = (name: string, fallback: number) => {
  const raw = process.env[name];
  const value = raw === undefined || raw === "" ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const list = (name: string) =>
  (process.env[name] ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

let exiting = false;
async function bail(reason: string, code: number) {
  if (exiting) return;
  exiting = true;
  log(`${reason}: stopping everything the bench started`);
  await cleanupAll();
  process.exit(code);
}
process.on("SIGINT", () => void bail("interrupted", 130));
process.on("SIGTERM", () => void bail("terminated", 143));
process.on("uncaughtException", (error) => {
  console.error(error);
  void bail("uncaught exception", 1);
});
process.on("unhandledRejection", (error) => {
  console.error(error);
  void bail("unhandled rejection", 1);
});

async function main() {
  const started = performance.now();
  const skip = new Set(list("BENCH_SKIP"));
  const options: LoadOptions = {
    durationS: number("BENCH_DURATION", 4),
    rounds: Math.round(number("BENCH_ROUNDS", 3)),
    pgliteRounds: Math.round(number("BENCH_PGLITE_ROUNDS", Math.max(1, Math.round(number("BENCH_ROUNDS", 3)) - 1))),
    warmupS: number("BENCH_WARMUP", 1),
    connections: Math.round(number("BENCH_CONNECTIONS", 50)),
    rows: Math.round(number("BENCH_ROWS", 1000)),
    only: list("BENCH_OPS"),
  };
  const machine = {
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    loadAvgAtStart: loadavg()[0] ?? 0,
  };
  log(`options ${JSON.stringify(options)}; machine ${JSON.stringify(machine)}`);

  const attempt = async <T>(name: string, fn: () => Promise<T>): Promise<T | { error: string }> => {
    try {
      return await fn();
    } catch (error) {
      log(`${name} failed: ${(error as Error).stack ?? error}`);
      return { error: `failed: ${(error as Error).message.split("\n")[0]?.slice(0, 300)}` };
    }
  };

  const sql: SqlCount[] | { error: string } | null = skip.has("sql") ? null : await attempt("sql-count", () => runSqlCount([10, 1000]));
  const startup: StartupRun[] | { error: string } | null = skip.has("startup") ? null : await attempt("startup", runStartup);
  const web: WebResult | { error: string } | null = skip.has("web")
    ? null
    : await attempt("web", () => runWeb({ lighthouse: !skip.has("lighthouse"), lighthouseRuns: Math.round(number("BENCH_LH_RUNS", 3)) }));
  const media: MediaRun | { error: string } | null = skip.has("media")
    ? null
    : await attempt("media", () => runMedia({ durationS: options.durationS, rounds: options.rounds, warmupS: options.warmupS }));
  const load: (LoadResult | { backend: string; error: string })[] = [];
  for (const backend of ["pglite", "postgresql"] as const) {
    if (skip.has(backend) || skip.has("load")) continue;
    const result = await attempt(`load/${backend}`, () => runLoad(backend, options));
    load.push("error" in result ? { backend, error: result.error } : result);
  }

  const rows = buildRows({ load, sql, web, startup, media });
  const table = markdownTable(rows);
  // What the answers look like on the wire, from the PostgreSQL run when there is one.
  const measured = load.filter((l): l is LoadResult => "ops" in l);
  const wire = measured.find((l) => l.backend === "postgresql") ?? measured[0];
  const notes = [
    ...load.flatMap((l) => ("notes" in l ? l.notes : [])),
    ...(wire?.ops ?? []).map(
      (op) =>
        `response of ${op.key} (${wire?.backend}): ${(op.response.bytes / 1000).toFixed(1)} kB JSON, cache-control ${op.response.cacheControl ?? "none"}, content-encoding ${op.response.contentEncoding ?? "none"}`,
    ),
    ...(web && !("error" in web) ? [...web.notes, ...(web.assetEncoding ? [`asset delivery: ${web.assetEncoding}`] : [])] : []),
  ];
  const seconds = (performance.now() - started) / 1000;
  const summary = {
    generatedAt: new Date().toISOString(),
    durationSeconds: Math.round(seconds),
    options,
    machine: { ...machine, loadAvgAtEnd: loadavg()[0] },
    missed: rows.filter((r) => r.result === "missed").map((r) => `${r.area} · ${r.measure}: ${r.why ?? ""}`),
    rows,
    table,
    notes,
    raw: { load, sql, web, startup, media },
  };
  const dir = join(ROOT, "bench", "results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "latest.json"), `${JSON.stringify(summary, null, 2)}\n`);

  process.stdout.write(`\n${table}\n\n`);
  process.stdout.write(
    `Load: ${options.connections} connections, ${options.rounds} rounds (PGlite ${options.pgliteRounds}) x ${options.durationS} s per side after ${options.warmupS} s warm-up, ours and floor alternating; medians of the rounds. ` +
      `Machine: ${machine.cores} cores, load average ${machine.loadAvgAtStart.toFixed(1)} at start, ${loadavg()[0]?.toFixed(1)} at end. Run took ${Math.round(seconds)} s.\n`,
  );
  if (notes.length) process.stdout.write(`\nNotes:\n${notes.map((n) => `- ${n}`).join("\n")}\n`);
  process.stdout.write(`\nBudgets missed: ${summary.missed.length}. Written to bench/results/latest.json\n`);
}

try {
  await main();
} finally {
  await cleanupAll();
}
