import { execFileSync } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { encodeGlobalID } from "@pothos/plugin-relay";
import { type GraphQLInputType, getNamedType, isListType, isNonNullType, isObjectType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { createSession } from "../api/src/domain/accounts/login.ts";
import { schema } from "../api/src/graphql/schema/index.ts";
import { ROOT } from "../api/src/paths.ts";
import { graphqlCall, isAuthRefusal } from "./lib/graphql-call.ts";
import { record } from "./lib/report.ts";
import { declaredScopes, globalIdTypes, idPaths, operationFor, plausibleValue, type RootField, rootFields } from "./lib/schema-walk.ts";

/**
 * Item 3, authorization (OWASP API1:2023 broken object level authorization, API5:2023 broken function level
 * authorization). The calls are generated from the executable schema and the OpenAPI document, so new fields and
 * routes are covered without touching this file.
 */

type OpenApi = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, SchemaObject> };
};
type OpenApiOperation = {
  description?: string;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: SchemaObject }> };
};
type SchemaObject = { $ref?: string; properties?: Record<string, SchemaObject>; type?: unknown };

/** Scopes that only staff pass: `staff` (any approved role) or a staff permission (`can`). */
const staffOnly = (scopes: ReturnType<typeof declaredScopes>) =>
  scopes !== null && scopes !== "function" && (scopes.staff === true || typeof scopes.can === "string");

