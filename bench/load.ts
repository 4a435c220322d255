/**
 * API load: the real server (`node api/dist/main.js`, as `npm start` runs it) and the floor (bench/floor.ts) on the same data,
 * driven by autocannon over loopback at a fixed concurrency, in alternating rounds; medians of the rounds.
 */
import { execFileSync } from "node:child_process";
import { cpSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { isDeepStrictEqual } from "node:util";
import autocannon from "autocannon";
import { serverVersion } from "#testing/database.ts";
import { rawRequest } from "#testing/http.ts";
import { freePort } from "#testing/ports.ts";
import { type Child, EMBEDDED_ENV, waitHealthy } from "#testing/server.ts";
import { openDatabase } from "../api/src/db/client.ts";
import { migrate } from "../api/src/db/migrate.ts";
import { createSession } from "../api/src/domain/accounts/login.ts";
import { ROOT } from "../api/src/paths.ts";
import { DEMO_ADMIN, DEMO_LEARNER, seedDemoData } from "../api/src/seed/demo.ts";
import { localStorage } from "../api/src/storage/storage.ts";
import { serverCommand } from "../scripts/server-command.mjs";
import { BUDGETS } from "./budgets.ts";
import { type LoadBudget, OPERATIONS, type Operation, type OperationContext, requestBody, requestHeaders } from "./operations.ts";
import { createBenchDatabase } from "./postgres.ts";
import { log, median, rssMb, sampleRss, settle, sleep, startChild, tempDir } from "./proc.ts";
import { growData, rowCounts } from "./seed.ts";

export type Backend = "pglite" | "postgresql";

export interface LoadOptions {
  durationS: number;
  rounds: number;
  connections: number;
  warmupS: number;
  /** Rounds on the embedded database. */
  pgliteRounds: number;
  rows: number;
  /** Only these operation keys (all when empty). */
  only: string[];
}

export interface RunStats {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
}

export interface OpLoad {
  key: string;
  label: string;
  budget?: LoadBudget;
  ours: RunStats;
  floor: RunStats;
  /** Median over the rounds of ours/floor requests per second. */
  ratio: number;
  oursRssPeakMb: number;
  /** null: same JSON as the real server; otherwise where they differ. */
  jsonDifference: string | null;
  errorDetail: string | null;
  /** Median latency of single requests one after another (no concurrency), ms: the service time. */
  unloaded: { ours: number | null; floor: number | null };
  /** What the real server's answer looks like on the wire (to a browser: Accept-Encoding gzip, deflate, br). */
  response: { bytes: number; cacheControl: string | null; contentEncoding: string | null };
  rounds: { ours: RunStats[]; floor: RunStats[] };
  /** A bare server sending the same answer's bytes from memory (bench/wire.ts): the most this client, loopback and
   * these cores carry for an answer of this size, whatever the server. */
  wire: RunStats;
  /**
   * Signed-in operations only: one round each at the same offered rate, 60% of the floor's median requests/s (the
   * ratio budget's rate), from the same 50 connections. At 50 connections that are never idle (the rounds above) the
   * latency is set by throughput (Little's law: the mean is connections / requests per second), so there p99 measures
   * queueing; at a rate both can carry it measures what a request costs. For information: the budgets are unchanged.
   */
  paced?: { rate: number; ours: RunStats; floor: RunStats };
}

export interface LoadResult {
  backend: Backend;
  options: LoadOptions;
  version: string;
  rowCounts: Record<string, number>;
  ops: OpLoad[];
  serverRssPeakMb: number;
  /** Right after start, before any load. */
  serverRssIdleMb: number;
  floorRssPeakMb: number;
  notes: string[];
}

interface Target {
  name: "ours" | "floor" | "wire";
  url: string;
  child: Child;
}

export interface PreparedData {
  backend: Backend;
  /** DATA_DIR of the real server (the embedded database lives here on PGlite; uploads on both). */
  dataDir: string;
  /** PostgreSQL only. */
  databaseUrl?: string;
  tokens: { admin: string; learner: string };
  ctx: OperationContext;
  counts: Record<string, number>;
  version: string;
}

export interface Prepared extends PreparedData {
  ours: { env: Record<string, string> };
  floor: { env: Record<string, string> };
}

/** Seeds demo data, grows it to `rows` rows a table and opens the sessions the bench uses, before any server starts. */
export async function prepareData(backend: Backend, rows: number): Promise<PreparedData> {
  const dataDir = tempDir(`${backend}-data`);
  let url: string | undefined;
  if (backend === "postgresql") url = (await createBenchDatabase()).url;
  const db = await openDatabase({ url, dataDir });
  try {
    await migrate(db.sql);
    await seedDemoData(db.prisma, localStorage(dataDir));
    await growData(db.sql, rows, { portalEmail: DEMO_LEARNER.email, adminEmail: DEMO_ADMIN.email });
    const admin = await db.prisma.admin.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } });
    const learner = await db.prisma.learner.findUniqueOrThrow({ where: { email: DEMO_LEARNER.email } });
    const tokens = {
      admin: await createSession(db.prisma, "ADMIN", admin.id),
      learner: await createSession(db.prisma, "LEARNER", learner.id),
    };
    // The demo track with the most courses: its page has courses and related tracks to show.
    const [track] = await db.sql.query<{ id: string }>(
      `SELECT t."id" FROM "Track" t JOIN "Course" c ON c."trackId" = t."id" GROUP BY t."id" ORDER BY count(*) DESC, t."createdAt" DESC LIMIT 1`,
    );
    const ctx: OperationContext = {
      trackId: Buffer.from(`Track:${track?.id}`).toString("base64"),
      learnerEmail: DEMO_LEARNER.email,
      learnerPassword: DEMO_LEARNER.password,
    };
    const counts = await rowCounts(db.sql);
    const version = url ? `PostgreSQL ${await serverVersion(url)}` : "PGlite (embedded)";
    return { backend, dataDir, databaseUrl: url, tokens, ctx, counts, version };
  } finally {
    await db.close();
  }
}

