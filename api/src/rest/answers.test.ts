import { createHmac } from "node:crypto";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminWithToken,
  lastMailTo,
  learnerWithToken,
  resetRateLimits,
  resetTokenIn,
  signUp,
  signUpAndVerify,
  signUpBody,
} from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { buyInstalmentPlan } from "#testing/instalments.ts";
import { sandboxControl } from "#testing/paystack.ts";
import { createSession } from "../domain/accounts/login.ts";
import { DEMO_ADMIN, DEMO_LEARNER, DEMO_STAFF, seedDemoData } from "../seed/demo.ts";

/**
 * Real answers against the served OpenAPI document, checked by an independent validator: ajv's JSON Schema 2020-12
 * dialect (the one OpenAPI 3.1 schemas are written in), compiled from GET /api/openapi.json itself, not Fastify's
 * own serializer. Every route is driven through the real server with the demo data for its success and its main
 * refusals; each answer's status must be documented for the operation and its body must match that status's schema.
 */

interface Operation {
  operationId: string;
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

let app: TestApp;
let doc: Document;
let ajv: Ajv2020;
const checked = new Map<string, Set<string>>();
const problems: string[] = [];

/**
 * The document with every object schema that lists its properties closed (`unevaluatedProperties: false`): an answer
 * may not carry a field the document does not describe.
 */
function closed<T>(node: T): T {
  if (Array.isArray(node)) for (const item of node) closed(item);
  else if (node && typeof node === "object") {
    const schema = node as Record<string, unknown>;
    if (schema.properties && typeof schema.properties === "object" && schema.additionalProperties === undefined) {
      schema.unevaluatedProperties = false;
    }
    for (const value of Object.values(schema)) closed(value);
  }
  return node;
}

/** The document's path template a concrete path matches (`/api/tracks/{id}` for `/api/tracks/<uuid>`). */
function templateOf(path: string): string | undefined {
  const bare = path.split("?")[0] as string;
  return Object.keys(doc.paths).find((template) =>
    new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/]+")}$`).test(bare),
  );
}

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

/** Validates one answer against the document; a mismatch is collected (and fails the test at the end). */
async function validate(method: string, path: string, res: Response): Promise<unknown> {
  const text = await res.text();
  const template = templateOf(path);
  const where = `${method} ${path} -> ${res.status}`;
  const op = template ? doc.paths[template]?.[method.toLowerCase()] : undefined;
  if (!template || !op) {
    problems.push(`${where}: no such operation in the document`);
    return text;
  }
  const status = String(res.status);
  const code = status in op.responses ? status : `${status[0]}XX` in op.responses ? `${status[0]}XX` : undefined;
  if (!code) {
    problems.push(`${where}: status not documented (documented: ${Object.keys(op.responses).join(", ")})`);
    return text;
  }
  const type = (res.headers.get("content-type") ?? "").split(";")[0]?.trim() ?? "";
  const media = op.responses[code]?.content?.[type];
  if (!media) {
    problems.push(`${where}: content type ${type} not documented for ${code}`);
    return text;
  }
  // A HEAD answer has the GET answer's headers and no body: its status and type are checked, there is no body to check.
  const body = method === "HEAD" ? undefined : type === "application/json" ? JSON.parse(text) : text;
  const check = ajv.getSchema(
    `openapi.json#/paths/${pointer(template, method.toLowerCase())}/responses/${pointer(code)}/content/${pointer(type)}/schema`,
  );
  if (!check) throw new Error(`no schema for ${where}`);
  if (body !== undefined && !check(body)) problems.push(`${where}: ${ajv.errorsText(check.errors)} in ${text.slice(0, 300)}`);
  const seen = checked.get(`${method} ${template}`) ?? new Set<string>();
  seen.add(status);
  checked.set(`${method} ${template}`, seen);
  return body;
}

/** A call through the real server; its answer is validated, and its status must be `expected`. */
async function call(
  method: string,
  path: string,
  expected: number,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; from?: string } = {},
): Promise<any> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === "string") body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  const res = await app.fetch(path, { method, headers, body, localAddress: options.from });
  const status = res.status;
  const answer = await validate(method, path, res);
  expect(status, `${method} ${path}: ${String(JSON.stringify(answer)).slice(0, 300)}`).toBe(expected);
  return answer;
}

let owner: string;
let learner: string;
let learnerId: string;
let otherLearner: string;
const MISSING = "00000000-0000-4000-8000-000000000000";

beforeAll(async () => {
  app = await startTestApp();
  await seedDemoData(app.services.db.prisma, app.services.storage);
  doc = await (await app.fetch("/api/openapi.json")).json();
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(closed(structuredClone(doc)), "openapi.json");
  const { prisma } = app.services.db;
  const admin = await prisma.admin.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } });
  const demoLearner = await prisma.learner.findUniqueOrThrow({ where: { email: DEMO_LEARNER.email } });
  owner = await createSession(prisma, "ADMIN", admin.id);
  learner = await createSession(prisma, "LEARNER", demoLearner.id);
  learnerId = demoLearner.id;
  otherLearner = (await learnerWithToken(app)).token;
});
afterAll(() => app?.close());

