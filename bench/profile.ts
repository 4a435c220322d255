/**
 * `npm run bench:profile`: where a signed-in request's time goes. Prepares the bench's PostgreSQL data (1,000 rows a
 * table), starts the built API (`api/dist/main.js`, as the bench runs it) under V8's CPU profiler, loads it with the
 * bench's operations, stops it and prints the self time by area (our code by folder, each package, GraphQL execution,
 * garbage collection, idle) and the heaviest functions. The profile file itself is written to a temp folder and
 * removed; the figures are what the README's Performance section and docs/SCALING.md cite.
 *
 * Environment: PROFILE_OPS (comma list of bench operation keys, default adminInvoicesSearch,learnerPortal),
 * PROFILE_SECONDS (load seconds per operation, default 8), PROFILE_SERVER_DIR (a checkout whose built `api/dist` to
 * profile instead of this one's, e.g. an older commit's for a before/after figure), PROFILE_OUT (a path to keep the .cpuprofile at, for a
 * profile viewer), PROFILE_CPU (`off`: no profiler, only the CPU a request, which the sampling profiler itself raises
 * by a millisecond or more), PROFILE_TARGET (`floor`: profile the bench's floor, bench/floor.ts, on the same data instead of
 * the server, for the CPU a request the same answer costs without our stack), BENCH_CONNECTIONS (50), BENCH_ROWS (1000), PROFILE_TOP (30).
 */
import { copyFileSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { freePort } from "#testing/ports.ts";
import { waitHealthy } from "#testing/server.ts";
import { serverCommand } from "../scripts/server-command.mjs";
import { FLOOR_ARGS, prepare } from "./load.ts";
import { OPERATIONS, requestBody, requestHeaders } from "./operations.ts";
import { cleanupAll, cpuSeconds, log, settle, startChild, tempDir } from "./proc.ts";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const env = (name: string, fallback: string) => process.env[name] || fallback;

/** The area a frame belongs to: a package, a folder of ours, or one of V8's pseudo-frames. */
export function areaOf(url: string, functionName: string): string {
  if (!url) {
    if (functionName === "(garbage collector)") return "garbage collection";
    if (functionName === "(idle)") return "idle";
    if (functionName === "(program)") return "V8/native (program)";
    return functionName ? `native: ${functionName}` : "native";
  }
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  if (url.startsWith("node:")) return `node: ${url.slice(5).split("/")[0]}`;
  const ours = /\/(api\/src|common|worker)\/(.*)$/.exec(url);
  if (ours) {
    const parts = (ours[2] as string).split("/");
    return `ours: ${ours[1]}/${parts.length > 1 ? parts[0] : parts[0]}`;
  }
  return url.replace(/^.*\//, "");
}

/** Self time (ms) by area and by function, from a .cpuprofile. */
export function summarize(profile: CpuProfile, skipMs = 0) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  let at = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    at += ms;
    if (at >= skipMs) self.set(id, (self.get(id) ?? 0) + ms);
  });
  const areas = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  for (const [id, ms] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const { url, functionName, lineNumber } = node.callFrame;
    const area = areaOf(url, functionName);
    areas.set(area, (areas.get(area) ?? 0) + ms);
    const key = `${functionName || "(anonymous)"} ${url ? `${url.replace(/^.*?(node_modules\/|\/api\/src\/)/, "$1")}:${lineNumber + 1}` : ""}`;
    functions.set(key, (functions.get(key) ?? 0) + ms);
    total += ms;
  }
  const sorted = (m: Map<string, number>) => [...m.entries()].sort((a, b) => b[1] - a[1]);
  return { total, areas: sorted(areas), functions: sorted(functions) };
}

