import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lintSchema } from "./checks.ts";
import { printSchemaFile, SCHEMA_FILE } from "./print.ts";

describe("schema.graphql", () => {
  it("is the schema Pothos builds (run `npm run schema` after changing the API)", () => {
    expect(readFileSync(SCHEMA_FILE, "utf8")).toBe(printSchemaFile());
  });

  it("passes graphql-schema-linter's default rules: every type, field, argument and enum value is described", () => {
    const { rules, errors } = lintSchema();
    expect(rules).toBeGreaterThan(10);
    expect(errors).toEqual([]);
  });
});
