import fc from "fast-check";
import { type GraphQLInputType, getNamedType, isEnumType, isInputObjectType, isListType, isNonNullType, isScalarType } from "graphql";
import { TEST_PASSWORD } from "#testing/accounts.ts";
import type { SqlRunner } from "../../api/src/db/client.ts";

/**
 * Random and hostile inputs for the fuzzer (fast-check arbitraries), shaped by the GraphQL input types or the
 * OpenAPI schemas, with a share of wrong shapes at every level.
 */

/** Strings that tend to break things: empty, huge, control characters, markup, SQL, unicode edge cases. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      "",
      " ",
      "\u0000",
      "a\u0000b",
      "\uD800",
      "\uFEFF",
      "🙂".repeat(300),
      "ｅｍａｉｌ@ｅｘａｍｐｌｅ.ｃｏｍ",
      "' OR '1'='1",
      '\'; DROP TABLE "Learner"; --',
      "<script>alert(1)</script>",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, on purpose
      "{{7*7}}${7*7}",
      "../../../../etc/passwd",
      "%00%2e%2e%2f",
      "null",
      "undefined",
      "NaN",
      "-1",
      "9".repeat(400),
      "x".repeat(5000),
      "x".repeat(200_000),
      TEST_PASSWORD,
      "+234 801 234 5678",
      "2026-02-30",
      "2026-01-15",
      "0001-01-01",
      "R2xvYmFsOjE=",
      "VHJhY2s6bm90LWEtdXVpZA==",
      "Track:00000000-0000-0000-0000-000000000000",
    ),
  },
  { weight: 2, arbitrary: fc.emailAddress() },
);

/** Any JSON value, including deep and wide ones. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  nastyString,
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(null, true, false, 0, -1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, [], {}),
);

export interface InputContext {
  /** Real global ids to use now and then, so that some calls reach real rows. */
  ids: string[];
}

/** A value for a GraphQL input type: mostly the right shape (with nasty contents), sometimes the wrong one. */
export function inputArbitrary(type: GraphQLInputType, ctx: InputContext, wrongShape = 0.15): fc.Arbitrary<unknown> {
  const right = rightShape(type, ctx, wrongShape);
  const weightWrong = Math.round(wrongShape * 100);
  return fc.oneof({ weight: 100 - weightWrong, arbitrary: right }, { weight: weightWrong, arbitrary: anyJson });
}

function rightShape(type: GraphQLInputType, ctx: InputContext, wrongShape: number): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return inputArbitrary(type.ofType, ctx, wrongShape);
  if (isListType(type)) return fc.array(inputArbitrary(type.ofType, ctx, wrongShape), { maxLength: 5 });
  if (isInputObjectType(type)) {
    const fields = Object.values(type.getFields());
    const record = fc.record(Object.fromEntries(fields.map((f) => [f.name, inputArbitrary(f.type, ctx, wrongShape)])), {
      requiredKeys: [],
    });
    // Now and then an unknown key too.
    return fc
      .tuple(record, fc.option(fc.tuple(fc.string({ maxLength: 10 }), anyJson)))
      .map(([value, extra]) => (extra ? { ...value, [`x${extra[0]}`]: extra[1] } : value));
  }
  if (isEnumType(type)) return fc.oneof(fc.constantFrom(...type.getValues().map((v) => v.value)), nastyString);
  const named = getNamedType(type);
  if (isScalarType(named)) {
    switch (named.name) {
      case "Int":
        return fc.oneof(fc.integer({ min: -5, max: 200 }), fc.integer(), fc.constantFrom(0, -1, 2 ** 31 - 1, -(2 ** 31)));
      case "Float":
        return fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, 0.001, 49.99, -1, 1e15, 123.456));
      case "Boolean":
        return fc.boolean();
      case "ID":
        return fc.oneof(
          fc.constantFrom(...(ctx.ids.length ? ctx.ids : ["x"])),
          fc.base64String({ maxLength: 60 }),
          nastyString,
          // Global IDs of real types with a garbage id part.
          fc
            .tuple(fc.constantFrom("Track", "Course", "Invoice", "Learner", "Enrollment", "Admin"), nastyString)
            .map(([t, id]) => Buffer.from(`${t}:${id}`).toString("base64")),
        );
      case "Date":
      case "DateTime":
        return fc.oneof(
          fc
            .date({ min: new Date("1900-01-01"), max: new Date("2200-01-01"), noInvalidDate: true })
            .map((d) => (named.name === "Date" ? d.toISOString().slice(0, 10) : d.toISOString())),
          nastyString,
        );
      case "Upload":
        return fc.constant(null);
      default:
        return nastyString;
    }
  }
  return anyJson;
}