async function main() {
  const keys = env("PROFILE_OPS", "adminInvoicesSearch,learnerPortal").split(",");
  const seconds = Number(env("PROFILE_SECONDS", "8"));
  const connections = Number(env("BENCH_CONNECTIONS", "50"));
  const top = Number(env("PROFILE_TOP", "30"));
  const ops = keys.map((key) => {
    const op = OPERATIONS.find((o) => o.key === key);
    if (!op) throw new Error(`no bench operation ${key}`);
    return op;
  });
  const data = await prepare("postgresql", Number(env("BENCH_ROWS", "1000")));
  const profileDir = tempDir("profile");
  const port = await freePort();
  const profiling = process.env.PROFILE_CPU !== "off";
  const floor = process.env.PROFILE_TARGET === "floor";
  const flags = [
    ...(profiling ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
    ...(process.env.PROFILE_NODE_FLAGS ?? "").split(" ").filter(Boolean),
  ];
  const command = serverCommand("api", data.ours.env);
  const spawnedAt = performance.now();
  const server = floor
    ? startChild(process.execPath, [...flags, ...FLOOR_ARGS], { ...data.floor.env, FLOOR_PORT: String(port) })
    : startChild(
        process.execPath,
        [...flags, ...command.args],
        { ...command.env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
        { cwd: process.env.PROFILE_SERVER_DIR },
      );
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(`${url}${floor ? "/healthz" : "/readyz"}`, server);
  const results: string[] = [];
  let loadStartMs = 0;
  let requests = 0;
  for (const op of ops) {
    const options = {
      url: `${url}${op.path}`,
      method: op.method,
      headers: requestHeaders(op, data.tokens),
      body: requestBody(op, data.ctx),
      connections,
      duration: seconds,
    };
    const plain = await fetch(options.url, {
      method: op.method,
      headers: { ...options.headers, "accept-encoding": "identity" },
      body: options.body,
    });
    const bytes = (await plain.arrayBuffer()).byteLength;
    await autocannon({ ...options, duration: 1 });
    await settle(server.pid);
    if (!loadStartMs) {
      // What the server spends with no request at all (timers, pools, the overload monitor), so that a CPU-a-request
      // figure can be read net of it.
      const idleBefore = cpuSeconds(server.pid) ?? 0;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      results.push(`idle server: ${(((cpuSeconds(server.pid) ?? 0) - idleBefore) * 500).toFixed(1)} ms of CPU a second`);
      loadStartMs = performance.now() - spawnedAt;
    }
    const cpuBefore = cpuSeconds(server.pid) ?? 0;
    const result = await autocannon(options);
    const cpuMs = ((cpuSeconds(server.pid) ?? 0) - cpuBefore) * 1000;
    requests += result.requests.total;
    // CPU time (all the process's threads, from /proc) a request: unlike the profile's wall-clock samples, it does not
    // grow when other processes take the cores.
    results.push(
      `${op.key} (${(bytes / 1000).toFixed(1)} kB JSON): ${(cpuMs / result.requests.total).toFixed(2)} ms of server CPU a request; ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
  }
  await server.stop();
  if (!profiling) {
    process.stdout.write(`\n${results.join("\n")}\n`);
    return;
  }
  const file = readdirSync(profileDir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error("the server wrote no profile");
  if (process.env.PROFILE_OUT) copyFileSync(join(profileDir, file), process.env.PROFILE_OUT);
  // Start-up and warm-up are left out: only the samples from the first measured load on count.
  const summary = summarize(JSON.parse(readFileSync(join(profileDir, file), "utf8")) as CpuProfile, loadStartMs);
  const busy = summary.total - (summary.areas.find(([a]) => a === "idle")?.[1] ?? 0);
  const pct = (ms: number) => `${((100 * ms) / busy).toFixed(1)}%`;
  process.stdout.write(
    `\n${results.join("\n")}\n\nCPU self time by area (share of busy time: ${Math.round(busy)} ms for ${requests} requests, ${(busy / requests).toFixed(2)} ms of CPU a request in the server's main thread):\n`,
  );
  for (const [area, ms] of summary.areas)
    if (area !== "idle" && ms / busy >= 0.002) process.stdout.write(`  ${pct(ms).padStart(6)}  ${area}\n`);
  process.stdout.write(`\nHeaviest functions (self time):\n`);
  for (const [fn, ms] of summary.functions.slice(0, top)) process.stdout.write(`  ${pct(ms).padStart(6)}  ${fn}\n`);
  log("done");
}

try {
  await main();
} finally {
  await cleanupAll();
}
