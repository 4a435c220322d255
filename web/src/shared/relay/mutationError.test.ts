import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import {
  buildSchema,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  isAbstractType,
  isInterfaceType,
  isObjectType,
  Kind,
  parse,
  type SelectionSetNode,
  TypeInfo,
  visit,
  visitWithTypeInfo,
} from "graphql";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The rule for a mutation's typed errors (docs/ARCHITECTURE.md, "The parts", web/src/shared/): every field of a
 * mutation whose type holds the `Error` types (the result unions) selects them with the one shared fragment,
 * `...mutationError_error @alias(as: "failure") @relay(mask: false)` (mutationError.ts), and the forms read
 * `result.failure`. So the field errors and the message are selected and read one way everywhere.
 *
 * What it refuses: no spread, a spread without that alias or unmasked, and `message` or `fieldErrors` selected by
 * hand on an error type (`... on Error { message }`, `... on ValidationError { fieldErrors { ... } }`, or a fragment
 * of one's own on an error type). What it allows: an error type's other fields beside the spread, for a page that
 * needs them (`... on RateLimitError { retryAfterSeconds }`). Queries are not checked: a query's result union (the
 * report, a coupon's quote, an invitation) is part of what its page shows.
 *
 * The documents are the `graphql` tags of web/src, found with TypeScript's parser and read with graphql-js against
 * schema.graphql (`npm run schema` writes it).
 */
const FRAGMENT = "mutationError_error";
const ALIAS = "failure";
/** What the shared fragment selects; an error type's other fields may be selected beside it. */
const FRAGMENT_FIELDS = new Set(["message", "fieldErrors"]);

// Tests run from the repository root.
const ROOT = process.cwd();

interface Tag {
  file: string;
  line: number;
  /** The document, or null for a tag with a substitution in it (Relay compiles none). */
  text: string | null;
}

/** Every `graphql` tagged template of a TypeScript or TSX source. */
function graphqlTags(source: string, file: string): Tag[] {
  const sourceFile = ts.createSourceFile(
    file,
    source,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const tags: Tag[] = [];
  const walk = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && node.tag.text === "graphql") {
      const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
      tags.push({ file, line, text: ts.isNoSubstitutionTemplateLiteral(node.template) ? node.template.text : null });
    }
    ts.forEachChild(node, walk);
  };
  walk(sourceFile);
  return tags;
}

interface Checked {
  /** `Operation.field` for each mutation field whose type holds the error types. */
  fields: string[];
  violations: string[];
}

/** Checks the mutations of `tags`; `fragments` are the named fragments of the whole app (a spread's definition). */
function checkMutationErrors(schema: GraphQLSchema, tags: Tag[], fragments = fragmentsOf(tags)): Checked {
  const error = schema.getType("Error");
  if (!isInterfaceType(error)) throw new Error("schema.graphql has no Error interface");
  const isErrorType = (type: GraphQLNamedType | null | undefined) =>
    !!type && (type === error || (isObjectType(type) && type.getInterfaces().includes(error)));
  const holdsErrors = (type: GraphQLNamedType) => isAbstractType(type) && schema.getPossibleTypes(type).some(isErrorType);

  const fields: string[] = [];
  const violations: string[] = [];
  for (const tag of tags) {
    const where = `${tag.file}:${tag.line}`;
    if (tag.text === null) {
      violations.push(`${where}: a graphql tag with a substitution in it, which Relay cannot compile`);
      continue;
    }
    const document = parse(tag.text);
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION || definition.operation !== "mutation") continue;
      const operation = definition.name?.value ?? "(anonymous mutation)";
      const typeInfo = new TypeInfo(schema);
      visit(
        definition,
        visitWithTypeInfo(typeInfo, {
          Field(node) {
            const type = typeInfo.getType();
            if (!type || !node.selectionSet || !holdsErrors(getNamedType(type))) return;
            const name = `${operation}.${node.alias?.value ?? node.name.value}`;
            fields.push(name);
            violations.push(
              ...checkSelection(name, node.selectionSet, getNamedType(type) as GraphQLCompositeType).map((v) => `${where}: ${v}`),
            );
          },
        }),
      );
    }
  }
  return { fields, violations };

  /** The problems of one result field's selection: the shared spread, and no error field of the fragment's by hand. */
  function checkSelection(name: string, selection: SelectionSetNode, type: GraphQLCompositeType): string[] {
    const problems: string[] = [];
    const spreads = selection.selections.filter((s) => s.kind === Kind.FRAGMENT_SPREAD && s.name.value === FRAGMENT);
    if (spreads.length === 0) problems.push(`${name} does not spread ...${FRAGMENT}`);
    for (const spread of spreads) {
      const directive = (directiveName: string, argument: string) =>
        spread.directives?.find((d) => d.name.value === directiveName)?.arguments?.find((a) => a.name.value === argument)?.value;
      const alias = directive("alias", "as");
      const mask = directive("relay", "mask");
      if (alias?.kind !== Kind.STRING || alias.value !== ALIAS || mask?.kind !== Kind.BOOLEAN || mask.value !== false) {
        problems.push(`${name} spreads ...${FRAGMENT} without @alias(as: "${ALIAS}") @relay(mask: false)`);
      }
    }
    const byHand = (selectionSet: SelectionSetNode, parent: GraphQLNamedType | null | undefined, seen: Set<string>) => {
      for (const s of selectionSet.selections) {
        if (s.kind === Kind.FIELD) {
          if (isErrorType(parent) && FRAGMENT_FIELDS.has(s.name.value)) {
            problems.push(`${name} selects ${parent?.name}.${s.name.value} by hand instead of through ...${FRAGMENT}`);
          }
        } else if (s.kind === Kind.INLINE_FRAGMENT) {
          byHand(s.selectionSet, s.typeCondition ? schema.getType(s.typeCondition.name.value) : parent, seen);
        } else if (s.name.value !== FRAGMENT && !seen.has(s.name.value)) {
          const fragment = fragments.get(s.name.value);
          if (fragment) byHand(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value), new Set([...seen, s.name.value]));
        }
      }
    };
    byHand(selection, type, new Set());
    return problems;
  }
}