describe("every route's answers match the served OpenAPI document (independent validator)", () => {
  it("auth", async () => {
    const admin = signUpBody();
    await call("POST", "/api/auth/signup/admin", 201, { body: admin });
    await call("POST", "/api/auth/signup/admin", 400, { body: { ...admin, confirmPassword: "other" } });
    await call("POST", "/api/auth/signup/learner", 201, { body: signUpBody() });
    await call("POST", "/api/auth/signup/learner", 400, { body: {} });
    await call("POST", "/api/auth/signup/learner", 415, { body: "a=b", headers: { "content-type": "application/x-www-form-urlencoded" } });
    const pending = await signUp(app, "learner");
    await call("POST", "/api/auth/verify-email", 400, { body: { email: pending.email, token: "000000" } });
    await call("POST", "/api/auth/verify-email", 200, { body: { email: pending.email, token: pending.code } });
    await call("POST", "/api/auth/resend-token", 200, { body: { email: signUpBody().email } });
    await call("POST", "/api/auth/resend-token", 400, { body: {} });
    await call("POST", "/api/auth/forgot-password", 200, { body: { email: pending.email } });
    await call("POST", "/api/auth/forgot-password", 400, { body: { email: "not an e-mail" } });
    const { token: resetToken } = resetTokenIn(await lastMailTo(app, pending.email));
    await call("POST", "/api/auth/reset-password", 400, { body: { token: "nope", password: "x", confirmPassword: "x" } });
    await call("POST", "/api/auth/reset-password", 200, {
      body: { token: resetToken, password: "N3w!Passw0rd", confirmPassword: "N3w!Passw0rd" },
    });
    await call("GET", "/api/auth/unlock?token=abc", 200);
    await call("POST", "/api/auth/unlock", 400, { body: { token: "nope" } });
    await call("POST", "/api/auth/unlock", 400, { body: "token=nope", headers: { "content-type": "application/x-www-form-urlencoded" } });
    await resetRateLimits(app);
    await call("POST", "/api/auth/login", 200, { body: { email: DEMO_LEARNER.email, password: DEMO_LEARNER.password } });
    await call("POST", "/api/auth/login", 200, { body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } });
    // Ten wrong passwords lock the account at that address (429) and mail its owner an unlock link.
    const locked = await signUpAndVerify(app, "learner");
    for (let i = 0; i < 10; i++) {
      await call("POST", "/api/auth/login", 400, { body: { email: locked.email, password: `wrong-${i}` }, from: "127.0.0.3" });
    }
    await call("POST", "/api/auth/login", 429, { body: { email: locked.email, password: locked.password }, from: "127.0.0.3" });
    const link = /\/api\/auth\/unlock\?token=(\S+)/.exec((await lastMailTo(app, locked.email)).text);
    await call("POST", "/api/auth/unlock", 200, { body: { token: decodeURIComponent(link?.[1] as string) } });
    await call("POST", "/api/auth/login", 400, { body: {} });
    await call("POST", "/api/auth/login", 415, { body: "email=a", headers: { "content-type": "application/x-www-form-urlencoded" } });
    await call("GET", "/api/auth/check-auth", 200, { token: learner });
    await call("GET", "/api/auth/check-auth", 401);
    await call("GET", "/api/auth/check-auth", 403, { token: owner });
    const profile = { firstName: "Grace", lastName: "Hopper", contact: "+234 801 234 5678", location: "Lagos", description: "Learning." };
    await call("PUT", "/api/auth/update", 200, { token: otherLearner, body: { ...profile, gender: "Female" } });
    await call("PUT", "/api/auth/update", 400, { token: otherLearner, body: { firstName: "" } });
    await call("PUT", "/api/auth/update", 401, { body: {} });
    const form = new FormData();
    for (const [key, value] of Object.entries(profile)) form.set(key, value);
    form.set("firstName", "Form");
    await call("PUT", "/api/auth/update", 200, { token: otherLearner, body: form });
    await call("POST", "/api/auth/logout", 200, { token: (await learnerWithToken(app)).token });
    await call("POST", "/api/auth/logout", 401);
    await call("POST", "/api/auth/logout", 403, { token: owner });
    await call("POST", "/api/admin/auth/logout", 200, { token: (await adminWithToken(app)).token });
    await call("POST", "/api/admin/auth/logout", 403, { token: learner });
  });

  it("tracks and courses", async () => {
    const { tracks } = await call("GET", "/api/tracks", 200);
    const trackId = tracks[0]._id as string;
    await call("GET", `/api/tracks/${trackId}`, 200);
    await call("GET", `/api/tracks/${MISSING}`, 404);
    await call("GET", "/api/tracks/garbage", 404);
    const fields = { name: "Schema track", price: 120, duration: "4 weeks", instructor: "Ada", description: "Checked." };
    const created = await call("POST", "/api/tracks", 201, { token: owner, body: fields });
    await call("POST", "/api/tracks", 400, { token: owner, body: {} });
    await call("POST", "/api/tracks", 401, { body: fields });
    await call("POST", "/api/tracks", 403, { token: learner, body: fields });
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
    form.set("name", "Form track");
    const fromForm = await call("POST", "/api/tracks", 201, { token: owner, body: form });
    await call("PUT", `/api/tracks/${created.track._id}`, 200, { token: owner, body: { ...fields, price: 99.5 } });
    await call("PUT", `/api/tracks/${MISSING}`, 404, { token: owner, body: fields });
    await call("PUT", `/api/tracks/${created.track._id}`, 400, { token: owner, body: { ...fields, price: "lots" } });

    const { courses } = await call("GET", "/api/courses?page=1", 200, { token: owner });
    expect(courses.length).toBeGreaterThan(0);
    await call("GET", "/api/courses?page=x", 400, { token: owner });
    await call("GET", "/api/courses", 403, { token: learner });
    await call("GET", "/api/courses", 401);
    const course = await call("POST", "/api/courses", 201, {
      token: owner,
      body: { title: "Schema course", track: created.track._id, description: "A course." },
    });
    await call("POST", "/api/courses", 400, { token: owner, body: { track: created.track._id } });
    await call("POST", "/api/courses", 404, { token: owner, body: { title: "X", track: MISSING, description: "Y" } });
    await call("PUT", `/api/courses/${course.course._id}`, 200, {
      token: owner,
      body: { title: "Renamed course", track: created.track._id, description: "A course." },
    });
    await call("PUT", `/api/courses/${MISSING}`, 404, {
      token: owner,
      body: { title: "X", track: created.track._id, description: "Y" },
    });
    await call("DELETE", `/api/courses/${course.course._id}`, 200, { token: owner });
    await call("DELETE", `/api/courses/${course.course._id}`, 404, { token: owner });

    await call("DELETE", `/api/tracks/${fromForm.track._id}`, 200, { token: owner });
    await call("DELETE", `/api/tracks/${created.track._id}`, 200, { token: owner });
    await call("DELETE", `/api/tracks/${created.track._id}`, 404, { token: owner });
    await call("DELETE", `/api/tracks/${trackId}`, 403, { token: learner });

    // A track with history is archived by DELETE (`archived: true`), and restored; so is a course of a track with learners.
    const kept = await call("POST", "/api/tracks", 201, { token: owner, body: { ...fields, name: "Kept track" } });
    const keptCourse = await call("POST", "/api/courses", 201, {
      token: owner,
      body: { title: "Kept course", track: kept.track._id, description: "A course." },
    });
    await app.services.db.prisma.enrollment.create({ data: { learnerId, trackId: kept.track._id } });
    expect((await call("DELETE", `/api/courses/${keptCourse.course._id}`, 200, { token: owner })).archived).toBe(true);
    await call("POST", `/api/courses/${keptCourse.course._id}/restore`, 200, { token: owner });
    await call("POST", `/api/courses/${MISSING}/restore`, 404, { token: owner });
    expect((await call("DELETE", `/api/tracks/${kept.track._id}`, 200, { token: owner })).archived).toBe(true);
    await call("POST", `/api/tracks/${kept.track._id}/restore`, 200, { token: owner });
    await call("POST", `/api/tracks/${kept.track._id}/restore`, 403, { token: learner });
    await call("POST", `/api/tracks/${MISSING}/restore`, 404, { token: owner });

    // Prices in further currencies (local currency).
    const priced = await call("PUT", `/api/tracks/${kept.track._id}/prices/ghs`, 200, { token: owner, body: { amount: 1200 } });
    expect(priced.track.prices).toEqual([
      { currency: "USD", amount: 120 },
      { currency: "GHS", amount: 1200 },
    ]);
    await call("PUT", `/api/tracks/${kept.track._id}/prices/USD`, 400, { token: owner, body: { amount: 1 } });
    await call("PUT", `/api/tracks/${kept.track._id}/prices/EUR`, 400, { token: owner, body: { amount: 1 } });
    await call("PUT", `/api/tracks/${kept.track._id}/prices/NGN`, 403, { token: learner, body: { amount: 1 } });
    await call("PUT", `/api/tracks/${MISSING}/prices/NGN`, 404, { token: owner, body: { amount: 1 } });
    expect((await call("GET", `/api/tracks/${kept.track._id}`, 200)).track.prices).toHaveLength(2);
    await call("DELETE", `/api/tracks/${kept.track._id}/prices/GHS`, 200, { token: owner });
    await call("DELETE", `/api/tracks/${kept.track._id}/prices/GHS`, 404, { token: owner });
  });

  it("invoices, learners, enrollments and payments", async () => {
    await call("GET", "/api/invoices?search=a", 200, { token: owner });
    await call("GET", "/api/invoices?page=0", 400, { token: owner });
    await call("GET", "/api/invoices", 403, { token: learner });
    const invoice = await call("POST", "/api/invoices", 201, {
      token: owner,
      body: { learner: learnerId, amount: "150.00", status: "pending", dueDate: "2030-01-31", paymentDetails: "Bank transfer" },
    });
    await call("POST", "/api/invoices", 400, { token: owner, body: { learner: learnerId, amount: "lots" } });
    await call("POST", "/api/invoices", 404, { token: owner, body: { learner: MISSING, amount: 10, status: "paid" } });
    await call("PUT", `/api/invoices/${invoice.invoice._id}`, 200, {
      token: owner,
      body: { learner: learnerId, amount: 150, status: "paid" },
    });
    await call("PUT", `/api/invoices/${MISSING}`, 404, { token: owner, body: { learner: learnerId, amount: 1, status: "paid" } });
    // Paid now: locked (docs/ARCHITECTURE.md, "Paid records are locked").
    await call("PUT", `/api/invoices/${invoice.invoice._id}`, 409, {
      token: owner,
      body: { learner: learnerId, amount: 1, status: "paid" },
    });
    await call("DELETE", `/api/invoices/${invoice.invoice._id}`, 409, { token: owner });
    await call("POST", `/api/invoices/${invoice.invoice._id}/void`, 409, { token: owner, body: { reason: "Wrong" } });
    const pending = await call("POST", "/api/invoices", 201, {
      token: owner,
      body: { learner: learnerId, amount: 10, status: "pending", description: "Printed books" },
    });
    await call("POST", `/api/invoices/${pending.invoice._id}/void`, 400, { token: owner, body: {} });
    await call("POST", `/api/invoices/${MISSING}/void`, 404, { token: owner, body: { reason: "Wrong" } });
    await call("DELETE", `/api/invoices/${pending.invoice._id}`, 200, { token: owner });
    await call("DELETE", `/api/invoices/${pending.invoice._id}`, 404, { token: owner });
    const toVoid = await call("POST", "/api/invoices", 201, { token: owner, body: { learner: learnerId, amount: 10, status: "pending" } });
    await call("POST", `/api/invoices/${toVoid.invoice._id}/void`, 200, { token: owner, body: { reason: "Sent twice" } });
    // Finance confirms the money of a pending invoice, then refunds part of it (recorded: it was not a card payment).
    const toConfirm = await call("POST", "/api/invoices", 201, {
      token: owner,
      body: { learner: learnerId, amount: 20, status: "pending" },
    });
    await call("POST", `/api/invoices/${toConfirm.invoice._id}/confirm`, 400, { token: owner, body: { method: "cheque" } });
    await call("POST", `/api/invoices/${toConfirm.invoice._id}/confirm`, 200, {
      token: owner,
      body: { method: "bank_transfer", receivedOn: new Date().toISOString().slice(0, 10), note: "Ref 123" },
    });
    await call("POST", `/api/invoices/${toConfirm.invoice._id}/confirm`, 409, {
      token: owner,
      body: { method: "cash", receivedOn: new Date().toISOString().slice(0, 10) },
    });
    await call("POST", `/api/invoices/${toConfirm.invoice._id}/refunds`, 201, { token: owner, body: { amount: 5, reason: "Partly" } });
    await call("POST", `/api/invoices/${toConfirm.invoice._id}/refunds`, 400, { token: owner, body: { amount: 5 } });
    await call("POST", `/api/invoices/${toVoid.invoice._id}/refunds`, 409, { token: owner, body: { reason: "Never paid" } });
    await call("POST", `/api/invoices/${MISSING}/refunds`, 404, { token: owner, body: { reason: "Unknown" } });
    await call("GET", `/api/invoices/${toConfirm.invoice._id}/pdf`, 200, { token: owner });
    await call("GET", `/api/invoices/${MISSING}/pdf`, 404, { token: owner });
    await call("GET", `/api/invoices/${toConfirm.invoice._id}/pdf`, 401);
    await call("GET", "/api/settings", 200, { token: owner });
    await call("GET", "/api/settings", 403, { token: learner });
    const settings = { offlinePaymentsEnabled: false, offlineInstructions: null, offlineExpiryDays: 7, checkoutAbandonHours: 24 };
    await call("PUT", "/api/settings", 200, { token: owner, body: settings });
    await call("PUT", "/api/settings", 400, { token: owner, body: { ...settings, offlineExpiryDays: 0 } });
    const identity = { businessName: "Acme Academy", supportEmail: "help@acme.test", invoicePrefix: "ACME", taxRatePercent: 7.5 };
    const saved = await call("PUT", "/api/settings", 200, { token: owner, body: { ...settings, ...identity, taxInclusive: false } });
    expect(saved.settings).toMatchObject({ ...identity, taxInclusive: false, logo: null });
    await call("PUT", "/api/settings", 400, { token: owner, body: { ...settings, invoicePrefix: "no spaces" } });
    await call("PUT", "/api/settings", 400, { token: owner, body: { ...settings, taxRatePercent: "lots" } });
    await call("PUT", "/api/settings", 200, {
      token: owner,
      body: { ...settings, businessName: "LearnHub", invoicePrefix: "INV", taxRatePercent: 0 },
    });
    // The Paystack channels: Paystack's names, at least one (docs/payments.md, Channels).
    const channels = await call("PUT", "/api/settings", 200, {
      token: owner,
      body: { ...settings, paymentChannels: ["bank_transfer", "card"] },
    });
    expect(channels.settings.paymentChannels).toEqual(["card", "bank_transfer"]);
    await call("PUT", "/api/settings", 400, { token: owner, body: { ...settings, paymentChannels: [] } });
    await call("PUT", "/api/settings", 400, { token: owner, body: { ...settings, paymentChannels: ["eft"] } });
    await call("PUT", "/api/settings", 200, {
      token: owner,
      body: { ...settings, paymentChannels: ["card", "bank", "ussd", "qr", "mobile_money", "bank_transfer", "apple_pay"] },
    });

    const { learners } = await call("GET", "/api/learners", 200, { token: owner });
    expect(learners.length).toBeGreaterThan(0);
    await call("GET", "/api/learners", 401);
    await call("GET", "/api/learners?page=-1", 400, { token: owner });

    await call("GET", "/api/enrollments", 200, { token: learner });
    await call("GET", "/api/enrollments", 403, { token: owner });
    await call("GET", `/api/enrollments/learner/${learnerId}`, 200, { token: owner });
    await call("GET", `/api/enrollments/learner/${MISSING}`, 404, { token: owner });
    await call("GET", `/api/enrollments/learner/${learnerId}`, 403, { token: learner });
    const lesson = await app.services.db.prisma.lesson.findFirstOrThrow({
      where: { kind: { not: "QUIZ" }, course: { track: { enrollments: { some: { learner: { email: DEMO_LEARNER.email } } } } } },
    });
    await call("POST", `/api/lessons/${lesson.id}/complete`, 200, { token: learner });
    await call("POST", `/api/lessons/${lesson.id}/complete`, 403, { token: owner });
    await call("POST", `/api/lessons/${MISSING}/complete`, 404, { token: learner });
    // A quiz is completed only by passing it; the demo learner's finished track has its certificate (the seed), verified
    // by anyone, its PDF for its learner.
    const trackLessons = await app.services.db.prisma.lesson.findMany({
      where: {
        archivedAt: null,
        course: {
          archivedAt: null,
          trackId: (await app.services.db.prisma.course.findUniqueOrThrow({ where: { id: lesson.courseId } })).trackId,
        },
      },
    });
    for (const l of trackLessons) await call("POST", `/api/lessons/${l.id}/complete`, l.kind === "QUIZ" ? 400 : 200, { token: learner });
    const certificate = await app.services.db.prisma.certificate.findFirstOrThrow({
      where: { revokedAt: null, learner: { email: DEMO_LEARNER.email } },
    });
    // Lesson media: the enrolled learner's bearer token opens the video (whole or a range) and a file; nobody else.
    const { prisma } = app.services.db;
    const enrolledTrack = { course: { track: { enrollments: { some: { learner: { email: DEMO_LEARNER.email } } } } } };
    const video = await prisma.lessonMedia.findFirstOrThrow({ where: { kind: "VIDEO", lesson: enrolledTrack } });
    const file = await prisma.lessonMedia.findFirstOrThrow({ where: { kind: "FILE", lesson: enrolledTrack } });
    for (const method of ["GET", "HEAD"]) {
      await call(method, `/api/lessons/${video.lessonId}/video`, 200, { token: learner });
      await call(method, `/api/lessons/${video.lessonId}/video`, 206, { token: learner, headers: { range: "bytes=0-99" } });
      await call(method, `/api/lessons/${video.lessonId}/video`, 404);
      await call(method, `/api/lessons/${file.lessonId}/files/${file.id}`, 200, { token: learner });
      await call(method, `/api/lessons/${file.lessonId}/files/${file.id}`, 404, { token: otherLearner });
    }
    const code = certificate.code.replace(/(.{4})(?=.)/g, "$1-");
    expect((await call("GET", `/api/certificates/${code}`, 200)).status).toBe("valid");
    await call("GET", "/api/certificates/AAAA-AAAA-AAAA", 404);
    await call("GET", `/api/certificates/${code}/pdf`, 200, { token: learner });
    await call("GET", `/api/certificates/${code}/pdf`, 401);
    await call("GET", `/api/certificates/${code}/pdf`, 404, { token: otherLearner });

    const { tracks } = await call("GET", "/api/tracks", 200);
    const { enrollments } = await call("GET", "/api/enrollments", 200, { token: otherLearner });
    const enrolled = new Set(enrollments.map((e: { track: { _id: string } }) => e.track._id));
    const paid = tracks.find((t: { _id: string; price: number }) => t.price > 0 && !enrolled.has(t._id));
    const checkout = await call("POST", "/api/enrollments", 200, {
      token: otherLearner,
      body: { track: paid._id, contact: "+234 801 000 0000", gender: "Female", location: "Lagos", description: "Keen." },
    });
    await call("POST", "/api/enrollments", 400, { token: otherLearner, body: {} });
    await call("POST", "/api/enrollments", 404, { token: otherLearner, body: { track: MISSING, contact: "1", gender: "Male" } });
    await call("POST", "/api/enrollments", 403, { token: owner, body: { track: paid._id } });
    const free = await call("POST", "/api/tracks", 201, {
      token: owner,
      body: { name: "Free track", price: 0, duration: "1 day", instructor: "Ada", description: "Free." },
    });
    await call("POST", "/api/enrollments", 201, {
      token: otherLearner,
      body: { track: free.track._id, contact: "+234 801 000 0000", gender: "Female", location: "Lagos", description: "Keen." },
    });
    await call("POST", "/api/enrollments/verify-payment", 200, { token: otherLearner, body: { reference: checkout.reference } });
    const refused = await call("POST", "/api/enrollments/verify-payment", 400, { token: otherLearner, body: {} });
    expect(refused).toEqual({
      success: false,
      message: "No payment reference was found.",
      errors: [{ message: "No payment reference was found." }],
    });
    await call("POST", "/api/enrollments/verify-payment", 401, { body: { reference: "x" } });

    const event = JSON.stringify({ event: "charge.success", data: { reference: "unknown-reference" } });
    const sign = (raw: string) => createHmac("sha512", app.services.config.paystack.secretKey).update(raw).digest("hex");
    await call("POST", "/api/payments/paystack/webhook", 200, {
      body: event,
      headers: { "content-type": "application/json", "x-paystack-signature": sign(event) },
    });
    await call("POST", "/api/payments/paystack/webhook", 401, { body: event, headers: { "content-type": "application/json" } });
    // The signature covers the raw bytes whatever their declared type: no 415 here (and none documented).
    await call("POST", "/api/payments/paystack/webhook", 200, {
      body: event,
      headers: { "content-type": "text/plain", "x-paystack-signature": sign(event) },
    });
    expect(doc.paths["/api/payments/paystack/webhook"]?.post?.responses).not.toHaveProperty("415");
    await call("POST", "/api/payments/paystack/webhook", 400, {
      body: "{",
      headers: { "content-type": "application/json", "x-paystack-signature": sign("{") },
    });
  });

  it("reports, staff, audit log and the document itself", async () => {
    await call("GET", "/api/reports/export.csv?from=2026-01-01&to=2026-12-31", 200, { token: owner });
    await call("GET", "/api/reports/export.csv?from=2026-02-30&to=2026-12-31", 400, { token: owner });
    await call("GET", "/api/reports/export.csv?from=2026-01-01&to=2026-12-31", 401);
    await call("GET", "/api/reports/months.csv?from=2026-01-01&to=2026-12-31", 200, { token: owner });
    await call("GET", "/api/reports/months.csv?from=2026-02-30&to=2026-12-31", 400, { token: owner });
    await call("GET", "/api/reports/months.csv?from=2026-01-01&to=2026-12-31", 401);
    await call("GET", "/api/reports/tracks.csv?from=2026-01-01&to=2026-12-31", 200, { token: owner });
    await call("GET", "/api/reports/tracks.csv?from=2026-02-30&to=2026-12-31", 400, { token: owner });
    await call("GET", "/api/reports/tracks.csv?from=2026-01-01&to=2026-12-31", 401);
    await call("GET", "/api/learners/export.csv?search=ada", 200, { token: owner });
    await call("GET", "/api/learners/export.csv", 401);

    const { staff } = await call("GET", "/api/admin/staff?search=learnhub", 200, { token: owner });
    await call("GET", "/api/admin/staff", 403, { token: learner });
    await call("GET", "/api/admin/staff?page=x", 400, { token: owner });
    const invited = await call("POST", "/api/admin/staff/invitations", 201, {
      token: owner,
      body: { email: signUpBody().email, role: "finance" },
    });
    await call("POST", "/api/admin/staff/invitations", 400, { token: owner, body: { email: "x", role: "boss" } });
    await call("POST", `/api/admin/staff/invitations/${invited.invitation._id}/resend`, 200, { token: owner });
    await call("POST", `/api/admin/staff/invitations/${MISSING}/resend`, 404, { token: owner });

    const pending = await signUp(app, "admin");
    await call("POST", "/api/auth/verify-email", 200, { body: { email: pending.email, token: pending.code } });
    const pendingId = (await app.services.db.prisma.admin.findUniqueOrThrow({ where: { email: pending.email } })).id;
    await call("POST", `/api/admin/staff/${pendingId}/approve`, 400, { token: owner, body: { role: "boss" } });
    await call("POST", `/api/admin/staff/${MISSING}/approve`, 404, { token: owner, body: { role: "manager" } });
    await call("POST", `/api/admin/staff/${pendingId}/approve`, 200, { token: owner, body: { role: "manager" } });
    await call("POST", `/api/admin/staff/${pendingId}/approve`, 409, { token: owner, body: { role: "manager" } });

    const finance = staff.find((s: { email: string }) => s.email === DEMO_STAFF[1].email);
    await call("PUT", `/api/admin/staff/${finance._id}`, 200, { token: owner, body: { role: "finance", disabled: false } });
    await call("PUT", `/api/admin/staff/${MISSING}`, 404, { token: owner, body: { role: "finance" } });
    await call("PUT", `/api/admin/staff/${finance._id}`, 400, { token: owner, body: { role: "boss" } });

    const { entries } = await call("GET", "/api/admin/audit?entityType=Track", 200, { token: owner });
    expect(entries.some((e: { changes: unknown }) => e.changes && Object.keys(e.changes).length > 0)).toBe(true);
    await call("GET", "/api/admin/audit?page=x", 400, { token: owner });
    await call("GET", "/api/admin/audit/export.csv", 200, { token: owner });
    await call("GET", "/api/admin/audit/export.csv", 403, { token: learner });
    await call("GET", "/api/openapi.json", 200);
  });

  it("coupons, sponsor codes and the checkout quote", async () => {
    const { tracks } = await call("GET", "/api/tracks", 200);
    const paid = tracks.find((t: { price: number }) => t.price > 0);
    const code = `ANS${Date.now().toString(36).toUpperCase()}`;
    const made = await call("POST", "/api/coupons", 201, {
      token: owner,
      body: { code, kind: "fixed", value: "5.50", allTracks: false, trackIds: [paid._id], maxRedemptions: 3 },
    });
    expect(made.coupon).toMatchObject({ code, kind: "fixed", value: 5.5, maxRedemptions: 3, tracks: [{ _id: paid._id }] });
    await call("POST", "/api/coupons", 400, { token: owner, body: { code, kind: "percent", value: 10 } });
    await call("POST", "/api/coupons", 403, { token: learner, body: { code: "X1X", kind: "percent", value: 10 } });
    await call("GET", `/api/coupons?search=${code.toLowerCase()}`, 200, { token: owner });
    await call("GET", "/api/coupons", 403, { token: learner });
    const quote = await call("GET", `/api/checkout/quote?track=${paid._id}&coupon=${code.toLowerCase()}`, 200, { token: otherLearner });
    expect(quote).toMatchObject({ subtotal: paid.price, discount: 5.5, total: paid.price - 5.5, coupon: code });
    await call("GET", `/api/checkout/quote?track=${paid._id}&coupon=NOPE`, 400, { token: otherLearner });
    await call("GET", `/api/checkout/quote?track=${MISSING}`, 404, { token: otherLearner });
    await call("POST", `/api/coupons/${made.coupon._id}/deactivate`, 200, { token: owner });
    await call("POST", `/api/coupons/${made.coupon._id}/deactivate`, 409, { token: owner });
    await call("POST", `/api/coupons/${MISSING}/deactivate`, 404, { token: owner });
    const batch = await call("POST", "/api/coupons/batches", 201, {
      token: owner,
      body: { organisation: "Acme", trackId: paid._id, count: 3 },
    });
    await call("POST", "/api/coupons/batches", 400, { token: owner, body: { organisation: "Acme", trackId: paid._id, count: 1001 } });
    await call("GET", `/api/coupons/batches/${batch.batch._id}/codes.csv`, 200, { token: owner });
    await call("GET", `/api/coupons/batches/${MISSING}/codes.csv`, 404, { token: owner });
  });

  it("instalment plans: finance's list and actions, the learner's own plans, cards and Pay now", async () => {
    await sandboxControl(app, "/__controls", { dropWebhooks: true });
    const bought = await buyInstalmentPlan(app, owner);
    const [part1, part2, part3] = bought.parts;
    await call("GET", "/api/payment-plans?filter=overdue&page=1", 200, { token: owner });
    await call("GET", "/api/payment-plans?filter=late", 400, { token: owner });
    await call("GET", "/api/payment-plans", 403, { token: learner });
    await call("GET", `/api/payment-plans/${bought.plan.id}`, 200, { token: owner });
    await call("GET", `/api/payment-plans/${MISSING}`, 404, { token: owner });
    await call("GET", "/api/me/payment-plans", 200, { token: bought.token });
    await call("GET", "/api/me/payment-plans", 403, { token: owner });
    await call("GET", "/api/me/saved-cards", 200, { token: bought.token });
    await call("GET", "/api/me/saved-cards", 401);
    await call("POST", `/api/me/invoices/${part2.id}/pay`, 409, { token: bought.token, body: {} });
    await call("POST", `/api/me/invoices/${part2.id}/pay`, 404, { token: otherLearner, body: {} });
    await app.services.db.prisma.invoice.update({ where: { id: part3.id }, data: { dueDate: new Date() } });
    await call("POST", `/api/me/invoices/${part3.id}/pay`, 200, { token: bought.token, body: {} });
    await call("POST", `/api/invoices/${part2.id}/due-date`, 400, { token: owner, body: { dueOn: "2020-01-01" } });
    await call("POST", `/api/invoices/${part2.id}/due-date`, 200, { token: owner, body: { dueOn: "2099-01-01" } });
    await call("POST", `/api/invoices/${part1.id}/waive`, 409, { token: owner, body: { reason: "Goodwill" } });
    await call("POST", `/api/invoices/${part2.id}/waive`, 200, { token: owner, body: { reason: "Goodwill" } });
    await call("POST", `/api/payment-plans/${bought.plan.id}/cancel`, 400, { token: owner, body: {} });
    // Part 3's payment page is open: cancelling would void it under the payment.
    await call("POST", `/api/payment-plans/${bought.plan.id}/cancel`, 409, { token: owner, body: { reason: "Left" } });
    await app.services.db.prisma.invoice.update({ where: { id: part3.id }, data: { reference: null, authorizationUrl: null } });
    await call("POST", `/api/payment-plans/${bought.plan.id}/cancel`, 200, { token: owner, body: { reason: "Left" } });
    await sandboxControl(app, "/__controls/reset", {});
  });

  it("cohorts: the track page's cohorts, staff routes, the roster, checkout and enrollments with a cohort", async () => {
    const fields = {
      name: "Cohort schema track",
      price: 0,
      duration: "12 weeks",
      instructor: "Ada",
      description: "Checked.",
      mode: "cohort",
    };
    const { track } = await call("POST", "/api/tracks", 201, { token: owner, body: fields });
    await call("PUT", `/api/tracks/${track._id}`, 400, { token: owner, body: { ...fields, mode: "weekly" } });
    const day = 86_400_000;
    const form = {
      name: "January",
      startsAt: new Date(Date.now() + 7 * day).toISOString(),
      endsAt: new Date(Date.now() + 90 * day).toISOString(),
    };
    const { cohort } = await call("POST", `/api/tracks/${track._id}/cohorts`, 201, {
      token: owner,
      body: { ...form, capacity: 1, published: true },
    });
    await call("POST", `/api/tracks/${track._id}/cohorts`, 400, { token: owner, body: { ...form, name: "" } });
    await call("POST", `/api/tracks/${MISSING}/cohorts`, 404, { token: owner, body: form });
    await call("PUT", `/api/cohorts/${cohort._id}`, 200, { token: owner, body: { ...form, capacity: 1, published: true } });
    await call("PUT", `/api/cohorts/${cohort._id}`, 400, { token: owner, body: { ...form, capacity: -1 } });
    await call("PUT", `/api/cohorts/${MISSING}`, 404, { token: owner, body: form });
    expect((await call("GET", `/api/tracks/${track._id}`, 200)).track.cohorts).toHaveLength(1);

    const buyer = await learnerWithToken(app);
    const enroll = { track: track._id, contact: "+234 802 555 0101", gender: "Female" };
    await call("POST", "/api/enrollments", 400, { token: buyer.token, body: enroll });
    await call("POST", "/api/enrollments", 201, { token: buyer.token, body: { ...enroll, cohort: cohort._id } });
    await call("POST", "/api/enrollments", 409, { token: (await learnerWithToken(app)).token, body: { ...enroll, cohort: cohort._id } });
    const { enrollments } = await call("GET", "/api/enrollments", 200, { token: buyer.token });
    expect(enrollments[0].cohort._id).toBe(cohort._id);

    expect((await call("GET", `/api/cohorts/${cohort._id}/roster`, 200, { token: owner })).total).toBe(1);
    await call("GET", `/api/cohorts/${cohort._id}/roster`, 403, { token: learner });
    await call("GET", `/api/cohorts/${MISSING}/roster`, 404, { token: owner });
    await call("DELETE", `/api/cohorts/${cohort._id}`, 409, { token: owner });
    const { cohort: empty } = await call("POST", `/api/tracks/${track._id}/cohorts`, 201, { token: owner, body: form });
    await call("DELETE", `/api/cohorts/${empty._id}`, 200, { token: owner });
    await call("DELETE", `/api/cohorts/${empty._id}`, 404, { token: owner });
  });

  it("the validator refuses what the document does not describe", () => {
    const track = ajv.getSchema("openapi.json#/components/schemas/Track");
    const error = ajv.getSchema("openapi.json#/components/schemas/Error");
    expect(track?.({ name: "No id" })).toBe(false);
    expect(error?.({ message: "Refused.", errors: [{ message: "Refused." }] })).toBe(true);
    expect(error?.({ errors: [] })).toBe(false);
    // The 400 of verify-payment used to carry an undocumented `success`.
    expect(error?.({ success: false, message: "No payment reference was found." })).toBe(false);
  });

  it("every answer matched the document; every operation was checked with a success and a refusal", () => {
    expect(problems).toEqual([]);
    const withoutSuccess: string[] = [];
    const withoutRefusal: string[] = [];
    for (const [template, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) {
        const seen = checked.get(`${method.toUpperCase()} ${template}`) ?? new Set<string>();
        if (![...seen].some((s) => s.startsWith("2"))) withoutSuccess.push(`${method} ${template}`);
        if (![...seen].some((s) => s.startsWith("4"))) withoutRefusal.push(`${method} ${template}`);
      }
    }
    expect(withoutSuccess).toEqual([]);
    // The public reads of the catalogue's list, the unlock page and this document have no refusal to drive.
    expect(withoutRefusal.sort()).toEqual(["get /api/auth/unlock", "get /api/openapi.json", "get /api/tracks"]);
  });
});