/** Tables whose contents a refused request must not change (RateLimit is the refusals' own bookkeeping). */
const TABLES: Record<string, string> = {
  Admin: 'x."id", x."firstName", x."lastName", x."email", x."contact", x."passwordHash", x."image", x."emailVerifiedAt"',
  Learner:
    'x."id", x."firstName", x."lastName", x."email", x."contact", x."passwordHash", x."location", x."gender", x."bio", x."image", x."disabled", x."emailVerifiedAt"',
  Session: 'x."id", x."revokedAt", x."expiresAt"',
  // A wrong code counts an attempt on purpose (that is the 5-tries rule): attempts are left out.
  EmailCode: 'x."id", x."codeHash", x."consumedAt", x."expiresAt"',
  Track: "x.*",
  Course: "x.*",
  Rating: "x.*",
  Enrollment: "x.*",
  Invoice: "x.*",
  OutboxJob: 'x."id", x."jobId", x."payload"',
  OutboxMail: "x.*",
};

/** Row count and a content checksum per table, in one statement. */
export async function snapshot(sql: SqlRunner): Promise<Record<string, string>> {
  const parts = Object.entries(TABLES).map(
    ([table, columns]) =>
      `SELECT '${table}' AS t, count(*)::text || ':' || coalesce(sum(hashtext(ROW(${columns})::text)::bigint), 0)::text AS v FROM "${table}" x`,
  );
  const rows = await sql.query<{ t: string; v: string }>(parts.join(" UNION ALL "));
  return Object.fromEntries(rows.map((r) => [r.t, r.v]));
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(before).filter((t) => before[t] !== after[t]);
}

/** Valid-looking values by field name, so that a mutated field is the only thing wrong with an input. */
function validLeaf(name: string, typeName: string, unique: string): unknown {
  const byName: Record<string, unknown> = {
    email: `fuzz-${unique}@example.com`,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    newPassword: "N3w!Passw0rd-x",
    confirmNewPassword: "N3w!Passw0rd-x",
    currentPassword: TEST_PASSWORD,
    contact: "+234 801 234 5678",
    code: "123456",
    token: "a".repeat(43),
    gender: "FEMALE",
    status: "PENDING",
    price: 10,
    amount: 10,
    value: 4,
    reference: "fuzz-ref-1",
    from: "2026-01-01",
    to: "2026-12-31",
    dueDate: "2026-03-01",
    disabled: false,
    image: null,
  };
  if (name in byName) return byName[name];
  switch (typeName) {
    case "Int":
      return 1;
    case "Float":
      return 10;
    case "Boolean":
      return false;
    case "Date":
      return "2026-01-15";
    default:
      return `Valid ${name}`;
  }
}

/**
 * Arguments that would pass validation (real ids of the right types, valid e-mails, passwords, phones...), with one
 * or two leaves replaced by a nasty value or a value of the wrong type: the fuzz gets past the first check and
 * reaches the code (and the database) behind it.
 */
export function mutatedArguments(
  args: readonly { name: string; type: GraphQLInputType; extensions?: unknown }[],
  idsByType: Record<string, string[]>,
): fc.Arbitrary<Record<string, unknown>> {
  const build = (unique: string) => {
    const valueFor = (name: string, type: GraphQLInputType, extensions: Record<string, unknown> | undefined): unknown => {
      const inner = isNonNullType(type) ? type.ofType : type;
      if (isListType(inner)) return [valueFor(name, inner.ofType, extensions)];
      if (isInputObjectType(inner)) {
        return Object.fromEntries(
          Object.values(inner.getFields()).map((f) => [f.name, valueFor(f.name, f.type, f.extensions as Record<string, unknown>)]),
        );
      }
      if (isEnumType(inner)) return validLeaf(name, inner.name, unique) ?? inner.getValues()[0]?.value;
      if (getNamedType(inner).name === "ID") {
        const accepted = (extensions?.relayGlobalIDFor as { typename: string }[] | null | undefined)?.map((t) => t.typename);
        const pool = (accepted ?? Object.keys(idsByType)).flatMap((t) => idsByType[t] ?? []);
        return pool[unique.charCodeAt(0) % Math.max(1, pool.length)] ?? "x";
      }
      return validLeaf(name, getNamedType(inner).name, unique);
    };
    return Object.fromEntries(args.map((a) => [a.name, valueFor(a.name, a.type, a.extensions as Record<string, unknown>)]));
  };
  const leaves = (value: unknown, path: string[] = []): string[][] =>
    value && typeof value === "object" && !Array.isArray(value)
      ? Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]))
      : Array.isArray(value)
        ? value.flatMap((v, i) => leaves(v, [...path, String(i)]))
        : [path];
  const nasty = fc.oneof({ weight: 3, arbitrary: nastyString }, { weight: 1, arbitrary: anyJson });
  return fc.tuple(fc.uuid(), fc.array(fc.tuple(fc.nat(), nasty), { minLength: 1, maxLength: 2 })).map(([unique, changes]) => {
    const vars = build(unique.replace(/-/g, "").slice(0, 12)) as Record<string, unknown>;
    const paths = leaves(vars);
    for (const [n, value] of changes) {
      const path = paths[n % Math.max(1, paths.length)];
      if (!path || path.length === 0) continue;
      let target = vars as Record<string, unknown>;
      for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>;
      target[path.at(-1) as string] = value;
    }
    return vars;
  });
}
