import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The repository (or image) root, found from wherever this code runs: api/src as TypeScript (tsx, tests) or the
 * bundle in api/dist (`npm run build`), so that files beside the code are found the same way by both.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "api", "prisma", "schema.prisma"))) return dir;
    if (dirname(dir) === dir) throw new Error(`api/prisma/schema.prisma not found above ${from}`);
  }
}

export const ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
export const fromRoot = (...parts: string[]) => join(ROOT, ...parts);
