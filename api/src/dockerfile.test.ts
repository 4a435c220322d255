import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { ROOT } from "./paths.ts";

/**
 * The image builds what `npm run build` builds (README, "Production"): every top-level folder of ours that the API,
 * the worker or either site reads must be copied into it. esbuild follows the imports from each entry point (the npm
 * packages left out, assets not read) and names every file of ours it read.
 */
const ENTRY_POINTS = ["api/src/main.ts", "worker/src/main.ts", "web/src/admin/main.tsx", "web/src/learner/main.tsx"];
const ASSETS = [".css", ".svg", ".png", ".jpg", ".jpeg", ".webp", ".woff", ".woff2", ".ttf", ".mjml"];

async function foldersRead(): Promise<string[]> {
  const result = await build({
    entryPoints: ENTRY_POINTS.map((entry) => join(ROOT, entry)),
    absWorkingDir: ROOT,
    bundle: true,
    write: false,
    metafile: true,
    outdir: join(ROOT, "node_modules/.cache/dockerfile-test"),
    platform: "neutral",
    format: "esm",
    packages: "external",
    jsx: "automatic",
    logLevel: "silent",
    loader: Object.fromEntries(ASSETS.map((ext) => [ext, "empty" as const])),
  });
  return [...new Set(Object.keys(result.metafile.inputs).map((path) => path.split("/")[0] ?? path))].sort();
}

/** The sources of the Dockerfile's COPY lines (the last word of each is the destination). */
function copied(dockerfile: string): Set<string> {
  const sources = dockerfile
    .split("\n")
    .filter((line) => /^COPY\s/.test(line) && !line.includes("--from="))
    .flatMap((line) => line.trim().split(/\s+/).slice(1, -1));
  return new Set(sources.map((source) => source.replace(/^\.\//, "").replace(/\/$/, "")));
}

describe("Dockerfile", () => {
  it("copies every folder the server bundles and the two sites are built from", async () => {
    const folders = await foldersRead();
    expect(folders).toEqual(expect.arrayContaining(["api", "common", "web", "worker"]));
    const image = copied(readFileSync(join(ROOT, "Dockerfile"), "utf8"));
    expect(folders.filter((folder) => !image.has(folder))).toEqual([]);
  }, 60_000);

  it("reads a COPY line's sources, not its destination", () => {
    expect([...copied("FROM x\nCOPY a b ./\nCOPY c ./c\nCOPY --from=build /x /y\n")]).toEqual(["a", "b", "c"]);
  });
});
