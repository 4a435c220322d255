import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import pg from "pg";

/** What CI creates (.ci/run) and the brief promises locally: a role that may create throwaway databases. */
const DEFAULT_SERVER_URL = "postgresql://ci_tests:ci_tests@127.0.0.1:5432/postgres";

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The PostgreSQL server the reliability suite creates its throwaway databases on (worker processes must share the
 * API's database, which in-memory PGlite cannot be): TEST_DATABASE_URL, else PG_SERVER_URL (.ci/run), else the local
 * ci_tests role. Starts the local cluster with pg_ctlcluster when nothing answers.
 */
export async function ensurePostgres(): Promise<string> {
  const url = process.env.TEST_DATABASE_URL || process.env.PG_SERVER_URL || DEFAULT_SERVER_URL;
  if (await reachable(url)) return url;
  const versions = existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    try {
      execFileSync("pg_ctlcluster", [version, "main", "start"], { stdio: "ignore" });
    } catch {
      // Already running, or not ours to start: the reachability check below decides.
    }
  }
  for (let i = 0; i < 30; i++) {
    if (await reachable(url)) return url;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(
    `The reliability suite needs PostgreSQL (worker processes share the API's database). Nothing answers at ${url.replace(/:[^:@/]*@/, ":***@")}; ` +
      "set TEST_DATABASE_URL to a server URL whose role may CREATE DATABASE (see .ci/run).",
  );
}

/**
 * Drops a throwaway database, retrying for a few seconds: right after worker processes are killed PostgreSQL may
 * still hold a backend that has not finished logging in, which DROP DATABASE ... WITH (FORCE) may not end (42501).
 */
export async function dropDatabase(url: string, attempts = 10): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const server = new URL(url);
  server.pathname = "/postgres";
  for (let attempt = 1; ; attempt++) {
    const client = new pg.Client({ connectionString: server.toString() });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS "${name.replace(/"/g, "")}" WITH (FORCE)`);
      return;
    } catch (error) {
      if (attempt >= attempts || (error as { code?: string }).code !== "42501") throw error;
    } finally {
      await client.end();
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Closes a test app whose database worker processes also used (see dropDatabase). */
export async function closeSharedApp(app: { close(): Promise<void>; services: { config: { databaseUrl?: string } } }): Promise<void> {
  try {
    await app.close();
  } catch (error) {
    const url = app.services.config.databaseUrl;
    if ((error as { code?: string }).code !== "42501" || !url) throw error;
    await dropDatabase(url);
  }
}
