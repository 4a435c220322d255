/**
 * A throwaway database on the local PostgreSQL server. BENCH_PG_URL names a role that may create databases
 * (default postgresql://bench:bench@127.0.0.1:5432/postgres); when that role cannot connect and the bench runs as
 * root on a Debian-style install, it starts the cluster (pg_ctlcluster) and creates the role, as .ci/run does.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import pg from "pg";
import { log, onCleanup, sleep } from "./proc.ts";

const DEFAULT_URL = "postgresql://bench:bench@127.0.0.1:5432/postgres";

async function canConnect(url: string): Promise<string | null> {
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

function run(command: string, args: string[]) {
  return execFileSync(command, args, { stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 }).toString();
}

async function prepareLocalServer(): Promise<void> {
  if (process.getuid?.() !== 0) throw new Error("not root: cannot start PostgreSQL or create the bench role");
  const versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(a) - Number(b));
  const version = versions.at(-1);
  if (!version) throw new Error("PostgreSQL is not installed (apt-get install postgresql)");
  const ready = () => {
    try {
      run("pg_isready", ["-q", "-h", "127.0.0.1"]);
      return true;
    } catch {
      return false;
    }
  };
  if (!ready()) {
    log(`starting PostgreSQL ${version}`);
    try {
      run("pg_ctlcluster", [version, "main", "start"]);
    } catch (error) {
      throw new Error(`pg_ctlcluster ${version} main start failed: ${(error as Error).message}`);
    }
    for (let i = 0; i < 30 && !ready(); i++) await sleep(1000);
  }
  const psql = (sql: string) => run("su", ["postgres", "-c", `psql -q -c "${sql}"`]);
  try {
    psql("CREATE ROLE bench LOGIN CREATEDB PASSWORD 'bench'");
  } catch (error) {
    if (!/already exists/.test(String((error as { stderr?: Buffer }).stderr ?? error))) throw error;
  }
}

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database; it is dropped at the end of the run. */
export async function createBenchDatabase(): Promise<BenchDatabase> {
  const server = process.env.BENCH_PG_URL ?? DEFAULT_URL;
  let problem = await canConnect(server);
  if (problem && !process.env.BENCH_PG_URL) {
    await prepareLocalServer();
    problem = await canConnect(server);
  }
  if (problem) throw new Error(`cannot reach PostgreSQL at ${server.replace(/:[^:@/]*@/, ":***@")}: ${problem}`);
  const name = `bench_${randomBytes(5).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: server });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  const drop = onCleanup(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return { url: url.toString(), drop };
}

/** The server's version, for the report. */
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
