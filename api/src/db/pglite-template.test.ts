import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "./client.ts";
import { migrate, readMigrations } from "./migrate.ts";
import { findPgliteTemplate, savePgliteTemplate } from "./pglite-template.ts";

const opened: Database[] = [];
const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "pglite-template-"));
  dirs.push(dir);
  return dir;
};
const open = async (...args: Parameters<typeof openDatabase>) => {
  const db = await openDatabase(...args);
  opened.push(db);
  return db;
};

afterEach(async () => {
  for (const db of opened.splice(0)) await db.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("embedded database template", () => {
  it("starts a new data directory from the archive of a migrated database, and only a new one", async () => {
    const source = await open({ dataDir: ":memory:" });
    await migrate(source.sql);
    await source.sql.query(`CREATE TABLE template_marker (note text)`);
    await source.sql.query(`INSERT INTO template_marker VALUES ('from the archive')`);
    const bytes = (await source.archive?.()) as Uint8Array<ArrayBuffer>;
    const archive = () => new Blob([bytes]);

    const dataDir = tempDir();
    const fresh = await open({ dataDir, initialData: archive });
    expect(fresh.created).toBe(true);
    expect(await migrate(fresh.sql)).toEqual([]); // every migration came with the archive
    expect(await fresh.sql.query(`SELECT note FROM template_marker`)).toEqual([{ note: "from the archive" }]);
    // The trigram extension the migrations installed works in the loaded copy.
    expect(await fresh.sql.query(`SELECT similarity('learning', 'learnin') > 0.5 AS close`)).toEqual([{ close: true }]);
    await fresh.sql.query(`UPDATE template_marker SET note = 'changed here'`);
    await fresh.close();
    opened.pop();

    // An existing data directory keeps its own data even when an archive is offered.
    const again = await open({ dataDir, initialData: archive });
    expect(again.created).toBe(false);
    expect(await again.sql.query(`SELECT note FROM template_marker`)).toEqual([{ note: "changed here" }]);
    // Every migration from an empty database, an archive and two openings: several times slower beside other files.
  }, 90_000);

  it("is named after the migrations, so a changed migration finds no archive", () => {
    const migrations = readMigrations();
    const current = findPgliteTemplate(migrations);
    const edited = findPgliteTemplate(migrations.map((m, i) => (i === 0 ? { ...m, checksum: "0".repeat(64) } : m)));
    expect(edited.path).not.toBe(current.path);
    expect(findPgliteTemplate(migrations).path).toBe(current.path);
  });

  it("writes the archive whole or not at all", () => {
    const dir = tempDir();
    const template = { path: join(dir, "cache", "t.tar") };
    expect(savePgliteTemplate(template, new Uint8Array([1, 2, 3]))).toBe(true);
    expect(readdirSync(join(dir, "cache"))).toEqual(["t.tar"]); // no partial file left behind
    // A place that cannot be written (a file where the folder should be) is reported, not thrown.
    expect(savePgliteTemplate({ path: join(dir, "cache", "t.tar", "x.tar") }, new Uint8Array([1]))).toBe(false);
    expect(existsSync(join(dir, "cache", "t.tar", "x.tar"))).toBe(false);
  });
});
