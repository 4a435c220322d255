import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { closeSharedApp } from "#testing/database.ts";
import { COHORT_MESSAGES } from "../api/src/domain/cohorts/cohorts.ts";
import { ms, record } from "./lib/report.ts";

/**
 * Item 4.13, cohort seats under concurrency (docs/cohorts.md, "Seats"): every checkout claims its seat under the
 * cohort's row lock (`claimSeat`) in the transaction that writes its invoice, so the last seat is sold once when many
 * learners check out at once: through one API instance, and through two instances sharing one database (two test
 * apps in this process on the same PostgreSQL database, each with its own pool, cache and Paystack sandbox: the lock
 * is the database's, so the processes' own memory plays no part). Runs on the database the suite runs on (PostgreSQL
 * in CI); the embedded twin is api/src/domain/cohorts/cohorts.test.ts.
 */
describe("4.13 cohort seats under concurrency", () => {
  let app: TestApp;
  let second: TestApp | null = null;

  beforeAll(async () => {
    app = await startTestApp();
    // A second instance on the same database, when there is a server to share (PGlite lives in one process).
    const url = app.services.config.databaseUrl;
    if (url) second = await startTestApp({ DATABASE_URL: url });
  });
  afterAll(async () => {
    if (second) await second.close();
    if (app) await closeSharedApp(app);
  });

  /** A cohort track with one cohort of `capacity` seats, `taken` of them already held by enrollments. */
  async function lastSeat(capacity: number, taken: number) {
    const { prisma } = app.services.db;
    const track = await prisma.track.create({
      data: {
        name: `Cohort race ${randomBytes(3).toString("hex")}`,
        priceCents: 50_000,
        duration: "12 weeks",
        instructor: "I",
        description: "D",
        mode: "COHORT",
      },
    });
    const cohort = await prisma.cohort.create({
      data: {
        trackId: track.id,
        name: "January",
        startsAt: new Date(Date.now() + 7 * 86_400_000),
        endsAt: new Date(Date.now() + 90 * 86_400_000),
        capacity,
        published: true,
      },
    });
    for (let i = 0; i < taken; i++) {
      const { learner } = await learnerWithToken(app);
      await prisma.enrollment.create({ data: { learnerId: learner.id, trackId: track.id, cohortId: cohort.id } });
    }
    return { trackId: track.id, cohortId: cohort.id };
  }

  /** 20 learners' card checkouts for the cohort at once, spread over the given instances in turn. */
  async function race(instances: TestApp[], label: string, item: string) {
    const { trackId, cohortId } = await lastSeat(5, 4);
    const learners = await Promise.all(Array.from({ length: 20 }, () => learnerWithToken(app)));
    const started = performance.now();
    const answers = await Promise.all(
      learners.map(async ({ token }, i) => {
        const res = await (instances[i % instances.length] as TestApp).fetch("/api/enrollments", {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ track: trackId, cohort: cohortId, contact: "+234 802 555 0101", gender: "Female" }),
        });
        return { status: res.status, body: (await res.json()) as { message?: string } };
      }),
    );
    const took = performance.now() - started;
    const { prisma } = app.services.db;
    const holding = await prisma.invoice.count({ where: { cohortId, status: "PENDING" } });
    const ok = answers.filter((a) => a.status === 200).length;
    const full = answers.filter((a) => a.status === 409 && a.body.message === COHORT_MESSAGES.full).length;
    const serverErrors = answers.filter((a) => a.status >= 500).length;
    const met = holding === 1 && ok === 1 && full === 19 && serverErrors === 0;
    record({
      item,
      check: `20 card checkouts at once for a cohort's last seat, ${label} (${app.services.db.kind})`,
      figure: `${holding} pending invoice holds it; ${ok} payment page, ${full} "${COHORT_MESSAGES.full}" (409); ${serverErrors} 5xx; ${ms(took)}`,
      target: `exactly 1 invoice holds the seat; 19 answers 409 "${COHORT_MESSAGES.full}"; no 5xx`,
      met,
    });
    expect({ holding, ok, full, serverErrors }).toEqual({ holding: 1, ok: 1, full: 19, serverErrors: 0 });
  }

  it("4.13a through one API instance", async () => {
    await race([app], "one API instance", "4.13a");
  });

  it("4.13b through two API instances sharing one database", async (ctx) => {
    if (!second) ctx.skip();
    await race([app, second as TestApp], "two API instances on one database", "4.13b");
  });
});
