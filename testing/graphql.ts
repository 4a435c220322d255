import { afterAll, beforeAll } from "vitest";
import { adminWithToken, learnerWithToken } from "./accounts.ts";
import { startTestApp, type TestApp } from "./app.ts";

/**
 * What the schema modules' tests (api/src/graphql/<area>/<type>.test.ts) share: a real server on in-memory PGlite (or
 * TEST_DATABASE_URL's PostgreSQL), a seeded catalogue with learners, callers of each kind, and the SQL statements an
 * operation sends. Test code only (imported by *.test.ts files).
 */

/** Enough parents with enough children that a statement per parent (an N+1) changes the count. */
export const SEEDED = { tracks: 6, coursesPerTrack: 3, learners: 6, enrollmentsPerLearner: 2 } as const;

export interface Seeded {
  trackIds: string[];
  learnerIds: string[];
}

/**
 * Tracks with courses, and learners each enrolled in two tracks with an invoice paid for each and one pending. Rows
 * get distinct creation times, so "newest first" has one answer.
 */
export async function seedCatalogue(app: TestApp): Promise<Seeded> {
  const { prisma } = app.services.db;
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1 + i));
  const trackIds: string[] = [];
  for (let t = 0; t < SEEDED.tracks; t++) {
    const track = await prisma.track.create({
      data: {
        name: `Track ${t}`,
        priceCents: 10_000 + t * 100,
        duration: "8 weeks",
        instructor: "Ada",
        description: `What track ${t} teaches.`,
        createdAt: at(t),
        courses: {
          create: Array.from({ length: SEEDED.coursesPerTrack }, (_, c) => ({
            title: `Course ${t}.${c}`,
            description: "A course.",
            createdAt: at(t * 10 + c),
          })),
        },
      },
    });
    trackIds.push(track.id);
  }
  const learnerIds: string[] = [];
  for (let l = 0; l < SEEDED.learners; l++) {
    const learner = await prisma.learner.create({
      data: {
        firstName: `First${l}`,
        lastName: `Last${l}`,
        email: `seeded-${l}@example.com`,
        contact: "+234 801 000 0000",
        passwordHash: "x",
        bio: `Bio ${l}`,
        createdAt: at(l),
      },
    });
    learnerIds.push(learner.id);
    for (let e = 0; e < SEEDED.enrollmentsPerLearner; e++) {
      const trackId = trackIds[(l + e) % trackIds.length] as string;
      await prisma.enrollment.create({ data: { learnerId: learner.id, trackId, createdAt: at(l * 10 + e) } });
      await prisma.invoice.create({
        data: { learnerId: learner.id, trackId, amountCents: 10_000, status: "PAID", paidAt: at(l), createdAt: at(l * 10 + e) },
      });
    }
    await prisma.invoice.create({ data: { learnerId: learner.id, amountCents: 2_500, status: "PENDING", createdAt: at(l * 10 + 5) } });
  }
  return { trackIds, learnerIds };
}

/** A caller of each kind: nobody, a learner, and one staff account per role (plus a pending one). */
export async function callers(app: TestApp) {
  return {
    stranger: undefined,
    learner: (await learnerWithToken(app)).token,
    otherLearner: (await learnerWithToken(app)).token,
    owner: (await adminWithToken(app, "OWNER")).token,
    manager: (await adminWithToken(app, "MANAGER")).token,
    finance: (await adminWithToken(app, "FINANCE")).token,
    instructor: (await adminWithToken(app, "INSTRUCTOR")).token,
    pending: (await adminWithToken(app, null)).token,
  };
}

export type Callers = Awaited<ReturnType<typeof callers>>;

/**
 * A test file's server: started and seeded (seedCatalogue, callers) before its tests, closed after them. The fields
 * are set once the tests run.
 */
export function seededApp() {
  const state = {} as { app: TestApp; seeded: Seeded; who: Callers };
  beforeAll(async () => {
    state.app = await startTestApp();
    state.seeded = await seedCatalogue(state.app);
    state.who = await callers(state.app);
  });
  afterAll(() => state.app.close());
  return state;
}

/**
 * The SQL statements one operation sends when it runs, counted as bench/sql-count.ts counts them: after a first run
 * (first-use work is not what a request costs), with the public cache cleared so an anonymous answer is not served from
 * memory. A signed-in caller's session is read by the first run and kept in memory (cache/sessions.ts), so the count
 * is what the operation itself sends, as on every request after a caller's first.
 */
export async function statementsOf(app: TestApp, query: string, variables?: Record<string, unknown>, token?: string) {
  await app.graphql(query, variables, token);
  app.services.publicCache.clear();
  app.queries.length = 0;
  const result = await app.graphql(query, variables, token);
  if (result.errors) throw new Error(`the measured operation failed: ${JSON.stringify(result.errors)}`);
  return { result, statements: app.queries.length };
}

/** The error code a refused call answers ("NotAuthenticatedError", "ForbiddenError"...), or null when it had none. */
export function refusalOf(result: { errors?: { message: string }[] }): string | null {
  const error = result.errors?.[0] as { extensions?: { code?: string } } | undefined;
  return result.errors ? (error?.extensions?.code ?? "error") : null;
}

/** A global ID as the schema writes it. */
export const globalId = (type: string, id: string) => Buffer.from(`${type}:${id}`).toString("base64");
