import { encodeGlobalID } from "@pothos/plugin-relay";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminWithToken, codeIn, lastMailTo, logIn, resetRateLimits, signUp, TEST_PASSWORD, uniqueEmail } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { CREATE_OWNER_COMMAND, createOwner } from "./staff.ts";

/** Staff accounts (issue: closed staff access): first owner, pending sign-ups, invitations, owners' actions, audit. */

let app: TestApp;
const prisma = () => app.services.db.prisma;

/** The invitation link's token from the mail. */
function invitationTokenIn(mail: { text: string }): string {
  const match = /\/signup\?invitation=([A-Za-z0-9_%-]+)/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no invitation link in: ${mail.text}`);
  return decodeURIComponent(match[1]);
}

async function verify(email: string, code: string) {
  return rest(app, "POST", "/api/auth/verify-email", { body: { email, token: code } });
}

beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_SCALE: "100" });
});
afterAll(() => app.close());
beforeEach(() => resetRateLimits(app));

describe("an empty installation in production", () => {
  let production: TestApp;
  beforeAll(async () => {
    production = await startTestApp({ NODE_ENV: "production", RATE_LIMIT_SCALE: "100" });
  });
  afterAll(() => production.close());

  it("no sign-up claims ownership; /readyz names create-owner until it has made the owner", async () => {
    const readyz = async () => (await production.fetch("/readyz")).json();
    expect(await readyz()).toMatchObject({ status: "ready", setup: { owner: "missing", next: CREATE_OWNER_COMMAND } });

    const first = await signUp(production, "admin");
    const verified = await rest(production, "POST", "/api/auth/verify-email", { body: { email: first.email, token: first.code } });
    expect(verified.status).toBe(200);
    const row = await production.services.db.prisma.admin.findUniqueOrThrow({ where: { email: first.email } });
    expect(row).toMatchObject({ staffRole: null, approvedAt: null });
    const token = await logIn(production, first.email, first.password);
    expect((await rest(production, "GET", "/api/admin/staff", { token })).status).toBe(403);
    expect(await readyz()).toMatchObject({ setup: { owner: "missing" } });

    // The operator's command makes the owner (here the account that signed up), and /readyz stops asking.
    await createOwner(production.services, {
      email: first.email,
      firstName: "Ada",
      lastName: "Obi",
      contact: "+234 801 000 0000",
      password: TEST_PASSWORD,
    });
    expect((await production.services.db.prisma.admin.findUniqueOrThrow({ where: { email: first.email } })).staffRole).toBe("OWNER");
    const answer = await readyz();
    expect(answer).toEqual({ status: "ready", checks: { database: "ok" } });
  });
});

describe("an empty installation", () => {
  it("makes its first verified staff account the owner; the next self sign-up waits, and owners are mailed", async () => {
    // This file's app starts empty: the first admin to verify becomes the owner.
    const first = await signUp(app, "admin");
    expect((await verify(first.email, first.code)).status).toBe(200);
    expect((await prisma().admin.findUniqueOrThrow({ where: { email: first.email } })).staffRole).toBe("OWNER");
    const ownerToken = await logIn(app, first.email, first.password);
    expect((await rest(app, "GET", "/api/admin/staff", { token: ownerToken })).status).toBe(200);

    const second = await signUp(app, "admin");
    expect((await verify(second.email, second.code)).status).toBe(200);
    const pending = await prisma().admin.findUniqueOrThrow({ where: { email: second.email } });
    expect(pending.staffRole).toBeNull();
    // The owner hears about it, with a link to the Staff page.
    const notice = await lastMailTo(app, first.email);
    expect(notice.subject).toBe("A staff sign-up waits for your approval");
    expect(notice.text).toContain(second.email);
    expect(notice.text).toMatch(/\/staff\b/);

    // Pending: logs in, reads its own account, and nothing else.
    const pendingToken = await logIn(app, second.email, second.password);
    const me = await app.graphql("{ me { ... on Admin { email status staffRole permissions } } }", {}, pendingToken);
    expect(me.data?.me).toEqual({ email: second.email, status: "PENDING", staffRole: null, permissions: [] });
    for (const [method, path] of [
      ["GET", "/api/learners"],
      ["GET", "/api/invoices"],
      ["GET", "/api/courses"],
      ["GET", "/api/admin/staff"],
    ] as const) {
      const refused = await rest(app, method, path, { token: pendingToken });
      expect(refused.status, path).toBe(403);
      expect(refused.body.message).toBe("Your staff account is waiting for an owner's approval.");
    }
    const dashboard = await app.graphql("{ dashboard { __typename } }", {}, pendingToken);
    expect(dashboard.data?.dashboard ?? null).toBeNull();
    expect(dashboard.errors?.[0]?.message).toBe("Your staff account is waiting for an owner's approval.");

    // The owner approves it with a role; the same session now works for what the role allows.
    const approved = await rest(app, "POST", `/api/admin/staff/${pending.id}/approve`, { token: ownerToken, body: { role: "finance" } });
    expect(approved.status).toBe(200);
    expect(approved.body.staff).toMatchObject({ email: second.email, role: "finance", status: "active" });
    expect((await lastMailTo(app, second.email)).subject).toBe("Your LearnHub staff account is approved");
    expect((await rest(app, "GET", "/api/invoices", { token: pendingToken })).status).toBe(200);
    expect((await rest(app, "GET", "/api/learners", { token: pendingToken })).status).toBe(200);
    expect((await rest(app, "POST", "/api/tracks", { token: pendingToken, body: {} })).status).toBe(403);
    // Approving twice is a conflict, not a second approval.
    expect((await rest(app, "POST", `/api/admin/staff/${pending.id}/approve`, { token: ownerToken, body: { role: "owner" } })).status).toBe(
      409,
    );
  });
});

describe("owners", () => {
  let owner: Awaited<ReturnType<typeof adminWithToken>>;
  beforeAll(async () => {
    owner = await adminWithToken(app, "OWNER");
  });

  it("invite staff: the link fixes the e-mail, works once, and approves the account on verification", async () => {
    const email = uniqueEmail("invitee");
    const invited = await rest(app, "POST", "/api/admin/staff/invitations", { token: owner.token, body: { email, role: "manager" } });
    expect(invited.status).toBe(201);
    expect(invited.body.invitation).toMatchObject({ email, role: "manager", status: "open" });
    const token = invitationTokenIn(await lastMailTo(app, email));

    const preview = await app.graphql(
      "query($t: String!) { staffInvitation(token: $t) { __typename ... on StaffInvitationPreview { email role } } }",
      { t: token },
    );
    expect(preview.data?.staffInvitation).toEqual({ __typename: "StaffInvitationPreview", email, role: "MANAGER" });

    // Another e-mail cannot use the link.
    const other = await rest(app, "POST", "/api/auth/signup/admin", {
      body: { ...signUpFields(uniqueEmail("thief")), invitation: token },
    });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe("This invitation is for another e-mail address.");

    const signedUp = await rest(app, "POST", "/api/auth/signup/admin", { body: { ...signUpFields(email), invitation: token } });
    expect(signedUp.status).toBe(201);
    expect((await verify(email, codeIn(await lastMailTo(app, email)))).status).toBe(200);
    const account = await prisma().admin.findUniqueOrThrow({ where: { email } });
    expect(account.staffRole).toBe("MANAGER");
    expect(account.approvedAt).not.toBeNull();
    const staffToken = await logIn(app, email, TEST_PASSWORD);
    expect((await rest(app, "GET", "/api/learners", { token: staffToken })).status).toBe(200);

    // Single use: the link is spent.
    const again = await rest(app, "POST", "/api/auth/signup/admin", { body: { ...signUpFields(uniqueEmail()), invitation: token } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("This invitation is invalid or has expired. Ask an owner to send a new one.");
  });

  it("invitations expire; sending again gives a new link and voids the old one", async () => {
    const email = uniqueEmail("late");
    const invited = await rest(app, "POST", "/api/admin/staff/invitations", { token: owner.token, body: { email, role: "instructor" } });
    const first = invitationTokenIn(await lastMailTo(app, email));
    await prisma().staffInvitation.update({ where: { id: invited.body.invitation._id }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await rest(app, "POST", "/api/auth/signup/admin", { body: { ...signUpFields(email), invitation: first } });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe("This invitation is invalid or has expired. Ask an owner to send a new one.");

    const resent = await rest(app, "POST", `/api/admin/staff/invitations/${invited.body.invitation._id}/resend`, { token: owner.token });
    expect(resent.status).toBe(200);
    expect(resent.body.invitation.status).toBe("open");
    const second = invitationTokenIn(await lastMailTo(app, email));
    expect(second).not.toBe(first);
    expect((await rest(app, "POST", "/api/auth/signup/admin", { body: { ...signUpFields(email), invitation: first } })).status).toBe(400);
    expect((await rest(app, "POST", "/api/auth/signup/admin", { body: { ...signUpFields(email), invitation: second } })).status).toBe(201);
  });

  it("refuse an invitation to an e-mail that has an account, and to anyone but owners", async () => {
    const manager = await adminWithToken(app, "MANAGER");
    const taken = await rest(app, "POST", "/api/admin/staff/invitations", {
      token: owner.token,
      body: { email: manager.admin.email, role: "finance" },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.message).toBe("This e-mail already has an account.");
    const byManager = await rest(app, "POST", "/api/admin/staff/invitations", {
      token: manager.token,
      body: { email: uniqueEmail(), role: "owner" },
    });
    expect(byManager.status).toBe(403);
  });

  it("deactivating ends the member's sessions at once; reactivating lets them log in again", async () => {
    const member = await adminWithToken(app, "FINANCE");
    expect((await rest(app, "GET", "/api/invoices", { token: member.token })).status).toBe(200);
    const off = await rest(app, "PUT", `/api/admin/staff/${member.admin.id}`, { token: owner.token, body: { disabled: true } });
    expect(off.status).toBe(200);
    expect(off.body.staff.status).toBe("disabled");
    expect((await rest(app, "GET", "/api/invoices", { token: member.token })).status).toBe(401);
    const refused = await rest(app, "POST", "/api/auth/login", { body: { email: member.admin.email, password: TEST_PASSWORD } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("This account has been disabled.");
    await rest(app, "PUT", `/api/admin/staff/${member.admin.id}`, { token: owner.token, body: { disabled: false } });
    expect(await logIn(app, member.admin.email, TEST_PASSWORD)).toBeTruthy();
  });

  it("cannot change themselves, and the business keeps an active owner", async () => {
    const self = await rest(app, "PUT", `/api/admin/staff/${owner.admin.id}`, { token: owner.token, body: { role: "manager" } });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe("You cannot change your own role or deactivate yourself.");
    // Two owners demote each other at the same time: one of them stays an owner. The other is refused, either because
    // its session is no longer an owner's (403) or, when both got past that check together, by the lock (409).
    const [a, b] = [await adminWithToken(app, "OWNER"), await adminWithToken(app, "OWNER")];
    const others = await prisma().admin.findMany({ where: { staffRole: "OWNER", id: { notIn: [a.admin.id, b.admin.id] } } });
    await prisma().admin.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { staffRole: "MANAGER" } });
    try {
      const answers = await Promise.all([
        rest(app, "PUT", `/api/admin/staff/${b.admin.id}`, { token: a.token, body: { role: "manager" } }),
        rest(app, "PUT", `/api/admin/staff/${a.admin.id}`, { token: b.token, body: { role: "manager" } }),
      ]);
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      expect(await prisma().admin.count({ where: { staffRole: "OWNER", disabled: false } })).toBe(1);
    } finally {
      await prisma().admin.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { staffRole: "OWNER" } });
    }
  });

  it("the last active owner cannot be demoted or deactivated (the lock sees it)", async () => {
    // Only reachable when two owners act at once; the domain rule is checked directly here.
    const { updateStaff } = await import("./staff.ts");
    const solo = await adminWithToken(app, "OWNER");
    const others = await prisma().admin.findMany({ where: { staffRole: "OWNER", id: { not: solo.admin.id } } });
    await prisma().admin.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { staffRole: "MANAGER" } });
    try {
      const someone = { id: null, email: "system@example.com", role: "OWNER" as const, ip: null };
      await expect(updateStaff(app.services, someone, solo.admin.id, { disabled: true })).rejects.toThrow(
        "The business needs at least one active owner.",
      );
      expect((await prisma().admin.findUniqueOrThrow({ where: { id: solo.admin.id } })).disabled).toBe(false);
    } finally {
      await prisma().admin.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { staffRole: "OWNER" } });
    }
  });

  it("assign instructors to tracks: an instructor edits the courses of those tracks only", async () => {
    const instructor = await adminWithToken(app, "INSTRUCTOR");
    const [mine, theirs] = await Promise.all(
      ["Mine", "Theirs"].map((name) =>
        prisma().track.create({ data: { name, priceCents: 100, duration: "1 week", instructor: "I", description: "D" } }),
      ),
    );
    const course = await prisma().course.create({ data: { title: "Theirs 1", description: "D", trackId: theirs!.id } });
    const assign = await app.graphql(
      "mutation($id: ID!, $t: [ID!]!) { setInstructorTracks(id: $id, trackIds: $t) { __typename ... on Admin { assignedTracks { name } } } }",
      { id: globalId("Admin", instructor.admin.id), t: [globalId("Track", mine!.id)] },
      owner.token,
    );
    expect(assign.data?.setInstructorTracks).toEqual({ __typename: "Admin", assignedTracks: [{ name: "Mine" }] });

    const create = (trackId: string) =>
      rest(app, "POST", "/api/courses", { token: instructor.token, body: { title: "New", track: trackId, description: "D" } });
    expect((await create(mine!.id)).status).toBe(201);
    const refused = await create(theirs!.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("You can only edit the courses of tracks assigned to you.");
    expect((await rest(app, "DELETE", `/api/courses/${course.id}`, { token: instructor.token })).status).toBe(403);
    expect(await prisma().course.count({ where: { id: course.id } })).toBe(1);
    // Nothing financial, and no track changes.
    expect((await rest(app, "GET", "/api/invoices", { token: instructor.token })).status).toBe(403);
    expect((await rest(app, "PUT", `/api/tracks/${mine!.id}`, { token: instructor.token, body: {} })).status).toBe(403);
  });
});

describe("found in review", () => {
  it("an owner cannot change themselves with an upper-case id either", async () => {
    const owner = await adminWithToken(app, "OWNER");
    const answer = await app.graphql(
      "mutation($id: ID!) { updateStaff(id: $id, input: { disabled: true }) { __typename ... on Error { message } } }",
      { id: encodeGlobalID("Admin", owner.admin.id.toUpperCase()) },
      owner.token,
    );
    expect(answer.data?.updateStaff).toEqual({
      __typename: "ForbiddenError",
      message: "You cannot change your own role or deactivate yourself.",
    });
    expect((await prisma().admin.findUniqueOrThrow({ where: { id: owner.admin.id } })).disabled).toBe(false);
  });

  it("a repeat sign-up without the invitation cannot replace an invited account's password before it is verified", async () => {
    const owner = await adminWithToken(app, "OWNER");
    const email = uniqueEmail("invited");
    await rest(app, "POST", "/api/admin/staff/invitations", { token: owner.token, body: { email, role: "finance" } });
    const token = invitationTokenIn(await lastMailTo(app, email));
    expect((await rest(app, "POST", "/api/auth/signup/admin", { body: { ...signUpFields(email), invitation: token } })).status).toBe(201);
    const code = codeIn(await lastMailTo(app, email));
    const strangers = "Str4nger!Pass-2026";
    const again = await rest(app, "POST", "/api/auth/signup/admin", {
      body: { ...signUpFields(email), password: strangers, confirmPassword: strangers },
    });
    expect(again.status).toBe(201);
    expect((await lastMailTo(app, email)).subject).toBe("You already have a LearnHub account");
    expect((await verify(email, code)).status).toBe(200);
    expect((await rest(app, "POST", "/api/auth/login", { body: { email, password: strangers } })).status).toBe(400);
    expect(await logIn(app, email, TEST_PASSWORD)).toBeTruthy();
    // A junk invitation is refused whoever the e-mail belongs to.
    const junk = await rest(app, "POST", "/api/auth/signup/admin", { body: { ...signUpFields(email), invitation: "x".repeat(43) } });
    expect(junk.status).toBe(400);
  });

  it("a role change from instructor clears the tracks; a role needs a verified e-mail", async () => {
    const owner = await adminWithToken(app, "OWNER");
    const instructor = await adminWithToken(app, "INSTRUCTOR");
    const track = await prisma().track.create({
      data: { name: "T", priceCents: 100, duration: "1 week", instructor: "I", description: "D" },
    });
    await prisma().trackInstructor.create({ data: { trackId: track.id, adminId: instructor.admin.id } });
    expect(
      (await rest(app, "PUT", `/api/admin/staff/${instructor.admin.id}`, { token: owner.token, body: { role: "manager" } })).status,
    ).toBe(200);
    expect(await prisma().trackInstructor.count({ where: { adminId: instructor.admin.id } })).toBe(0);

    const unverified = await signUp(app, "admin");
    const id = (await prisma().admin.findUniqueOrThrow({ where: { email: unverified.email } })).id;
    const refused = await rest(app, "PUT", `/api/admin/staff/${id}`, { token: owner.token, body: { role: "owner" } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe("This account has not verified its e-mail yet.");
  });

  it("a password reset that verifies an invited account makes its role take effect, and says so in the audit log", async () => {
    const owner = await adminWithToken(app, "OWNER");
    const email = uniqueEmail("resetter");
    await rest(app, "POST", "/api/admin/staff/invitations", { token: owner.token, body: { email, role: "manager" } });
    const invitation = invitationTokenIn(await lastMailTo(app, email));
    await rest(app, "POST", "/api/auth/signup/admin", { body: { ...signUpFields(email), invitation } });
    await rest(app, "POST", "/api/auth/forgot-password", { body: { email } });
    await app.settleJobs();
    const link = /reset-password\?token=([A-Za-z0-9_%-]+)/.exec((await lastMailTo(app, email)).text)?.[1] ?? "";
    const fresh = "N3w!Reset-Pass-26";
    const reset = await rest(app, "POST", "/api/auth/reset-password", {
      body: { token: decodeURIComponent(link), password: fresh, confirmPassword: fresh },
    });
    expect(reset.status).toBe(200);
    const account = await prisma().admin.findUniqueOrThrow({ where: { email } });
    expect(account.approvedAt).not.toBeNull();
    expect(await prisma().auditEntry.count({ where: { action: "staff.invitation.accepted", entityId: account.id } })).toBe(1);
  });

  it("GraphQL callers are known by their address (audit entries, per-address limits), as REST callers are", async () => {
    const owner = await adminWithToken(app, "OWNER");
    await resetRateLimits(app);
    const login = await app.graphql(`mutation($i: LoginInput!) { login(input: $i) { __typename } }`, {
      i: { email: owner.admin.email, password: TEST_PASSWORD },
    });
    expect(login.data?.login.__typename).toBe("LoginPayload");
    const entry = await prisma().auditEntry.findFirst({ where: { action: "login", actorId: owner.admin.id } });
    expect(entry?.ip).toBe("127.0.0.1");
    const keys = (await prisma().rateLimit.findMany({ select: { key: true } })).map((r) => r.key);
    expect(keys).toContain("login:ip:127.0.0.1");
    expect(keys.some((k) => k.includes("undefined"))).toBe(false);
  });

  it("audit filters outside 2000-2999 are refused with 400, not a database error", async () => {
    const owner = await adminWithToken(app, "OWNER");
    expect((await rest(app, "GET", "/api/admin/audit?to=9999-12-31", { token: owner.token })).status).toBe(400);
    expect((await rest(app, "GET", "/api/admin/audit?from=0000-01-01", { token: owner.token })).status).toBe(400);
  });
});

describe("npm run create-owner (createOwner)", () => {
  it("makes a verified owner, or turns an existing staff account into an active owner and ends its sessions", async () => {
    const { createOwner } = await import("./staff.ts");
    const fields = { firstName: "Ada", lastName: "Obi", contact: "+234 801 000 0000", password: "Own3r!Secret-2026" };
    const email = uniqueEmail("owner");
    await createOwner(app.services, { ...fields, email });
    const token = await logIn(app, email, fields.password);
    expect((await rest(app, "GET", "/api/admin/staff", { token })).status).toBe(200);

    const pending = await adminWithToken(app, null);
    await createOwner(app.services, { ...fields, email: pending.admin.email });
    expect((await prisma().admin.findUniqueOrThrow({ where: { id: pending.admin.id } })).staffRole).toBe("OWNER");
    expect((await rest(app, "GET", "/api/admin/staff", { token: pending.token })).status).toBe(401);
    expect(await prisma().auditEntry.count({ where: { action: "staff.createOwner", entityId: pending.admin.id } })).toBe(1);

    await expect(createOwner(app.services, { ...fields, email, password: "short" })).rejects.toThrow("at least 8 characters");
  });
});

describe("the audit log", () => {
  it("records staff writes with before/after, logins and failed logins; owners read and export it; nobody can change it", async () => {
    const owner = await adminWithToken(app, "OWNER");
    const manager = await adminWithToken(app, "MANAGER");
    const track = await prisma().track.create({
      data: { name: "Audited", priceCents: 45000, duration: "1 week", instructor: "I", description: "D" },
    });
    const renamed = await rest(app, "PUT", `/api/tracks/${track.id}`, {
      token: manager.token,
      body: { name: "Audited 2", price: 450, duration: "1 week", instructor: "I", description: "D" },
    });
    expect(renamed.status).toBe(200);
    await rest(app, "POST", "/api/auth/login", { body: { email: manager.admin.email, password: "wrong-Passw0rd!" } });
    await logIn(app, manager.admin.email, TEST_PASSWORD);

    const log = await rest(app, "GET", `/api/admin/audit?person=${encodeURIComponent(manager.admin.email)}`, { token: owner.token });
    expect(log.status).toBe(200);
    const actions = log.body.entries.map((e: { action: string }) => e.action);
    expect(actions).toEqual(["login", "login.failed", "track.update"]);
    const update = log.body.entries[2];
    expect(update).toMatchObject({ actorEmail: manager.admin.email, actorRole: "manager", entityType: "Track", entityId: track.id });
    expect(update.changes).toEqual({ name: ["Audited", "Audited 2"] });
    expect(update.ip).toBe("127.0.0.1");
    expect(log.body.entries[1].actorId).toBeNull();

    const byEntity = await rest(app, "GET", "/api/admin/audit?entityType=Track&from=2020-01-01&to=2099-12-31", { token: owner.token });
    expect(byEntity.body.entries.every((e: { entityType: string }) => e.entityType === "Track")).toBe(true);
    const csv = await app.fetch(`/api/admin/audit/export.csv?person=${encodeURIComponent(manager.admin.email)}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split("\n");
    expect(lines[0]).toBe("time,person,role,action,entity,entity id,changes,address");
    expect(lines).toHaveLength(4);
    expect((await rest(app, "GET", "/api/admin/audit", { token: manager.token })).status).toBe(403);

    // Append-only in the database itself.
    await expect(prisma().auditEntry.updateMany({ data: { action: "x" } })).rejects.toThrow(/append-only/);
    await expect(prisma().auditEntry.deleteMany({})).rejects.toThrow(/append-only/);
    expect(await prisma().auditEntry.count({ where: { action: "x" } })).toBe(0);
  });

  it("refuses malformed filters with 400", async () => {
    const owner = await adminWithToken(app, "OWNER");
    const bad = await rest(app, "GET", "/api/admin/audit?from=2026-02-30", { token: owner.token });
    expect(bad.status).toBe(400);
  });
});

function signUpFields(email: string) {
  return {
    firstName: "Kemi",
    lastName: "Balogun",
    email,
    contact: "+234 802 000 1111",
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
  };
}

const globalId = (type: string, id: string) => encodeGlobalID(type, id);
