import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fromRoot } from "../paths.ts";
import type { SqlConnection } from "./client.ts";

/**
 * Compares schema.prisma with a migrated database: tables, columns (type, nullability, default), indexes
 * (columns, order, method, operator class, uniqueness), foreign keys and enums. Prisma's own `migrate diff`
 * needs a native engine this environment cannot download, so the comparison is done here from Prisma's DMMF
 * (computed by Prisma's WebAssembly schema module) and PostgreSQL's catalogue.
 */
export const SCHEMA_PATH = fromRoot("api", "prisma", "schema.prisma");

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: "scalar" | "enum" | "object";
  type: string;
  isRequired: boolean;
  isList: boolean;
  isUpdatedAt: boolean;
  nativeType?: [string, string[]] | null;
  default?: { name: string } | unknown;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}
interface DmmfIndex {
  model: string;
  type: "id" | "unique" | "normal" | "fulltext";
  algorithm?: string;
  fields: { name: string; sortOrder?: "asc" | "desc"; operatorClass?: string }[];
}
interface Dmmf {
  datamodel: { models: DmmfModel[]; enums: { name: string; values: { name: string }[] }[]; indexes: DmmfIndex[] };
}

function readDmmf(schemaPath = SCHEMA_PATH): Dmmf {
  const wasm = createRequire(import.meta.url)("@prisma/prisma-schema-wasm") as { get_dmmf(params: string): string };
  const schema = readFileSync(schemaPath, "utf8");
  return JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: [["schema.prisma", schema]] })));
}

const CLIENT_SIDE_DEFAULTS = new Set(["uuid", "cuid", "nanoid", "ulid"]);

function columnType(f: DmmfField): string {
  if (f.kind === "enum") return f.type;
  const native = f.nativeType?.[0];
  const precision = f.nativeType?.[1]?.[0];
  switch (f.type) {
    case "String":
      return native === "Uuid" ? "uuid" : native === "VarChar" ? `varchar(${precision})` : "text";
    case "Int":
      return "integer";
    case "BigInt":
      return "bigint";
    case "Float":
      return "double precision";
    case "Boolean":
      return "boolean";
    case "Json":
      return native === "Json" ? "json" : "jsonb";
    case "DateTime":
      if (native === "Date") return "date";
      if (native === "Timestamptz") return `timestamptz(${precision ?? 6})`;
      return `timestamp(${precision ?? 3})`;
    default:
      return f.type.toLowerCase();
  }
}

/** PostgreSQL's internal type names, as array columns report their element type, to the names columns are compared by. */
const ELEMENT_TYPES: Record<string, string> = { int4: "integer", int8: "bigint", float8: "double precision", bool: "boolean" };

const ON_DELETE: Record<string, string> = { a: "NoAction", r: "Restrict", c: "Cascade", n: "SetNull", d: "SetDefault" };

/** A schema's shape as both sides are compared: tables, column types, indexes, foreign keys and enums, each as text. */
function emptyShape() {
  return {
    tables: new Set<string>(),
    columns: new Map<string, string>(),
    indexes: new Set<string>(),
    fks: new Set<string>(),
    enums: new Set<string>(),
  };
}

function expected(dmmf: Dmmf) {
  const out = emptyShape();
  const tableOf = new Map(dmmf.datamodel.models.map((m) => [m.name, m.dbName ?? m.name]));
  const columnOf = (model: DmmfModel, field: string) => {
    const f = model.fields.find((x) => x.name === field);
    return f?.dbName ?? field;
  };
  for (const m of dmmf.datamodel.models) {
    const table = m.dbName ?? m.name;
    out.tables.add(table);
    for (const f of m.fields) {
      if (f.kind === "object") {
        if (f.relationFromFields?.length) {
          const onDelete = f.relationOnDelete ?? (f.isRequired ? "Restrict" : "SetNull");
          const target = dmmf.datamodel.models.find((x) => x.name === f.type) as DmmfModel;
          out.fks.add(
            `${table}(${f.relationFromFields.map((c) => columnOf(m, c)).join(",")}) -> ${tableOf.get(f.type)}(${(f.relationToFields ?? []).map((c) => columnOf(target, c)).join(",")}) on delete ${onDelete}`,
          );
        }
        continue;
      }
      const def = f.default as { name?: string } | undefined;
      const hasDbDefault = f.default !== undefined && !(def?.name && CLIENT_SIDE_DEFAULTS.has(def.name));
      out.columns.set(
        `${table}.${f.dbName ?? f.name}`,
        `${columnType(f)}${f.isList ? "[]" : ""} ${f.isRequired ? "not null" : "null"}${hasDbDefault ? " default" : ""}`,
      );
    }
  }
  for (const idx of dmmf.datamodel.indexes) {
    const model = dmmf.datamodel.models.find((x) => x.name === idx.model) as DmmfModel;
    const cols = idx.fields.map(
      (c) => `${columnOf(model, c.name)}${c.sortOrder === "desc" ? " desc" : ""}${c.operatorClass ? ` ${c.operatorClass}` : ""}`,
    );
    const kind = idx.type === "id" ? "primary" : idx.type === "unique" ? "unique" : "index";
    out.indexes.add(`${model.dbName ?? model.name} ${kind} ${(idx.algorithm ?? "BTree").toLowerCase()} (${cols.join(", ")})`);
  }
  for (const e of dmmf.datamodel.enums) out.enums.add(`${e.name}: ${e.values.map((v) => v.name).join(",")}`);
  return out;
}

