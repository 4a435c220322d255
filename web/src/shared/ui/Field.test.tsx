import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TextField } from "./Field.tsx";

describe("TextField", () => {
  it("shows its error under the field and marks the input invalid", () => {
    render(<TextField label="Email" name="email" error="Email is invalid" />);
    const input = screen.getByLabelText("Email");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    const describedBy = input.getAttribute("aria-describedby");
    expect(describedBy).toBeTruthy();
    expect(document.getElementById(describedBy!)?.textContent).toBe("Email is invalid");
  });

  it("is valid without an error and describes itself with its hint", () => {
    render(<TextField label="Password" type="password" hint="At least 8 characters" />);
    const input = screen.getByLabelText("Password");
    expect(input.hasAttribute("aria-invalid")).toBe(false);
    expect(document.getElementById(input.getAttribute("aria-describedby")!)?.textContent).toBe("At least 8 characters");
  });

  it("keeps its hint beside an error, the error read first", () => {
    render(<TextField label="Password" type="password" hint="At least 8 characters" error="Password is required" />);
    const input = screen.getByLabelText("Password");
    const texts = input
      .getAttribute("aria-describedby")!
      .split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(texts).toEqual(["Password is required", "At least 8 characters"]);
  });
});
