import { randomUUID } from "node:crypto";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { type GraphQLInputType, getNamedType, isListType, isNonNullType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { createSession } from "../api/src/domain/accounts/login.ts";
import { admits, CALLERS, type Caller, STAFF_ROLES, type StaffRole } from "../api/src/domain/staff/permissions.ts";
import { GRAPHQL_ACCESS } from "../api/src/graphql/access.ts";
import { schema } from "../api/src/graphql/schema/index.ts";
import { signPaystackBody } from "../api/src/paystack/signature.ts";
import { REST_ACCESS } from "../api/src/rest/access.ts";
import { graphqlCall, isAuthRefusal } from "./lib/graphql-call.ts";
import { record } from "./lib/report.ts";
import { globalIdTypes, operationFor, plausibleValue, type RootField, rootFields } from "./lib/schema-walk.ts";

/**
 * Item 3.5, the role × operation matrix (OWASP API5:2023 broken function level authorization). Every GraphQL root
 * field and every REST route of the OpenAPI document is called by every kind of caller: anonymous, learner, pending
 * staff, instructor, finance, manager, owner. Whether each may is read from the one access table
 * (api/src/graphql/access.ts); a field or route missing from it fails the test. Ids name nothing, so no call harms data.
 */

type OpenApi = { paths: Record<string, Record<string, unknown>> };

describe("3.5 role × operation matrix", () => {
  let app: TestApp;
  /** The account behind each caller; every call gets a fresh session (a logout must not end the others' calls). */
  const accounts = new Map<Caller, { role: "ADMIN" | "LEARNER"; id: string }>();
  const tokenFor = async (caller: Caller) => {
    const account = accounts.get(caller);
    return account ? createSession(app.services.db.prisma, account.role, account.id) : undefined;
  };

  let enrolledTrack: string;

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "1000" });
    const learner = (await learnerWithToken(app)).learner;
    accounts.set("learner", { role: "LEARNER", id: learner.id });
    const track = await app.services.db.prisma.track.create({
      data: { name: "Rated", priceCents: 0, duration: "1 week", instructor: "I", description: "D" },
    });
    await app.services.db.prisma.enrollment.create({ data: { learnerId: learner.id, trackId: track.id } });
    enrolledTrack = track.id;
    accounts.set("pending", { role: "ADMIN", id: (await adminWithToken(app, null)).admin.id });
    for (const role of STAFF_ROLES) accounts.set(role, { role: "ADMIN", id: (await adminWithToken(app, role as StaffRole)).admin.id });
  });
  afterAll(() => app?.close());

  it("GraphQL: every root field as every caller answers as the access table says", async () => {
    const roots = rootFields(schema);
    const key = (root: RootField) => `${root.kind[0]?.toUpperCase()}${root.kind.slice(1)}.${root.name}`;
    const missing = roots.map(key).filter((k) => !(k in GRAPHQL_ACCESS));
    const stale = Object.keys(GRAPHQL_ACCESS).filter((k) => !roots.some((r) => key(r) === k));
    const mismatches: string[] = [];
    const invalid: string[] = [];
    let calls = 0;
    for (const root of roots) {
      const audience = GRAPHQL_ACCESS[key(root)];
      if (!audience) continue;
      const fill = (_path: string[], type: GraphQLInputType, extensions?: Record<string, unknown>) => {
        if (getNamedType(type).name !== "ID") return undefined;
        const id = encodeGlobalID(globalIdTypes(extensions)?.[0] ?? "Track", randomUUID());
        const inner = isNonNullType(type) ? type.ofType : type;
        return isListType(inner) ? [id] : id;
      };
      const variables = Object.fromEntries(
        root.field.args.map((a) => [a.name, plausibleValue(a.type, [a.name], fill, false, a.extensions as Record<string, unknown>)]),
      );
      if (root.name === "report") Object.assign(variables, { from: "2020-01-01", to: "2030-01-01" });
      // Rating needs an enrollment (a business rule, not an access rule): the learner is enrolled in this track.
      if (root.name === "rateTrack") variables.trackId = encodeGlobalID("Track", enrolledTrack);
      const query = operationFor(schema, root, 1);
      for (const caller of CALLERS) {
        const answer = await graphqlCall(app, query, variables, await tokenFor(caller), { subscription: root.kind === "subscription" });
        calls++;
        if (/Query validation error|exceeded|Cannot query|Unknown (argument|type)|Variable "\$/.test(answer.text)) {
          invalid.push(`${key(root)}: ${answer.text.slice(0, 160)}`);
          continue;
        }
        const refused = isAuthRefusal(answer, root.name);
        if (refused === admits(audience, caller)) {
          mismatches.push(
            `${key(root)} as ${caller}: ${refused ? "refused" : "allowed"}, table says ${audience} (${answer.text.slice(0, 120)})`,
          );
        }
      }
    }
    record({
      item: "3.5a",
      check: `GraphQL role × operation matrix: ${roots.length} root fields × ${CALLERS.length} callers (${CALLERS.join(", ")}), expected answers from api/src/graphql/access.ts`,
      figure: `${calls - mismatches.length - invalid.length}/${calls} as the table says; ${missing.length} fields without a rule; ${invalid.length} invalid operations`,
      target: "all as the table says; every field has a rule",
      met: mismatches.length === 0 && missing.length === 0 && stale.length === 0 && invalid.length === 0,
      note:
        [...missing.map((m) => `no rule: ${m}`), ...stale.map((s) => `stale rule: ${s}`), ...mismatches, ...invalid].join("; ") ||
        undefined,
    });
    expect(missing, "root fields without an entry in GRAPHQL_ACCESS").toEqual([]);
    expect(stale, "entries of GRAPHQL_ACCESS for fields that do not exist").toEqual([]);
    expect(invalid).toEqual([]);
    expect(mismatches).toEqual([]);
  });

  it("REST: every route of the OpenAPI document as every caller answers as the access table says", async () => {
    const doc = (await (await app.fetch("/api/openapi.json")).json()) as OpenApi;
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    const missing = routes.filter((r) => !(r in REST_ACCESS));
    const stale = Object.keys(REST_ACCESS).filter((r) => !routes.includes(r));
    const mismatches: string[] = [];
    let calls = 0;
    for (const route of routes) {
      const audience = REST_ACCESS[route];
      if (!audience) continue;
      const [method = "GET", path = ""] = route.split(" ");
      const url = path.replaceAll("{id}", randomUUID()).replace(/^(\/api\/reports\/\w+\.csv)$/, "$1?from=2020-01-01&to=2030-01-01");
      const hasBody = method === "POST" || method === "PUT";
      const body = hasBody ? JSON.stringify({}) : undefined;
      for (const caller of CALLERS) {
        const token = await tokenFor(caller);
        const headers: Record<string, string> = hasBody ? { "content-type": "application/json" } : {};
        if (token) headers.authorization = `Bearer ${token}`;
        // Paystack's webhook is "anyone" holding the signature: every caller signs it.
        if (path === "/api/payments/paystack/webhook" && body) {
          headers["x-paystack-signature"] = signPaystackBody(body, app.services.config.paystack.secretKey);
        }
        const res = await app.fetch(url, { method, headers, body });
        const text = await res.text();
        calls++;
        const refused = res.status === 401 || res.status === 403;
        if (refused === admits(audience, caller)) {
          mismatches.push(`${route} as ${caller}: ${res.status}, table says ${audience} (${text.slice(0, 100)})`);
        }
      }
    }
    record({
      item: "3.5b",
      check: `REST role × operation matrix: ${routes.length} routes of /api/openapi.json × ${CALLERS.length} callers, expected answers from api/src/graphql/access.ts`,
      figure: `${calls - mismatches.length}/${calls} as the table says; ${missing.length} routes without a rule`,
      target: "all as the table says; every route has a rule",
      met: mismatches.length === 0 && missing.length === 0 && stale.length === 0,
      note: [...missing.map((m) => `no rule: ${m}`), ...stale.map((s) => `stale rule: ${s}`), ...mismatches].join("; ") || undefined,
    });
    expect(missing, "routes without an entry in REST_ACCESS").toEqual([]);
    expect(stale, "entries of REST_ACCESS for routes that do not exist").toEqual([]);
    expect(mismatches).toEqual([]);
  });
});
