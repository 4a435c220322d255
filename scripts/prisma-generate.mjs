#!/usr/bin/env node
// `prisma generate` only needs Prisma's WebAssembly modules, but the CLI insists that a schema engine binary exists
// and would download one. Pointing it at an existing file (this script) lets it generate offline.
import { spawnSync } from "node:child_process";
import { delimiter, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" };
env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(import.meta.url);
// Generators (prisma-pothos-types) are found on PATH, as under `npm run`.
env.PATH = `${resolve("node_modules/.bin")}${delimiter}${env.PATH ?? ""}`;
const result = spawnSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
