#!/usr/bin/env node
// `npm start`: builds the web app when it is missing or older than its sources, then runs the API (which serves it).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const built = "web/dist/learner/index.html";

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

const stale = !existsSync(built) || Math.max(newest("web"), statSync("schema.graphql").mtimeMs) > statSync(built).mtimeMs;
if (stale) {
  console.log("Building the web app (first start or sources changed)...");
  const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const api = spawnSync(process.execPath, ["--import", "tsx", "api/src/main.ts"], { stdio: "inherit" });
process.exit(api.status ?? 0);
