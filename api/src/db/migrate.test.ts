import { afterEach, describe, expect, it } from "vitest";
import { testDatabaseUrl } from "#testing/database.ts";
import { type Database, openDatabase } from "./client.ts";
import { findDrift } from "./drift.ts";
import { MigrationError, migrate, readMigrations } from "./migrate.ts";

let db: Database | undefined;
let drop: (() => Promise<void>) | undefined;

async function emptyDatabase() {
  const fresh = await testDatabaseUrl();
  drop = fresh?.drop;
  db = await openDatabase({ url: fresh?.url });
  return db;
}

afterEach(async () => {
  await db?.close();
  await drop?.();
  db = undefined;
  drop = undefined;
});

describe("migrator", () => {
  it("applies every migration to an empty database and records it the way Prisma does", async () => {
    const { sql } = await emptyDatabase();
    const all = readMigrations();
    expect(await migrate(sql)).toEqual(all.map((m) => m.name));
    const rows = await sql.query<{ migration_name: string; checksum: string; finished_at: Date | null; applied_steps_count: number }>(
      `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
    );
    expect(rows.map((r) => r.migration_name)).toEqual(all.map((m) => m.name));
    expect(rows.every((r) => r.finished_at !== null && r.applied_steps_count === 1)).toBe(true);
    expect(rows.map((r) => r.checksum)).toEqual(all.map((m) => m.checksum));
  });

  it("is a no-op the second time", async () => {
    const { sql } = await emptyDatabase();
    await migrate(sql);
    expect(await migrate(sql)).toEqual([]);
    const [{ count }] = (await sql.query<{ count: number }>(`SELECT count(*)::int AS count FROM "_prisma_migrations"`)) as [
      { count: number },
    ];
    expect(count).toBe(readMigrations().length);
  });

  it("refuses a migration edited after it was applied", async () => {
    const { sql } = await emptyDatabase();
    const migrations = readMigrations();
    await migrate(sql, migrations);
    const edited = migrations.map((m, i) => (i === 0 ? { ...m, checksum: "0".repeat(64) } : m));
    await expect(migrate(sql, edited)).rejects.toThrow(MigrationError);
  });

  it("rolls back a failing migration entirely and records nothing", async () => {
    const { sql } = await emptyDatabase();
    await migrate(sql);
    const broken = [
      ...readMigrations(),
      { name: "99999999999999_broken", checksum: "x", sql: `CREATE TABLE "Half" (id int); SELECT * FROM no_such_table;` },
    ];
    await expect(migrate(sql, broken)).rejects.toThrow(/99999999999999_broken failed/);
    const half = await sql.query(`SELECT 1 FROM information_schema.tables WHERE table_name = 'Half'`);
    expect(half).toHaveLength(0);
    const recorded = await sql.query(`SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '99999999999999_broken'`);
    expect(recorded).toHaveLength(0);
  });
});

describe("data migrations", () => {
  it("a payment job recorded under its old name, verify-payment, is renamed settle-payment", async () => {
    const { sql } = await emptyDatabase();
    const all = readMigrations();
    const rename = all.findIndex((m) => m.name.endsWith("_settle_payment_job"));
    expect(rename).toBeGreaterThan(0);
    await migrate(sql, all.slice(0, rename));
    await sql.query(
      `INSERT INTO "OutboxJob" ("name", "jobId", "payload") VALUES ('verify-payment', 'payment-lh-1', '{"reference":"lh-1"}'), ('send-mail', 'mail-1', '{}')`,
    );
    await migrate(sql, all);
    const rows = await sql.query<{ name: string; jobId: string }>(`SELECT "name", "jobId" FROM "OutboxJob" ORDER BY "jobId"`);
    expect(rows).toEqual([
      { name: "send-mail", jobId: "mail-1" },
      { name: "settle-payment", jobId: "payment-lh-1" },
    ]);
  });

  it("existing invoices are numbered in the order they were made within each year, and the counters continue from there", async () => {
    const { sql } = await emptyDatabase();
    const all = readMigrations();
    const numbering = all.findIndex((m) => m.name.endsWith("_invoice_numbers"));
    expect(numbering).toBeGreaterThan(0);
    await migrate(sql, all.slice(0, numbering));
    await sql.query(`UPDATE "BusinessSettings" SET "invoicePrefix" = 'LH' WHERE "id" = 1`);
    await sql.query(
      `INSERT INTO "Invoice" ("amountCents", "description", "createdAt") VALUES
        (1, 'c', '2025-12-31T23:59:59Z'), (1, 'a', '2025-01-01T00:00:00Z'), (1, 'd', '2026-03-01T00:00:00Z'),
        (1, 'b', '2025-06-01T00:00:00Z'), (1, 'e', '2026-03-02T00:00:00Z')`,
    );
    await migrate(sql, all);
    const rows = await sql.query<{ description: string; number: string }>(
      `SELECT "description", "number" FROM "Invoice" ORDER BY "description"`,
    );
    expect(rows).toEqual([
      { description: "a", number: "LH-2025-000001" },
      { description: "b", number: "LH-2025-000002" },
      { description: "c", number: "LH-2025-000003" },
      { description: "d", number: "LH-2026-000001" },
      { description: "e", number: "LH-2026-000002" },
    ]);
    const [next] = await sql.query<{ number: string }>(`SELECT "next_invoice_number"('2025-07-01T00:00:00Z') AS "number"`);
    expect(next?.number).toBe("LH-2025-000004");
  });
});

describe("drift between schema.prisma and the migrated database", () => {
  it("finds none", async () => {
    const { sql } = await emptyDatabase();
    await migrate(sql);
    expect(await findDrift(sql)).toEqual([]);
  });

  it("notices a column, an index and a foreign key that differ", async () => {
    const { sql } = await emptyDatabase();
    await migrate(sql);
    await sql.exec(`
      ALTER TABLE "Track" ADD COLUMN "subtitle" TEXT;
      ALTER TABLE "Track" ALTER COLUMN "instructor" DROP NOT NULL;
      DROP INDEX "Course_title_idx";
      ALTER TABLE "Course" DROP CONSTRAINT "Course_trackId_fkey";
    `);
    const drift = await findDrift(sql);
    expect(drift).toEqual(
      expect.arrayContaining([
        "column in database but not in schema.prisma: Track.subtitle",
        `column differs: Track.instructor is "text null" in the database, "text not null" in schema.prisma`,
        "index missing in database: Course index gin (title gin_trgm_ops)",
        "foreign key missing in database: Course(trackId) -> Track(id) on delete Cascade",
      ]),
    );
    expect(drift).toHaveLength(4);
  });
});
