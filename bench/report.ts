/** Turns the figures into the one table `npm run bench` prints (Markdown, so it pastes into the README as is). */
import { BUDGETS } from "./budgets.ts";
import type { LoadResult, OpLoad } from "./load.ts";
import type { MediaRun } from "./media.ts";
import type { SqlCount } from "./sql-count.ts";
import type { StartupRun } from "./startup.ts";
import type { WebResult } from "./web.ts";

export type Verdict = "met" | "missed" | "info" | "not measured";

export interface Row {
  area: string;
  measure: string;
  figure: string;
  budget: string;
  result: Verdict;
  /** Which part of the budget was missed, when it was. */
  why?: string;
}

const int = (n: number) => Math.round(n).toLocaleString("en-US");
const ms = (n: number) => `${n < 10 ? n.toFixed(1) : int(n)} ms`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function loadRow(load: LoadResult, op: OpLoad): Row {
  const postgres = load.backend === "postgresql";
  const latency = (stats: { p50: number; p99: number; requests: number }, which: "p50" | "p99") =>
    stats.requests ? ms(stats[which]) : "—";
  const figure = [
    `${int(op.ours.rps)} req/s = ${Math.round(op.ratio * 100)}% of floor ${int(op.floor.rps)}`,
    `p50 ${latency(op.ours, "p50")}`,
    `p99 ${latency(op.ours, "p99")} (floor ${latency(op.floor, "p99")})`,
    `${int(op.ours.errors)} errors / ${int(op.ours.requests)}`,
    `one request alone ${op.unloaded.ours === null ? "—" : ms(op.unloaded.ours)} (floor ${op.unloaded.floor === null ? "—" : ms(op.unloaded.floor)})`,
    `RSS ${int(op.oursRssPeakMb)} MB`,
    `answer ${kb(op.response.bytes)}${op.response.contentEncoding ? ` ${op.response.contentEncoding}` : ""}`,
    `wire (a bare server sending these bytes) ${int(op.wire.rps)} req/s, p99 ${latency(op.wire, "p99")}`,
    ...(op.paced
      ? [
          `paced at ${int(op.paced.rate)} req/s offered (${BUDGETS.load.signedIn.floorRatio * 100}% of the floor's): ours ${int(op.paced.ours.rps)} req/s, p50 ${latency(op.paced.ours, "p50")}, p99 ${latency(op.paced.ours, "p99")}; floor p99 ${latency(op.paced.floor, "p99")}`,
        ]
      : []),
  ].join(" · ");
  const misses: string[] = [];
  if (op.ours.errors > 0) misses.push(`${op.ours.errors} errors${op.errorDetail ? ` (${op.errorDetail})` : ""}`);
  if (op.errorDetail && !op.ours.errors) misses.push(op.errorDetail);
  let budget = "0 errors";
  const limits = op.budget && postgres ? BUDGETS.load[op.budget] : null;
  if (limits) {
    const floorPart = `≥ ${limits.floorRatio * 100}% of floor`;
    if (op.ratio < limits.floorRatio) misses.push(`${Math.round(op.ratio * 100)}% of floor`);
    if ("p99Ms" in limits) {
      budget = `${floorPart}, p99 < ${limits.p99Ms} ms, 0 errors`;
      if (op.ours.p99 >= limits.p99Ms) misses.push(`p99 ${ms(op.ours.p99)}`);
    } else {
      const most = op.wire.p99 * limits.p99VsWire;
      budget = `${floorPart}, p99 ≤ ${Math.round((limits.p99VsWire - 1) * 100)}% over the wire's, 0 errors`;
      if (!op.wire.requests || op.ours.p99 > most) misses.push(`p99 ${ms(op.ours.p99)} > ${ms(most)}`);
    }
  }
  if (op.ours.requests === 0) misses.push(`no request completed within a ${load.options.durationS} s round`);
  return {
    area: `load · ${load.version}`,
    measure: op.label,
    figure,
    budget,
    result: misses.length ? "missed" : "met",
    why: misses.join("; ") || undefined,
  };
}

