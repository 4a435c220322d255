import { createHash } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  codeIn,
  lastMailTo,
  learnerWithToken,
  logIn,
  mailsTo,
  resetRateLimits,
  resetTokenIn,
  signUp,
  signUpAndVerify,
  signUpBody,
  TEST_PASSWORD,
  uniqueEmail,
} from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { escapeHtml } from "../domain/accounts/mails.ts";
import { coverImage } from "../seed/images.ts";

/** The parameters of an argon2id PHC string ($argon2id$v=19$m=..,t=..,p=..$salt$hash), whatever their order. */
function argon2Params(hash: string): Record<string, string> {
  const parts = hash.split("$");
  expect(parts[1]).toBe("argon2id");
  expect(parts[2]).toBe("v=19");
  expect(parts).toHaveLength(6);
  return Object.fromEntries((parts[3] ?? "").split(",").map((kv) => kv.split("=") as [string, string]));
}

const NO_TOKEN = "Authentication token not found. Please log in.";
const NEW_PASSWORD = "N3w!Secret-pass";

/** A multipart form for PUT /api/auth/update with the required profile fields filled in. */
function profileForm(fields: Record<string, string> = {}, image?: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  const all = { firstName: "Ada", lastName: "Lovelace", contact: "+234 801 234 5678", description: "I like engines.", ...fields };
  for (const [k, v] of Object.entries(all)) form.append(k, v);
  if (image) form.append("image", new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return form;
}

describe("REST /api/auth", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  beforeEach(() => resetRateLimits(app));

  describe("the full flow", () => {
    it("learner: sign-up, mail, verify, login, check-auth, logout, token rejected", async () => {
      const body = signUpBody({ email: uniqueEmail("Flow").toUpperCase() });
      const signedUp = await rest(app, "POST", "/api/auth/signup/learner", { body });
      expect(signedUp.status).toBe(201);
      expect(signedUp.body).toEqual({
        message: "Account created successfully! Please check your email to verify.",
        email: body.email.toLowerCase(),
      });

      const email = body.email.toLowerCase();
      const mails = await mailsTo(app, email);
      expect(mails).toHaveLength(1);
      const mail = mails[0]!;
      expect(mail.subject).toMatch(/verification code/i);
      const code = codeIn(mail);
      expect(mail.html).toContain(code);

      // Not verified yet.
      const early = await rest(app, "POST", "/api/auth/login", { body: { email, password: TEST_PASSWORD } });
      expect(early.status).toBe(403);
      expect(early.body.message).toBe("Please verify your email before logging in.");

      const verified = await rest(app, "POST", "/api/auth/verify-email", { body: { email, token: code } });
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({ message: "Email verified successfully. You can now log in." });

      const loggedIn = await rest(app, "POST", "/api/auth/login", { body: { email: body.email, password: TEST_PASSWORD } });
      expect(loggedIn.status).toBe(200);
      expect(loggedIn.body.message).toBe("Login successful!");
      expect(loggedIn.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(loggedIn.body.user).toMatchObject({ role: "learner", email, firstName: "Ada", lastName: "Lovelace", disabled: false });
      expect(loggedIn.body.user._id).toMatch(/^[0-9a-f-]{36}$/);
      expect(loggedIn.body.user).not.toHaveProperty("passwordHash");
      const token = loggedIn.body.token as string;

      const checked = await rest(app, "GET", "/api/auth/check-auth", { token });
      expect(checked.status).toBe(200);
      expect(checked.body.user).toMatchObject({ _id: loggedIn.body.user._id, email });

      const out = await rest(app, "POST", "/api/auth/logout", { token });
      expect(out.status).toBe(200);
      expect(out.body.message).toBe("Logged out successfully.");

      const after = await rest(app, "GET", "/api/auth/check-auth", { token });
      expect(after.status).toBe(401);
      expect(after.body.message).toBe(NO_TOKEN);
      expect((await rest(app, "POST", "/api/auth/logout", { token })).status).toBe(401);
    });

    it("admin: sign-up, verify, login, admin logout", async () => {
      const admin = await signUpAndVerify(app, "admin");
      const out = await rest(app, "POST", "/api/admin/auth/logout", { token: admin.token });
      expect(out.status).toBe(200);
      const again = await rest(app, "POST", "/api/admin/auth/logout", { token: admin.token });
      expect(again.status).toBe(401);
      expect(again.body.message).toBe(NO_TOKEN);
    });

    it("verified, unverified and unknown e-mails get the same answer to a code (no account enumeration)", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const pending = await signUp(app, "learner");
      const wrong = pending.code === "123456" ? "654321" : "123456";
      const answers = await Promise.all(
        [learner.email, pending.email, uniqueEmail()].map((email) =>
          rest(app, "POST", "/api/auth/verify-email", { body: { email, token: email === learner.email ? learner.code : wrong } }),
        ),
      );
      for (const answer of answers) {
        expect(answer.status).toBe(400);
        expect(answer.body).toEqual(answers[2]?.body);
      }
      expect(answers[2]?.body.message).toBe("Invalid OTP. Please check the code and try again.");
    });
  });

  describe("e-mail codes", () => {
    it("dies after 5 wrong codes: the right code fails on the 6th attempt", async () => {
      const account = await signUp(app, "learner");
      const wrong = account.code === "000000" ? "111111" : "000000";
      for (let i = 1; i <= 5; i++) {
        const res = await rest(app, "POST", "/api/auth/verify-email", { body: { email: account.email, token: wrong } });
        expect(res.status).toBe(400);
        expect(res.body.message).toBe(
          i < 5 ? "Invalid OTP. Please check the code and try again." : "Too many wrong attempts. Please request a new code later.",
        );
        expect(res.body.errors).toEqual([{ field: "code", message: res.body.message }]);
      }
      const right = await rest(app, "POST", "/api/auth/verify-email", { body: { email: account.email, token: account.code } });
      expect(right.status).toBe(400);
      expect(right.body.message).toBe("Too many wrong attempts. Please request a new code later.");
      const refused = await rest(app, "POST", "/api/auth/login", { body: { email: account.email, password: TEST_PASSWORD } });
      expect(refused.body.message).toBe("Please verify your email before logging in.");
    });

    it("fails with the expired message after 15 minutes", async () => {
      const account = await signUp(app, "learner");
      const code = await app.services.db.prisma.emailCode.findFirstOrThrow({
        where: { learner: { email: account.email }, purpose: "VERIFY_EMAIL", consumedAt: null },
      });
      // Issued for 15 minutes.
      expect(code.expiresAt.getTime() - code.createdAt.getTime()).toBeGreaterThan(14.9 * 60_000);
      expect(code.expiresAt.getTime() - code.createdAt.getTime()).toBeLessThanOrEqual(15 * 60_000 + 1000);
      await app.services.db.prisma.emailCode.update({ where: { id: code.id }, data: { expiresAt: new Date(Date.now() - 1000) } });
      const res = await rest(app, "POST", "/api/auth/verify-email", { body: { email: account.email, token: account.code } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("This code has expired. Please request a new one.");
    });

    it("resend: at most once a minute (429, cooldown message, retry-after); the new code voids the old one", async () => {
      const account = await signUp(app, "learner");
      const first = await rest(app, "POST", "/api/auth/resend-token", { body: { email: account.email } });
      expect(first.status).toBe(200);
      expect(first.body.message).toBe("If this email has an account waiting for verification, a new code has been sent.");
      const mails = await mailsTo(app, account.email);
      expect(mails).toHaveLength(2);
      const newCode = codeIn(mails[1]!);

      const second = await rest(app, "POST", "/api/auth/resend-token", { body: { email: account.email } });
      expect(second.status).toBe(429);
      expect(second.body.message).toBe("Please wait a minute before requesting a new code.");
      expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(second.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      expect(await mailsTo(app, account.email)).toHaveLength(2);

      if (newCode !== account.code) {
        const old = await rest(app, "POST", "/api/auth/verify-email", { body: { email: account.email, token: account.code } });
        expect(old.status).toBe(400);
        expect(old.body.message).toBe("Invalid OTP. Please check the code and try again.");
      }
      const ok = await rest(app, "POST", "/api/auth/verify-email", { body: { email: account.email, token: newCode } });
      expect(ok.status).toBe(200);
      expect(await logIn(app, account.email, TEST_PASSWORD)).toBeTruthy();
    });

    it("wrong tries count against one code: a code sent after five wrong ones still works", async () => {
      const account = await signUp(app, "learner");
      const wrong = account.code === "000000" ? "111111" : "000000";
      for (let i = 0; i < 5; i++) await rest(app, "POST", "/api/auth/verify-email", { body: { email: account.email, token: wrong } });
      const dead = await rest(app, "POST", "/api/auth/verify-email", { body: { email: account.email, token: account.code } });
      expect(dead.body.message).toBe("Too many wrong attempts. Please request a new code later.");
      expect((await rest(app, "POST", "/api/auth/resend-token", { body: { email: account.email } })).status).toBe(200);
      const fresh = codeIn(await lastMailTo(app, account.email));
      const res = await rest(app, "POST", "/api/auth/verify-email", { body: { email: account.email, token: fresh } });
      expect(res.status).toBe(200);
    });

    it("an unverified account cannot log in", async () => {
      const account = await signUp(app, "admin");
      const res = await rest(app, "POST", "/api/auth/login", { body: { email: account.email, password: TEST_PASSWORD } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        message: "Please verify your email before logging in.",
        errors: [{ message: "Please verify your email before logging in." }],
      });
    });
  });

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
    const strip = (r: { status: number; body: unknown; headers: Headers }) => ({
      status: r.status,
      body: r.body,
      type: r.headers.get("content-type"),
    });

    it("forgot-password answers a known and an unknown e-mail alike", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const unknown = uniqueEmail("nobody");
      const known = await rest(app, "POST", "/api/auth/forgot-password", { body: { email: learner.email } });
      const other = await rest(app, "POST", "/api/auth/forgot-password", { body: { email: unknown } });
      expect(strip(known)).toEqual(strip(other));
      expect(known.status).toBe(200);
      expect(await mailsTo(app, unknown)).toHaveLength(0);
      expect((await lastMailTo(app, learner.email)).subject).toBe("Reset your LearnHub password");
    });

    it("resend answers an unverified, a verified and an unknown e-mail alike", async () => {
      const pending = await signUp(app, "learner");
      const verified = await signUpAndVerify(app, "learner");
      const unknown = uniqueEmail("nobody");
      const answers = [];
      for (const email of [pending.email, verified.email, unknown]) {
        answers.push(strip(await rest(app, "POST", "/api/auth/resend-token", { body: { email } })));
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]).toEqual(answers[2]);
      expect(await mailsTo(app, pending.email)).toHaveLength(2);
      expect(await mailsTo(app, verified.email)).toHaveLength(1);
      expect(await mailsTo(app, unknown)).toHaveLength(0);
      // The cooldown applies to unknown addresses too, so it reveals nothing either.
      const again = [];
      for (const email of [pending.email, unknown]) {
        again.push(strip(await rest(app, "POST", "/api/auth/resend-token", { body: { email } })));
      }
      expect(again[0]).toEqual(again[1]);
      expect(again[0]?.status).toBe(429);
    });

    it("sign-up with an existing e-mail answers like a new one and mails the owner instead", async () => {
      const owner = await signUpAndVerify(app, "learner");
      const fresh = signUpBody();
      const created = await rest(app, "POST", "/api/auth/signup/learner", { body: fresh });
      const repeated = await rest(app, "POST", "/api/auth/signup/learner", {
        body: signUpBody({ email: owner.email, firstName: "Mallory", password: "Attack3r!pass", confirmPassword: "Attack3r!pass" }),
      });
      expect(repeated.status).toBe(created.status);
      expect(repeated.body).toEqual({ ...created.body, email: owner.email });
      expect(repeated.headers.get("content-type")).toBe(created.headers.get("content-type"));

      const mails = await mailsTo(app, owner.email);
      expect(mails.at(-1)?.subject).toBe("You already have a LearnHub account");
      expect(mails.at(-1)?.text).toContain("Hi Ada");
      // Nothing about the account changed.
      expect(await logIn(app, owner.email, TEST_PASSWORD)).toBeTruthy();
      const wrong = await rest(app, "POST", "/api/auth/login", { body: { email: owner.email, password: "Attack3r!pass" } });
      expect(wrong.status).toBe(400);
      const learner = await app.services.db.prisma.learner.findUniqueOrThrow({ where: { email: owner.email } });
      expect(learner.firstName).toBe("Ada");

      // The other role's form with the same e-mail behaves the same.
      const asAdmin = await rest(app, "POST", "/api/auth/signup/admin", { body: signUpBody({ email: owner.email }) });
      expect(asAdmin.status).toBe(201);
      expect(asAdmin.body.message).toBe(created.body.message);
      expect(await app.services.db.prisma.admin.count({ where: { email: owner.email } })).toBe(0);
    });

    it("login answers an unknown e-mail and a wrong password alike", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const unknown = await rest(app, "POST", "/api/auth/login", { body: { email: uniqueEmail("nobody"), password: TEST_PASSWORD } });
      const wrong = await rest(app, "POST", "/api/auth/login", { body: { email: learner.email, password: `${TEST_PASSWORD}x` } });
      expect(strip(unknown)).toEqual(strip(wrong));
      expect(unknown.status).toBe(400);
      expect(unknown.body).toEqual({ message: "Invalid email or password.", errors: [{ message: "Invalid email or password." }] });
    });
  });

  describe("disabled accounts", () => {
    it("a learner who disables their account is logged out and cannot log in", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const res = await rest(app, "PUT", "/api/auth/update", { token: learner.token, body: profileForm({ disabled: "true" }) });
      expect(res.status).toBe(200);
      expect(res.body.user.disabled).toBe(true);
      const check = await rest(app, "GET", "/api/auth/check-auth", { token: learner.token });
      expect(check.status).toBe(401);
      const refused = await rest(app, "POST", "/api/auth/login", { body: { email: learner.email, password: TEST_PASSWORD } });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe("This account has been disabled.");
      // A wrong password still says only that.
      const wrong = await rest(app, "POST", "/api/auth/login", { body: { email: learner.email, password: `${TEST_PASSWORD}x` } });
      expect(wrong.body.message).toBe("Invalid email or password.");
      // No reset link for a disabled account, and the answer does not tell.
      const before = (await mailsTo(app, learner.email)).length;
      const forgot = await rest(app, "POST", "/api/auth/forgot-password", { body: { email: learner.email } });
      expect(forgot.status).toBe(200);
      expect(await mailsTo(app, learner.email)).toHaveLength(before);
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

    it("a sign-up flood from one address", async () => {
      const statuses = [];
      for (let i = 0; i < 11; i++) statuses.push((await rest(app, "POST", "/api/auth/signup/learner", { body: signUpBody() })).status);
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
      expect(statuses[10]).toBe(429);
      const res = await rest(app, "POST", "/api/auth/signup/admin", { body: signUpBody() });
      expect(res.status).toBe(429);
      expect(res.body.message).toBe("Too many attempts. Please wait a moment and try again.");
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    });

    it("code verification guesses from one address", async () => {
      let res = { status: 0, body: {} as any, headers: new Headers() };
      for (let i = 0; i < 31; i++) {
        res = await rest(app, "POST", "/api/auth/verify-email", { body: { email: uniqueEmail("guess"), token: "123456" } });
      }
      expect(res.status).toBe(429);
      expect(res.body.message).toBe("Too many attempts. Please wait a moment and try again.");
    });

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

  describe("profile update", () => {
    it("stores a real PNG and serves it with nosniff", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const png = coverImage([10, 20, 200], [200, 40, 10], 32, 32);
      const res = await rest(app, "PUT", "/api/auth/update", {
        token: learner.token,
        body: profileForm({ location: "Lagos", gender: "Female", firstName: "Augusta" }, { bytes: png, name: "me.png", type: "image/png" }),
      });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe("Profile updated successfully!");
      expect(res.body.token).toBe(learner.token);
      expect(res.body.user).toMatchObject({
        firstName: "Augusta",
        location: "Lagos",
        gender: "Female",
        description: "I like engines.",
        contact: "+234 801 234 5678",
      });
      const image = res.body.user.image as string;
      expect(image).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
      const served = await app.fetch(image);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(served.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

      // Replacing the picture removes the old file.
      const next = await rest(app, "PUT", "/api/auth/update", {
        token: learner.token,
        body: profileForm({}, { bytes: coverImage([0, 0, 0], [255, 255, 255], 8, 8), name: "x.png", type: "image/png" }),
      });
      expect(next.status).toBe(200);
      expect(next.body.user.image).not.toBe(image);
      expect((await app.fetch(image)).status).toBe(404);
      const checked = await rest(app, "GET", "/api/auth/check-auth", { token: learner.token });
      expect(checked.body.user.image).toBe(next.body.user.image);
    });

    it("refuses a text file named .png and an image over 5 MB", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const fake = await rest(app, "PUT", "/api/auth/update", {
        token: learner.token,
        body: profileForm({}, { bytes: new TextEncoder().encode("just some text, not a picture"), name: "me.png", type: "image/png" }),
      });
      expect(fake.status).toBe(400);
      expect(fake.body.message).toBe("Image must be a JPEG, PNG or WebP file.");

      const huge = new Uint8Array(5 * 1024 * 1024 + 10);
      huge.set(coverImage([1, 2, 3], [4, 5, 6], 4, 4));
      const big = await rest(app, "PUT", "/api/auth/update", {
        token: learner.token,
        body: profileForm({}, { bytes: huge, name: "big.png", type: "image/png" }),
      });
      expect(big.status).toBe(413);
      expect(big.body.message).toBe("Image must be 5 MB or smaller.");
      const checked = await rest(app, "GET", "/api/auth/check-auth", { token: learner.token });
      expect(checked.body.user.image).toBeNull();
    });

    it("validates contact, description and gender with the messages of docs/product.md, Validation", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const cases: [Record<string, string>, string][] = [
        [{ contact: "abc" }, "Please enter a valid phone number."],
        [{ contact: "" }, "Please enter a valid phone number."],
        [{ description: "" }, "Description is required."],
        [{ description: "   " }, "Description is required."],
        [{ gender: "Other" }, "Gender must be Male or Female."],
        [{ disabled: "maybe" }, "disabled must be true or false."],
      ];
      for (const [fields, message] of cases) {
        const res = await rest(app, "PUT", "/api/auth/update", { token: learner.token, body: profileForm(fields) });
        expect(res.status, JSON.stringify(fields)).toBe(400);
        expect(res.body.message).toBe(message);
        expect(res.body.errors?.[0]?.message).toBe(message);
      }
      const noDescription = new FormData();
      noDescription.append("contact", "0801 234 5678");
      const missing = await rest(app, "PUT", "/api/auth/update", { token: learner.token, body: noDescription });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toBe("Description is required.");
    });

    it("password change: confirmation must match, the current password must be right; then a new token", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const other = await logIn(app, learner.email, TEST_PASSWORD);

      const mismatch = await rest(app, "PUT", "/api/auth/update", {
        token: learner.token,
        body: profileForm({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: "Different1!" }),
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.message).toBe("New passwords do not match.");

      const wrongCurrent = await rest(app, "PUT", "/api/auth/update", {
        token: learner.token,
        body: profileForm({ currentPassword: "Not-the-r1ght-one", newPassword: NEW_PASSWORD }),
      });
      expect(wrongCurrent.status).toBe(400);
      expect(wrongCurrent.body.message).toBe("Current password is incorrect.");

      const weak = await rest(app, "PUT", "/api/auth/update", {
        token: learner.token,
        body: profileForm({ currentPassword: TEST_PASSWORD, newPassword: "weakweak" }),
      });
      expect(weak.status).toBe(400);
      expect(weak.body.message).toBe("Password must include uppercase, lowercase, number and special character");
      expect((await rest(app, "GET", "/api/auth/check-auth", { token: learner.token })).status).toBe(200);

      const changed = await rest(app, "PUT", "/api/auth/update", {
        token: learner.token,
        body: profileForm({ currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD, confirmNewPassword: NEW_PASSWORD }),
      });
      expect(changed.status).toBe(200);
      const newToken = changed.body.token as string;
      expect(newToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(newToken).not.toBe(learner.token);
      expect((await rest(app, "GET", "/api/auth/check-auth", { token: learner.token })).status).toBe(401);
      expect((await rest(app, "GET", "/api/auth/check-auth", { token: other })).status).toBe(401);
      expect((await rest(app, "GET", "/api/auth/check-auth", { token: newToken })).status).toBe(200);
      expect((await rest(app, "POST", "/api/auth/login", { body: { email: learner.email, password: TEST_PASSWORD } })).status).toBe(400);
      expect(await logIn(app, learner.email, NEW_PASSWORD)).toBeTruthy();

      // Only a new password without the current one: nothing about the password changes.
      const halfFilled = await rest(app, "PUT", "/api/auth/update", {
        token: newToken,
        body: profileForm({ newPassword: "Ignored1!pass" }),
      });
      expect(halfFilled.status).toBe(200);
      expect(halfFilled.body.token).toBe(newToken);
      expect(await logIn(app, learner.email, NEW_PASSWORD)).toBeTruthy();
    });

    it("accepts a JSON body too", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const res = await rest(app, "PUT", "/api/auth/update", {
        token: learner.token,
        body: { contact: "(080) 1234-5678", description: "Bio", gender: "male", location: "Accra" },
      });
      expect(res.status).toBe(200);
      expect(res.body.user).toMatchObject({ contact: "(080) 1234-5678", description: "Bio", gender: "Male", location: "Accra" });
    });
  });

  describe("names go into mails: short, no links, escaped", () => {
    it("sign-up and profile refuse long names, links and control characters; ordinary names pass", async () => {
      const refused: Record<string, string> = {
        "visit evil.com": "First name cannot contain a web or e-mail address.",
        "http://evil.example": "First name cannot contain a web or e-mail address.",
        "www.evil": "First name cannot contain a web or e-mail address.",
        "me@evil.example": "First name cannot contain a web or e-mail address.",
        "CLICK-HERE.ly": "First name cannot contain a web or e-mail address.",
        [`Ada${"a".repeat(48)}`]: "First name must be at most 50 characters",
        "Ada\u0007": "First name contains a character that is not allowed.",
        "Ada\nVisit us": "First name contains a character that is not allowed.",
        "Ada\u202Emoc.live": "First name contains a character that is not allowed.",
      };
      for (const [firstName, message] of Object.entries(refused)) {
        const res = await rest(app, "POST", "/api/auth/signup/learner", { body: signUpBody({ firstName }) });
        expect([firstName, res.status, res.body.message]).toEqual([firstName, 400, message]);
      }
      await resetRateLimits(app);
      for (const firstName of ["Zoë-Anne", "O'Neil", "St. John", "J.R.", "Ada".repeat(16)]) {
        const res = await rest(app, "POST", "/api/auth/signup/learner", { body: signUpBody({ firstName }) });
        expect([firstName, res.status]).toEqual([firstName, 201]);
      }
      const learner = await signUpAndVerify(app, "learner");
      const profile = await rest(app, "PUT", "/api/auth/update", { token: learner.token, body: profileForm({ lastName: "see www.evil" }) });
      expect(profile.status).toBe(400);
      expect(profile.body.message).toBe("Last name cannot contain a web or e-mail address.");
    });

    it("HTML in a name is escaped in the mail; a stored name that holds a link is left out of the greeting", async () => {
      const marked = await signUp(app, "learner", { firstName: `<img src=x onerror=alert(1)>"'&` });
      const mail = await lastMailTo(app, marked.email);
      expect(mail.html).toContain("Hi &#60;img src=x onerror=alert(1)&#62;&#34;&#39;&#38;, your verification code");
      expect(mail.html).not.toContain("<img");

      // A name stored before these rules (made directly in the database): the greeting goes without it.
      const { learner } = await learnerWithToken(app, { firstName: "visit evil.com" });
      await rest(app, "POST", "/api/auth/forgot-password", { body: { email: learner.email } });
      const reset = await lastMailTo(app, learner.email);
      expect(reset.text.startsWith("Hi,\n")).toBe(true);
      expect(`${reset.text}${reset.html}`).not.toContain("evil");
      expect(reset.html).toContain("<p>Hi, click the button");
    });
  });

  describe("validation messages (docs/product.md, Validation)", () => {
    it("admin sign-up", async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ firstName: "" }, "firstName", "First name is required"],
        [{ lastName: " " }, "lastName", "Last name is required"],
        [{ email: "" }, "email", "Email is required"],
        [{ email: "not-an-email" }, "email", "Email is invalid"],
        [{ contact: "" }, "contact", "Contact number is required"],
        [{ password: "", confirmPassword: "" }, "password", "Password is required"],
        [{ password: "Ab1!", confirmPassword: "Ab1!" }, "password", "Password must be at least 8 characters"],
        [
          { password: "alllowercase1!", confirmPassword: "alllowercase1!" },
          "password",
          "Password must include uppercase, lowercase, number and special character",
        ],
        [
          { password: "NoDigitsHere!", confirmPassword: "NoDigitsHere!" },
          "password",
          "Password must include uppercase, lowercase, number and special character",
        ],
        [
          { password: "NoSpecial123", confirmPassword: "NoSpecial123" },
          "password",
          "Password must include uppercase, lowercase, number and special character",
        ],
        [{ confirmPassword: "Different1!" }, "confirmPassword", "Passwords do not match"],
      ];
      for (const [overrides, field, message] of cases) {
        await resetRateLimits(app);
        const res = await rest(app, "POST", "/api/auth/signup/admin", { body: signUpBody(overrides) });
        expect(res.status, JSON.stringify(overrides)).toBe(400);
        expect(res.body.message).toBe(message);
        expect(res.body.errors).toContainEqual({ field, message });
      }
      // Every empty field reported at once, each under its own name.
      const all = await rest(app, "POST", "/api/auth/signup/admin", { body: {} });
      expect(all.status).toBe(400);
      expect(all.body.errors.map((e: { field: string }) => e.field)).toEqual([
        "firstName",
        "lastName",
        "email",
        "contact",
        "password",
        "confirmPassword",
      ]);
      expect(all.body.message).toBe("First name is required");
    });

    it("learner sign-up mismatch and a long passphrase", async () => {
      const res = await rest(app, "POST", "/api/auth/signup/learner", { body: signUpBody({ confirmPassword: "Different1!" }) });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe("Passwords do not match.");
      const long = `Aa1!${"x".repeat(200)}`;
      const ok = await rest(app, "POST", "/api/auth/signup/learner", { body: signUpBody({ password: long, confirmPassword: long }) });
      expect(ok.status).toBe(201);
    });

    it("OTP and forgot-password", async () => {
      for (const token of ["12345", "1234567", "abcdef", "", undefined]) {
        const res = await rest(app, "POST", "/api/auth/verify-email", { body: { email: uniqueEmail(), token } });
        expect(res.status, String(token)).toBe(400);
        expect(res.body.message).toBe("OTP must be 6 digits");
      }
      const noEmail = await rest(app, "POST", "/api/auth/forgot-password", { body: { email: "" } });
      expect(noEmail.status).toBe(400);
      expect(noEmail.body.message).toBe("Email is required");
      const missing = await rest(app, "POST", "/api/auth/forgot-password", { body: {} });
      expect(missing.body.message).toBe("Email is required");
      const invalid = await rest(app, "POST", "/api/auth/forgot-password", { body: { email: "nope@" } });
      expect(invalid.status).toBe(400);
      expect(invalid.body.message).toBe("Please enter a valid email address");
      const login = await rest(app, "POST", "/api/auth/login", { body: { email: "", password: "" } });
      expect(login.status).toBe(400);
      expect(login.body.errors).toEqual([
        { field: "email", message: "Email is required" },
        { field: "password", message: "Password is required" },
      ]);
    });
  });

  describe("malformed bodies never answer 5xx", () => {
    const routes: [string, string, boolean][] = [
      ["POST", "/api/auth/signup/admin", false],
      ["POST", "/api/auth/signup/learner", false],
      ["POST", "/api/auth/login", false],
      ["POST", "/api/auth/verify-email", false],
      ["POST", "/api/auth/resend-token", false],
      ["POST", "/api/auth/forgot-password", false],
      ["POST", "/api/auth/reset-password", false],
      ["POST", "/api/auth/logout", true],
      ["POST", "/api/admin/auth/logout", true],
      ["GET", "/api/auth/check-auth", true],
      ["PUT", "/api/auth/update", true],
    ];
    const bodies: [string, { body?: string; type?: string }][] = [
      ["invalid JSON", { body: "{not json", type: "application/json" }],
      ["a JSON array", { body: "[1,2,3]", type: "application/json" }],
      ["a JSON string", { body: '"hello"', type: "application/json" }],
      ["JSON null", { body: "null", type: "application/json" }],
      [
        "numbers and objects for strings",
        {
          body: JSON.stringify({ email: { $ne: 1 }, password: 12345678, firstName: [1], token: true, confirmPassword: {} }),
          type: "application/json",
        },
      ],
      [
        "a number where a string belongs",
        { body: JSON.stringify({ email: 42, password: 42, token: 123456, contact: 5, description: 7 }), type: "application/json" },
      ],
      ["an empty JSON body", { body: "", type: "application/json" }],
      ["no body at all", {}],
      [
        "huge strings",
        {
          body: JSON.stringify({
            email: `${"a".repeat(100_000)}@example.com`,
            password: "p".repeat(200_000),
            firstName: "f".repeat(100_000),
            token: "1".repeat(100_000),
            description: "d".repeat(100_000),
            contact: "1".repeat(100_000),
          }),
          type: "application/json",
        },
      ],
      ["a body over the size limit", { body: JSON.stringify({ email: "x".repeat(2 * 1024 * 1024) }), type: "application/json" }],
      [
        "NUL characters in strings (PostgreSQL text cannot hold them)",
        { body: JSON.stringify({ email: "a\u0000b", password: "Str0ng!Passw0rd", token: "12\u00003456" }), type: "application/json" },
      ],
      ["a form-urlencoded body", { body: "email=a%40b.c&password=x", type: "application/x-www-form-urlencoded" }],
      ["plain text", { body: "email=a@b.c", type: "text/plain" }],
      [
        "a broken multipart body",
        { body: '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nabc', type: "multipart/form-data; boundary=x" },
      ],
      ["multipart without a boundary", { body: "abc", type: "multipart/form-data" }],
      [
        "prototype keys",
        { body: '{"__proto__":{"admin":true},"constructor":{"prototype":{}},"email":"a@b.co"}', type: "application/json" },
      ],
    ];

    it("every /api/auth route, every kind of bad body: 4xx with a message", async () => {
      const learner = await signUpAndVerify(app, "learner");
      const failures: string[] = [];
      for (const [method, path, needsToken] of routes) {
        for (const [label, { body, type }] of bodies) {
          await resetRateLimits(app);
          const headers: Record<string, string> = {};
          if (type) headers["content-type"] = type;
          if (needsToken) headers.authorization = `Bearer ${learner.token}`;
          const res = await app.fetch(path, { method, headers, body: method === "GET" ? undefined : body });
          const text = await res.text();
          let json: any = null;
          try {
            json = JSON.parse(text);
          } catch {}
          // Routes that read no body may succeed; the profile update takes numbers as text ("5" is a phone number).
          const mayPass = method === "GET" || path.endsWith("/logout") || (path === "/api/auth/update" && label.startsWith("a number"));
          const fine = res.status < 500 && (mayPass || res.status >= 400);
          const shaped = res.status < 400 || (typeof json?.message === "string" && Array.isArray(json?.errors));
          if (!fine || !shaped) {
            failures.push(`${method} ${path} with ${label}: ${res.status} ${text.slice(0, 200)}`);
          }
          if (path.endsWith("/logout") && res.status === 200) {
            // The session was used up; log in again for the next case.
            await resetRateLimits(app);
            learner.token = await logIn(app, learner.email, TEST_PASSWORD);
          }
        }
      }
      expect(failures).toEqual([]);
      // The learner is still fine (no prototype pollution, no crash).
      expect((await rest(app, "GET", "/api/auth/check-auth", { token: learner.token })).status).toBe(200);
      expect(({} as Record<string, unknown>).admin).toBeUndefined();
    });

    // Issue 16 changed wrong methods on a known path from 404 to 405 (with Allow); unknown paths stay 404.
    it("unknown routes under /api answer 404 JSON, wrong methods on a known path 405 with Allow", async () => {
      const wrongMethod = await rest(app, "GET", "/api/auth/login");
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.headers.get("allow")).toBe("POST");
      expect(wrongMethod.body).toEqual({
        message: "GET is not allowed here. Allowed: POST.",
        errors: [{ message: "GET is not allowed here. Allowed: POST." }],
      });
      expect((await rest(app, "DELETE", "/api/auth/check-auth")).status).toBe(405);
      const unknown = await rest(app, "GET", "/api/auth/no-such-call");
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ message: "Not found." });
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

  describe("dev mailbox", () => {
    it("lists the outbox mails as a page and as JSON", async () => {
      const account = await signUp(app, "learner", { firstName: "Mailbox<b>" });
      const page = await app.fetch("/dev/mailbox");
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toMatch(/text\/html/);
      const html = await page.text();
      expect(html).toContain(account.email);
      expect(html).toContain(`Your LearnHub verification code: ${account.code}`);
      expect(html).toContain("Mailbox&#60;b&#62;");
      expect(html).not.toContain("Mailbox<b>");

      const json = await rest(app, "GET", `/dev/mailbox.json?to=${encodeURIComponent(account.email.toUpperCase())}`);
      expect(json.status).toBe(200);
      expect(json.body.mails).toHaveLength(1);
      expect(json.body.mails[0]).toMatchObject({ to: account.email, subject: `Your LearnHub verification code: ${account.code}` });
      expect(json.body.mails[0].html).toContain(account.code);
    });
  });
});

describe("in production", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ NODE_ENV: "production" });
  });
  afterAll(() => app.close());

  it("has no dev mailbox", async () => {
    const account = await signUp(app, "learner");
    expect(account.code).toMatch(/^\d{6}$/);
    const page = await app.fetch("/dev/mailbox");
    const html = await page.text();
    expect(html).not.toContain(account.email);
    expect(html).not.toContain(account.code);
    expect(html).not.toContain("Dev mailbox");
    const json = await app.fetch("/dev/mailbox.json");
    expect(json.status).toBe(404);
    const text = await json.text();
    expect(text).not.toContain(account.email);
  });

  it("still answers malformed bodies with 4xx, not 5xx", async () => {
    const res = await app.fetch("/api/auth/login", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(res.status).toBe(400);
    const message = "The request body is not valid JSON.";
    expect(await res.json()).toEqual({ message, errors: [{ message }] });
  });
});
