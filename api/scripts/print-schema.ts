import { writeFileSync } from "node:fs";
import { printSchemaFile, SCHEMA_FILE } from "../src/graphql/print.ts";

/** Writes schema.graphql at the repo root from the Pothos schema (relay-compiler and reviewers read it). */
writeFileSync(SCHEMA_FILE, printSchemaFile());
console.log(`wrote ${SCHEMA_FILE}`);
