import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * With TEST_DATABASE_URL set (CI does), creates a throwaway database on that PostgreSQL server and returns its URL;
 * otherwise null, and callers use in-memory PGlite.
 */
export async function testDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return null;
  const name = `test_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(run, name) };
}

/**
 * Drops a throwaway database, ending its connections. A background process of the server (autovacuum, which may
 * start on a fresh database at any moment) is not ours to end: PostgreSQL refuses the drop with 42501 while it runs,
 * so a few short retries (it finishes in milliseconds) instead of failing the test that used the database.
 */
async function dropDatabase(run: (statement: string) => Promise<void>, name: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } catch (error) {
      if ((error as { code?: string }).code !== "42501" || attempt === 10) throw error;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
