#!/usr/bin/env node
// Compiles the mails' one layout (api/src/domain/mails/layout.mjml) with MJML into the HTML skeleton the API fills in
// (api/src/domain/mails/generated/layout.ts). MJML runs here, at development time, not in the API: the skeleton only
// changes with the .mjml file, and compiling it per mail would cost the API milliseconds and tens of MB of heap.
// `npm run mails` rewrites it; a test fails while it is stale.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { compileLayout } from "./mail-layout-compile.mjs";

const target = fileURLToPath(new URL("../api/src/domain/mails/generated/layout.ts", import.meta.url));
writeFileSync(target, await compileLayout());
console.log(`wrote ${target}`);
