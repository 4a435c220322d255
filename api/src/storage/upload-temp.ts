import { readdir, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { localUploadsDir } from "./storage.ts";

/** How long an unfinished resumable upload is kept before housekeeping removes it. */
export const UNFINISHED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The private folder where resumable uploads (tus) collect their bytes until they finish: beside the uploads folder,
 * never served. Finished uploads move into the configured storage and are removed from here.
 */
export function uploadTempDir(dataDir: string): string {
  return join(dirname(localUploadsDir(dataDir)), "resumable-uploads");
}

/**
 * Removes the files of resumable uploads untouched for `maxAgeMs` (an upload whose client never came back): both the
 * bytes and their `.json` description. Returns how many files were removed. A folder that does not exist is empty.
 */
export async function sweepUnfinishedUploads(dir: string, maxAgeMs = UNFINISHED_UPLOAD_MAX_AGE_MS, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let removed = 0;
  for (const name of names) {
    const path = join(dir, name);
    try {
      const info = await stat(path);
      if (info.isFile() && now - info.mtimeMs > maxAgeMs) {
        await rm(path, { force: true });
        removed++;
      }
    } catch {
      // Gone meanwhile (finished or removed by another instance).
    }
  }
  return removed;
}
