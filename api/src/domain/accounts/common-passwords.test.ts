import { describe, expect, it } from "vitest";
import { isCommonPassword } from "./common-passwords.ts";

describe("common passwords", () => {
  it("refuses list entries in any case", () => {
    for (const p of ["password", "PASSWORD", "Qwerty", "iloveyou"]) expect(isCommonPassword(p), p).toBe(true);
  });

  it("refuses common words dressed up to meet the composition rules", () => {
    const dressed = [
      "P@ssw0rd",
      "Pa$$w0rd",
      "Password1!",
      "Password@123",
      "Welcome@123",
      "Qwerty123!",
      "Admin@123",
      "Test@123",
      "Abc@12345",
      "Summer2024!",
      "!!Dragon99",
    ];
    for (const p of dressed) expect(isCommonPassword(p), p).toBe(true);
  });

  it("accepts passwords whose core is not a common word", () => {
    const fine = ["Demo@Admin2026", "Tr0ub4dor&3", "Correct-Horse-Battery-9", "Xk9#mPq2!vL", "Kofi@Mensah1987", "Ama.Owusu#44"];
    for (const p of fine) expect(isCommonPassword(p), p).toBe(false);
  });
});
