import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { printSchemaFile, SCHEMA_FILE } from "./print.ts";

describe("schema.graphql", () => {
  it("is the schema Pothos builds (run `npm run schema` after changing the API)", () => {
    expect(readFileSync(SCHEMA_FILE, "utf8")).toBe(printSchemaFile());
  });
});
