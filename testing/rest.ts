import { basename, join } from "node:path";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { createSession } from "../api/src/domain/accounts/login.ts";
import { DEMO_ADMIN, DEMO_LEARNER, seedDemoData } from "../api/src/seed/demo.ts";
import { coverImage } from "../api/src/seed/images.ts";
import { localUploadsDir } from "../api/src/storage/storage.ts";
import { resetRateLimits } from "./accounts.ts";
import { type RestAnswer, rest, startTestApp, type TestApp } from "./app.ts";

/**
 * What the REST tests (api/src/rest/<area>/<route module>.test.ts) share: a server (`app`) on an empty database (`useApp`, the
 * account routes) or with the demo data and its admin and learner sessions (`useSeededApp`, the catalogue and back
 * office), and the calls, forms and checks they make.
 */

export const NO_TOKEN = "Authentication token not found. Please log in.";
export const UNKNOWN_ID = "7b0e2f9a-4c1d-4e8b-9a3f-2d6c5b4a3e21";
export const GARBAGE_IDS = ["abc", "123", "not-a-uuid-at-all", "7b0e2f9a-4c1d-4e8b-9a3f-2d6c5b4a3e2z", "%27%20OR%201%3D1"];

export const TRACK_KEYS = [
  "_id",
  "name",
  "price",
  // Local currency (issue 32): the main price's currency and every price the track is sold at.
  "currency",
  "prices",
  "duration",
  "instructor",
  "description",
  "image",
  "status",
  "averageRating",
  "reviewCount",
  "ratings",
  "courses",
  // Cohorts (issue 33): self_paced or cohort; a cohort track's page adds `cohorts` (docs/cohorts.md).
  "mode",
  "createdAt",
  "updatedAt",
];
export const COURSE_KEYS = ["_id", "title", "description", "image", "track", "createdAt"];
export const INVOICE_KEYS = [
  "_id",
  "number",
  "learner",
  "track",
  "amount",
  "currency",
  "dueDate",
  "status",
  "paymentDetails",
  "paymentChannel",
  "description",
  "createdAt",
  "updatedAt",
];
export const LEARNER_KEYS = [
  "_id",
  "firstName",
  "lastName",
  "email",
  "contact",
  "location",
  "gender",
  "description",
  "image",
  "createdAt",
  "disabled",
  "enrollments",
  "courseCount",
  "totalPaid",
  "currency",
  "totalsPaid",
];
export const ENROLLMENT_KEYS = ["_id", "status", "track", "progress", "cohort", "createdAt"];

export const keys = (value: object) => Object.keys(value).sort();
export const sorted = (list: string[]) => [...list].sort();

export let app: TestApp;
export let adminToken: string;
export let adaToken: string;
export let kofiToken: string;
export let adaId: string;
export let kofiId: string;
export let adminId: string;

/** Calls the REST facade on `app`: plain objects go as JSON, FormData and strings as they are. */
export const call = (method: string, path: string, options: Parameters<typeof rest>[3] = {}) => rest(app, method, path, options);

export type Upload = { bytes: Uint8Array; name: string; type: string };
export const png = (seed = 0): Upload => ({
  bytes: coverImage([seed % 256, 80, 160], [200, seed % 256, 20], 24, 16),
  name: "cover.png",
  type: "image/png",
});

export function formOf(fields: Record<string, string>, image?: Upload) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (image) form.append("image", new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return form;
}

export const TRACK_FORM = {
  name: "Blockchain Basics",
  price: "149.99",
  duration: "3 weeks",
  instructor: "Efua Sutherland",
  description: "Ledgers, wallets and smart contracts.",
};

/** Every refusal of the facade: `{message, errors}` with the message first. */
export function expectRefusal(answer: RestAnswer, status: number, message: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.message).toBe(message);
  expect(Array.isArray(answer.body.errors)).toBe(true);
  expect(answer.body.errors[0].message).toBe(message);
}

/**
 * A 201 from a create route: `{message, data, <name>}` with `data` the same object as `<name>`, which has exactly `fields`.
 * Answers that object.
 */
export function expectCreated(answer: RestAnswer, name: string, message: string, fields: string[]) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(keys(answer.body)).toEqual(sorted(["data", "message", name]));
  expect(answer.body.message).toBe(message);
  expect(answer.body.data).toEqual(answer.body[name]);
  const created = answer.body[name];
  expect(keys(created)).toEqual(sorted(fields));
  return created;
}

/** What a client can tell answers apart by: status, body and content type (for the no-account-enumeration checks). */
export const asSeenOutside = (r: { status: number; body: unknown; headers: Headers }) => ({
  status: r.status,
  body: r.body,
  type: r.headers.get("content-type"),
});

/** The file on disk behind a public /uploads path. */
export const fileOf = (publicPath: string) => join(localUploadsDir(app.services.config.dataDir), basename(publicPath));

/** Starts the seeded server before the file's tests and stops it after. */
export function useSeededApp() {
  beforeAll(async () => {
    app = await startTestApp();
    const { prisma } = app.services.db;
    await seedDemoData(prisma, app.services.storage);
    const admin = await prisma.admin.findUniqueOrThrow({ where: { email: DEMO_ADMIN.email } });
    const ada = await prisma.learner.findUniqueOrThrow({ where: { email: DEMO_LEARNER.email } });
    const kofi = await prisma.learner.findFirstOrThrow({ where: { firstName: "Kofi" } });
    adminId = admin.id;
    adaId = ada.id;
    kofiId = kofi.id;
    adminToken = await createSession(prisma, "ADMIN", admin.id);
    adaToken = await createSession(prisma, "LEARNER", ada.id);
    kofiToken = await createSession(prisma, "LEARNER", kofi.id);
  });
  afterAll(() => app?.close());
}

/** Starts a server on an empty database before the tests (rate limits reset before each one) and stops it after. */
export function useApp() {
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());
  beforeEach(() => resetRateLimits(app));
}

export const NEW_PASSWORD = "N3w!Secret-pass";

/** The parameters of an argon2id PHC string ($argon2id$v=19$m=..,t=..,p=..$salt$hash), whatever their order. */
export function argon2Params(hash: string): Record<string, string> {
  const parts = hash.split("$");
  expect(parts[1]).toBe("argon2id");
  expect(parts[2]).toBe("v=19");
  expect(parts).toHaveLength(6);
  return Object.fromEntries((parts[3] ?? "").split(",").map((kv) => kv.split("=") as [string, string]));
}

/** A multipart form for PUT /api/auth/update with the required profile fields filled in. */
export function profileForm(fields: Record<string, string> = {}, image?: { bytes: Uint8Array; name: string; type: string }) {
  const form = new FormData();
  const all = { firstName: "Ada", lastName: "Lovelace", contact: "+234 801 234 5678", description: "I like engines.", ...fields };
  for (const [k, v] of Object.entries(all)) form.append(k, v);
  if (image) form.append("image", new Blob([new Uint8Array(image.bytes)], { type: image.type }), image.name);
  return form;
}