describe("3. authorization", () => {
  let app: TestApp;
  const tag = randomBytes(4).toString("hex");
  /** Data of the victim that no other learner may ever see. */
  const markers = {
    firstName: `Victima${tag}`,
    lastName: `Leakcheck${tag}`,
    email: `victim-${tag}@example.com`,
    contact: `+234 809 ${tag.slice(0, 3)} ${tag.slice(3)}`.replace(/[a-f]/g, "7"),
    location: `Secretville-${tag}`,
    bio: `secret-bio-${tag}`,
    paymentDetails: `secret-pay-${tag}`,
    amount: "1234.57",
  };
  const victimRef = `victimref-${tag}`;
  let victim: { id: string; invoices: string[]; enrollment: string; token: string };
  let attacker: { id: string };
  let adminToken: string;
  let catalogue: { track: string; otherTrack: string; course: string };

  const prisma = () => app.services.db.prisma;
  const freshToken = async (role: "LEARNER" | "ADMIN", id: string) => createSession(prisma(), role, id);
  const leakIn = (text: string) => Object.entries(markers).filter(([, m]) => text.includes(m));

  /** Everything of the victim's and the catalogue's that a refused call must leave as it was. */
  const snapshot = async () =>
    JSON.stringify([
      await prisma().learner.findUnique({
        where: { id: victim.id },
        include: {
          invoices: { orderBy: { id: "asc" } },
          enrollments: { orderBy: { id: "asc" } },
          ratings: true,
          certificates: { orderBy: { id: "asc" } },
          sessions: { select: { id: true, revokedAt: true }, orderBy: { id: "asc" } },
        },
      }),
      await prisma().track.findMany({ where: { id: { in: [catalogue.track, catalogue.otherTrack] } }, orderBy: { id: "asc" } }),
      await prisma().course.findUnique({ where: { id: catalogue.course } }),
      // Quizzes of the course (3.3 aims saveQuiz at one): questions, correct flags, pass mark.
      await prisma().quiz.findMany({ where: { lesson: { courseId: catalogue.course } }, orderBy: { id: "asc" } }),
    ]);

  beforeAll(async () => {
    app = await startTestApp({ RATE_LIMIT_SCALE: "1000" });
    const db = prisma();
    const track = await db.track.create({
      data: { name: "Data Analysis", priceCents: 5000, duration: "4 weeks", instructor: "I", description: "D" },
    });
    const otherTrack = await db.track.create({
      data: { name: "Cloud", priceCents: 7000, duration: "6 weeks", instructor: "J", description: "E" },
    });
    const course = await db.course.create({ data: { title: "SQL", description: "Queries", trackId: track.id } });
    catalogue = { track: track.id, otherTrack: otherTrack.id, course: course.id };
    const v = await db.learner.create({
      data: {
        firstName: markers.firstName,
        lastName: markers.lastName,
        email: markers.email,
        contact: markers.contact,
        location: markers.location,
        bio: markers.bio,
        gender: "FEMALE",
        passwordHash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
        emailVerifiedAt: new Date(),
      },
    });
    const paid = await db.invoice.create({
      data: {
        learnerId: v.id,
        trackId: track.id,
        amountCents: 123457,
        status: "PAID",
        paidAt: new Date(),
        paymentDetails: markers.paymentDetails,
      },
    });
    const pending = await db.invoice.create({ data: { learnerId: v.id, trackId: otherTrack.id, amountCents: 7000, reference: victimRef } });
    const enrollment = await db.enrollment.create({ data: { learnerId: v.id, trackId: track.id } });
    await db.rating.create({ data: { learnerId: v.id, trackId: track.id, value: 4 } });
    victim = { id: v.id, invoices: [paid.id, pending.id], enrollment: enrollment.id, token: await freshToken("LEARNER", v.id) };
    attacker = { id: (await learnerWithToken(app, { firstName: "Mallory" })).learner.id };
    adminToken = (await adminWithToken(app)).token;
  });
  afterAll(() => app.close());

  /** The victim's objects by type, as GraphQL names them (tracks and courses: the public ones the victim is in). */
  const victimObjects = (): Record<string, string[]> => ({
    Learner: [encodeGlobalID("Learner", victim.id)],
    Invoice: victim.invoices.map((id) => encodeGlobalID("Invoice", id)),
    Enrollment: [encodeGlobalID("Enrollment", victim.enrollment)],
    Track: [encodeGlobalID("Track", catalogue.track)],
    Course: [encodeGlobalID("Course", catalogue.course)],
  });
  const absentIds = new Map<string, string>();
  const absentId = (type: string) => absentIds.get(type) ?? (absentIds.set(type, randomUUID()).get(type) as string);
  const victimGlobalIds = () => Object.values(victimObjects()).flat();
  const victimRawIds = () => [victim.id, ...victim.invoices, victim.enrollment];

  /** The ids a global-ID position gets: the victim's of the types it accepts (every one of them when it takes any). */
  const idsFor = (accepted: string[] | null) => {
    const objects = victimObjects();
    const ids = accepted ? accepted.flatMap((t) => objects[t] ?? []) : victimGlobalIds();
    if (ids.length) return ids;
    // A type the victim has none of (a payment plan): a well-formed id of that type, so the call is valid and what
    // answers is the access rule, not the ID's type check.
    return accepted?.length ? accepted.map((t) => encodeGlobalID(t, absentId(t))) : victimGlobalIds();
  };

  /** How many calls cover every victim id of every position of a field. */
  const idRounds = (root: RootField) => {
    let rounds = 0;
    const fill = (_path: string[], type: GraphQLInputType, extensions?: Record<string, unknown>) => {
      if (getNamedType(type).name === "ID") rounds = Math.max(rounds, idsFor(globalIdTypes(extensions)).length);
      return undefined;
    };
    for (const a of root.field.args) plausibleValue(a.type, [a.name], fill, true, a.extensions as Record<string, unknown>);
    return rounds;
  };

  /**
   * Variables for a root field: in round `i`, every ID position gets the i-th of the victim's ids of the type it
   * accepts (or `override` for every position), every \`reference\` the victim's; the rest plausible values.
   */
  function variablesFor(root: RootField, i: number, override?: (accepted: string[] | null) => string): Record<string, unknown> {
    const fill = (path: string[], type: GraphQLInputType, extensions?: Record<string, unknown>) => {
      const named = getNamedType(type);
      if (named.name === "ID") {
        const accepted = globalIdTypes(extensions);
        const ids = idsFor(accepted);
        const id = override ? override(accepted) : (ids[i % ids.length] as string);
        const inner = isNonNullType(type) ? type.ofType : type;
        return isListType(inner) ? (override ? [id] : ids) : id;
      }
      if (path.at(-1) === "reference" && named.name === "String") return victimRef;
      return undefined;
    };
    return Object.fromEntries(
      root.field.args.map((a) => [a.name, plausibleValue(a.type, [a.name], fill, false, a.extensions as Record<string, unknown>)]),
    );
  }

  const takesId = (root: RootField) => root.field.args.some((a) => idPaths(a.type).length > 0 || a.name === "reference");

  it("3.1 every GraphQL field called by another learner with the victim's ids leaks nothing", async () => {
    const before = await snapshot();
    const roots = rootFields(schema);
    let calls = 0;
    let idFields = 0;
    const leaks: string[] = [];
    const invalid: string[] = [];
    for (const root of roots) {
      const rounds = takesId(root) ? Math.max(1, idRounds(root)) : 1;
      if (takesId(root)) idFields++;
      for (let i = 0; i < rounds; i++) {
        const query = operationFor(schema, root, 2);
        const variables = variablesFor(root, i);
        const answer = await graphqlCall(app, query, variables, await freshToken("LEARNER", attacker.id), {
          subscription: root.kind === "subscription",
        });
        calls++;
        const found = leakIn(answer.text);
        if (found.length) leaks.push(`${root.name}(${JSON.stringify(variables)}): ${found.map(([k]) => k).join(", ")}`);
        // A generated operation the server refuses as invalid would prove nothing.
        if (/Query validation error|exceeded|Cannot query|Unknown (argument|type)/.test(answer.text))
          invalid.push(`${root.name}: ${answer.text.slice(0, 200)}`);
      }
    }
    // Control: the same generated operations do show the victim's data to the victim (and to admins).
    const me = roots.find((r) => r.name === "me") as RootField;
    const own = leakIn((await graphqlCall(app, operationFor(schema, me, 2), {}, victim.token)).text).length;
    const invoices = roots.find((r) => r.name === "invoices") as RootField;
    const seenByAdmin = leakIn((await graphqlCall(app, operationFor(schema, invoices, 2), {}, adminToken)).text).length;
    expect(own, "the victim sees their own data").toBeGreaterThanOrEqual(5);
    expect(seenByAdmin, "admins see the victim's invoices").toBeGreaterThanOrEqual(2);
    const unchanged = (await snapshot()) === before;
    record({
      item: "3.1",
      check: `GraphQL: ${roots.length} root fields as another learner (${idFields} take an id or reference: each called with every one of the victim's of the right type)`,
      figure: `${calls} calls, ${leaks.length} leaks, victim's data ${unchanged ? "unchanged" : "CHANGED"}`,
      target: "0 leaks, nothing changed",
      met: leaks.length === 0 && unchanged && invalid.length === 0,
      note: leaks.join("; ") || undefined,
    });
    expect(invalid).toEqual([]);
    expect(leaks).toEqual([]);
    expect(unchanged).toBe(true);
  });

  it("3.2 every REST route called by another learner with the victim's ids leaks nothing", async () => {
    const doc = (await (await app.fetch("/api/openapi.json")).json()) as OpenApi;
    const resolve = (s: SchemaObject | undefined): SchemaObject | undefined =>
      s?.$ref ? resolve(doc.components.schemas[s.$ref.split("/").pop() as string]) : s;
    const before = await snapshot();
    let calls = 0;
    let routes = 0;
    let idRoutes = 0;
    const leaks: string[] = [];
    const statuses = new Map<string, number>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        routes++;
        const content = op.requestBody?.content ?? {};
        const json = "application/json" in content;
        const bodySchema = resolve((content["application/json"] ?? content["multipart/form-data"])?.schema);
        const properties = Object.keys(bodySchema?.properties ?? {});
        const idProps = properties.filter(
          (p) => /^(id|_id|learner|learnerId|track|trackId|course|invoice|reference)$/.test(p) || p === "data",
        );
        const hasId = path.includes("{id}") || idProps.length > 0;
        if (hasId) idRoutes++;
        for (const id of hasId ? victimRawIds() : [undefined]) {
          const body: Record<string, unknown> = {};
          for (const p of properties) {
            if (p === "reference") body[p] = victimRef;
            else if (p === "data") body[p] = { reference: victimRef, amount: 123457, currency: "USD", status: "success" };
            else if (p === "event") body[p] = "charge.success";
            else if (idProps.includes(p)) body[p] = id;
            else body[p] = p.toLowerCase().includes("email") ? markers.email : "x";
          }
          const url = path.replace("{id}", id ?? randomUUID()).replace(/^(\/api\/reports\/\w+\.csv)$/, "$1?from=2020-01-01&to=2030-01-01");
          const headers: Record<string, string> = { authorization: `Bearer ${await freshToken("LEARNER", attacker.id)}` };
          let payload: BodyInit | undefined;
          if (op.requestBody) {
            if (json) {
              headers["content-type"] = "application/json";
              payload = JSON.stringify(body);
            } else {
              const form = new FormData();
              for (const [k, v] of Object.entries(body)) form.append(k, String(v));
              payload = form;
            }
          }
          const res = await app.fetch(url, { method: method.toUpperCase(), headers, body: payload });
          const text = await res.text();
          calls++;
          statuses.set(`${method.toUpperCase()} ${path}`, res.status);
          // The e-mail is sent by the attacker itself where a route takes one (sign-up, forgot-password): not a leak.
          const found = leakIn(text).filter(([k]) => !(k === "email" && properties.some((p) => p.toLowerCase().includes("email"))));
          if (found.length) leaks.push(`${method.toUpperCase()} ${url}: ${found.map(([k]) => k).join(", ")}`);
        }
      }
    }
    // Control: an admin's invoice list does carry the victim's data, so the search would find a leak.
    const control = await app.fetch("/api/invoices", { headers: { authorization: `Bearer ${adminToken}` } });
    expect(leakIn(await control.text()).length, "admins see the victim's invoices").toBeGreaterThanOrEqual(2);
    const unchanged = (await snapshot()) === before;
    record({
      item: "3.2",
      check: `REST: ${routes} routes of /api/openapi.json as another learner (${idRoutes} take an id or reference: the victim's)`,
      figure: `${calls} calls, ${leaks.length} leaks, victim's data ${unchanged ? "unchanged" : "CHANGED"}`,
      target: "0 leaks, nothing changed",
      met: leaks.length === 0 && unchanged,
      note: leaks.join("; ") || undefined,
    });
    expect(leaks).toEqual([]);
    expect(unchanged).toBe(true);
  });

  it("3.3 every admin operation is refused to learners and to anonymous callers", async () => {
    // A lesson (a quiz, so saveQuiz has one to replace), a coupon and a sponsor batch to aim the lesson and coupon operations at.
    // The quiz is a free preview: submitQuizAttempt is open to anyone who may read the lesson (scored, not kept), so it
    // answers learners and anonymous callers instead of refusing them as it refuses a lesson they are not enrolled in.
    const lesson = await prisma().lesson.create({
      data: { courseId: catalogue.course, position: 500, title: "Intro", kind: "QUIZ", body: "x", freePreview: true },
    });
    await prisma().quiz.create({
      data: {
        lessonId: lesson.id,
        questions: [{ id: randomUUID(), prompt: "Q", multiple: false, options: [{ id: randomUUID(), text: "A", correct: true }] }],
      },
    });
    // A lesson file (part A: lesson media) for deleteLessonFile.
    const lessonFile = await prisma().lessonMedia.create({
      data: {
        lessonId: lesson.id,
        kind: "FILE",
        name: "a.pdf",
        contentType: "application/pdf",
        size: 1n,
        key: `lessons/${lesson.id}/authz.pdf`,
      },
    });
    const batch = await prisma().couponBatch.create({ data: { organisation: "Acme", trackId: catalogue.track, count: 1 } });
    const coupon = await prisma().coupon.create({
      data: { code: `AUTHZ-${randomUUID().slice(0, 8).toUpperCase()}`, kind: "PERCENT", value: 10, batchId: batch.id },
    });
    // The victim's certificate, for revokeCertificate (its code from the certificates' alphabet).
    const certificate = await prisma().certificate.create({
      data: {
        code: randomUUID()
          .replace(/[^a-f2-9]/g, "")
          .toUpperCase()
          .padEnd(12, "Z")
          .slice(0, 12),
        learnerId: victim.id,
        trackId: catalogue.track,
        learnerName: "Victim",
        trackName: "Track",
      },
    });
    const before = await snapshot();
    const roots = rootFields(schema);
    const declared = roots.filter((r) => staffOnly(declaredScopes(r.field)));
    // Real objects, so a missing check would show (or destroy) something.
    const realIds: Record<string, string> = {
      Track: encodeGlobalID("Track", catalogue.track),
      Course: encodeGlobalID("Course", catalogue.course),
      Invoice: encodeGlobalID("Invoice", victim.invoices[0] as string),
      Learner: encodeGlobalID("Learner", victim.id),
      Enrollment: encodeGlobalID("Enrollment", victim.enrollment),
      Admin: encodeGlobalID("Admin", (await prisma().admin.findFirstOrThrow()).id),
      StaffInvitation: encodeGlobalID("StaffInvitation", randomUUID()),
      Lesson: encodeGlobalID("Lesson", lesson.id),
      Coupon: encodeGlobalID("Coupon", coupon.id),
      CouponBatch: encodeGlobalID("CouponBatch", batch.id),
      LessonFile: encodeGlobalID("LessonFile", lessonFile.id),
      Certificate: encodeGlobalID("Certificate", certificate.id),
    };
    // A type without a real object here (a payment plan) gets a well-formed id of its own type, not a track's: the ID's
    // type check would answer before the access rule.
    const real = (accepted: string[] | null) => realIds[accepted?.[0] ?? "Track"] ?? encodeGlobalID(accepted?.[0] ?? "Track", randomUUID());
    const nothing = (accepted: string[] | null) => encodeGlobalID(accepted?.[0] ?? "Track", randomUUID());
    const variables = (root: RootField, ids: (accepted: string[] | null) => string) => {
      const vars = variablesFor(root, 0, ids);
      if (root.name === "report") Object.assign(vars, { from: "2020-01-01", to: "2030-01-01" });
      // Inputs a resolver would accept, so that only authorization stands in the way.
      const input = vars.input as Record<string, unknown> | undefined;
      const inputType = root.field.args.find((a) => a.name === "input")?.type;
      const named = inputType && getNamedType(inputType);
      if (input && named && "getFields" in named) {
        const fields = (named as { getFields(): Record<string, unknown> }).getFields();
        const valid: Record<string, unknown> = {
          name: "Renamed",
          title: "Renamed",
          firstName: "A",
          lastName: "B",
          contact: "+234 801 000 0000",
          amount: 1,
          price: 1,
          description: "D",
          duration: "1 week",
          instructor: "I",
        };
        for (const [key, value] of Object.entries(valid)) if (key in fields && !(key in input)) input[key] = value;
      }
      return vars;
    };
    const discovered: string[] = [];
    const notRefused: string[] = [];
    let callCount = 0;
    for (const root of roots) {
      const query = operationFor(schema, root, 1);
      const asLearner = await graphqlCall(app, query, variables(root, real), await freshToken("LEARNER", attacker.id), {
        subscription: root.kind === "subscription",
      });
      const asNobody = await graphqlCall(app, query, variables(root, real), undefined, { subscription: root.kind === "subscription" });
      const learnerRefused = isAuthRefusal(asLearner, root.name);
      const nobodyRefused = isAuthRefusal(asNobody, root.name);
      if (declared.includes(root)) {
        callCount += 2;
        if (!learnerRefused) notRefused.push(`${root.name} as learner: ${asLearner.text.slice(0, 160)}`);
        if (!nobodyRefused) notRefused.push(`${root.name} anonymous: ${asNobody.text.slice(0, 160)}`);
      }
      if (learnerRefused && nobodyRefused) {
        // Admins get through (ids of nothing, so nothing is harmed).
        const asAdmin = await graphqlCall(app, query, variables(root, nothing), adminToken, {
          subscription: root.kind === "subscription",
        });
        if (!isAuthRefusal(asAdmin, root.name)) discovered.push(root.name);
      }
    }
    // Admin-only parts of types: whole types (Admin) and fields (Invoice.flaggedReason), reached as a learner.
    const typeChecks: string[] = [];
    const typeFailures: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith("__")) continue;
      const typeScopes = declaredScopes(type);
      if (staffOnly(typeScopes)) {
        const admin = await prisma().admin.findFirstOrThrow();
        const answer = await graphqlCall(
          app,
          `query($id: ID!) { node(id: $id) { __typename id } }`,
          { id: encodeGlobalID(type.name, admin.id) },
          await freshToken("LEARNER", attacker.id),
        );
        typeChecks.push(type.name);
        if (answer.body?.data?.node) typeFailures.push(`${type.name}: ${answer.text.slice(0, 120)}`);
      }
      for (const field of Object.values(type.getFields())) {
        const scopes = declaredScopes(field);
        if (!staffOnly(scopes) || type.name === "Query" || type.name === "Mutation") continue;
        if (type.name === "Cohort") {
          // A published cohort the victim is enrolled in: the attacker sees the cohort, never its roster.
          const cohortTrack = await prisma().track.create({
            data: { name: `Cohorts ${tag}`, priceCents: 100, duration: "1 week", instructor: "I", description: "D", mode: "COHORT" },
          });
          const cohort = await prisma().cohort.create({
            data: {
              trackId: cohortTrack.id,
              name: "Probe",
              startsAt: new Date(),
              endsAt: new Date(Date.now() + 86_400_000),
              published: true,
            },
          });
          const seat = await prisma().enrollment.create({ data: { learnerId: victim.id, trackId: cohortTrack.id, cohortId: cohort.id } });
          const answer = await graphqlCall(
            app,
            `query($id: ID!) { node(id: $id) { ... on Cohort { id ${field.name} { email } } } }`,
            { id: encodeGlobalID("Cohort", cohort.id) },
            await freshToken("LEARNER", attacker.id),
          );
          typeChecks.push(`${type.name}.${field.name}`);
          if (!answer.body?.data?.node || answer.text.includes(markers.email))
            typeFailures.push(`${type.name}.${field.name}: ${answer.text.slice(0, 120)}`);
          await prisma().enrollment.delete({ where: { id: seat.id } });
          await prisma().track.delete({ where: { id: cohortTrack.id } });
          continue;
        }
        if (type.name !== "Invoice") {
          typeFailures.push(`${type.name}.${field.name}: no probe for this type`);
          continue;
        }
        // The attacker's own invoice: visible to them, but not its admin-only field.
        const own = await prisma().invoice.create({ data: { learnerId: attacker.id, amountCents: 100, flaggedReason: `internal-${tag}` } });
        const answer = await graphqlCall(
          app,
          `query($id: ID!) { node(id: $id) { ... on Invoice { id ${field.name} } } }`,
          { id: encodeGlobalID("Invoice", own.id) },
          await freshToken("LEARNER", attacker.id),
        );
        typeChecks.push(`${type.name}.${field.name}`);
        if (answer.text.includes(`internal-${tag}`)) typeFailures.push(`${type.name}.${field.name}: ${answer.text.slice(0, 120)}`);
        await prisma().invoice.delete({ where: { id: own.id } });
      }
    }

    // REST: routes the OpenAPI document marks as admin-only.
    const doc = (await (await app.fetch("/api/openapi.json")).json()) as OpenApi;
    const restAdmin = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => /admin session|owner's session/i.test(op.description ?? ""))
        .map(([method]) => ({ method: method.toUpperCase(), path })),
    );
    const restNotRefused: string[] = [];
    for (const { method, path } of restAdmin) {
      const id = path.startsWith("/api/courses")
        ? catalogue.course
        : path.startsWith("/api/invoices")
          ? (victim.invoices[0] as string)
          : path.startsWith("/api/enrollments")
            ? victim.id
            : catalogue.track;
      // Valid parameters (from/to of the CSV export), so that only authorization stands in the way.
      const url = path.replace("{id}", id).replace(/\.csv$/, ".csv?from=2020-01-01&to=2030-01-01");
      for (const token of [await freshToken("LEARNER", attacker.id), undefined]) {
        const res = await app.fetch(url, {
          method,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(method === "GET" || method === "DELETE" ? {} : { "content-type": "application/json" }),
          },
          body:
            method === "GET" || method === "DELETE"
              ? undefined
              : JSON.stringify({ name: "Renamed", title: "Renamed", amount: 1, learner: victim.id }),
        });
        await res.arrayBuffer();
        const expected = token ? 403 : 401;
        if (res.status !== expected) restNotRefused.push(`${method} ${path} ${token ? "learner" : "anonymous"}: ${res.status}`);
      }
    }
    const unchanged = (await snapshot()) === before;
    const declaredNames = declared.map((r) => r.name).sort();
    const sameSets = JSON.stringify(declaredNames) === JSON.stringify([...discovered].sort());
    const total = callCount + restAdmin.length * 2 + typeChecks.length;
    const refused = total - notRefused.length - restNotRefused.length - typeFailures.length;
    record({
      item: "3.3",
      check: `admin operations: ${declared.length} GraphQL root fields (discovered by calling: ${discovered.length}), ${typeChecks.length} admin-only types/fields, ${restAdmin.length} REST routes; as learner and anonymous`,
      figure: `${refused}/${total} refused (${((100 * refused) / total).toFixed(0)}%), data ${unchanged ? "unchanged" : "CHANGED"}${sameSets ? "" : `; declared ${declaredNames.join(",")} vs discovered ${discovered.join(",")}`}`,
      target: "100% refused",
      met: refused === total && unchanged && sameSets,
      note: [...notRefused, ...restNotRefused, ...typeFailures].join("; ") || undefined,
    });
    expect(notRefused).toEqual([]);
    expect(restNotRefused).toEqual([]);
    expect(typeFailures).toEqual([]);
    expect(sameSets, `declared ${declaredNames} discovered ${discovered}`).toBe(true);
    expect(unchanged).toBe(true);
  });

  it("3.4 the built web bundles contain no tokens or secrets", () => {
    const dist = join(ROOT, "web/dist");
    if (!existsSync(join(dist, "learner", "index.html"))) execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "ignore" });
    const patterns: [string, RegExp][] = [
      ["Paystack secret key", /sk_(test|live)_[A-Za-z0-9_]+/],
      ["Bearer token literal", /Bearer\s+[A-Za-z0-9_\-.=]{20,}/],
      ["private key", /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
      ["URL with credentials", /\b(postgres(ql)?|redis|rediss|smtps?|mysql|mongodb(\+srv)?|amqps?):\/\/[^\s"'`/]*:[^\s"'`/]*@/],
      ["server env variable", /\b(DATABASE_URL|REDIS_URL|SMTP_URL|PAYSTACK_SECRET_KEY)\b/],
      ["JWT", /eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\./],
      ["demo account password", /Demo@(Admin|Learner)2026/],
    ];
    const files = (readdirSync(dist, { recursive: true }) as string[]).filter((f) => statSync(join(dist, f)).isFile());
    let bytes = 0;
    const findings: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(dist, file), "latin1");
      bytes += text.length;
      for (const [name, pattern] of patterns) {
        const match = pattern.exec(text);
        if (match) findings.push(`${file}: ${name} (${match[0].slice(0, 40)})`);
      }
    }
    record({
      item: "3.4",
      check: `built web bundles (web/dist, ${files.length} files, ${(bytes / 1024).toFixed(0)} KiB): secret keys, bearer tokens, private keys, credentials in URLs, server env names`,
      figure: `${findings.length} findings`,
      target: "0",
      met: findings.length === 0,
      note: findings.join("; ") || undefined,
    });
    expect(findings).toEqual([]);
  });
});
