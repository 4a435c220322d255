import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import pg from "pg";

/**
 * Throwaway databases for the api tests, the reliability suite and the bench, all on one PostgreSQL role: the one
 * CI creates (.ci/run) and a developer machine is expected to have, a role that may create databases.
 */
export const DEFAULT_SERVER_URL = "postgresql://ci_tests:ci_tests@127.0.0.1:5432/postgres";

/**
 * The PostgreSQL server to make databases on: TEST_DATABASE_URL, else PG_SERVER_URL (.ci/run exports it), else the
 * default role. The api tests only use a server when TEST_DATABASE_URL is set (otherwise in-memory PGlite).
 */
export function serverUrl(): string {
  return process.env.TEST_DATABASE_URL || process.env.PG_SERVER_URL || DEFAULT_SERVER_URL;
}

const hidePassword = (url: string) => url.replace(/:[^:@/]*@/, ":***@");

/** Runs one statement on its own connection (CREATE/DROP DATABASE cannot run in a transaction or a pool). */
async function runOn(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Why `url` cannot be used (connect and SELECT 1), or null when it can. */
export async function connectProblem(url: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return null;
  } catch (error) {
    return (error as Error).message;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Makes sure the server at `url` answers. When nothing does, starts the local clusters (pg_ctlcluster, Debian-style
 * installs) and, as root, creates the URL's role with LOGIN CREATEDB as .ci/run does; then waits up to 30 s.
 */
export async function ensurePostgres(url = serverUrl()): Promise<string> {
  if (!(await connectProblem(url))) return url;
  const versions = existsSync("/usr/lib/postgresql") ? readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    try {
      execFileSync("pg_ctlcluster", [version, "main", "start"], { stdio: "ignore", timeout: 60_000 });
    } catch {
      // Already running, or not ours to start: the reachability check below decides.
    }
  }
  let createdRole = false;
  let problem: string | null = null;
  for (let i = 0; i < 30; i++) {
    problem = await connectProblem(url);
    if (!problem) return url;
    if (!createdRole && process.getuid?.() === 0 && /password authentication|role .* does not exist/.test(problem)) {
      createdRole = true;
      createRole(url);
      continue;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(
    `Nothing usable answers at ${hidePassword(url)} (${problem}); set TEST_DATABASE_URL to a server URL whose role may CREATE DATABASE (see .ci/run).`,
  );
}

/** As root: the URL's role, LOGIN CREATEDB with the URL's password (kept if it exists). */
function createRole(url: string) {
  const { username, password } = new URL(url);
  const role = decodeURIComponent(username).replace(/"/g, "");
  const secret = decodeURIComponent(password).replace(/'/g, "''");
  const sql = `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE "${role}"; END IF; END $$; ALTER ROLE "${role}" LOGIN CREATEDB PASSWORD '${secret}';`;
  try {
    execFileSync("su", ["postgres", "-c", "psql -q -v ON_ERROR_STOP=1"], {
      input: sql,
      stdio: ["pipe", "ignore", "ignore"],
      timeout: 60_000,
    });
  } catch {
    // The connection check reports what is still wrong.
  }
}

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new empty database on the server at `server` (named `<prefix>_<random>`); `drop()` removes it. */
export async function createDatabase(server = serverUrl(), prefix = "test"): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await runOn(server, `CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(url.toString()) };
}

/**
 * With TEST_DATABASE_URL set (CI does), creates a throwaway database on that PostgreSQL server and returns its URL;
 * otherwise null, and callers use in-memory PGlite.
 */
export async function testDatabaseUrl(): Promise<ThrowawayDatabase | null> {
  const server = process.env.TEST_DATABASE_URL;
  return server ? createDatabase(server) : null;
}

/**
 * Drops a throwaway database, ending its connections. PostgreSQL refuses the drop with 42501 while a backend it may
 * not end still holds the database: autovacuum (which may start on a fresh database at any moment) or, right after
 * worker processes are killed, a backend that has not finished logging in. Both go within moments, so a few short
 * retries instead of failing the test that used the database.
 */
export async function dropDatabase(url: string, attempts = 10): Promise<void> {
  const name = new URL(url).pathname.slice(1).replace(/"/g, "");
  const server = new URL(url);
  server.pathname = "/postgres";
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOn(server.toString(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } catch (error) {
      if ((error as { code?: string }).code !== "42501" || attempt >= attempts) throw error;
      await new Promise((r) => setTimeout(r, 300));
    }
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

/** The server's version, for reports. */
export async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>("SHOW server_version");
    return rows[0]?.server_version ?? "?";
  } finally {
    await client.end();
  }
}
