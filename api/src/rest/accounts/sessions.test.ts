import { describe, expect, it } from "vitest";
import { lastMailTo, logIn, mailsTo, resetTokenIn, signUpAndVerify, TEST_PASSWORD, uniqueEmail } from "#testing/accounts.ts";
import { rest } from "#testing/app.ts";
import { app, argon2Params, asSeenOutside, NO_TOKEN, profileForm, useApp } from "#testing/rest.ts";
import { escapeHtml } from "../../domain/accounts/mails.ts";

/** Login, lockout and unlock, logout, check-auth and who may use a session (rest/accounts/sessions.ts). */
describe("REST /api/auth", () => {
  useApp();

  describe("no account enumeration", () => {
    it("login answers an unknown e-mail and a wrong password alike", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const unknown = await rest(app, "POST", "/api/auth/login", { body: { email: uniqueEmail("nobody"), password: TEST_PASSWORD } });
      const wrong = await rest(app, "POST", "/api/auth/login", { body: { email: learner.email, password: `${TEST_PASSWORD}x` } });
      expect(asSeenOutside(unknown)).toEqual(asSeenOutside(wrong));
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ message: "Invalid email or password.", errors: [{ message: "Invalid email or password." }] });
    });
  });

  describe("role separation", () => {
    it("learner tokens never work for admin calls and vice versa", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const admin = await signUpAndVerify(app, "admin");

      const learnerOnAdmin = await rest(app, "POST", "/api/admin/auth/logout", { token: learner.token });
      expect(learnerOnAdmin.status).toBe(403);
      expect(learnerOnAdmin.body.message).toBe("This action needs an admin session.");
      expect((await rest(app, "GET", "/api/auth/check-auth", { token: learner.token })).status).toBe(200);

      const adminOnLearner = await rest(app, "GET", "/api/auth/check-auth", { token: admin.token });
      expect(adminOnLearner.status).toBe(403);
      expect(adminOnLearner.body.message).toBe("This action needs a learner session.");
      expect((await rest(app, "POST", "/api/auth/logout", { token: admin.token })).status).toBe(403);
      expect((await rest(app, "PUT", "/api/auth/update", { token: admin.token, body: profileForm() })).status).toBe(403);
      // The admin session survived the refused learner logout.
      expect((await rest(app, "POST", "/api/admin/auth/logout", { token: admin.token })).status).toBe(200);
    });

    it("no token, a malformed one or an unknown one: 401 with the product's message", async () => {
      for (const authorization of [undefined, "Bearer", "Basic abc", `Bearer ${"a".repeat(43)}`, "Bearer <script>"]) {
        const headers: Record<string, string> = authorization ? { authorization } : {};
        for (const [method, path] of [
          ["GET", "/api/auth/check-auth"],
          ["POST", "/api/auth/logout"],
          ["POST", "/api/admin/auth/logout"],
          ["PUT", "/api/auth/update"],
        ] as const) {
          const res = await rest(app, method, path, { headers });
          expect(res.status, `${method} ${path} ${authorization}`).toBe(401);
          expect(res.body.message).toBe(NO_TOKEN);
        }
      }
    });

    it("an expired session is rejected", async () => {
      const learner = await signUpAndVerify(app, "learner");
      await app.services.db.prisma.session.updateMany({
        where: { learner: { email: learner.email } },
        data: { expiresAt: new Date(Date.now() - 1000) },
      });
      const res = await rest(app, "GET", "/api/auth/check-auth", { token: learner.token });
      expect(res.status).toBe(401);
    });
  });

  describe("rate limits", () => {
    it("repeated wrong logins lock the account out with a clear message", async () => {
      const learner = await signUpAndVerify(app, "learner");
      for (let i = 0; i < 10; i++) {
        const res = await rest(app, "POST", "/api/auth/login", { body: { email: learner.email, password: `wrong-${i}` } });
        expect(res.status).toBe(400);
      }
      const locked = await rest(app, "POST", "/api/auth/login", { body: { email: learner.email, password: TEST_PASSWORD } });
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe("Too many failed logins. Please wait 15 minutes and try again.");
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
      // Another account is not affected.
      const other = await signUpAndVerify(app, "learner");
      expect(other.token).toBeTruthy();
      // Case and spaces do not make a new account key.
      const shouted = await rest(app, "POST", "/api/auth/login", {
        body: { email: ` ${learner.email.toUpperCase()} `, password: TEST_PASSWORD },
      });
      expect(shouted.status).toBe(429);
    });

    it("a lockout holds per account and address: the owner elsewhere still logs in, and is mailed a link that unlocks", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const attacker = "127.0.0.2";
      const tryLogin = (password: string, from?: string) =>
        rest(app, "POST", "/api/auth/login", { body: { email: learner.email, password }, from });
      for (let i = 0; i < 10; i++) expect((await tryLogin(`wrong-${i}`, attacker)).status).toBe(400);
      const locked = await tryLogin(TEST_PASSWORD, attacker);
      expect(locked.status).toBe(429);
      expect(locked.body.message).toBe("Too many failed logins. Please wait 15 minutes and try again.");
      // The owner, at their own address, is not locked out.
      expect((await tryLogin(TEST_PASSWORD)).status).toBe(200);
      expect((await tryLogin(TEST_PASSWORD, attacker)).status).toBe(429);

      const mail = await lastMailTo(app, learner.email);
      expect(mail.subject).toBe("Your LearnHub account was locked");
      const match = /(https?:\/\/\S+\/api\/auth\/unlock\?token=(\S+))/.exec(mail.text);
      expect(match).not.toBeNull();
      const token = decodeURIComponent(match?.[2] as string);
      expect(mail.html).toContain(escapeHtml(match?.[1] as string));
      // Opening the link changes nothing; its page's button posts the token.
      const page = await rest(app, "GET", `/api/auth/unlock?token=${encodeURIComponent(token)}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/^text\/html/);
      expect(page.body).toContain(
        `<form method="post" action="/api/auth/unlock"><input type="hidden" name="token" value="${escapeHtml(token)}">`,
      );
      expect((await tryLogin(TEST_PASSWORD, attacker)).status).toBe(429);
      const unlocked = await rest(app, "POST", "/api/auth/unlock", {
        body: new URLSearchParams({ token }).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(unlocked.status).toBe(200);
      expect(unlocked.body).toContain("Your account is unlocked. You can log in again.");
      expect((await tryLogin(TEST_PASSWORD, attacker)).status).toBe(200);
      // Once only; over JSON (as the GraphQL mutation) the same.
      const again = await rest(app, "POST", "/api/auth/unlock", { body: { token } });
      expect([again.status, again.body.message]).toEqual([400, "This unlock link is invalid, has expired or was already used."]);
      const bad = await rest(app, "POST", "/api/auth/unlock", { body: { token: 42 } });
      expect(bad.status).toBe(400);
    });

    it("failures from many addresses together reach a ceiling that locks the account everywhere", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const addresses = Array.from({ length: 10 }, (_, i) => `127.0.0.${i + 2}`);
      for (const from of addresses) {
        for (let i = 0; i < 10; i++) {
          const res = await rest(app, "POST", "/api/auth/login", { body: { email: learner.email, password: `nope-${i}` }, from });
          expect(res.status).toBe(400);
        }
      }
      const owner = await rest(app, "POST", "/api/auth/login", { body: { email: learner.email, password: TEST_PASSWORD } });
      expect(owner.status).toBe(429);
      expect(owner.body.message).toBe("Too many failed logins. Please wait 15 minutes and try again.");
      // One unlock mail for all those lockouts.
      expect((await mailsTo(app, learner.email)).filter((m) => m.subject === "Your LearnHub account was locked")).toHaveLength(1);
    });

    it("a successful login clears the failure count", async () => {
      const learner = await signUpAndVerify(app, "learner");
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 9; i++) await rest(app, "POST", "/api/auth/login", { body: { email: learner.email, password: "nope" } });
        expect(await logIn(app, learner.email, TEST_PASSWORD)).toBeTruthy();
      }
    });

    it("too many logins from one address, malformed ones counted too", async () => {
      const statuses = [];
      for (let i = 0; i < 31; i++) {
        const body = i % 2 ? { email: uniqueEmail("ip"), password: "x" } : { email: "" };
        statuses.push((await rest(app, "POST", "/api/auth/login", { body })).status);
      }
      expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
      expect(statuses[30]).toBe(429);
    });
  });

  describe("secrets are stored hashed", () => {
    it("session tokens, codes, reset tokens and passwords", async () => {
      const { prisma } = app.services.db;
      const learner = await signUpAndVerify(app, "learner");
      const sessions = await prisma.session.findMany({ where: { learner: { email: learner.email } } });
      expect(sessions.length).toBeGreaterThan(0);
      expect(await prisma.session.count({ where: { tokenHash: learner.token } })).toBe(0);
      expect(sessions.every((s) => s.tokenHash.length === 64 && !s.tokenHash.includes(learner.token))).toBe(true);
      const session = sessions[0]!;
      expect(session.role).toBe("LEARNER");
      expect(session.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000);

      await rest(app, "POST", "/api/auth/forgot-password", { body: { email: learner.email } });
      const { token: resetToken } = resetTokenIn(await lastMailTo(app, learner.email));
      const codes = await prisma.emailCode.findMany({ where: { learner: { email: learner.email } } });
      expect(codes).toHaveLength(2);
      for (const code of codes) {
        expect(code.codeHash).toMatch(/^[0-9a-f]{64}$/);
        expect(code.codeHash).not.toContain(learner.code);
        expect(code.codeHash).not.toContain(resetToken);
      }
      expect(await prisma.emailCode.count({ where: { codeHash: { in: [learner.code, resetToken] } } })).toBe(0);

      const row = await prisma.learner.findUniqueOrThrow({ where: { email: learner.email } });
      expect(argon2Params(row.passwordHash)).toEqual({ m: "19456", t: "2", p: "1" });
      expect(row.passwordHash).not.toContain(TEST_PASSWORD);
      // Each hash has its own salt.
      const twin = await signUpAndVerify(app, "admin");
      const admin = await prisma.admin.findUniqueOrThrow({ where: { email: twin.email } });
      expect(argon2Params(admin.passwordHash)).toEqual({ m: "19456", t: "2", p: "1" });
      expect(admin.passwordHash).not.toBe(row.passwordHash);
    });
  });
});