async function actual(sql: SqlConnection) {
  const out = emptyShape();
  const tables = await sql.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> '_prisma_migrations'`,
  );
  for (const t of tables) out.tables.add(t.table_name);
  const columns = await sql.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    udt_name: string;
    is_nullable: string;
    column_default: string | null;
    datetime_precision: number | null;
    character_maximum_length: number | null;
  }>(
    `SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default, datetime_precision, character_maximum_length
     FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
  );
  for (const c of columns) {
    let type = c.data_type;
    if (type === "USER-DEFINED") type = c.udt_name;
    else if (type === "timestamp with time zone") type = `timestamptz(${c.datetime_precision})`;
    else if (type === "timestamp without time zone") type = `timestamp(${c.datetime_precision})`;
    else if (type === "character varying") type = `varchar(${c.character_maximum_length})`;
    else if (type === "ARRAY") {
      // An array's element type is given by its internal name (_int4): read as the columns' own names are.
      const element = c.udt_name.replace(/^_/, "");
      type = `${ELEMENT_TYPES[element] ?? element}[]`;
    }
    out.columns.set(
      `${c.table_name}.${c.column_name}`,
      `${type} ${c.is_nullable === "NO" ? "not null" : "null"}${c.column_default !== null ? " default" : ""}`,
    );
  }
  const indexes = await sql.query<{
    table: string;
    unique: boolean;
    primary: boolean;
    method: string;
    columns: string[];
    descs: boolean[];
    opclasses: (string | null)[];
  }>(
    `SELECT t.relname AS "table", ix.indisunique AS "unique", ix.indisprimary AS "primary", am.amname AS method,
       array(SELECT a.attname::text FROM unnest(ix.indkey) WITH ORDINALITY k(attnum, ord)
             JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
       array(SELECT (ix.indoption[k.ord - 1] & 1) = 1 FROM unnest(ix.indkey) WITH ORDINALITY k(attnum, ord) ORDER BY k.ord) AS descs,
       array(SELECT CASE WHEN opc.opcdefault THEN NULL ELSE opc.opcname::text END
             FROM unnest(ix.indclass) WITH ORDINALITY c(opc_oid, ord) JOIN pg_opclass opc ON opc.oid = c.opc_oid ORDER BY c.ord) AS opclasses
     FROM pg_index ix
     JOIN pg_class i ON i.oid = ix.indexrelid
     JOIN pg_class t ON t.oid = ix.indrelid
     JOIN pg_namespace n ON n.oid = t.relnamespace
     JOIN pg_am am ON am.oid = i.relam
     WHERE n.nspname = 'public' AND t.relname <> '_prisma_migrations'`,
  );
  for (const ix of indexes) {
    const cols = ix.columns.map((c, i) => `${c}${ix.descs[i] ? " desc" : ""}${ix.opclasses[i] ? ` ${ix.opclasses[i]}` : ""}`);
    const kind = ix.primary ? "primary" : ix.unique ? "unique" : "index";
    out.indexes.add(`${ix.table} ${kind} ${ix.method} (${cols.join(", ")})`);
  }
  const fks = await sql.query<{ table: string; ref: string; on_delete: string; columns: string[]; ref_columns: string[] }>(
    `SELECT t.relname AS "table", r.relname AS ref, c.confdeltype AS on_delete,
       array(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(num, ord)
             JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.num ORDER BY k.ord) AS columns,
       array(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(num, ord)
             JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.num ORDER BY k.ord) AS ref_columns
     FROM pg_constraint c
     JOIN pg_class t ON t.oid = c.conrelid
     JOIN pg_class r ON r.oid = c.confrelid
     JOIN pg_namespace n ON n.oid = c.connamespace
     WHERE c.contype = 'f' AND n.nspname = 'public'`,
  );
  for (const fk of fks) {
    out.fks.add(`${fk.table}(${fk.columns.join(",")}) -> ${fk.ref}(${fk.ref_columns.join(",")}) on delete ${ON_DELETE[fk.on_delete]}`);
  }
  const enums = await sql.query<{ name: string; values: string[] }>(
    `SELECT t.typname AS name, array(SELECT e.enumlabel::text FROM pg_enum e WHERE e.enumtypid = t.oid ORDER BY e.enumsortorder) AS values
     FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace WHERE t.typtype = 'e' AND n.nspname = 'public'`,
  );
  for (const e of enums) out.enums.add(`${e.name}: ${e.values.join(",")}`);
  return out;
}

function diffSets(label: string, want: Set<string>, have: Set<string>): string[] {
  return [
    ...[...want].filter((x) => !have.has(x)).map((x) => `${label} missing in database: ${x}`),
    ...[...have].filter((x) => !want.has(x)).map((x) => `${label} in database but not in schema.prisma: ${x}`),
  ];
}

/** Returns one line per difference; empty when schema.prisma and the database agree. */
export async function findDrift(sql: SqlConnection, schemaPath?: string): Promise<string[]> {
  const want = expected(readDmmf(schemaPath));
  const have = await actual(sql);
  const problems = [
    ...diffSets("table", want.tables, have.tables),
    ...diffSets("index", want.indexes, have.indexes),
    ...diffSets("foreign key", want.fks, have.fks),
    ...diffSets("enum", want.enums, have.enums),
  ];
  for (const [col, type] of want.columns) {
    const got = have.columns.get(col);
    if (got === undefined) problems.push(`column missing in database: ${col} ${type}`);
    else if (got !== type) problems.push(`column differs: ${col} is "${got}" in the database, "${type}" in schema.prisma`);
  }
  for (const col of have.columns.keys()) if (!want.columns.has(col)) problems.push(`column in database but not in schema.prisma: ${col}`);
  return problems.sort();
}
