import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ProcessDatabase, processDatabase } from "#testing/process-database.ts";
import { localStorage } from "../storage/storage.ts";
import { DEMO_STAFF, seedDemoDataOnce } from "./demo.ts";

// Several API instances on one PostgreSQL database start together (docker compose --scale api=N): each seeds an empty
// database. PGlite belongs to one process, so this is a PostgreSQL matter (CI runs the api tests on PostgreSQL too).
describe.runIf(process.env.TEST_DATABASE_URL)("demo data seeded by instances starting together", () => {
  let database: ProcessDatabase;
  beforeAll(async () => {
    database = await processDatabase();
  });
  afterAll(() => database?.close());

  it("is seeded once: one instance seeds, the others find it done and start", async () => {
    const storage = localStorage(":memory:");
    const results = await Promise.all([1, 2, 3].map(() => seedDemoDataOnce(database.db, storage)));
    expect(results.filter((r) => r.seeded)).toHaveLength(1);
    expect(await database.db.prisma.admin.count()).toBe(1 + DEMO_STAFF.length);
    const tracks = await database.db.prisma.track.groupBy({ by: ["name"], _count: true });
    expect(tracks.every((t) => t._count === 1)).toBe(true);
  });
});
