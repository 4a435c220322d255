import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { printSchemaFile, SCHEMA_FILE } from "./print.ts";

/** graphql-schema-linter has no types; the two modules its own CLI uses. */
const require = createRequire(import.meta.url);
const { Configuration } = require("graphql-schema-linter/lib/configuration.js") as {
  Configuration: new (schema: { definition: string; sourceMap: unknown }, options?: object) => { getRules(): unknown[] };
};
const { validateSchemaDefinition } = require("graphql-schema-linter/lib/validator.js") as {
  validateSchemaDefinition(
    schema: { definition: string; sourceMap: unknown },
    rules: unknown[],
    configuration: unknown,
  ): { message: string }[];
};

describe("schema.graphql", () => {
  it("is the schema Pothos builds (run `npm run schema` after changing the API)", () => {
    expect(readFileSync(SCHEMA_FILE, "utf8")).toBe(printSchemaFile());
  });

  it("passes graphql-schema-linter's default rules: every type, field, argument and enum value is described", () => {
    const schema = { definition: printSchemaFile(), sourceMap: null };
    const configuration = new Configuration(schema, {});
    const rules = configuration.getRules();
    expect(rules.length).toBeGreaterThan(10);
    const errors = validateSchemaDefinition(schema, rules, configuration).map((e) => e.message);
    expect(errors).toEqual([]);
  });
});