/** How the floor is started (its env from `prepare`, plus FLOOR_PORT). */
export const FLOOR_ARGS = ["--import", "tsx", "bench/floor.ts"];

/** The data, and the environment each target (ours, the floor) runs on over it. */
export async function prepare(backend: Backend, rows: number): Promise<Prepared> {
  const data = await prepareData(backend, rows);
  // Logins all come from 127.0.0.1: RATE_LIMIT_SCALE (the server's own setting for load tests from one address) lifts
  // the per-address limit of 30 logins / 5 min, so the limiter still runs on every login but never refuses one.
  const common = {
    ...EMBEDDED_ENV,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    HOST: "127.0.0.1",
    RATE_LIMIT_SCALE: RATE_LIMIT_SCALE,
  };
  if (data.databaseUrl) {
    return {
      ...data,
      ours: { env: { ...common, DATA_DIR: data.dataDir, DATABASE_URL: data.databaseUrl } },
      floor: { env: { FLOOR_DATABASE_URL: data.databaseUrl, RATE_LIMIT_SCALE } },
    };
  }
  // PGlite is one process's database: the floor gets a copy of the prepared data directory.
  const floorDir = tempDir("pglite-floor");
  cpSync(data.dataDir, floorDir, { recursive: true });
  return {
    ...data,
    ours: { env: { ...common, DATA_DIR: data.dataDir } },
    floor: { env: { FLOOR_PGLITE_DIR: floorDir, RATE_LIMIT_SCALE } },
  };
}

async function startTargets(prepared: Prepared): Promise<{ ours: Target; floor: Target }> {
  const oursPort = await freePort();
  const command = serverCommand("api", prepared.ours.env);
  const ours = startChild(process.execPath, command.args, {
    ...command.env,
    PORT: String(oursPort),
    PUBLIC_URL: `http://127.0.0.1:${oursPort}`,
  });
  const floorPort = await freePort();
  const floor = startChild(process.execPath, FLOOR_ARGS, {
    ...prepared.floor.env,
    FLOOR_PORT: String(floorPort),
  });
  const oursUrl = `http://127.0.0.1:${oursPort}`;
  const floorUrl = `http://127.0.0.1:${floorPort}`;
  await Promise.all([waitHealthy(`${oursUrl}/readyz`, ours), waitHealthy(`${floorUrl}/healthz`, floor)]);
  return { ours: { name: "ours", url: oursUrl, child: ours }, floor: { name: "floor", url: floorUrl, child: floor } };
}

