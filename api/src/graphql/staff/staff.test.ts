import { beforeAll, describe, expect, it } from "vitest";
import { adminWithToken } from "#testing/accounts.ts";
import { refusalOf, seededApp, statementsOf } from "#testing/graphql.ts";

describe("Staff, invitations and the audit log (staff/staff.ts)", () => {
  const s = seededApp();
  beforeAll(async () => {
    const { prisma } = s.app.services.db;
    // Five more instructors, each assigned three tracks: a statement per instructor would show.
    for (let i = 0; i < 5; i++) {
      const { admin } = await adminWithToken(s.app, "INSTRUCTOR");
      await prisma.trackInstructor.createMany({
        data: s.seeded.trackIds.slice(i % 3, (i % 3) + 3).map((trackId) => ({ trackId, adminId: admin.id })),
      });
    }
    const day = 24 * 3600 * 1000;
    for (let i = 0; i < 6; i++) {
      await prisma.staffInvitation.create({
        data: {
          email: `invited-${i}@example.com`,
          role: "MANAGER",
          tokenHash: `hash-${i}`,
          expiresAt: new Date(Date.now() + (i - 2) * day),
        },
      });
    }
    await prisma.staffInvitation.create({
      data: {
        email: "used@example.com",
        role: "FINANCE",
        tokenHash: "hash-used",
        expiresAt: new Date(Date.now() + day),
        acceptedAt: new Date(),
      },
    });
    await prisma.auditEntry.createMany({
      data: Array.from({ length: 12 }, (_, i) => ({ actorEmail: `actor-${i}@example.com`, action: "track.update", entityType: "Track" })),
    });
  });

  const STAFF = "{ staff(first: 20) { totalCount edges { node { fullName status staffRole permissions assignedTracks { name } } } } }";
  const INVITATIONS = "{ staffInvitations(first: 20) { totalCount edges { node { email status } } } }";
  const AUDIT = "{ auditLog(first: 10) { totalCount edges { node { actorEmail action entityType } } } }";

  it("owners only: every other staff role, learners and strangers are refused each list", async () => {
    for (const query of [STAFF, INVITATIONS, AUDIT]) {
      expect(refusalOf(await s.app.graphql(query, {}, s.who.owner))).toBeNull();
      expect(refusalOf(await s.app.graphql(query, {}, s.who.stranger))).toBe("NotAuthenticatedError");
      for (const token of [s.who.manager, s.who.finance, s.who.instructor, s.who.pending, s.who.learner]) {
        expect(refusalOf(await s.app.graphql(query, {}, token))).toBe("ForbiddenError");
      }
    }
  });

  it("the staff list: pending accounts first, each with its status, permissions and assigned tracks", async () => {
    const { result, statements } = await statementsOf(s.app, STAFF, {}, s.who.owner);
    const nodes = result.data.staff.edges.map((e: { node: unknown }) => e.node);
    expect(result.data.staff.totalCount).toBe(10);
    expect(nodes[0]).toEqual({ fullName: "Test Admin", status: "PENDING", staffRole: null, permissions: [], assignedTracks: [] });
    const instructors = nodes.filter((n: { staffRole: string | null }) => n.staffRole === "INSTRUCTOR");
    expect(instructors.filter((n: { assignedTracks: unknown[] }) => n.assignedTracks.length === 3)).toHaveLength(5);
    expect(instructors[0].permissions).toEqual(["readCatalogue", "editCourses"]);
    expect(statements).toBe(2);
  });

  it("invitations not used: open and expired ones, newest first; the list sends a fixed number of SQL statements", async () => {
    const { result, statements } = await statementsOf(s.app, INVITATIONS, {}, s.who.owner);
    expect(result.data.staffInvitations.totalCount).toBe(6);
    const statuses = result.data.staffInvitations.edges.map((e: { node: { status: string } }) => e.node.status).sort();
    expect(statuses).toEqual(["EXPIRED", "EXPIRED", "EXPIRED", "OPEN", "OPEN", "OPEN"]);
    expect(statements).toBe(2);
  });

  it("the audit log, a page of 10, sends a fixed number of SQL statements", async () => {
    const { result, statements } = await statementsOf(s.app, AUDIT, {}, s.who.owner);
    expect(result.data.auditLog.edges).toHaveLength(10);
    expect(statements).toBe(2);
  });
});