function fragmentsOf(tags: Tag[]): Map<string, FragmentDefinitionNode> {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const { text } of tags) {
    if (text === null) continue;
    for (const definition of parse(text).definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    }
  }
  return fragments;
}

function sourceFiles(folder: string): string[] {
  return (readdirSync(folder, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/(^|\/)__generated__(\/|$)/.test(entry.parentPath))
    .map((entry) => join(entry.parentPath, entry.name));
}

const schema = buildSchema(readFileSync(join(ROOT, "schema.graphql"), "utf8"));

describe("mutation errors", () => {
  it("every mutation of the web app selects its typed errors with ...mutationError_error", () => {
    const tags = sourceFiles(join(ROOT, "web/src")).flatMap((file) => {
      const source = readFileSync(file, "utf8");
      // Only a module that writes the tag can hold one; the parser reads those alone.
      return source.includes("graphql`") ? graphqlTags(source, relative(ROOT, file)) : [];
    });
    const { fields, violations } = checkMutationErrors(schema, tags);
    expect(violations).toEqual([]);
    // The tags were found: the shared fragment's own module, and mutations of both sites.
    expect(tags.some((tag) => tag.file === "web/src/shared/relay/mutationError.ts")).toBe(true);
    expect(fields).toEqual(expect.arrayContaining(["LoginPageMutation.login", "AdminLoginFormMutation.login"]));
  }, 30_000);

  describe("refuses a planted violation", () => {
    const SHARED = `fragment ${FRAGMENT} on Error { message ... on ValidationError { fieldErrors { field message } } }`;
    const SPREAD = `...${FRAGMENT} @alias(as: "${ALIAS}") @relay(mask: false)`;
    /** A module with one graphql tag per document, as a page would hold them; the shared fragment comes along. */
    const check = (...documents: string[]) => {
      const source = [SHARED, ...documents].map((document, i) => `const d${i} = graphql\`${document}\`;`).join("\n");
      return checkMutationErrors(schema, graphqlTags(source, "planted.tsx")).violations;
    };
    const deleteTrack = (selection: string) => `mutation PlantedMutation($id: ID!) { deleteTrack(id: $id) { __typename ${selection} } }`;

    it("accepts the shared spread, with an error type's other fields beside it", () => {
      expect(check(deleteTrack(`... on DeletePayload { archived } ${SPREAD}`))).toEqual([]);
      expect(check(deleteTrack(`${SPREAD} ... on RateLimitError { retryAfterSeconds }`))).toEqual([]);
      // Queries keep their own selection.
      expect(check(`query PlantedQuery { report(from: "2025-01-01", to: "2025-02-01") { __typename ... on Error { message } } }`)).toEqual(
        [],
      );
    });

    it("refuses the message selected by hand", () => {
      expect(check(deleteTrack("... on Error { message }"))).toEqual([
        "planted.tsx:2: PlantedMutation.deleteTrack does not spread ...mutationError_error",
        "planted.tsx:2: PlantedMutation.deleteTrack selects Error.message by hand instead of through ...mutationError_error",
      ]);
    });

    it("refuses field errors selected by hand beside the spread, directly or through a fragment of one's own", () => {
      expect(check(deleteTrack(`${SPREAD} ... on ValidationError { fieldErrors { field } }`))).toEqual([
        "planted.tsx:2: PlantedMutation.deleteTrack selects ValidationError.fieldErrors by hand instead of through ...mutationError_error",
      ]);
      expect(check("fragment Planted_error on NotFoundError { message }", deleteTrack(`${SPREAD} ...Planted_error`))).toEqual([
        "planted.tsx:3: PlantedMutation.deleteTrack selects NotFoundError.message by hand instead of through ...mutationError_error",
      ]);
    });

    it("refuses a mutation that does not spread the fragment, or spreads it masked or under another name", () => {
      expect(check(deleteTrack(""))).toEqual(["planted.tsx:2: PlantedMutation.deleteTrack does not spread ...mutationError_error"]);
      expect(check(deleteTrack(`...${FRAGMENT} @alias @relay(mask: false)`))).toEqual([
        'planted.tsx:2: PlantedMutation.deleteTrack spreads ...mutationError_error without @alias(as: "failure") @relay(mask: false)',
      ]);
      expect(check(deleteTrack(`...${FRAGMENT} @alias(as: "${ALIAS}")`))).toEqual([
        'planted.tsx:2: PlantedMutation.deleteTrack spreads ...mutationError_error without @alias(as: "failure") @relay(mask: false)',
      ]);
    });

    it("refuses a tag it cannot read", () => {
      const source = `const id = 1;\nconst m = graphql\`mutation M { deleteTrack(id: \${id}) { __typename } }\`;`;
      expect(checkMutationErrors(schema, graphqlTags(source, "planted.ts")).violations).toEqual([
        "planted.ts:2: a graphql tag with a substitution in it, which Relay cannot compile",
      ]);
    });
  });
});
