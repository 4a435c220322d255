import { describe, expect, it } from "vitest";
import { changeLines } from "./auditChanges.ts";

describe("audit changes", () => {
  it("shows each changed field as 'field: before → after', with — for a value that did not exist", () => {
    expect(
      changeLines(
        '{"priceCents":[45000,1],"staffRole":[null,"FINANCE"],"approvedAt":[null,"2026-11-24T06:52:41.727Z"],"tags":[["a"],["a","b"]]}',
      ),
    ).toEqual(["priceCents: 45000 → 1", "staffRole: — → FINANCE", "approvedAt: — → 2026-11-24 06:52 UTC", 'tags: ["a"] → ["a","b"]']);
  });

  it("shows nothing for no changes and text that is not the JSON of changes as it is", () => {
    expect(changeLines(null)).toEqual([]);
    expect(changeLines("not json")).toEqual(["not json"]);
    expect(changeLines("[1,2]")).toEqual(["[1,2]"]);
  });
});
