import { describe, expect, it } from "vitest";
import { changeLines } from "./auditChanges.ts";

describe("audit changes", () => {
  it("shows each changed field as 'field: before → after', with — for a value that did not exist", () => {
    expect(changeLines('{"priceCents":[45000,1],"staffRole":[null,"FINANCE"],"tags":[["a"],["a","b"]]}')).toEqual([
      "priceCents: 45000 → 1",
      "staffRole: — → FINANCE",
      'tags: ["a"] → ["a","b"]',
    ]);
  });

  it("shows nothing for no changes and text that is not the JSON of changes as it is", () => {
    expect(changeLines(null)).toEqual([]);
    expect(changeLines("not json")).toEqual(["not json"]);
    expect(changeLines("[1,2]")).toEqual(["[1,2]"]);
  });
});
