import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { globalId } from "#testing/graphql.ts";
import { sandboxControl } from "#testing/paystack.ts";
import { expireAbandonedCheckouts } from "../payments/checkout.ts";
import { settlePayment } from "../payments/settle.ts";
import { COHORT_MESSAGES, type CohortDates, cohortStatus } from "./cohorts.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BUYER = { contact: "+234 802 555 0101", gender: "Female" };

describe("cohort status (a pure function of the row, the seats left and now)", () => {
  const at = (iso: string) => new Date(iso);
  const cohort: CohortDates = {
    published: true,
    startsAt: at("2027-01-12T17:00:00Z"),
    endsAt: at("2027-04-06T17:00:00Z"),
    enrollmentOpensAt: at("2026-12-01T00:00:00Z"),
    enrollmentClosesAt: at("2027-01-19T00:00:00Z"),
  };

  it("draft, closed before the window, open or full inside it, running after it, finished from the end", () => {
    expect(cohortStatus({ ...cohort, published: false }, 10, at("2027-01-01T00:00:00Z"))).toBe("DRAFT");
    expect(cohortStatus(cohort, 10, at("2026-11-30T23:59:59Z"))).toBe("CLOSED");
    expect(cohortStatus(cohort, 10, at("2026-12-01T00:00:00Z"))).toBe("OPEN");
    expect(cohortStatus(cohort, null, at("2027-01-13T00:00:00Z"))).toBe("OPEN"); // unlimited, started, window still open
    expect(cohortStatus(cohort, 0, at("2027-01-01T00:00:00Z"))).toBe("FULL");
    expect(cohortStatus(cohort, 3, at("2027-01-19T00:00:00Z"))).toBe("RUNNING");
    expect(cohortStatus(cohort, 0, at("2027-02-01T00:00:00Z"))).toBe("RUNNING"); // full no longer matters
    expect(cohortStatus(cohort, 3, at("2027-04-06T17:00:00Z"))).toBe("FINISHED");
  });

  it("without a window: open from publishing until the end; closed before the start when it closes early", () => {
    const open = { ...cohort, enrollmentOpensAt: null, enrollmentClosesAt: null };
    expect(cohortStatus(open, 1, at("2020-01-01T00:00:00Z"))).toBe("OPEN");
    expect(cohortStatus(open, 1, at("2027-04-06T16:59:59Z"))).toBe("OPEN");
    const early = { ...cohort, enrollmentOpensAt: null, enrollmentClosesAt: at("2027-01-01T00:00:00Z") };
    expect(cohortStatus(early, 1, at("2027-01-05T00:00:00Z"))).toBe("CLOSED");
  });
});

