import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  codeIn,
  lastMailTo,
  learnerWithToken,
  logIn,
  mailsTo,
  resetRateLimits,
  signUp,
  signUpAndVerify,
  signUpBody,
  TEST_PASSWORD,
  uniqueEmail,
} from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { app, asSeenOutside, NO_TOKEN, profileForm, useApp } from "#testing/rest.ts";

/** Sign-up, the e-mailed verification code and the mails it sends (rest/accounts/signup.ts). */
describe("REST /api/auth", () => {
  useApp();

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

  describe("no account enumeration", () => {
    it("resend answers an unverified, a verified and an unknown e-mail alike", async () => {
      const pending = await signUp(app, "learner");
      const verified = await signUpAndVerify(app, "learner");
      const unknown = uniqueEmail("nobody");
      const answers = [];
      for (const email of [pending.email, verified.email, unknown]) {
        answers.push(asSeenOutside(await rest(app, "POST", "/api/auth/resend-token", { body: { email } })));
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]).toEqual(answers[2]);
      expect(await mailsTo(app, pending.email)).toHaveLength(2);
      expect(await mailsTo(app, verified.email)).toHaveLength(1);
      expect(await mailsTo(app, unknown)).toHaveLength(0);
      // The cooldown applies to unknown addresses too, so it reveals nothing either.
      const again = [];
      for (const email of [pending.email, unknown]) {
        again.push(asSeenOutside(await rest(app, "POST", "/api/auth/resend-token", { body: { email } })));
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
  });

  describe("rate limits", () => {
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
      // A verified account's own name, in the mail a repeat sign-up of its address sends it.
      const { learner: marked } = await learnerWithToken(app, { firstName: `<img src=x onerror=alert(1)>"'&` });
      await rest(app, "POST", "/api/auth/signup/learner", { body: signUpBody({ email: marked.email }) });
      const mail = await lastMailTo(app, marked.email);
      expect(mail.subject).toBe("You already have a LearnHub account");
      expect(mail.html).toContain("Hi &#60;img src=x onerror=alert(1)&#62;&#34;&#39;&#38;,");
      expect(mail.html).not.toContain("<img");
      // Before the address is verified, the name typed into the sign-up is not in its mail at all.
      const unverified = await signUp(app, "learner", { firstName: `<img src=x onerror=alert(1)>"'&` });
      const code = await lastMailTo(app, unverified.email);
      expect(code.html).toContain("Hi, your verification code");
      expect(`${code.text}${code.html}`).not.toMatch(/onerror|&#60;img/);

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

  describe("dev mailbox", () => {
    it("lists the outbox mails as a page and as JSON", async () => {
      const account = await signUp(app, "learner");
      const { learner: named } = await learnerWithToken(app, { firstName: "Mailbox<b>" });
      await rest(app, "POST", "/api/auth/signup/learner", { body: signUpBody({ email: named.email }) });
      // Its "already registered" mail is sent by a job: wait for it before reading the page.
      expect((await lastMailTo(app, named.email)).subject).toBe("You already have a LearnHub account");
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
});