const RATE_LIMIT_SCALE = "1000000";

async function fetchOnce(target: Target, op: Operation, prepared: Prepared): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(`${target.url}${op.path}`, {
    method: op.method,
    headers: requestHeaders(op, prepared.tokens),
    body: requestBody(op, prepared.ctx),
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

/** The server's warn-and-above log lines, grouped by status and message (pino JSON lines). */
function loggedProblems(output: string): string | null {
  const counts = new Map<string, number>();
  for (const line of output.split("\n")) {
    if (!/"level":(40|50|60)/.test(line)) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; res?: { statusCode?: number }; err?: { type?: string; message?: string } };
      const key = `${entry.res?.statusCode ?? "?"} ${entry.err?.type ?? ""} "${(entry.err?.message ?? entry.msg ?? "").slice(0, 120)}"`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    } catch {
      // not JSON
    }
  }
  if (!counts.size) return null;
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([k, n]) => `${k} x${n}`)
    .join("; ");
}

/** The reference answer: the server idle first, and a few tries while it still refuses (e.g. sheds load). */
async function goodAnswer(target: Target, op: Operation, prepared: Prepared) {
  let answer = await fetchOnce(target, op, prepared);
  for (let i = 0; i < 10 && answer.status !== 200; i++) {
    await settle(target.child.pid);
    await sleep(1000);
    answer = await fetchOnce(target, op, prepared);
  }
  return answer;
}

/** Median time of single requests sent one after another (after one to warm up): what a request costs unloaded. */
async function alone(target: Target, op: Operation, prepared: Prepared, count = 7): Promise<number | null> {
  await settle(target.child.pid);
  await fetchOnce(target, op, prepared);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const { status } = await fetchOnce(target, op, prepared);
    // A refusal (e.g. 503 while the server still sheds load) is not what the operation costs.
    if (status !== 200) return null;
    times.push(performance.now() - started);
  }
  return median(times);
}

/** Where two JSON values differ first (a path), or null when they are equal. */
function difference(a: unknown, b: unknown, path = "$"): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) {
    return `${path}: ${JSON.stringify(a)?.slice(0, 80)} vs ${JSON.stringify(b)?.slice(0, 80)}`;
  }
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = difference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  return `${path}: differs`;
}

function withoutToken(text: string): unknown {
  const value = JSON.parse(text) as Record<string, unknown>;
  if (typeof value.token === "string") value.token = "<token>";
  return value;
}

/**
 * The answer as it travels (fetch() would decompress it): its bytes and the headers that describe them. Asked right
 * after a round, a server still shedding load may answer 503 (a few bytes): asked again until it answers 200.
 */
async function onTheWire(target: Target, op: Operation, prepared: Prepared) {
  const ask = () =>
    rawRequest(`${target.url}${op.path}`, {
      method: op.method,
      headers: requestHeaders(op, prepared.tokens),
      body: requestBody(op, prepared.ctx),
    });
  let res = await ask();
  for (let attempt = 1; res.status !== 200 && attempt < 20; attempt++) {
    await sleep(500);
    res = await ask();
  }
  if (res.status !== 200) throw new Error(`${target.name} answered ${res.status} for ${op.key}, not the answer the wire should send`);
  return {
    body: Buffer.from(await res.arrayBuffer()),
    contentType: res.headers.get("content-type") ?? "application/json",
    contentEncoding: res.headers.get("content-encoding"),
  };
}

/** One round against bench/wire.ts answering the bytes `ours` sends for `op`, after the same warm-up. */
async function measureWire(ours: Target, op: Operation, prepared: Prepared, options: LoadOptions) {
  const answer = await onTheWire(ours, op, prepared);
  const dir = tempDir("wire");
  const bodyFile = join(dir, "body");
  writeFileSync(bodyFile, answer.body);
  const port = await freePort();
  const child = startChild(process.execPath, ["--import", "tsx", "bench/wire.ts"], {
    WIRE_PORT: String(port),
    WIRE_BODY_FILE: bodyFile,
    WIRE_CONTENT_TYPE: answer.contentType,
    WIRE_CONTENT_ENCODING: answer.contentEncoding ?? "",
  });
  const wire: Target = { name: "wire", url: `http://127.0.0.1:${port}`, child };
  try {
    await waitHealthy(`${wire.url}/healthz`, child);
    await cannon(wire, op, prepared, options.warmupS, options.connections);
    return { stats: (await cannon(wire, op, prepared, options.durationS, options.connections)).stats, bytes: answer.body.length };
  } finally {
    await child.stop();
  }
}

