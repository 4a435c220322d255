/**
 * A throwaway database on a PostgreSQL server: BENCH_PG_URL names a role that may create databases, by default the
 * one the tests use (testing/database.ts). When it cannot connect, the local cluster is started and, as root, the
 * role created, as .ci/run does.
 */
import { createDatabase, ensurePostgres, serverUrl, type ThrowawayDatabase } from "#testing/database.ts";
import { onCleanup } from "./proc.ts";

/** Creates an empty database; it is dropped at the end of the run. */
export async function createBenchDatabase(): Promise<ThrowawayDatabase> {
  const server = await ensurePostgres(process.env.BENCH_PG_URL ?? serverUrl());
  const database = await createDatabase(server, "bench");
  return { url: database.url, drop: onCleanup(database.drop) };
}
