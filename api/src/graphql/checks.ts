import { createRequire } from "node:module";
import { printSchemaFile } from "./print.ts";

/**
 * Checks the tests (api and reliability) share: the printed schema through graphql-schema-linter, and the GraphiQL
 * page's references. Test code only: graphql-schema-linter is a devDependency.
 */

interface LintSchema {
  definition: string;
  sourceMap: null;
}
const require = createRequire(import.meta.url);
/** graphql-schema-linter has no types: the two modules its own CLI uses. */
const { Configuration } = require("graphql-schema-linter/lib/configuration.js") as {
  Configuration: new (schema: LintSchema, options?: object) => { getRules(): unknown[] };
};
const { validateSchemaDefinition } = require("graphql-schema-linter/lib/validator.js") as {
  validateSchemaDefinition(schema: LintSchema, rules: unknown[], configuration: unknown): { message: string }[];
};

/** graphql-schema-linter's default rules (no configuration: all of its rules) on the schema `npm run schema` prints. */
export function lintSchema(): { rules: number; errors: string[] } {
  const schema: LintSchema = { definition: printSchemaFile(), sourceMap: null };
  const configuration = new Configuration(schema, {});
  const rules = configuration.getRules();
  return { rules: rules.length, errors: validateSchemaDefinition(schema, rules, configuration).map((e) => e.message) };
}

/**
 * The GraphiQL page (GET /graphql as a browser asks for it), the files it references (and the editor workers its start
 * script names), and how each answered.
 */
export async function graphiqlReferences(fetch: (path: string, init?: RequestInit) => Promise<Response>) {
  const page = await fetch("/graphql", { headers: { accept: "text/html" } });
  const html = await page.text();
  const references = [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((m) => m[1] as string);
  const external = references.filter((ref) => !ref.startsWith("/") || ref.startsWith("//"));
  const answers: { path: string; status: number; bytes: number }[] = [];
  for (const path of references.filter((ref) => !external.includes(ref))) {
    const res = await fetch(path);
    const body = await res.text();
    answers.push({ path, status: res.status, bytes: body.length });
    if (path.endsWith("/start.js")) {
      for (const worker of body.matchAll(/"(\/[^"]+\.worker\.js)"/g)) {
        const w = await fetch(worker[1] as string);
        answers.push({ path: worker[1] as string, status: w.status, bytes: (await w.text()).length });
      }
    }
  }
  return { status: page.status, html, references, external, answers };
}
