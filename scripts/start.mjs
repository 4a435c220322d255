#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources (the web app; the API and worker bundles), then runs
// the API, which serves the web app. `node scripts/start.mjs worker` (npm run worker) runs a worker process instead;
// `--no-build` runs what is built as it is (the Docker image, whose build step already ran).
// Signals are passed on, so `docker stop` or Ctrl-C shut the server down gracefully. A server process that dies on its
// own (a crash, running out of memory) is started again, after 1 s, then 2, 4... up to 30 s while it keeps dying
// within a minute of its start: the site comes back by itself instead of staying down.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { serverCommand } from "./server-command.mjs";

const role = process.argv.includes("worker") ? "worker" : "api";
const build = !process.argv.includes("--no-build");

function newest(path) {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (["node_modules", "dist"].includes(entry.name)) continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}
const stale = (built, sources) => !existsSync(built) || Math.max(...sources.filter(existsSync).map(newest)) > statSync(built).mtimeMs;
const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (build && role === "api" && stale("web/dist/learner/index.html", ["web", "schema.graphql"])) {
  console.log("Building the web app (first start or sources changed)...");
  run("npm", ["run", "build:web", "--silent"]);
}
if (build && stale(`${role}/dist/main.js`, ["api/src", "worker/src", "package-lock.json"]))
  run(process.execPath, ["scripts/build-server.mjs"]);

const { args, env } = serverCommand(role);
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;
/** A process that ran this long before dying starts the backoff over. */
const HEALTHY_AFTER_MS = 60_000;

let server = null;
let stopping = null;
let delayMs = FIRST_DELAY_MS;
let restartTimer = null;

function startServer() {
  restartTimer = null;
  const startedAt = Date.now();
  const child = spawn(process.execPath, args, { stdio: "inherit", env });
  server = child;
  child.on("exit", (code, signal) => {
    server = null;
    if (stopping) process.exit(code ?? (signal === stopping ? 0 : 1));
    if (Date.now() - startedAt >= HEALTHY_AFTER_MS) delayMs = FIRST_DELAY_MS;
    console.error(`The ${role} process exited (${signal ?? `code ${code}`}); starting it again in ${delayMs / 1000} s.`);
    restartTimer = setTimeout(startServer, delayMs);
    delayMs = Math.min(delayMs * 2, MAX_DELAY_MS);
  });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopping = signal;
    if (server) server.kill(signal);
    else {
      // Waiting to restart: nothing runs, so there is nothing to shut down.
      clearTimeout(restartTimer);
      process.exit(0);
    }
  });
}
startServer();
