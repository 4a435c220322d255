import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { operationName, renderLearner } from "../../../test/renderLearner.tsx";

const CODE = "ABCD-EFGH-JKMN";
const found = { code: CODE, name: "Ama Mensah", track: "Data Science", date: "2026-11-25", status: "VALID", revokedAt: null };

function verify(certificate: Record<string, unknown> | null) {
  return renderLearner(`/certificates/${CODE}`, {
    answer: (operation) => {
      if (operationName(operation) !== "CertificatePageQuery") return undefined;
      expect(operation.request.variables).toEqual({ code: CODE });
      return { data: { certificate } };
    },
  });
}

describe("certificate verification page", () => {
  it("shows the name, track, date and Valid under an h1", async () => {
    verify(found);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Certificate verification");
    expect(await screen.findByText("Valid")).toBeTruthy();
    for (const text of ["Ama Mensah", "Data Science", "November 25, 2026", CODE]) expect(screen.getByText(text)).toBeTruthy();
  });

  it("says Revoked with the day it was revoked", async () => {
    verify({ ...found, status: "REVOKED", revokedAt: "2026-12-01" });
    expect(await screen.findByText("Revoked on December 1, 2026")).toBeTruthy();
    expect(screen.queryByText("Valid")).toBeNull();
  });

  it("says 'Certificate not found.' for an unknown code", async () => {
    verify(null);
    expect((await screen.findByRole("alert")).textContent).toBe("Certificate not found.");
  });
});
