#!/usr/bin/env node
// The registry this project is built against does not serve every platform build of packages that ship native
// binaries per platform (Biome, msgpackr-extract); `npm install` then leaves those optional packages out of
// package-lock.json and `npm ci` refuses the lock as out of sync. This adds them back as optional entries restricted
// to their platform, which npm skips on every other machine. Run after `npm install` changes the lock.
import { readFileSync, writeFileSync } from "node:fs";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
const PLATFORM =
  /-(android|darwin|linux|win32|freebsd|openharmony)-(arm64|x64|arm|ia32|ppc64|s390x|riscv64)(?:-eabi|-gnueabihf|-msvc)?(-musl|-gnu)?$/;
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const wanted = version.replace(/^[\^~]/, "");
    const nested = `${path}/node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (lock.packages[nested]) continue;
    if (lock.packages[top] && (path === "" || lock.packages[top].version === wanted)) continue;
    const match = PLATFORM.exec(name) ?? (name.endsWith("-wasm32-wasi") ? [name, "wasi", "wasm32", undefined] : null);
    if (!match) continue;
    // Where the top-level copy is another version, npm looks for this one next to its dependent.
    const key = lock.packages[top] ? nested : top;
    lock.packages[key] = {
      version: wanted,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(match[1] === "wasi" ? {} : { os: [match[1]] }),
      cpu: [match[2]],
      ...(match[3] === "-musl" ? { libc: ["musl"] } : match[3] === "-gnu" ? { libc: ["glibc"] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
writeFileSync("package-lock.json", `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} platform-only optional packages recorded`);
