import { describe, expect, it } from "vitest";
import { logIn, mailsTo, signUpAndVerify, TEST_PASSWORD } from "#testing/accounts.ts";
import { rest } from "#testing/app.ts";
import { app, NEW_PASSWORD, profileForm, useApp } from "#testing/rest.ts";
import { coverImage } from "../../seed/images.ts";

/** The learner's profile form, PUT /api/auth/update (rest/accounts/profile.ts). */
describe("REST /api/auth", () => {
  useApp();

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
});
