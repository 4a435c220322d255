import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/prisma/client.ts";

export type { Prisma } from "../generated/prisma/client.ts";
export { PrismaClient };

/** One database connection below Prisma, for the migrator and tests (multi-statement scripts, advisory locks). */
export interface SqlConnection {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of one or more statements without parameters. */
  exec(script: string): Promise<void>;
}

export interface SqlRunner extends SqlConnection {
  /** Runs `fn` on one dedicated connection (session-level locks and transactions need one). */
  withConnection<T>(fn: (conn: SqlConnection) => Promise<T>): Promise<T>;
}

/**
 * Runs `fn` on one connection while it holds PostgreSQL's session-level advisory lock `key`, so that processes starting
 * together (several API instances) take turns at it: the second finds the first one's work done.
 */
export function withAdvisoryLock<T>(sql: SqlRunner, key: number, fn: (conn: SqlConnection) => Promise<T>): Promise<T> {
  return sql.withConnection(async (conn) => {
    await conn.query("SELECT pg_advisory_lock($1)", [key]);
    try {
      return await fn(conn);
    } finally {
      await conn.query("SELECT pg_advisory_unlock($1)", [key]);
    }
  });
}

export interface Database {
  kind: "pglite" | "postgresql";
  prisma: PrismaClient;
  sql: SqlRunner;
  /** PGlite only: this open created the database (it had no data directory, or lives in memory). */
  created: boolean;
  /** PGlite only: the whole data directory as an archive (what `initialData` takes). */
  archive?(): Promise<Uint8Array<ArrayBuffer>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgresql://... for a server; otherwise PGlite. */
  url?: string;
  /** PGlite data directory; ":memory:" keeps it in memory. */
  dataDir?: string;
  /** PGlite only: a data-directory archive to start a new database from (see pglite-template.ts), asked for only
   * when the database is new. */
  initialData?: () => Blob;
  /** PostgreSQL only: the most connections the pool opens (default 10). */
  poolMax?: number;
  /** Called with every SQL statement Prisma sends (used to count statements per request). */
  onQuery?: (sql: string) => void;
  /** Told about connections lost while idle (PostgreSQL only). */
  onError?: (error: Error) => void;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolMax ?? 10, options.onQuery, options.onError);
  return openPglite(options.dataDir ?? ":memory:", options.onQuery, options.initialData);
}

function withQueryLog(prisma: PrismaClient, onQuery?: (sql: string) => void) {
  if (onQuery) (prisma as PrismaClient<"query">).$on("query", (e) => onQuery(e.query));
  return prisma;
}

async function openPglite(dataDir: string, onQuery?: (sql: string) => void, initialData?: () => Blob): Promise<Database> {
  let dir: string | undefined;
  if (dataDir !== ":memory:") {
    dir = join(dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
  }
  const created = !dir || !existsSync(join(dir, "PG_VERSION"));
  // Loaded only here: a server-backed process never carries the embedded database's code.
  const [{ PGlite }, { pg_trgm }, { PrismaPGlite }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("pglite-prisma-adapter"),
  ]);
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm }, loadDataDir: created ? initialData?.() : undefined });
  // Prisma's drivers send and read instants as zone-less UTC text: the session must be in UTC.
  await pglite.exec("SET TIME ZONE 'UTC'");
  if (dir) await keepSharedBuffersSmall(pglite);
  const prisma = withQueryLog(
    new PrismaClient({ adapter: new PrismaPGlite(pglite), log: onQuery ? [{ level: "query", emit: "event" }] : [] }),
    onQuery,
  );
  const conn: SqlConnection = {
    async query(text, params) {
      return (await pglite.query(text, params)).rows as never;
    },
    async exec(script) {
      await pglite.exec(script);
    },
  };
  // PGlite is a single connection already.
  const sql: SqlRunner = { ...conn, withConnection: (fn) => fn(conn) };
  return {
    kind: "pglite",
    prisma,
    sql,
    created,
    async archive() {
      return new Uint8Array(await (await pglite.dumpDataDir("none")).arrayBuffer());
    },
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

/**
 * The embedded database's shared buffers: PostgreSQL's default 128 MB sits in the server's own memory (PGlite's
 * WebAssembly heap, which never shrinks) and was a third of its resident size. The data files stay in the operating
 * system's page cache, so 32 MB costs no disk reads at the sizes an embedded install holds. The setting is kept in
 * the data directory (`postgresql.auto.conf`) and read when PostgreSQL starts, so it applies from the next start of
 * a database that had the default (the bench and `npm start` open a database made by an earlier process).
 */
export const PGLITE_SHARED_BUFFERS = "32MB";

async function keepSharedBuffersSmall(pglite: { query<T>(sql: string): Promise<{ rows: T[] }>; exec(sql: string): Promise<unknown> }) {
  const [row] = (await pglite.query<{ shared_buffers: string }>("SHOW shared_buffers")).rows;
  if (row?.shared_buffers !== PGLITE_SHARED_BUFFERS) await pglite.exec(`ALTER SYSTEM SET shared_buffers = '${PGLITE_SHARED_BUFFERS}'`);
}

/**
 * How long a transaction may wait for one of the pool's connections, and run. Prisma's defaults (2 s, 5 s) turned a
 * burst of writes that take turns on one row (invoice numbers: every creation holds the year's counter until it
 * commits) into server errors once the pool was busy for 2 s; the request limits in front of the API (overload.ts)
 * bound how many wait, so waiting longer is safe.
 */
export const TRANSACTION_OPTIONS = { maxWait: 15_000, timeout: 20_000 } as const;

async function openPostgres(
  url: string,
  poolMax: number,
  onQuery?: (sql: string) => void,
  onError?: (error: Error) => void,
): Promise<Database> {
  // Prisma's drivers send and read instants as zone-less UTC text: every session must be in UTC.
  const pool = new pg.Pool({ connectionString: url, max: poolMax, options: "-c TimeZone=UTC" });
  // An idle connection the server closes (restart, failover, a dropped database) is replaced on next use; without a
  // listener its error would crash the process.
  pool.on("error", (error) => onError?.(error));
  const prisma = withQueryLog(
    new PrismaClient({
      adapter: new PrismaPg(pool),
      log: onQuery ? [{ level: "query", emit: "event" }] : [],
      transactionOptions: TRANSACTION_OPTIONS,
    }),
    onQuery,
  );
  const onClient = (client: pg.Pool | pg.PoolClient): SqlConnection => ({
    async query(text, params) {
      return (await client.query(text, params as unknown[])).rows;
    },
    async exec(script) {
      await client.query(script);
    },
  });
  const sql: SqlRunner = {
    ...onClient(pool),
    async withConnection(fn) {
      const client = await pool.connect();
      try {
        return await fn(onClient(client));
      } finally {
        client.release();
      }
    },
  };
  return {
    kind: "postgresql",
    prisma,
    sql,
    created: false,
    async close() {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}
