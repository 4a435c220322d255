/**
 * SQL statements per request: each operation against an in-process server (`startTestApp` of testing/server.ts, whose
 * `queries` hook records every statement Prisma sends) on in-memory PGlite, with 10 rows a table and with 1,000.
 */
import { startTestApp } from "#testing/app.ts";
import { OPERATIONS, type OperationContext, requestBody, requestHeaders } from "./operations.ts";
import { log } from "./proc.ts";
import { BENCH_ADMIN, growData, PORTAL_LEARNER } from "./seed.ts";

export interface SqlCount {
  key: string;
  label: string;
  /** Statements per request, by rows a table. */
  counts: Record<string, number>;
  /** The statements at the largest size, shortened, for the report. */
  statements: string[];
  error: string | null;
}

async function countAt(rows: number): Promise<Map<string, { count: number; statements: string[]; error: string | null }>> {
  // In-memory PGlite (or TEST_DATABASE_URL's server when set): the statements do not depend on the engine.
  const app = await startTestApp();
  const out = new Map<string, { count: number; statements: string[]; error: string | null }>();
  try {
    await growData(app.services.db.sql, rows);
    const login = async (email: string, password: string) => {
      const res = await app.fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password }),
      });
      const json = (await res.json()) as { token?: string };
      if (!json.token) throw new Error(`login of ${email} failed: ${JSON.stringify(json)}`);
      return json.token;
    };
    const tokens = {
      admin: await login(BENCH_ADMIN.email, BENCH_ADMIN.password),
      learner: await login(PORTAL_LEARNER.email, PORTAL_LEARNER.password),
    };
    const first = await app.graphql<{ tracks: { edges: { node: { id: string } }[] } }>("{ tracks(first: 1) { edges { node { id } } } }");
    const ctx: OperationContext = {
      trackId: first.data?.tracks.edges[0]?.node.id ?? "",
      learnerEmail: PORTAL_LEARNER.email,
      learnerPassword: PORTAL_LEARNER.password,
      ...(await playerIds(app)),
    };
    for (const op of OPERATIONS) {
      const send = () => app.fetch(op.path, { method: op.method, headers: requestHeaders(op, tokens), body: requestBody(op, ctx) });
      await (await send()).text(); // warm: first-use work (caches, prepared documents) is not what a request costs
      // What the request costs when it runs: anonymous catalogue answers would otherwise come from the public cache.
      app.services.publicCache.clear();
      app.queries.length = 0;
      const res = await send();
      const text = await res.text();
      const count = app.queries.length;
      const error = res.status !== 200 || text.includes('"errors"') ? `${res.status}: ${text.slice(0, 160)}` : null;
      out.set(op.key, {
        count,
        statements: app.queries.map((q) =>
          q
            .replace(/\s+/g, " ")
            .trim()
            .slice(0, Number(process.env.SQL_CHARS ?? 240)),
        ),
        error,
      });
    }
  } finally {
    await app.close();
  }
  return out;
}

/** The track growData filled with lessons (the portal learner's newest) and its first lesson, as global ids. */
async function playerIds(app: Awaited<ReturnType<typeof startTestApp>>) {
  const rows = await app.services.db.sql.query<{ trackId: string; lessonId: string }>(
    `SELECT c."trackId", l."id" AS "lessonId" FROM "Lesson" l JOIN "Course" c ON c."id" = l."courseId"
     WHERE l."title" LIKE 'Bench lesson %' ORDER BY l."position" LIMIT 1`,
  );
  const row = rows[0];
  if (!row) return {};
  const id = (type: string, raw: string) => Buffer.from(`${type}:${raw}`).toString("base64");
  return { playerTrackId: id("Track", row.trackId), playerLessonId: id("Lesson", row.lessonId) };
}

export async function runSqlCount(sizes: number[] = [10, 1000]): Promise<SqlCount[]> {
  const bySize = new Map<number, Awaited<ReturnType<typeof countAt>>>();
  for (const rows of sizes) {
    log(`sql-count: ${rows} rows a table`);
    bySize.set(rows, await countAt(rows));
  }
  const largest = Math.max(...sizes);
  return OPERATIONS.map((op) => {
    const counts: Record<string, number> = {};
    let error: string | null = null;
    for (const rows of sizes) {
      const entry = bySize.get(rows)?.get(op.key);
      counts[String(rows)] = entry?.count ?? Number.NaN;
      error ??= entry?.error ?? null;
    }
    return { key: op.key, label: op.label, counts, statements: bySize.get(largest)?.get(op.key)?.statements ?? [], error };
  });
}
