import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { lastMailTo, logIn, mailsTo, resetTokenIn, signUpAndVerify, TEST_PASSWORD, uniqueEmail } from "#testing/accounts.ts";
import { rest } from "#testing/app.ts";
import { app, asSeenOutside, NEW_PASSWORD, profileForm, useApp } from "#testing/rest.ts";

/** The password-reset link and setting a new password with it (rest/accounts/passwords.ts). */
describe("REST /api/auth", () => {
  useApp();

  describe("password reset", () => {
    it("mails a single-use link; the new password works, the old one and every earlier session do not", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const otherSession = await logIn(app, learner.email, TEST_PASSWORD);

      const asked = await rest(app, "POST", "/api/auth/forgot-password", { body: { email: learner.email } });
      expect(asked.status).toBe(200);
      expect(asked.body).toEqual({ message: "If an account exists for this email, a reset link has been sent." });
      const mail = await lastMailTo(app, learner.email);
      expect(mail.subject).toBe("Reset your LearnHub password");
      const { link, token } = resetTokenIn(mail);
      expect(link.startsWith(`${app.url}/reset-password?token=`)).toBe(true);
      expect(mail.html).toContain(link.replace(/&/g, "&#38;"));

      const reset = await rest(app, "POST", "/api/auth/reset-password", {
        body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(reset.status).toBe(200);
      expect(reset.body).toEqual({ message: "Your password has been reset. You can now log in." });

      for (const old of [learner.token, otherSession]) {
        expect((await rest(app, "GET", "/api/auth/check-auth", { token: old })).status).toBe(401);
      }
      const oldPassword = await rest(app, "POST", "/api/auth/login", { body: { email: learner.email, password: TEST_PASSWORD } });
      expect(oldPassword.status).toBe(400);
      expect(oldPassword.body.message).toBe("Invalid email or password.");
      const fresh = await logIn(app, learner.email, NEW_PASSWORD);
      expect((await rest(app, "GET", "/api/auth/check-auth", { token: fresh })).status).toBe(200);

      const twice = await rest(app, "POST", "/api/auth/reset-password", {
        body: { token, password: "An0ther!Secret", confirmPassword: "An0ther!Secret" },
      });
      expect(twice.status).toBe(400);
      expect(twice.body.message).toBe("This reset link is invalid or has expired. Please request a new one.");
      expect(await logIn(app, learner.email, NEW_PASSWORD)).toBeTruthy();
    });

    it("an admin's link opens the admin console", async () => {
      const admin = await signUpAndVerify(app, "admin");
      await rest(app, "POST", "/api/auth/forgot-password", { body: { email: admin.email } });
      const { link } = resetTokenIn(await lastMailTo(app, admin.email));
      const expected = new URL(app.url);
      expected.hostname = `admin.${expected.hostname}`;
      expect(link.startsWith(`${expected.origin}/reset-password?token=`)).toBe(true);
    });

    it("a link expires after 1 hour", async () => {
      const learner = await signUpAndVerify(app, "learner");
      await rest(app, "POST", "/api/auth/forgot-password", { body: { email: learner.email } });
      const { token } = resetTokenIn(await lastMailTo(app, learner.email));
      const { prisma } = app.services.db;
      const code = await prisma.emailCode.findFirstOrThrow({ where: { learner: { email: learner.email }, purpose: "RESET_PASSWORD" } });
      expect(code.expiresAt.getTime() - code.createdAt.getTime()).toBeGreaterThan(59.9 * 60_000);
      expect(code.expiresAt.getTime() - code.createdAt.getTime()).toBeLessThanOrEqual(60 * 60_000 + 1000);
      await prisma.emailCode.update({ where: { id: code.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      const res = await rest(app, "POST", "/api/auth/reset-password", {
        body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("This reset link is invalid or has expired. Please request a new one.");
      expect(await logIn(app, learner.email, TEST_PASSWORD)).toBeTruthy();
    });

    it("a newer link voids the older one; a made-up token fails", async () => {
      const learner = await signUpAndVerify(app, "learner");
      await rest(app, "POST", "/api/auth/forgot-password", { body: { email: learner.email } });
      const first = resetTokenIn(await lastMailTo(app, learner.email)).token;
      await rest(app, "POST", "/api/auth/forgot-password", { body: { email: learner.email } });
      const second = resetTokenIn(await lastMailTo(app, learner.email)).token;
      const body = (token: string) => ({ token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
      expect((await rest(app, "POST", "/api/auth/reset-password", { body: body(first) })).status).toBe(400);
      expect((await rest(app, "POST", "/api/auth/reset-password", { body: body("x".repeat(43)) })).status).toBe(400);
      expect((await rest(app, "POST", "/api/auth/reset-password", { body: body(second) })).status).toBe(200);
    });

    it("a password change in the profile, or a reset, voids every reset link still outstanding", async () => {
      const body = (token: string, password = NEW_PASSWORD) => ({ token, password, confirmPassword: password });
      const learner = await signUpAndVerify(app, "learner");
      await rest(app, "POST", "/api/auth/forgot-password", { body: { email: learner.email } });
      const { token } = resetTokenIn(await lastMailTo(app, learner.email));
      const changed = await rest(app, "PUT", "/api/auth/update", {
        token: learner.token,
        body: profileForm({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }),
      });
      expect(changed.status).toBe(200);
      const stale = await rest(app, "POST", "/api/auth/reset-password", { body: body(token, "Att@cker-choice1") });
      expect(stale.status).toBe(400);
      expect(stale.body.message).toBe("This reset link is invalid or has expired. Please request a new one.");
      expect(await logIn(app, learner.email, NEW_PASSWORD)).toBeTruthy();

      // Two links live at once (one of them planted directly): using one voids the other.
      await rest(app, "POST", "/api/auth/forgot-password", { body: { email: learner.email } });
      const mailed = resetTokenIn(await lastMailTo(app, learner.email)).token;
      const { prisma } = app.services.db;
      const live = await prisma.emailCode.findFirstOrThrow({ where: { learner: { email: learner.email }, consumedAt: null } });
      const planted = "planted-reset-token-0123456789";
      await prisma.emailCode.create({
        data: {
          role: "LEARNER",
          learnerId: live.learnerId,
          purpose: "RESET_PASSWORD",
          codeHash: createHash("sha256").update(planted).digest("hex"),
          expiresAt: live.expiresAt,
        },
      });
      expect((await rest(app, "POST", "/api/auth/reset-password", { body: body(mailed, "Fresh#Pass-21") })).status).toBe(200);
      expect((await rest(app, "POST", "/api/auth/reset-password", { body: body(planted, "Fresh#Pass-22") })).status).toBe(400);
      expect(await logIn(app, learner.email, "Fresh#Pass-21")).toBeTruthy();
    });

    it("the new password must follow the rules and match", async () => {
      const learner = await signUpAndVerify(app, "learner");
      await rest(app, "POST", "/api/auth/forgot-password", { body: { email: learner.email } });
      const { token } = resetTokenIn(await lastMailTo(app, learner.email));
      const weak = await rest(app, "POST", "/api/auth/reset-password", { body: { token, password: "short", confirmPassword: "short" } });
      expect(weak.status).toBe(400);
      expect(weak.body.message).toBe("Password must be at least 8 characters");
      const mismatch = await rest(app, "POST", "/api/auth/reset-password", {
        body: { token, password: NEW_PASSWORD, confirmPassword: `${NEW_PASSWORD}x` },
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.message).toBe("Passwords do not match");
      // Refused attempts do not use the link up.
      const ok = await rest(app, "POST", "/api/auth/reset-password", {
        body: { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
      });
      expect(ok.status).toBe(200);
    });
  });

  describe("no account enumeration", () => {
    it("forgot-password answers a known and an unknown e-mail alike", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const unknown = uniqueEmail("nobody");
      const known = await rest(app, "POST", "/api/auth/forgot-password", { body: { email: learner.email } });
      const other = await rest(app, "POST", "/api/auth/forgot-password", { body: { email: unknown } });
      expect(asSeenOutside(known)).toEqual(asSeenOutside(other));
      expect(known.status).toBe(200);
      expect(await mailsTo(app, unknown)).toHaveLength(0);
      expect((await lastMailTo(app, learner.email)).subject).toBe("Reset your LearnHub password");
    });
  });

  describe("rate limits", () => {
    it("forgot-password, per e-mail and per address", async () => {
      const email = uniqueEmail("forgot");
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await rest(app, "POST", "/api/auth/forgot-password", { body: { email } })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      let last = { status: 0, body: {} as any, headers: new Headers() };
      for (let i = 0; i < 17; i++) last = await rest(app, "POST", "/api/auth/forgot-password", { body: { email: uniqueEmail("f") } });
      expect(last.status).toBe(429);
      expect(last.body.message).toMatch(/^Too many attempts/);
      expect(last.headers.get("retry-after")).toBeTruthy();
    });
  });
});
