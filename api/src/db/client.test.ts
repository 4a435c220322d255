import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { openDatabase, PGLITE_SHARED_BUFFERS } from "./client.ts";

describe("the embedded database's memory", () => {
  it(`keeps ${PGLITE_SHARED_BUFFERS} of shared buffers instead of PostgreSQL's 128 MB, from the second start of a data directory`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "learnhub-buffers-"));
    try {
      const setting = async () => {
        const db = await openDatabase({ dataDir });
        try {
          return (await db.sql.query<{ shared_buffers: string }>("SHOW shared_buffers"))[0]?.shared_buffers;
        } finally {
          await db.close();
        }
      };
      await setting();
      expect(await setting()).toBe(PGLITE_SHARED_BUFFERS);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});

// DATABASE_POOL_MAX bounds the PostgreSQL connections one process holds: N API and worker processes on one server
// need N x it (docs/SCALING.md). PGlite has no connections to count.
describe.runIf(process.env.TEST_DATABASE_URL)("the PostgreSQL connection pool", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ DATABASE_POOL_MAX: "3" });
  });
  afterAll(() => app?.close());

  it("opens at most DATABASE_POOL_MAX connections however many queries wait", async () => {
    const url = app.services.config.databaseUrl as string;
    const observer = new pg.Client({ connectionString: url });
    await observer.connect();
    try {
      const count = async () =>
        Number(
          (
            await observer.query(
              "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
            )
          ).rows[0].n,
        );
      const sleeps = Array.from({ length: 12 }, () => app.services.db.prisma.$queryRaw`SELECT 1 AS one FROM pg_sleep(0.15)`);
      let most = 0;
      const watching = (async () => {
        for (let i = 0; i < 10; i++) {
          most = Math.max(most, await count());
          await new Promise((resolve) => setTimeout(resolve, 40));
        }
      })();
      await Promise.all([...sleeps, watching]);
      expect(most).toBe(3);
    } finally {
      await observer.end();
    }
  });
});
