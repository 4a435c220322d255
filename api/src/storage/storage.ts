import { randomBytes } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** Where uploaded files live. Local disk by default; an S3-compatible store can implement the same interface. */
export interface FileStorage {
  /** Stores bytes under a new random name and returns the public path (e.g. /uploads/ab12.png). */
  put(bytes: Uint8Array, extension: string): Promise<string>;
  /** Removes a file by its public path; unknown paths are ignored. */
  remove(publicPath: string): Promise<void>;
  /** Absolute directory served at /uploads (local storage only). */
  readonly root: string;
}

export function localStorage(dataDir: string): FileStorage {
  // In-memory databases (tests) keep their uploads in the system temp folder.
  const root = resolve(dataDir === ":memory:" ? join(tmpdir(), "learnhub-test") : dataDir, "uploads");
  return {
    root,
    async put(bytes, extension) {
      await mkdir(root, { recursive: true });
      const name = `${randomBytes(16).toString("hex")}.${extension}`;
      await writeFile(join(root, name), bytes, { flag: "wx" });
      return `/uploads/${name}`;
    },
    async remove(publicPath) {
      const match = /^\/uploads\/([a-f0-9]{32}\.[a-z]+)$/.exec(publicPath);
      if (match) await rm(join(root, match[1] as string), { force: true });
    },
  };
}
