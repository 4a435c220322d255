import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fromRoot } from "../paths.ts";
import { type SqlConnection, type SqlRunner, withAdvisoryLock } from "./client.ts";

export const MIGRATIONS_DIR = fromRoot("api", "prisma", "migrations");

// The same key Prisma's schema engine takes, so our migrator and `prisma migrate deploy` never run at once.
const ADVISORY_LOCK_KEY = 72707369;

/** The table Prisma keeps, created exactly as Prisma creates it, so `prisma migrate status` reads our history. */
const HISTORY_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export class MigrationError extends Error {}

/**
 * Applies every migration not yet recorded, each in its own transaction, under an advisory lock so that several
 * API instances starting together apply each migration once. Returns the names applied.
 */
export function migrate(sql: SqlRunner, migrations = readMigrations()): Promise<string[]> {
  return withAdvisoryLock(sql, ADVISORY_LOCK_KEY, async (conn) => {
    await conn.query(HISTORY_TABLE);
    return applyPending(conn, migrations);
  });
}

async function applyPending(sql: SqlConnection, migrations: Migration[]): Promise<string[]> {
  const rows = await sql.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
    `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
  );
  const applied = new Map(rows.map((r) => [r.migration_name, r]));
  const done: string[] = [];
  for (const m of migrations) {
    const previous = applied.get(m.name);
    if (previous) {
      if (!previous.finished_at) throw new MigrationError(`Migration ${m.name} failed earlier; fix it by hand.`);
      if (previous.checksum !== m.checksum) {
        throw new MigrationError(`Migration ${m.name} was changed after it was applied.`);
      }
      continue;
    }
    await sql.exec("BEGIN");
    try {
      await sql.exec(m.sql);
      await sql.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 1)`,
        [randomUUID(), m.checksum, m.name],
      );
      await sql.exec("COMMIT");
    } catch (error) {
      await sql.exec("ROLLBACK");
      throw new MigrationError(`Migration ${m.name} failed: ${(error as Error).message}`);
    }
    done.push(m.name);
  }
  return done;
}