async function cannon(
  target: Target,
  op: Operation,
  prepared: Prepared,
  seconds: number,
  connections: number,
  expectBody?: string,
  overallRate?: number,
) {
  const options: autocannon.Options = {
    url: `${target.url}${op.path}`,
    method: op.method,
    headers: requestHeaders(op, prepared.tokens),
    body: requestBody(op, prepared.ctx),
    connections,
    pipelining: 1,
    duration: seconds,
    timeout: 10,
  };
  if (expectBody) options.expectBody = expectBody;
  if (overallRate) options.overallRate = overallRate;
  await settle(target.child.pid);
  const result = await autocannon(options);
  // A refused request (e.g. 503 from load shedding) also fails the body check: count it once.
  const errors = result.errors + result.timeouts + result.non2xx + Math.max(0, result.mismatches - result.non2xx);
  const ok = result["2xx"] - Math.min(result["2xx"], Math.max(0, result.mismatches - result.non2xx));
  const stats: RunStats = {
    // Only good answers count: a fast 503 is not throughput.
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
    requests: result.requests.total,
  };
  return { stats, statusCodes: result.statusCodeStats };
}

export async function runLoad(backend: Backend, options: LoadOptions): Promise<LoadResult> {
  // The embedded database has no budgets of its own (its figures are for information): one round fewer keeps a full
  // run near ten minutes.
  if (backend === "pglite") options = { ...options, rounds: options.pgliteRounds };
  log(`load/${backend}: preparing ${options.rows} rows a table`);
  execFileSync(process.execPath, ["scripts/build-server.mjs"], { cwd: ROOT, stdio: "inherit" });
  const prepared = await prepare(backend, options.rows);
  const { ours, floor } = await startTargets(prepared);
  await settle(ours.child.pid);
  const serverRssIdleMb = rssMb(ours.child.pid) ?? 0;
  const notes: string[] = [];
  const ops: OpLoad[] = [];
  const serverPeak = sampleRss(ours.child.pid);
  const floorPeak = sampleRss(floor.child.pid);
  let serverRssPeakMb = 0;
  let floorRssPeakMb = 0;
  try {
    for (const op of OPERATIONS.filter((o) => o.load && (!options.only.length || options.only.includes(o.key)))) {
      const logMark = ours.child.outputMark();
      // The floor must answer what the real server answers.
      const [a, b] = [await goodAnswer(ours, op, prepared), await goodAnswer(floor, op, prepared)];
      let jsonDifference: string | null = null;
      let errorDetail: string | null = null;
      if (a.status !== 200) errorDetail = `ours answered ${a.status}: ${a.text.slice(0, 200)}`;
      else if (a.text.includes('"errors"')) errorDetail = `ours answered errors: ${a.text.slice(0, 200)}`;
      try {
        jsonDifference = difference(withoutToken(a.text), withoutToken(b.text));
      } catch {
        jsonDifference = `not JSON: ${a.text.slice(0, 80)} | ${b.text.slice(0, 80)}`;
      }
      if (jsonDifference) notes.push(`${backend} ${op.key}: the floor's JSON differs from ours at ${jsonDifference}`);
      // Logins answer a new token each time; every other operation answers the same bytes each time (checked when
      // the reference answer is a good one).
      // Each answer under load must be the reference answer. Compressed ones can't be compared by autocannon (it
      // decodes each chunk as text on its own); those are bytes kept in memory, the same for every request.
      const expect = (answer: { status: number; text: string; headers: Headers }) =>
        op.key === "login" || answer.status !== 200 || answer.text.includes('"errors"') || answer.headers.has("content-encoding")
          ? undefined
          : answer.text;

      const unloaded = { ours: await alone(ours, op, prepared), floor: await alone(floor, op, prepared) };
      log(`load/${backend}: ${op.key} (warm-up ${options.warmupS} s each, then ${options.rounds} x ${options.durationS} s each)`);
      await cannon(ours, op, prepared, options.warmupS, options.connections, expect(a));
      await cannon(floor, op, prepared, options.warmupS, options.connections, expect(b));
      const rounds: { ours: RunStats[]; floor: RunStats[] } = { ours: [], floor: [] };
      const ratios: number[] = [];
      let oursRss = 0;
      const codes: Record<string, number> = {};
      for (let r = 0; r < options.rounds; r++) {
        const order: Target[] = r % 2 === 0 ? [ours, floor] : [floor, ours];
        for (const target of order) {
          const rss = sampleRss(target.child.pid);
          const { stats, statusCodes } = await cannon(
            target,
            op,
            prepared,
            options.durationS,
            options.connections,
            expect(target === ours ? a : b),
          );
          const peak = rss.stop();
          rounds[target === ours ? "ours" : "floor"].push(stats);
          if (target === ours) {
            oursRss = Math.max(oursRss, peak);
            for (const [code, v] of Object.entries(statusCodes as Record<string, { count: number }>))
              codes[code] = (codes[code] ?? 0) + v.count;
          }
        }
        const o = rounds.ours[r] as RunStats;
        const f = rounds.floor[r] as RunStats;
        ratios.push(f.rps ? o.rps / f.rps : 0);
      }
      // Latencies of the rounds that had answers (a round where nothing came back has none).
      const answered = (runs: RunStats[]) => (runs.some((x) => x.requests) ? runs.filter((x) => x.requests) : runs);
      const summary = (runs: RunStats[]): RunStats => ({
        rps: median(runs.map((x) => x.rps)),
        p50: median(answered(runs).map((x) => x.p50)),
        p99: median(answered(runs).map((x) => x.p99)),
        errors: runs.reduce((s, x) => s + x.errors, 0),
        requests: runs.reduce((s, x) => s + x.requests, 0),
      });
      const oursSummary = summary(rounds.ours);
      if (oursSummary.errors) {
        const logged = loggedProblems(ours.child.outputSince(logMark));
        if (logged) notes.push(`${backend} ${op.key}: the server logged ${logged}`);
      }
      if (oursSummary.errors && !errorDetail) {
        const bad = Object.entries(codes).filter(([c]) => !c.startsWith("2"));
        errorDetail = bad.length
          ? `status codes ${bad.map(([c, n]) => `${c} x${n}`).join(", ")}`
          : "timeouts, socket errors or changed bodies";
      }
      const floorSummary = summary(rounds.floor);
      let paced: OpLoad["paced"];
      if (op.budget === "signedIn" && floorSummary.rps > 0) {
        const rate = Math.max(1, Math.round(BUDGETS.load.signedIn.floorRatio * floorSummary.rps));
        const at = async (target: Target) =>
          (await cannon(target, op, prepared, options.durationS, options.connections, expect(target === ours ? a : b), rate)).stats;
        paced = { rate, ours: await at(ours), floor: await at(floor) };
      }
      const wire = await measureWire(ours, op, prepared, options);
      ops.push({
        key: op.key,
        label: op.label,
        budget: op.budget,
        ours: oursSummary,
        floor: floorSummary,
        ratio: median(ratios),
        oursRssPeakMb: oursRss,
        jsonDifference,
        errorDetail,
        unloaded,
        response: {
          bytes: wire.bytes,
          cacheControl: a.headers.get("cache-control"),
          contentEncoding: a.headers.get("content-encoding"),
        },
        rounds,
        wire: wire.stats,
        paced,
      });
    }
  } finally {
    serverRssPeakMb = serverPeak.stop();
    floorRssPeakMb = floorPeak.stop();
    await ours.child.stop();
    await floor.child.stop();
  }
  return {
    backend,
    options,
    version: prepared.version,
    rowCounts: prepared.counts,
    ops,
    serverRssPeakMb,
    serverRssIdleMb,
    floorRssPeakMb,
    notes,
  };
}
