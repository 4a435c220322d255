import { describe, expect, it } from "vitest";
import { startTestApp } from "#testing/app.ts";
import { openDatabase } from "../api/src/db/client.ts";
import { DEMO_LEARNER } from "../api/src/seed/demo.ts";
import { startFloor } from "./floor.ts";
import { prepare } from "./load.ts";
import { OPERATIONS, requestBody, requestHeaders } from "./operations.ts";

/** A statement as compared: Prisma's comments and the layout left out. */
const shape = (sql: string) =>
  sql
    .replace(/\/\*.*?\*\//g, "")
    .replace(/\s+/g, " ")
    .replace(/\s*([(),])\s*/g, "$1")
    .trim();

/** The floor reads a session once, then keeps it as the server does: the warm-up request sends that statement. */
const isSessionRead = (sql: string) => sql.includes(`FROM "public"."Session" AS "t0"`);

/**
 * What the bench's data lacks but the load operations' answers show: prices in further currencies (the catalogue's
 * `prices`, the currency switcher), the portal learner's saved cards (one without brand, digits or expiry), paused
 * enrollments (a plan's `paused`, a card's `pausedReason`) and an instalment plan on the measured track page's track (the
 * demo track with the most courses, as bench/load.ts picks it). Both copies get the same rows; the cards' ids are
 * fixed, since the portal answers them.
 */
const EXTRAS = `
  INSERT INTO "TrackPrice" ("trackId", "currency", "amountCents")
    SELECT "id", 'NGN', 5000000 FROM "Track" WHERE "status" = 'PUBLISHED' ORDER BY "createdAt" DESC LIMIT 3;
  INSERT INTO "TrackPrice" ("trackId", "currency", "amountCents")
    SELECT "id", 'GHS', 70000 FROM "Track" WHERE "status" = 'PUBLISHED' ORDER BY "createdAt" DESC LIMIT 1;
  INSERT INTO "SavedCard" ("id", "learnerId", "signature", "authorizationCode", "email", "currency", "last4", "brand", "expMonth", "expYear", "updatedAt")
    SELECT '00000000-0000-4000-8000-00000000c4d1'::uuid, "id", 'sig-1', 'AUTH_bench1', "email", 'USD', '4081', 'visa', '3', '2030', now() FROM "Learner" WHERE "email" = '${DEMO_LEARNER.email}'
    UNION ALL
    SELECT '00000000-0000-4000-8000-00000000c4d2'::uuid, "id", 'sig-2', 'AUTH_bench2', "email", 'NGN', NULL, NULL, NULL, NULL, now() - interval '1 day' FROM "Learner" WHERE "email" = '${DEMO_LEARNER.email}';
  UPDATE "Enrollment" SET "pausedAt" = now(), "pausedReason" = 'Part 2 is unpaid.' WHERE "id" IN (
    SELECT e."id" FROM "Enrollment" e JOIN "Learner" l ON l."id" = e."learnerId"
    WHERE l."email" = '${DEMO_LEARNER.email}' ORDER BY e."createdAt" DESC, e."id" LIMIT 2);
  INSERT INTO "InstalmentPlan" ("trackId", "parts", "interval", "firstAmountCents", "updatedAt")
    SELECT t."id", 3, 'MONTHLY', t."priceCents" / 3, now() FROM "Track" t WHERE t."priceCents" > 100 AND t."id" = (
      SELECT t2."id" FROM "Track" t2 JOIN "Course" c ON c."trackId" = t2."id" GROUP BY t2."id" ORDER BY count(*) DESC, t2."createdAt" DESC LIMIT 1);
`;

describe("the floor", () => {
  it("sends the server's statements and writes its JSON for every load operation", { timeout: 240_000 }, async () => {
    const prepared = await prepare("pglite", 10);
    for (const dataDir of [prepared.dataDir, prepared.floor.env.FLOOR_PGLITE_DIR as string]) {
      const db = await openDatabase({ dataDir });
      await db.sql.exec(EXTRAS);
      await db.close();
    }
    // The server in this process on the bench's data (never a TEST_DATABASE_URL server: the floor reads this data).
    const app = await startTestApp({ DATA_DIR: prepared.dataDir, DATABASE_URL: undefined });
    const floorQueries: string[] = [];
    const floor = await startFloor(0, { pgliteDir: prepared.floor.env.FLOOR_PGLITE_DIR, onQuery: (sql) => floorQueries.push(sql) });
    const answers = new Map<string, unknown>();
    try {
      for (const op of OPERATIONS.filter((o) => o.load)) {
        const init = { method: op.method, headers: requestHeaders(op, prepared.tokens), body: requestBody(op, prepared.ctx) };
        const answer = async (res: Response) => {
          expect(res.status, `${op.key}: ${res.status}`).toBe(200);
          const json = (await res.json()) as Record<string, unknown>;
          if (typeof json.token === "string") json.token = "<token>";
          return json;
        };
        // Warm both (sessions, prepared documents), then the request as it costs when it runs: no public cache.
        await (await app.fetch(op.path, init)).text();
        await (await fetch(`${floor.url}${op.path}`, init)).text();
        app.services.publicCache.clear();
        app.queries.length = 0;
        floorQueries.length = 0;
        const ours = await answer(await app.fetch(op.path, init));
        const theirs = await answer(await fetch(`${floor.url}${op.path}`, init));
        expect(theirs, op.key).toEqual(ours);
        expect(JSON.stringify(ours), op.key).not.toContain('"errors"');
        // The same statements, in whatever order the independent ones go out.
        const statements = (list: string[]) =>
          list
            .filter((sql) => !isSessionRead(sql))
            .map(shape)
            .sort();
        expect(statements(floorQueries), op.key).toEqual(statements(app.queries));
        answers.set(op.key, ours);
      }
      // The comparisons above covered what EXTRAS adds, not only empty lists.
      const portal = answers.get("learnerPortal") as { data: { mySavedCards: unknown[]; myPaymentPlans: { paused: boolean }[] } };
      expect(portal.data.mySavedCards).toHaveLength(2);
      expect(portal.data.myPaymentPlans.some((p) => p.paused)).toBe(true);
      const catalogue = answers.get("catalogue") as { data: { paymentOptions: { currencies: string[] } } };
      expect(catalogue.data.paymentOptions.currencies).toHaveLength(3);
      const track = answers.get("trackDetails") as { data: { track: { instalmentPlan: { main: unknown[] } | null } } };
      expect(track.data.track.instalmentPlan?.main).toHaveLength(3);
    } finally {
      await floor.close();
      await app.close();
    }
  });
});
