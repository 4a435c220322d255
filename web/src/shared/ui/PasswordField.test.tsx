import { act, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { passwordStrength } from "../format/passwordStrength.ts";
import { PasswordField } from "./PasswordField.tsx";

function NewPassword({ error }: { error?: string }) {
  const [value, setValue] = useState("");
  return (
    <PasswordField
      label="Password"
      hint="At least 8 characters with uppercase, lowercase, a number and a special character."
      meter
      error={error ?? null}
      value={value}
      onChange={(e) => setValue(e.target.value)}
    />
  );
}

const input = () => screen.getByLabelText(/^Password/, { selector: "input" }) as HTMLInputElement;

describe("PasswordField", () => {
  it("shows and hides the password with a named toggle whose aria-pressed says which, keeping focus on the toggle", () => {
    render(<NewPassword />);
    const toggle = screen.getByRole("button", { name: "Show password" });
    expect(input().type).toBe("password");
    expect(toggle.getAttribute("aria-pressed")).toBe("false");
    toggle.focus();
    act(() => toggle.click());
    expect(input().type).toBe("text");
    expect(toggle.getAttribute("aria-pressed")).toBe("true");
    expect(document.activeElement).toBe(toggle);
    act(() => toggle.click());
    expect(input().type).toBe("password");
  });

  it("keeps the rule's hint beside an error, both read with the field", () => {
    render(<NewPassword error="Password must be at least 8 characters" />);
    const ids = input().getAttribute("aria-describedby")!.split(" ");
    const texts = ids.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual([
      "Password must be at least 8 characters",
      "At least 8 characters with uppercase, lowercase, a number and a special character.",
    ]);
    expect(screen.getByText("At least 8 characters with uppercase, lowercase, a number and a special character.")).toBeTruthy();
  });

  it("shows a strength meter as the password is typed, read with the field", () => {
    render(<NewPassword />);
    expect(screen.queryByText(/^Password strength/)).toBeNull();
    fireEvent.change(input(), { target: { value: "password1" } });
    expect(screen.getByText("Password strength: Weak")).toBeTruthy();
    fireEvent.change(input(), { target: { value: "Tr4vel-Lagos-2031!" } });
    const strength = screen.getByText("Password strength: Strong");
    expect(input().getAttribute("aria-describedby")!.split(" ")).toContain(strength.id);
  });

  it("rates length and variety, and caps predictable passwords", () => {
    expect(passwordStrength("").score).toBe(0);
    expect(passwordStrength("Ab1!").score).toBeLessThanOrEqual(1);
    expect(passwordStrength("Password123!").score).toBe(1);
    expect(passwordStrength("aaaaaaaaaaaaaaaa!A1").score).toBe(1);
    expect(passwordStrength("Kx9#mq2Lw7").score).toBe(3);
    expect(passwordStrength("Tr4vel-Lagos-2031!").score).toBe(4);
  });
});
