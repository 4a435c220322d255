#!/usr/bin/env node
// `npm start`: builds what is missing or older than its sources (the web app; the API and worker bundles), then runs
// the API, which serves the web app. `node scripts/start.mjs worker` (npm run worker) runs a worker process instead.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const role = process.argv[2] === "worker" ? "worker" : "api";

function newest(path) {
  if (!statSync(path).isDirectory()) return statSync(path).mtimeMs;
  let latest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (["node_modules", "dist"].includes(entry.name)) continue;
    latest = Math.max(latest, newest(join(path, entry.name)));
  }
  return latest;
}
const staleAgainst = (built, sources) => !existsSync(built) || Math.max(...sources.map(newest)) > statSync(built).mtimeMs;
const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (role === "api" && staleAgainst("web/dist/learner/index.html", ["web", "schema.graphql"])) {
  console.log("Building the web app (first start or sources changed)...");
  run("npm", ["run", "build:web", "--silent"]);
}
if (staleAgainst(`${role}/dist/main.js`, ["api/src", "worker/src", "package-lock.json"]))
  run(process.execPath, ["scripts/build-server.mjs"]);

const server = spawnSync(process.execPath, ["--enable-source-maps", `${role}/dist/main.js`], { stdio: "inherit" });
process.exit(server.status ?? 0);
