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
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
