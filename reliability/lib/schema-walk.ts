import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
} from "graphql";

/**
 * Builds operations from the executable schema, so that tests cover every field there is (and new ones as they are
 * added) instead of a hand-picked list.
 */

export type RootKind = "query" | "mutation" | "subscription";

export interface RootField {
  kind: RootKind;
  name: string;
  field: GraphQLField<unknown, unknown>;
}

export function rootFields(schema: GraphQLSchema): RootField[] {
  const roots: [RootKind, ReturnType<GraphQLSchema["getQueryType"]>][] = [
    ["query", schema.getQueryType()],
    ["mutation", schema.getMutationType()],
    ["subscription", schema.getSubscriptionType()],
  ];
  return roots.flatMap(([kind, type]) => (type ? Object.values(type.getFields()).map((field) => ({ kind, name: field.name, field })) : []));
}

/** The Pothos auth scopes a field or type declares (scope-auth keeps its options in the schema's extensions). */
export function declaredScopes(thing: { extensions?: unknown }): Record<string, unknown> | "function" | null {
  const options = (thing.extensions as { pothosOptions?: { authScopes?: unknown } } | undefined)?.pothosOptions;
  const scopes = options?.authScopes;
  if (!scopes) return null;
  return typeof scopes === "function" ? "function" : (scopes as Record<string, unknown>);
}

const needsArgs = (field: GraphQLField<unknown, unknown>) => field.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined);

/**
 * A selection set for an output type: its leaf fields, and its object fields down to `depth` more levels. Union and
 * interface members are selected with inline fragments. Fields with required arguments are left out; list fields
 * that page take `first: 3`. Kept small enough for the server's depth, token and cost limits.
 */
export function selectionFor(schema: GraphQLSchema, type: GraphQLOutputType, depth = 1, seen: string[] = []): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return "";
  if (isUnionType(named) || isInterfaceType(named)) {
    const members = isUnionType(named) ? named.getTypes() : schema.getPossibleTypes(named);
    // An interface's members (Node's are every type) select their own scalars only: with their relations the
    // operation passes the server's token limit. Each type is also walked through its own fields.
    const memberDepth = isInterfaceType(named) ? 0 : depth;
    return `{ __typename ${members.map((member) => `... on ${member.name} ${objectSelection(schema, member, memberDepth, seen)}`).join(" ")} }`;
  }
  return objectSelection(schema, named, depth, seen);
}

function objectSelection(schema: GraphQLSchema, type: GraphQLNamedType, depth: number, seen: string[]): string {
  if (!isObjectType(type) && !isInterfaceType(type)) return "";
  const parts: string[] = ["__typename"];
  for (const field of Object.values(type.getFields())) {
    if (needsArgs(field)) continue;
    const named = getNamedType(field.type);
    if (isLeafType(named)) {
      parts.push(field.name);
      continue;
    }
    if (depth <= 0 || seen.includes(named.name)) continue;
    const args = field.args.some((a) => a.name === "first") ? "(first: 3)" : "";
    const inner = selectionFor(schema, field.type, depth - 1, [...seen, type.name]);
    if (inner) parts.push(`${field.name}${args} ${inner}`);
  }
  return `{ ${parts.join(" ")} }`;
}

/**
 * How to fill an argument or input field (given its schema extensions, e.g. Pothos' relayGlobalIDFor); undefined
 * leaves an optional one out and a required one to the default.
 */
export type Filler = (path: string[], type: GraphQLInputType, extensions?: Record<string, unknown>) => unknown;

/** The object types a global-ID argument or input field accepts (Pothos records them), or null for any. */
export function globalIdTypes(extensions: Record<string, unknown> | undefined): string[] | null {
  const accepted = extensions?.relayGlobalIDFor as { typename: string }[] | null | undefined;
  return accepted?.length ? accepted.map((t) => t.typename) : null;
}

/** A plausible valid value of an input type (the shape the server expects); required parts only unless `all`. */
export function plausibleValue(
  type: GraphQLInputType,
  path: string[],
  fill: Filler,
  all = false,
  extensions?: Record<string, unknown>,
): unknown {
  const given = fill(path, type, extensions);
  if (given !== undefined) return given;
  if (isNonNullType(type)) return plausibleValue(type.ofType, path, fill, all, extensions) ?? defaultLeaf(type.ofType);
  if (isListType(type)) return [plausibleValue(type.ofType, [...path, "0"], fill, all, extensions)];
  if (isInputObjectType(type)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields())) {
      const fieldExtensions = field.extensions as Record<string, unknown>;
      const inner = fill([...path, field.name], field.type, fieldExtensions);
      if (inner !== undefined) value[field.name] = inner;
      else if (all || isNonNullType(field.type)) {
        const v = plausibleValue(field.type, [...path, field.name], fill, all, fieldExtensions);
        if (v !== undefined) value[field.name] = v;
      }
    }
    return value;
  }
  return undefined;
}

function defaultLeaf(type: GraphQLInputType): unknown {
  if (isEnumType(type)) return type.getValues()[0]?.value;
  const name = getNamedType(type).name;
  switch (name) {
    case "Int":
      return 1;
    case "Float":
      return 1.5;
    case "Boolean":
      return false;
    case "Date":
      return "2026-01-15";
    case "DateTime":
      return "2026-01-15T10:00:00.000Z";
    case "Upload":
      return null;
    default:
      return "x";
  }
}

/** The type of every argument as a variable definition, e.g. `$input: SignUpInput!`. */
export function variableDefinitions(args: readonly GraphQLArgument[]): string {
  return args.length ? `(${args.map((a) => `$${a.name}: ${a.type.toString()}`).join(", ")})` : "";
}

/** `kind op($a: T) { name(a: $a) <selection> }` for a root field, with every argument as a variable. */
export function operationFor(schema: GraphQLSchema, root: RootField, selectionDepth = 1): string {
  const args = root.field.args;
  const call = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(", ")})` : "";
  const selection = selectionFor(schema, root.field.type, selectionDepth);
  return `${root.kind} Op${variableDefinitions(args)} { ${root.name}${call} ${selection} }`;
}

/** Every place in an argument's type where an ID goes (paths into the variables). */
export function idPaths(schemaType: GraphQLInputType, path: string[] = []): string[][] {
  const named = getNamedType(schemaType);
  if (named.name === "ID") return [path];
  if (isInputObjectType(named)) {
    return Object.values(named.getFields()).flatMap((f) => idPaths(f.type, [...path, f.name]));
  }
  return [];
}
