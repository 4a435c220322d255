import { beforeAll, describe, expect, it } from "vitest";
import { globalId, seededApp, statementsOf } from "#testing/graphql.ts";

describe("Cohort (cohorts/cohort.ts)", () => {
  const s = seededApp();
  const DAY = 86_400_000;
  let trackId: string;
  let draftId: string;

  /** The first seeded track made a cohort track with `published` open cohorts and one draft; one seat taken in each. */
  beforeAll(async () => {
    const { prisma } = s.app.services.db;
    trackId = s.seeded.trackIds[0] as string;
    await prisma.track.update({ where: { id: trackId }, data: { mode: "COHORT" } });
    const learnerId = s.seeded.learnerIds[0] as string;
    for (let i = 0; i < 4; i++) {
      const cohort = await prisma.cohort.create({
        data: {
          trackId,
          name: `Cohort ${i}`,
          startsAt: new Date(Date.now() + (i + 1) * 7 * DAY),
          endsAt: new Date(Date.now() + 100 * DAY),
          capacity: 10,
          published: true,
        },
      });
      await prisma.invoice.create({
        data: { learnerId, trackId, amountCents: 100, reference: `cohort-test-${i}`, cohortId: cohort.id },
      });
    }
    draftId = (
      await prisma.cohort.create({
        data: { trackId, name: "Draft", startsAt: new Date(Date.now() + DAY), endsAt: new Date(Date.now() + 50 * DAY) },
      })
    ).id;
  });

  const PAGE = "query ($id: ID!) { track(id: $id) { mode cohorts { name capacity seatsTaken seatsLeft status } } }";

  it("the public sees the published cohorts, earliest first, with their seats; staff who read the catalogue see the draft too", async () => {
    const id = globalId("Track", trackId);
    for (const token of [s.who.stranger, s.who.learner]) {
      const { data } = await s.app.graphql(PAGE, { id }, token);
      expect(data.track.mode).toBe("COHORT");
      expect(data.track.cohorts).toEqual(
        [0, 1, 2, 3].map((i) => ({ name: `Cohort ${i}`, capacity: 10, seatsTaken: 1, seatsLeft: 9, status: "OPEN" })),
      );
    }
    for (const token of [s.who.owner, s.who.manager, s.who.finance]) {
      const { data } = await s.app.graphql(PAGE, { id }, token);
      expect(data.track.cohorts.map((c: { name: string }) => c.name)).toContain("Draft");
    }
    // An instructor sees drafts of their own tracks only.
    const { data } = await s.app.graphql(PAGE, { id }, s.who.instructor);
    expect(data.track.cohorts.map((c: { name: string }) => c.name)).not.toContain("Draft");
  });

  it("a draft is as missing as no cohort for the public, through cohort(id:) and node(id:)", async () => {
    const id = globalId("Cohort", draftId);
    for (const query of ["query ($id: ID!) { cohort(id: $id) { name } }", "query ($id: ID!) { node(id: $id) { id } }"]) {
      const { data } = await s.app.graphql(query, { id }, s.who.learner);
      expect(Object.values(data)[0]).toBeNull();
      const staff = await s.app.graphql(query, { id }, s.who.owner);
      expect(Object.values(staff.data)[0]).not.toBeNull();
    }
  });

  it("a track page with its cohorts, seats and statuses sends a fixed number of SQL statements", async () => {
    const { statements } = await statementsOf(s.app, PAGE, { id: globalId("Track", trackId) });
    // The track with its cohorts (one statement), then every cohort's seats at once (one statement).
    expect(statements).toBe(2);
  });
});
