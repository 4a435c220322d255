import { openDatabase } from "../src/db/client.ts";
import { migrate, readMigrations } from "../src/db/migrate.ts";
import { findPgliteTemplate, keepPgliteTemplate } from "../src/db/pglite-template.ts";

/**
 * Run after `npm install`: prepares the migrated embedded database that new PGlite databases start from (see
 * api/src/db/pglite-template.ts), so the first `npm start` and the tests skip PGlite's initdb. Never fails the
 * install: without the archive the first new database is made the slow way and writes it then.
 */
async function main() {
  if (process.env.NODE_ENV === "production") return; // images run on PostgreSQL and need no archive.
  const migrations = readMigrations();
  const template = findPgliteTemplate(migrations);
  if (template.exists) return;
  const started = performance.now();
  const db = await openDatabase({ dataDir: ":memory:" });
  try {
    await migrate(db.sql, migrations);
    if (await keepPgliteTemplate(template, db))
      console.log(`Prepared the embedded database in ${Math.round(performance.now() - started)} ms`);
  } finally {
    await db.close();
  }
}

main().catch((error) => console.warn(`Could not prepare the embedded database (${(error as Error).message}); it is made on first start.`));