export function buildRows(results: {
  load: (LoadResult | { backend: string; error: string })[];
  sql: SqlCount[] | { error: string } | null;
  web: WebResult | { error: string } | null;
  startup: StartupRun[] | { error: string } | null;
  media?: MediaRun | { error: string } | null;
}): Row[] {
  const rows: Row[] = [];

  for (const load of results.load) {
    if ("error" in load) {
      rows.push({ area: `load · ${load.backend}`, measure: "all operations", figure: load.error, budget: "—", result: "not measured" });
      continue;
    }
    for (const op of load.ops) rows.push(loadRow(load, op));
    const postgres = load.backend === "postgresql";
    const rssLimit = postgres ? BUDGETS.rssMb : BUDGETS.pgliteRssMb;
    rows.push({
      area: `load · ${load.version}`,
      measure: "server RSS, peak over the whole run",
      figure: `${int(load.serverRssPeakMb)} MB (${int(load.serverRssIdleMb)} MB idle after start; floor process ${int(load.floorRssPeakMb)} MB); data: ${Object.entries(
        load.rowCounts,
      )
        .map(([k, v]) => `${int(v)} ${k.toLowerCase()}s`)
        .join(", ")}`,
      budget: `< ${rssLimit} MB${postgres ? "" : " (embedded database in the process)"}`,
      result: load.serverRssPeakMb < rssLimit ? "met" : "missed",
      why: load.serverRssPeakMb >= rssLimit ? `${int(load.serverRssPeakMb)} MB` : undefined,
    });
  }

  if (results.sql && "error" in results.sql) {
    rows.push({ area: "SQL / request", measure: "all operations", figure: results.sql.error, budget: "—", result: "not measured" });
  } else if (results.sql) {
    for (const s of results.sql) {
      const values = Object.values(s.counts);
      const same = values.every((v) => v === values[0]);
      const max = Math.max(...values);
      const misses: string[] = [];
      if (!same) misses.push("grows with the data");
      if (max > BUDGETS.sqlMax) misses.push(`${max} > ${BUDGETS.sqlMax}`);
      if (s.error) misses.push(`answered ${s.error}`);
      rows.push({
        area: "SQL / request",
        measure: s.label,
        figure: Object.entries(s.counts)
          .map(([rows, n]) => `${int(Number(rows))} rows: ${n}`)
          .join(" · "),
        budget: `same at both sizes, ≤ ${BUDGETS.sqlMax}`,
        result: misses.length ? "missed" : "met",
        why: misses.join("; ") || undefined,
      });
    }
  }

  if (results.web && "error" in results.web) {
    rows.push({ area: "web", measure: "build, bundles, Lighthouse", figure: results.web.error, budget: "—", result: "not measured" });
  } else if (results.web) {
    const web = results.web;
    rows.push({
      area: "web",
      measure: "production build (npm run build)",
      figure: web.buildError ? web.buildError.slice(0, 200) : `${web.buildSeconds.toFixed(1)} s`,
      budget: "—",
      result: web.buildError ? "missed" : "info",
    });
    for (const b of web.bundles) {
      const limit = b.site === "learner" ? BUDGETS.learnerJsBytes : BUDGETS.adminJsBytes;
      const biggest = [...b.files].sort((x, y) => y.gzipBytes - x.gzipBytes)[0];
      rows.push({
        area: "web · initial JS",
        measure: `${b.site} (entry + modulepreloads, gzip)`,
        figure: `${kb(b.gzipBytes)} gzip (${kb(b.bytes)} raw, ${b.files.length} files; largest ${biggest?.file.replace("/assets/", "")} ${kb(biggest?.gzipBytes ?? 0)})`,
        budget: `< ${kb(limit)}`,
        result: b.gzipBytes < limit ? "met" : "missed",
        why: b.gzipBytes < limit ? undefined : kb(b.gzipBytes),
      });
    }
    for (const r of web.routes ?? []) {
      // The course player and the lesson editor load with their routes, never in a site's initial JS.
      rows.push({
        area: "web · route JS",
        measure: `${r.route} (its own chunks, gzip)`,
        figure: r.files.length ? `${kb(r.gzipBytes)} gzip (${r.files.length} files)` : "chunk not found",
        budget: "loads with its route",
        result: r.lazy ? "met" : "missed",
        why: r.lazy ? undefined : r.files.length ? "in the initial JS" : "chunk not found",
      });
    }
    if (web.lighthouseError) {
      rows.push({
        area: "web · Lighthouse",
        measure: "all pages",
        figure: web.lighthouseError.slice(0, 300),
        budget: "—",
        result: "not measured",
      });
    }
    for (const p of web.lighthouse) {
      if (p.error && p.performance === null) {
        rows.push({ area: "web · Lighthouse", measure: p.name, figure: p.error.slice(0, 200), budget: "—", result: "not measured" });
        continue;
      }
      const misses: string[] = [];
      if ((p.performance ?? 0) < BUDGETS.performance) misses.push(`performance ${p.performance}`);
      if ((p.accessibility ?? 0) < BUDGETS.accessibility) misses.push(`accessibility ${p.accessibility}`);
      if ((p.cls ?? 1) > BUDGETS.cls) misses.push(`CLS ${p.cls?.toFixed(3)}`);
      rows.push({
        area: "web · Lighthouse (desktop)",
        measure: `${p.name}${p.runs && p.runs > 1 ? ` (median of ${p.runs} runs)` : ""}`,
        figure: `performance ${p.performance} · accessibility ${p.accessibility} · CLS ${p.cls?.toFixed(3)} · LCP ${p.lcpMs === null ? "?" : ms(p.lcpMs)} · TBT ${p.tbtMs === null ? "?" : ms(p.tbtMs)}`,
        budget: `perf ≥ ${BUDGETS.performance}, a11y ≥ ${BUDGETS.accessibility}, CLS ≤ ${BUDGETS.cls}`,
        result: misses.length ? "missed" : "met",
        why: misses.join("; ") || undefined,
      });
    }
  }

  if (results.media) rows.push(mediaRow(results.media));

  if (results.startup && "error" in results.startup) {
    rows.push({ area: "start-up", measure: "npm start", figure: results.startup.error, budget: "—", result: "not measured" });
  } else if (results.startup) {
    for (const s of results.startup) {
      const ok = s.seconds !== null && s.seconds < BUDGETS.startupS;
      rows.push({
        area: "start-up (npm start → /healthz)",
        measure: s.name,
        figure:
          s.seconds === null
            ? (s.error ?? "failed")
            : `${s.seconds.toFixed(1)} s${s.rebuiltWeb ? " (npm start rebuilt the web app: web/dist missing or older than web/)" : ""}${
                s.apiStartupMs === null
                  ? ""
                  : `; of which the API process ${(s.apiStartupMs / 1000).toFixed(1)} s from its start to listening`
              }`,
        budget: `< ${BUDGETS.startupS} s`,
        result: s.seconds === null ? "not measured" : ok ? "met" : "missed",
        why: ok ? undefined : s.seconds === null ? "did not start" : `${s.seconds.toFixed(1)} s`,
      });
    }
  }
  return rows;
}

