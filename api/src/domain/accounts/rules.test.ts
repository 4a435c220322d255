import { describe, expect, it } from "vitest";
import * as shared from "../../../../common/accounts.ts";
import { parseInput } from "../validation.ts";
import * as rules from "./rules.ts";

/** The server's account rules are the shared ones the browser forms run (common/accounts.ts), plus its own. */
describe("account rules shared with the browser", () => {
  const firstMessage = (schema: Parameters<typeof shared.fieldMessages>[0], value: unknown) => shared.fieldMessages(schema, value).input;

  it("answers the same message as the forms for every password the shared rule refuses", () => {
    for (const password of ["", "Sh0rt!", "alllowercase1!", "NoDigits!!", "n0special0nes", "x".repeat(1025)]) {
      const form = firstMessage(shared.passwordRule, password);
      expect(form, password).toBeTruthy();
      expect(firstMessage(rules.newPassword, password)).toBe(form);
    }
  });

  it("adds only what the browser cannot check: the common-password list", () => {
    expect(firstMessage(shared.passwordRule, "Password123!")).toBeUndefined();
    expect(firstMessage(rules.newPassword, "Password123!")).toBe(rules.COMMON_PASSWORD_MESSAGE);
  });

  it("takes names and e-mail with the forms' schemas and messages", () => {
    expect(rules.name).toBe(shared.name);
    expect(rules.email).toBe(shared.email);
    for (const value of ["", "  ", "x".repeat(51), "see evil.com", "Ada\u202E"]) {
      expect(() => parseInput(rules.name("First name"), value)).toThrow(firstMessage(shared.name("First name"), value));
    }
    expect(firstMessage(shared.email(), "grace@")).toBe("Email is invalid");
  });
});
