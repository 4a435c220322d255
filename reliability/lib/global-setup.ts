import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { ensurePostgres } from "#testing/database.ts";
import { RESULTS_DIR, ROWS_FILE, type Row } from "./report.ts";

/** Vitest global setup: PostgreSQL for every test app, a fresh results file, and the summary table at the end. */
export default async function setup() {
  const started = Date.now();
  mkdirSync(RESULTS_DIR, { recursive: true });
  rmSync(ROWS_FILE, { force: true });
  // Test files run in child processes started after this, which inherit the environment.
  process.env.TEST_DATABASE_URL = await ensurePostgres();
  // API and worker processes run the bundles production runs (npm run build:server), built from this checkout.
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { stdio: "inherit" });

  return function teardown() {
    const rows: Row[] = existsSync(ROWS_FILE)
      ? readFileSync(ROWS_FILE, "utf8")
          .split("\n")
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Row)
      : [];
    rows.sort((a, b) => a.item.localeCompare(b.item, undefined, { numeric: true }));
    const summary = {
      finishedAt: new Date().toISOString(),
      durationSeconds: Math.round((Date.now() - started) / 1000),
      commit: gitCommit(),
      soakSeconds: Number(process.env.SOAK_SECONDS || 600),
      met: rows.filter((r) => r.met).length,
      notMet: rows.filter((r) => !r.met).length,
      rows,
    };
    writeFileSync(resolve(RESULTS_DIR, "latest.json"), `${JSON.stringify(summary, null, 2)}\n`);
    process.stdout.write(`\n${table(rows)}\n${summary.met} met, ${summary.notMet} not met; reliability/results/latest.json\n\n`);
    // Every check asserts its own target; this catches one that records a miss without failing its test. The misses
    // are repeated last, whole, so that a CI log's tail (often all that is kept of it) names them.
    const missed = rows.filter((r) => !r.met);
    if (missed.length > 0) {
      const lines = missed.map((r) => `- ${r.item} ${r.check}: ${r.figure} (target: ${r.target})${r.note ? `; ${r.note}` : ""}`);
      process.stdout.write(`Missed:\n${lines.join("\n")}\n\n`);
      throw new Error(`${missed.length} reliability checks missed their target: ${missed.map((r) => r.item).join(", ")}`);
    }
  };
}

function gitCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
  } catch {
    return null;
  }
}

/** A Markdown table (readable in a terminal, pasteable into the README). */
export function table(rows: Row[]): string {
  const header = ["item", "check", "figure", "target", "met?"];
  const lines = rows.map((r) => [r.item, r.check, r.figure, r.target, r.met ? "yes" : "**no**"].map((c) => c.replace(/\|/g, "\\|")));
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] as string).length)));
  const format = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(" | ")} |`;
  return [format(header), format(widths.map((w) => "-".repeat(w))), ...lines.map(format)].join("\n");
}
