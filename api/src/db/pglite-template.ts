import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fromRoot } from "../paths.ts";
import type { Database } from "./client.ts";
import type { Migration } from "./migrate.ts";

/**
 * A migrated, empty embedded database kept as a data-directory archive, so that a new PGlite database (a first
 * `npm start`, every test's in-memory database) is loaded from it instead of being initialised from nothing:
 * PGlite's initdb plus the migrations take seconds, loading the archive a fraction of one.
 *
 * It is only a shortcut. The archive is named after the PGlite version and every migration's checksum, so a changed
 * migration or an upgraded PGlite simply finds no archive and takes the slow path (which then writes a new one), and
 * the migrator still runs on whatever is loaded.
 */
export interface PgliteTemplate {
  path: string;
  /** There is an archive for these migrations. */
  exists: boolean;
  /** The archive's bytes (40 MB: read only for a database that is new). */
  read(): Blob;
}

function pgliteVersion(): string {
  try {
    const manifest = readFileSync(fromRoot("node_modules", "@electric-sql", "pglite", "package.json"), "utf8");
    return (JSON.parse(manifest) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

export function findPgliteTemplate(migrations: Migration[]): PgliteTemplate {
  const key = createHash("sha256")
    .update(pgliteVersion())
    .update(migrations.map((m) => `${m.name}:${m.checksum}`).join("\n"))
    .digest("hex")
    .slice(0, 16);
  const path = fromRoot("node_modules", ".cache", "learnhub-pglite", `${key}.tar`);
  return { path, exists: existsSync(path), read: () => new Blob([readFileSync(path)]) };
}

/** After migrating: a database this open created the slow way (there was no archive) leaves its state as one. */
export async function keepPgliteTemplate(template: PgliteTemplate, db: Database): Promise<boolean> {
  if (template.exists || !db.created || !db.archive) return false;
  return savePgliteTemplate(template, await db.archive());
}

/**
 * Writes the archive (whole or not at all: a temporary file renamed into place, so parallel test workers or two
 * starts never read half of one). Returns false when it cannot be written (a read-only install), which only means
 * the next new database takes the slow path too.
 */
export function savePgliteTemplate(template: Pick<PgliteTemplate, "path">, archive: Uint8Array): boolean {
  const partial = `${template.path}.${process.pid}.${Date.now()}.partial`;
  try {
    mkdirSync(dirname(template.path), { recursive: true });
    writeFileSync(partial, archive);
    renameSync(partial, template.path);
    return true;
  } catch {
    try {
      rmSync(partial, { force: true });
    } catch {
      // Nothing was written where nothing can be.
    }
    return false;
  }
}