describe("cohorts on the server (staff CRUD, roles, checkout seats, moves)", () => {
  let app: TestApp;
  let owner: string;
  let manager: string;
  let finance: string;
  beforeAll(async () => {
    app = await startTestApp();
    owner = (await adminWithToken(app, "OWNER")).token;
    manager = (await adminWithToken(app, "MANAGER")).token;
    finance = (await adminWithToken(app, "FINANCE")).token;
  });
  afterAll(async () => {
    await sandboxControl(app, "/__controls/reset", {});
    await app.close();
  });

  const prisma = () => app.services.db.prisma;
  const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

  /** A cohort track made through REST (mode "cohort"), priced in dollars. */
  async function cohortTrack(price = 250) {
    const res = await rest(app, "POST", "/api/tracks", {
      token: owner,
      body: { name: `Cohort track ${Math.random()}`, price, duration: "12 weeks", instructor: "I", description: "D", mode: "cohort" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.track.mode).toBe("cohort");
    return res.body.track._id as string;
  }

  /** A published cohort that started a week ago... unless told otherwise; open for enrollment until it ends. */
  async function cohort(trackId: string, fields: Record<string, unknown> = {}) {
    const res = await rest(app, "POST", `/api/tracks/${trackId}/cohorts`, {
      token: manager,
      body: { name: "January", startsAt: iso(7 * DAY), endsAt: iso(90 * DAY), published: true, ...fields },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.cohort as { _id: string; status: string; seatsLeft: number | null };
  }

  const checkout = (token: string, track: string, extra: Record<string, unknown> = {}) =>
    rest(app, "POST", "/api/enrollments", { token, body: { track, ...BUYER, ...extra } });

  const seatsOf = async (trackId: string, cohortId: string) => {
    const page = await rest(app, "GET", `/api/tracks/${trackId}`, { token: owner });
    return page.body.track.cohorts.find((c: { _id: string }) => c._id === cohortId) as { seatsLeft: number | null; status: string };
  };

  it("staff create, read and update cohorts; bad input is a 400 naming the field and changes nothing", async () => {
    const trackId = await cohortTrack();
    const bad = async (body: Record<string, unknown>, field: string, message: string) => {
      const res = await rest(app, "POST", `/api/tracks/${trackId}/cohorts`, { token: manager, body });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors).toContainEqual({ field, message });
    };
    const ok = { name: "January", startsAt: iso(7 * DAY), endsAt: iso(90 * DAY) };
    await bad({ ...ok, name: " " }, "name", COHORT_MESSAGES.name);
    await bad({ ...ok, endsAt: iso(6 * DAY) }, "endsAt", COHORT_MESSAGES.endAfterStart);
    await bad({ ...ok, startsAt: "next week" }, "startsAt", COHORT_MESSAGES.date);
    await bad({ ...ok, enrollmentOpensAt: iso(2 * DAY), enrollmentClosesAt: iso(DAY) }, "enrollmentClosesAt", COHORT_MESSAGES.windowOrder);
    await bad({ ...ok, capacity: 0 }, "capacity", COHORT_MESSAGES.capacity);
    await bad({ ...ok, capacity: 2.5 }, "capacity", COHORT_MESSAGES.capacity);
    await bad({ ...ok, capacity: "ten" }, "capacity", COHORT_MESSAGES.capacity);
    expect(await prisma().cohort.count({ where: { trackId } })).toBe(0);

    const draft = (await rest(app, "POST", `/api/tracks/${trackId}/cohorts`, { token: manager, body: { ...ok, capacity: 40 } })).body
      .cohort;
    expect(draft).toMatchObject({ name: "January", capacity: 40, seatsLeft: 40, status: "draft" });
    // The public sees no draft; staff do.
    expect((await rest(app, "GET", `/api/tracks/${trackId}`)).body.track.cohorts).toEqual([]);
    expect((await rest(app, "GET", `/api/tracks/${trackId}`, { token: finance })).body.track.cohorts).toHaveLength(1);

    const published = await rest(app, "PUT", `/api/cohorts/${draft._id}`, { token: owner, body: { ...ok, capacity: 40, published: true } });
    expect(published.status).toBe(200);
    expect(published.body.cohort.status).toBe("open");
    const shown = (await rest(app, "GET", `/api/tracks/${trackId}`)).body.track;
    expect(shown.mode).toBe("cohort");
    expect(shown.cohorts).toEqual([
      expect.objectContaining({ _id: draft._id, name: "January", capacity: 40, seatsLeft: 40, status: "open" }),
    ]);

    const badUpdate = await rest(app, "PUT", `/api/cohorts/${draft._id}`, { token: owner, body: { ...ok, endsAt: ok.startsAt } });
    expect(badUpdate.status).toBe(400);
    expect((await prisma().cohort.findUniqueOrThrow({ where: { id: draft._id } })).capacity).toBe(40);
    expect(await prisma().auditEntry.count({ where: { entityId: draft._id, action: { in: ["cohort.create", "cohort.update"] } } })).toBe(2);
  });

  it("roles: managers write; finance reads; an instructor reads only their tracks' rosters; learners are refused", async () => {
    const trackId = await cohortTrack();
    const { _id: id } = await cohort(trackId);
    const body = { name: "X", startsAt: iso(DAY), endsAt: iso(2 * DAY) };
    const { token: learner } = await learnerWithToken(app);
    const { admin: teacher, token: instructor } = await adminWithToken(app, "INSTRUCTOR");

    for (const token of [finance, instructor, learner]) {
      expect((await rest(app, "POST", `/api/tracks/${trackId}/cohorts`, { token, body })).status).toBe(403);
      expect((await rest(app, "PUT", `/api/cohorts/${id}`, { token, body })).status).toBe(403);
      expect((await rest(app, "DELETE", `/api/cohorts/${id}`, { token })).status).toBe(403);
    }
    expect(await prisma().cohort.count({ where: { trackId } })).toBe(1);

    expect((await rest(app, "GET", `/api/cohorts/${id}/roster`, { token: finance })).status).toBe(200);
    expect((await rest(app, "GET", `/api/cohorts/${id}/roster`, { token: learner })).status).toBe(403);
    expect((await rest(app, "GET", `/api/cohorts/${id}/roster`)).status).toBe(401);
    expect((await rest(app, "GET", `/api/cohorts/${id}/roster`, { token: instructor })).status).toBe(403);
    await prisma().trackInstructor.create({ data: { trackId, adminId: teacher.id } });
    expect((await rest(app, "GET", `/api/cohorts/${id}/roster`, { token: instructor })).status).toBe(200);

    // GraphQL: the same rule on the field.
    const ROSTER = "query($id: ID!) { cohort(id: $id) { name roster { email } } }";
    const asLearner = await app.graphql(ROSTER, { id: globalId("Cohort", id) }, learner);
    expect(asLearner.data?.cohort?.roster ?? null).toBeNull();
    expect(asLearner.errors?.[0]?.message).toBe("You are not allowed to do this.");
    expect((await app.graphql(ROSTER, { id: globalId("Cohort", id) }, finance)).data?.cohort.roster).toEqual([]);
  });

  it("checkout of a cohort track: no cohort, another track's, a self-paced track's, a full or a closed one are refused before anything is saved", async () => {
    const trackId = await cohortTrack();
    const other = await cohortTrack();
    const elsewhere = await cohort(other);
    const { learner, token } = await learnerWithToken(app);
    const before = await prisma().learner.findUniqueOrThrow({ where: { id: learner.id } });

    const none = await checkout(token, trackId);
    expect(none.status).toBe(400);
    expect(none.body.errors).toContainEqual({ field: "cohort", message: COHORT_MESSAGES.choose });
    const wrong = await checkout(token, trackId, { cohort: elsewhere._id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toContainEqual({ field: "cohort", message: COHORT_MESSAGES.notOffered });
    expect((await checkout(token, trackId, { cohort: "not-an-id" })).status).toBe(400);

    const selfPaced = await rest(app, "POST", "/api/tracks", {
      token: owner,
      body: { name: `Self ${Math.random()}`, price: 10, duration: "1 week", instructor: "I", description: "D" },
    });
    expect(selfPaced.body.track.mode).toBe("self_paced");
    const refused = await checkout(token, selfPaced.body.track._id, { cohort: elsewhere._id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({ field: "cohort", message: COHORT_MESSAGES.notOffered });

    // Full: its one seat is held by another learner's enrollment.
    const full = await cohort(trackId, { capacity: 1 });
    const { learner: holder } = await learnerWithToken(app);
    await prisma().enrollment.create({ data: { learnerId: holder.id, trackId, cohortId: full._id } });
    const fullAnswer = await checkout(token, trackId, { cohort: full._id, contact: "+234 802 999 0000" });
    expect(fullAnswer.status).toBe(409);
    expect(fullAnswer.body.message).toBe(COHORT_MESSAGES.full);
    // Closed: its window closed before it starts.
    const closed = await cohort(trackId, { enrollmentClosesAt: iso(-HOUR) });
    expect(closed.status).toBe("closed");
    const closedAnswer = await checkout(token, trackId, { cohort: closed._id });
    expect(closedAnswer.status).toBe(409);
    expect(closedAnswer.body.message).toBe(COHORT_MESSAGES.closed);
    // A draft is not offered.
    const draft = await cohort(trackId, { published: false });
    expect((await checkout(token, trackId, { cohort: draft._id })).status).toBe(400);

    expect(await prisma().invoice.count({ where: { learnerId: learner.id } })).toBe(0);
    expect(await prisma().enrollment.count({ where: { learnerId: learner.id } })).toBe(0);
    expect((await prisma().learner.findUniqueOrThrow({ where: { id: learner.id } })).contact).toBe(before.contact);
  });

  it("a card checkout holds its seat while pending, gives it back when abandoned; the paid enrollment is in the cohort", async () => {
    const trackId = await cohortTrack();
    const seat = await cohort(trackId, { capacity: 1 });
    const a = await learnerWithToken(app);
    const b = await learnerWithToken(app);

    const first = await checkout(a.token, trackId, { cohort: seat._id });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await seatsOf(trackId, seat._id)).toMatchObject({ seatsLeft: 0, status: "full" });
    // The same learner again: the same invoice, no second seat.
    const again = await checkout(a.token, trackId, { cohort: seat._id });
    expect(again.body.reference).toBe(first.body.reference);
    const refused = await checkout(b.token, trackId, { cohort: seat._id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(COHORT_MESSAGES.full);

    // Unpaid past the owner's abandon hours: abandoned by the sweeper, the seat is free again.
    await prisma().invoice.updateMany({
      where: { reference: first.body.reference },
      data: { createdAt: new Date(Date.now() - 25 * HOUR) },
    });
    expect(await expireAbandonedCheckouts(app.services)).toBeGreaterThanOrEqual(1);
    expect((await prisma().invoice.findUniqueOrThrow({ where: { reference: first.body.reference } })).status).toBe("ABANDONED");
    expect(await seatsOf(trackId, seat._id)).toMatchObject({ seatsLeft: 1, status: "open" });

    const second = await checkout(b.token, trackId, { cohort: seat._id });
    expect(second.status).toBe(200);
    await sandboxControl(app, "/__controls", { dropWebhooks: true });
    await sandboxControl(app, `/__simulate/${second.body.reference}/pay`, {});
    expect(await settlePayment(app.services, second.body.reference)).toBe("PAID");
    const enrollment = await prisma().enrollment.findFirstOrThrow({ where: { learnerId: b.learner.id, trackId } });
    expect(enrollment.cohortId).toBe(seat._id);
    expect(await seatsOf(trackId, seat._id)).toMatchObject({ seatsLeft: 0, status: "full" });
    const mine = await rest(app, "GET", "/api/enrollments", { token: b.token });
    expect(mine.body.enrollments[0].cohort).toEqual({
      _id: seat._id,
      name: "January",
      startsAt: expect.any(String),
      endsAt: expect.any(String),
    });
  });

  it("a free cohort track and an offline checkout claim seats too; a self-paced checkout is unchanged", async () => {
    const freeTrack = await cohortTrack(0);
    const freeSeat = await cohort(freeTrack, { capacity: 1 });
    const a = await learnerWithToken(app);
    const enrolled = await checkout(a.token, freeTrack, { cohort: freeSeat._id });
    expect(enrolled.status).toBe(201);
    expect((await prisma().enrollment.findFirstOrThrow({ where: { learnerId: a.learner.id } })).cohortId).toBe(freeSeat._id);
    const b = await learnerWithToken(app);
    expect((await checkout(b.token, freeTrack, { cohort: freeSeat._id })).status).toBe(409);
    expect(await prisma().enrollment.count({ where: { learnerId: b.learner.id } })).toBe(0);

    const settings = await prisma().businessSettings.findUniqueOrThrow({ where: { id: 1 } });
    await prisma().businessSettings.update({ where: { id: 1 }, data: { offlinePaymentsEnabled: true, offlineInstructions: "Bank X" } });
    try {
      const paidTrack = await cohortTrack(100);
      const offlineSeat = await cohort(paidTrack, { capacity: 1 });
      const offline = await checkout(a.token, paidTrack, { cohort: offlineSeat._id, method: "offline" });
      expect(offline.status, JSON.stringify(offline.body)).toBe(202);
      expect((await prisma().invoice.findUniqueOrThrow({ where: { reference: offline.body.reference } })).cohortId).toBe(offlineSeat._id);
      expect((await checkout(b.token, paidTrack, { cohort: offlineSeat._id, method: "offline" })).status).toBe(409);
      // Lapsed (past its expiry): the seat is free again.
      await prisma().invoice.updateMany({ where: { reference: offline.body.reference }, data: { expiresAt: new Date(Date.now() - HOUR) } });
      expect((await checkout(b.token, paidTrack, { cohort: offlineSeat._id, method: "offline" })).status).toBe(202);
    } finally {
      await prisma().businessSettings.update({
        where: { id: 1 },
        data: { offlinePaymentsEnabled: settings.offlinePaymentsEnabled, offlineInstructions: settings.offlineInstructions },
      });
    }

    const selfPaced = await rest(app, "POST", "/api/tracks", {
      token: owner,
      body: { name: `Self ${Math.random()}`, price: 10, duration: "1 week", instructor: "I", description: "D" },
    });
    const plain = await checkout(b.token, selfPaced.body.track._id);
    expect(plain.status).toBe(200);
    expect(Object.keys(plain.body).sort()).toEqual(["amount", "authorization_url", "currency", "message", "reference"]);
    expect((await prisma().invoice.findUniqueOrThrow({ where: { reference: plain.body.reference } })).cohortId).toBeNull();
    const page = (await rest(app, "GET", `/api/tracks/${selfPaced.body.track._id}`)).body.track;
    expect(page.mode).toBe("self_paced");
    expect(page).not.toHaveProperty("cohorts");
  });

  it("an instalment plan's part 1 and a 100% coupon's enrollment hold seats too", async () => {
    const trackId = await cohortTrack(300);
    const SET = `mutation ($id: ID!, $input: InstalmentPlanInput!) { setInstalmentPlan(id: $id, input: $input) {
      ... on TrackPayload { track { id } } ... on Error { message } } }`;
    const set = await app.graphql(
      SET,
      { id: globalId("Track", trackId), input: { parts: 3, interval: "WEEKLY", firstAmount: 100 } },
      owner,
    );
    expect(set.data?.setInstalmentPlan.track).toBeTruthy();
    const seat = await cohort(trackId, { capacity: 2 });
    const a = await learnerWithToken(app);
    const plan = await checkout(a.token, trackId, { cohort: seat._id, plan: "instalments" });
    expect(plan.status, JSON.stringify(plan.body)).toBe(200);
    const part = await prisma().invoice.findUniqueOrThrow({ where: { reference: plan.body.reference } });
    expect(part).toMatchObject({ partNumber: 1, cohortId: seat._id });
    expect((await seatsOf(trackId, seat._id)).seatsLeft).toBe(1);

    const code = `FREE${Date.now().toString(36).toUpperCase()}`;
    await prisma().coupon.create({ data: { code, kind: "PERCENT", value: 100 } });
    const b = await learnerWithToken(app);
    const free = await checkout(b.token, trackId, { cohort: seat._id, coupon: code });
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    expect((await prisma().enrollment.findFirstOrThrow({ where: { learnerId: b.learner.id } })).cohortId).toBe(seat._id);
    expect(await seatsOf(trackId, seat._id)).toMatchObject({ seatsLeft: 0, status: "full" });
    const c = await learnerWithToken(app);
    const refused = await checkout(c.token, trackId, { cohort: seat._id, coupon: code });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(COHORT_MESSAGES.full);
  });

  it("staff move a learner to another cohort of the track (full: refused; open: moved and audited); the capacity never goes below the seats taken; a cohort with history is not deleted", async () => {
    const trackId = await cohortTrack(0);
    const one = await cohort(trackId, { name: "One", capacity: 1 });
    const two = await cohort(trackId, { name: "Two", capacity: 1 });
    const three = await cohort(trackId, { name: "Three", capacity: 5, enrollmentClosesAt: iso(-HOUR) });
    const a = await learnerWithToken(app, { firstName: "Ada" });
    const b = await learnerWithToken(app, { firstName: "Bola" });
    expect((await checkout(a.token, trackId, { cohort: one._id })).status).toBe(201);
    expect((await checkout(b.token, trackId, { cohort: two._id })).status).toBe(201);
    const enrollment = await prisma().enrollment.findFirstOrThrow({ where: { learnerId: a.learner.id } });

    const MOVE = `mutation($e: ID!, $c: ID!) { moveEnrollmentToCohort(enrollmentId: $e, cohortId: $c) {
      ... on EnrollmentCohortPayload { enrollment { cohort { name } } } ... on Error { message } } }`;
    const move = (token: string, cohortId: string) =>
      app.graphql(MOVE, { e: globalId("Enrollment", enrollment.id), c: globalId("Cohort", cohortId) }, token);
    expect((await move(manager, two._id)).data?.moveEnrollmentToCohort.message).toBe(COHORT_MESSAGES.full);
    expect((await move(finance, three._id)).data?.moveEnrollmentToCohort.message).toBe("You are not allowed to do this.");
    expect((await prisma().enrollment.findUniqueOrThrow({ where: { id: enrollment.id } })).cohortId).toBe(one._id);
    // Staff may move into a cohort whose enrollment window is closed.
    expect((await move(manager, three._id)).data?.moveEnrollmentToCohort.enrollment.cohort.name).toBe("Three");
    const audit = await prisma().auditEntry.findFirstOrThrow({ where: { entityId: enrollment.id, action: "enrollment.move-cohort" } });
    expect(audit.changes).toEqual({ cohortId: [one._id, three._id] });
    // A cohort of another track is refused.
    const elsewhere = await cohort(await cohortTrack());
    expect((await move(manager, elsewhere._id)).data?.moveEnrollmentToCohort.message).toBe(COHORT_MESSAGES.otherTrack);

    // Roster of Three: Ada, with progress for staff who read it.
    const roster = await rest(app, "GET", `/api/cohorts/${three._id}/roster`, { token: manager });
    expect(roster.body.roster).toEqual([
      expect.objectContaining({ enrollment: enrollment.id, learner: expect.objectContaining({ firstName: "Ada" }), progress: 0 }),
    ]);
    expect((await rest(app, "GET", `/api/cohorts/${three._id}/roster`, { token: finance })).body.roster[0].progress).toBeNull();

    // Two's one seat is Bola's: its capacity cannot go below 1.
    const lower = await rest(app, "PUT", `/api/cohorts/${two._id}`, {
      token: manager,
      body: { name: "Two", startsAt: iso(7 * DAY), endsAt: iso(90 * DAY), published: true, capacity: 0 },
    });
    expect(lower.status).toBe(400);
    const three2 = await rest(app, "PUT", `/api/cohorts/${three._id}`, {
      token: manager,
      body: { name: "Three", startsAt: iso(7 * DAY), endsAt: iso(90 * DAY), published: true, capacity: 1 },
    });
    expect(three2.status).toBe(200);
    const belowTaken = await rest(app, "PUT", `/api/cohorts/${two._id}`, {
      token: manager,
      body: { name: "Two", startsAt: iso(7 * DAY), endsAt: iso(90 * DAY), published: true, capacity: 1 },
    });
    expect(belowTaken.status).toBe(200);

    const inUse = await rest(app, "DELETE", `/api/cohorts/${three._id}`, { token: manager });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toBe(COHORT_MESSAGES.inUse);
    expect(await prisma().cohort.count({ where: { id: three._id } })).toBe(1);
    // One is empty now (Ada moved out): deleted.
    expect((await rest(app, "DELETE", `/api/cohorts/${one._id}`, { token: manager })).status).toBe(200);
    expect(await prisma().cohort.count({ where: { id: one._id } })).toBe(0);
    expect((await rest(app, "DELETE", `/api/cohorts/${one._id}`, { token: manager })).status).toBe(404);
  });

  it("capacity below the seats taken is refused with the count", async () => {
    const trackId = await cohortTrack(0);
    const full = await cohort(trackId, { capacity: 2 });
    for (let i = 0; i < 2; i++)
      expect((await checkout((await learnerWithToken(app)).token, trackId, { cohort: full._id })).status).toBe(201);
    const res = await rest(app, "PUT", `/api/cohorts/${full._id}`, {
      token: manager,
      body: { name: "January", startsAt: iso(7 * DAY), endsAt: iso(90 * DAY), published: true, capacity: 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field: "capacity", message: COHORT_MESSAGES.capacityBelowTaken(2) });
    expect((await prisma().cohort.findUniqueOrThrow({ where: { id: full._id } })).capacity).toBe(2);
  });

  it("a catalogue read of many tracks' cohorts with seats costs the same statements whatever the number of cohorts", async () => {
    const QUERY = `query($id: ID!) { track(id: $id) { mode cohorts { name seatsLeft status } } }`;
    const count = async (cohorts: number) => {
      const trackId = await cohortTrack();
      for (let i = 0; i < cohorts; i++) await cohort(trackId, { capacity: 10 });
      app.queries.length = 0;
      const res = await app.graphql(QUERY, { id: globalId("Track", trackId) });
      expect(res.data?.track.cohorts).toHaveLength(cohorts);
      return app.queries.length;
    };
    expect(await count(6)).toBe(await count(2));
  });
});
