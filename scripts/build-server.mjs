#!/usr/bin/env node
// The API and the worker as two JavaScript bundles (api/dist/main.js, worker/dist/main.js): our TypeScript compiled
// once, ahead of time, with the npm packages left as imports. Running them takes far less memory and start-up time
// than compiling on the fly with tsx (which `npm run dev` and the tests still use).
import { build } from "esbuild";

const started = performance.now();
await build({
  entryPoints: { "api/dist/main": "api/src/main.ts", "worker/dist/main": "worker/src/main.ts" },
  outdir: ".",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node22",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
console.log(`API and worker bundled in ${Math.round(performance.now() - started)} ms`);