const MEDIA_MEASURE = "lesson video: 1 MiB ranges through the signed address, enrolled learner";

function mediaRow(media: MediaRun | { error: string }): Row {
  const area = "media · range requests";
  const budget = `≥ ${BUDGETS.mediaRatio * 100}% of a bare static file server, 0 errors`;
  if ("error" in media) return { area, measure: MEDIA_MEASURE, figure: media.error, budget, result: "not measured" };
  const mbs = (bytesPerSecond: number) => `${(bytesPerSecond / 2 ** 20).toFixed(0)} MiB/s`;
  const misses: string[] = [];
  if (media.ratio < BUDGETS.mediaRatio) misses.push(`${Math.round(media.ratio * 100)}% of the static server`);
  if (media.ours.errors > 0) misses.push(`${media.ours.errors} errors`);
  return {
    area,
    measure: MEDIA_MEASURE,
    figure: [
      `${mbs(media.ours.bytesPerSecond)} = ${Math.round(media.ratio * 100)}% of static ${mbs(media.static.bytesPerSecond)}`,
      `p99 ${ms(media.ours.p99)} (static ${ms(media.static.p99)})`,
      `${int(media.ours.errors)} errors / ${int(media.ours.requests)}`,
      `${media.sizeBytes / 2 ** 20} MiB file, ${media.connections} connections`,
    ].join(" · "),
    budget,
    result: misses.length ? "missed" : "met",
    why: misses.length ? misses.join(", ") : undefined,
  };
}

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

export function markdownTable(rows: Row[]): string {
  const lines = ["| area | measure | figure | budget | result |", "|---|---|---|---|---|"];
  for (const r of rows) {
    const result = r.result === "missed" && r.why ? `**missed** (${r.why})` : r.result === "missed" ? "**missed**" : r.result;
    lines.push(`| ${cell(r.area)} | ${cell(r.measure)} | ${cell(r.figure)} | ${cell(r.budget)} | ${cell(result)} |`);
  }
  return lines.join("\n");
}
