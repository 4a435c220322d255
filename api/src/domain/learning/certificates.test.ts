import { randomBytes } from "node:crypto";
import { inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken, mailsTo } from "#testing/accounts.ts";
import { rest, startTestApp, type TestApp } from "#testing/app.ts";
import { createTrack } from "#testing/catalogue.ts";
import { globalId } from "#testing/graphql.ts";
import { pdfText } from "#testing/pdf.ts";
import { formatCertificateCode } from "./certificate-code.ts";

/**
 * Certificates (domain/learning/certificates.ts): issued once when the last lesson is done (10 completions at once),
 * mailed once with the PDF, the PDF's text and QR code, who may download it, public verification (valid, revoked,
 * unknown; never stale after a revoke), who may revoke, a refund revoking, and a new one after finishing again.
 */

let app: TestApp;
const prisma = () => app.services.db.prisma;
let who: Record<"owner" | "manager" | "finance" | "instructor" | "pending" | "stranger", string>;

beforeAll(async () => {
  app = await startTestApp();
  await prisma().businessSettings.update({ where: { id: 1 }, data: { businessName: "Acme Academy Ltd" } });
  who = {
    owner: (await adminWithToken(app, "OWNER")).token,
    manager: (await adminWithToken(app, "MANAGER")).token,
    finance: (await adminWithToken(app, "FINANCE")).token,
    instructor: (await adminWithToken(app, "INSTRUCTOR")).token,
    pending: (await adminWithToken(app, null)).token,
    stranger: (await learnerWithToken(app)).token,
  };
});
afterAll(() => app.close());

/** A track of two lessons (and an archived one that does not count), a learner who paid for it and did the first lesson. */
async function learnerNearTheEnd() {
  const track = await createTrack(app, 45_000, { name: `Data Science ${randomBytes(2).toString("hex")}` });
  const course = await prisma().course.create({ data: { trackId: track.id, title: "Basics", description: "D" } });
  const [first, last] = await Promise.all(
    [0, 1].map((position) => prisma().lesson.create({ data: { courseId: course.id, position, title: `L${position}`, kind: "TEXT" } })),
  );
  await prisma().lesson.create({ data: { courseId: course.id, position: 2, title: "Old", kind: "TEXT", archivedAt: new Date() } });
  const { learner, token } = await learnerWithToken(app, { firstName: "Ama", lastName: "Mensah" });
  await prisma().enrollment.create({ data: { learnerId: learner.id, trackId: track.id } });
  const invoice = await prisma().invoice.create({
    data: { learnerId: learner.id, trackId: track.id, amountCents: 45_000, status: "PAID", paidAt: new Date(), paymentMethod: "OTHER" },
  });
  await complete(first!.id, token);
  return { track, learner, token, invoice, lessons: { first: first!, last: last! } };
}

async function complete(lessonId: string, token: string) {
  const { data, errors } = await app.graphql(
    "mutation ($id: ID!) { completeLesson(id: $id) { __typename ... on LessonProgressPayload { progress } ... on Error { message } } }",
    { id: globalId("Lesson", lessonId) },
    token,
  );
  expect(errors).toBeUndefined();
  return data.completeLesson;
}

/** The page's drawing operators (its content streams, inflated). */
function contentStreams(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const out: string[] = [];
  for (const m of raw.matchAll(/\/FlateDecode[\s\S]*?stream\r?\n/g)) {
    const start = (m.index ?? 0) + m[0].length;
    const end = raw.indexOf("endstream", start);
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString("latin1"));
    } catch {
      // Font programs and other streams that are not drawing operators.
    }
  }
  return out.join("\n");
}

const REVOKE =
  "mutation ($id: ID!, $reason: String!) { revokeCertificate(id: $id, reason: $reason) { __typename ... on CertificatePayload { certificate { status revokedAt revokeReason } } ... on Error { message } } }";

describe("certificates", () => {
  it("10 completions of the last lesson at once issue ONE certificate and ONE mail, with the PDF attached", async () => {
    const { track, learner, token, lessons } = await learnerNearTheEnd();
    const results = await Promise.all(Array.from({ length: 10 }, () => complete(lessons.last.id, token)));
    for (const r of results) expect(r).toEqual({ __typename: "LessonProgressPayload", progress: 100 });
    const certificates = await prisma().certificate.findMany({ where: { learnerId: learner.id } });
    expect(certificates).toHaveLength(1);
    expect(certificates[0]).toMatchObject({ trackId: track.id, learnerName: "Ama Mensah", trackName: track.name, revokedAt: null });
    expect(certificates[0]?.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{12}$/);
    expect((await prisma().enrollment.findFirstOrThrow({ where: { learnerId: learner.id } })).status).toBe("COMPLETED");
    expect(await prisma().outboxJob.count({ where: { name: "certificate-mail" } })).toBeGreaterThanOrEqual(1);
    expect(await prisma().outboxJob.count({ where: { jobId: `mail-certificate-${certificates[0]?.id}` } })).toBe(1);

    const mails = await mailsTo(app, learner.email);
    expect(mails).toHaveLength(1);
    const code = formatCertificateCode(certificates[0]?.code ?? "");
    expect(mails[0]).toMatchObject({ subject: `Congratulations: your certificate for ${track.name}` });
    expect((mails[0] as unknown as { attachments: string[] }).attachments).toEqual([`certificate-${code}.pdf`]);
    expect(mails[0]?.text).toContain(`${app.url}/certificates/${code}`);
    expect(mails[0]?.text).toContain(`${app.url}/portal`);
    expect(mails[0]?.html).toContain(`${app.url}/certificates/${code}`);

    // Completing again (a lesson marked twice) issues nothing more.
    await complete(lessons.last.id, token);
    expect(await prisma().certificate.count({ where: { learnerId: learner.id } })).toBe(1);
    expect(await mailsTo(app, learner.email)).toHaveLength(1);
  });

  it("the PDF holds the business, the name, the track, the date and the code as text, and a vector QR code", async () => {
    const { track, token, lessons } = await learnerNearTheEnd();
    await complete(lessons.last.id, token);
    const mine = await onlyCertificate(token);
    const res = await app.fetch(`/api/certificates/${mine.code}/pdf`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="certificate-${mine.code}.pdf"`);
    const bytes = Buffer.from(await res.arrayBuffer());
    const text = await pdfText(bytes);
    for (const part of ["Acme Academy Ltd", "Certificate of Completion", "Ama Mensah", track.name, `Certificate code: ${mine.code}`]) {
      expect(text).toContain(part);
    }
    const year = String(new Date().getUTCFullYear());
    expect(text).toMatch(new RegExp(`Date: \\w+ \\d{1,2}, ${year}`));
    expect(text).toContain(`${app.url}/certificates/${mine.code}`);
    // The QR code is drawn as filled squares (hundreds of them), not an embedded raster image.
    const ops = contentStreams(bytes);
    expect(ops.match(/ re\b/g)?.length ?? 0).toBeGreaterThan(200);
    expect(bytes.toString("latin1")).not.toContain("/Subtype /Image");
  });

  it("the PDF route: its learner and staff who read learners; anonymous 401, another learner 404, others 403", async () => {
    const { token, lessons } = await learnerNearTheEnd();
    await complete(lessons.last.id, token);
    const mine = await onlyCertificate(token);
    const url = `/api/certificates/${mine.code}/pdf`;
    const status = async (t?: string) => (await rest(app, "GET", url, { token: t })).status;
    expect(await status()).toBe(401);
    expect(await status(who.stranger)).toBe(404);
    expect((await rest(app, "GET", url, { token: who.stranger })).body.message).toBe("Certificate not found.");
    for (const t of [who.owner, who.manager, who.finance]) expect(await status(t)).toBe(200);
    for (const t of [who.instructor, who.pending]) expect(await status(t)).toBe(403);
    for (const bad of ["AAAA-AAAA-AAAA", "nope", "x".repeat(90), "%00", "AAAA-AAAA-AAA1"]) {
      expect((await rest(app, "GET", `/api/certificates/${encodeURIComponent(bad)}/pdf`, { token: who.owner })).status, bad).toBe(404);
    }
  });

  it("public verification: valid, then revoked at once (not kept in the public cache); unknown 404; no other personal data", async () => {
    const { track, token, lessons } = await learnerNearTheEnd();
    await complete(lessons.last.id, token);
    const mine = await onlyCertificate(token);
    const today = new Date().toISOString().slice(0, 10);
    const valid = { code: mine.code, name: "Ama Mensah", track: track.name, date: today, status: "valid", revokedAt: null };
    // Twice anonymously (a second request would be served from the public cache if it were kept there).
    for (let i = 0; i < 2; i++) {
      const res = await rest(app, "GET", `/api/certificates/${mine.code}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(valid);
    }
    // Any spelling of the code.
    expect((await rest(app, "GET", `/api/certificates/${mine.code.replace(/-/g, "").toLowerCase()}`)).body).toEqual(valid);
    const gql = "query ($c: String!) { certificate(code: $c) { code name track date status revokedAt } }";
    expect((await app.graphql(gql, { c: mine.code })).data.certificate).toEqual({ ...valid, status: "VALID" });

    const revoked = await app.graphql(REVOKE, { id: mine.id, reason: "Copied the final project" }, who.manager);
    expect(revoked.data.revokeCertificate.certificate).toMatchObject({ status: "REVOKED", revokeReason: "Copied the final project" });
    const after = await rest(app, "GET", `/api/certificates/${mine.code}`);
    expect(after.body).toEqual({ ...valid, status: "revoked", revokedAt: today });
    expect((await app.graphql(gql, { c: mine.code })).data.certificate).toMatchObject({ status: "REVOKED", revokedAt: today });

    for (const unknown of ["AAAA-AAAA-AAAA", "not-a-code", "x".repeat(100), "' OR 1=1 --"]) {
      const res = await rest(app, "GET", `/api/certificates/${encodeURIComponent(unknown)}`);
      expect(res.status, unknown).toBe(404);
      expect(res.body.message).toBe("Certificate not found.");
      expect((await app.graphql(gql, { c: unknown })).data.certificate).toBeNull();
    }
  });

  it("revoking: owners and managers with a reason (audited); finance, instructors, learners refused; twice is a conflict", async () => {
    const { token, lessons } = await learnerNearTheEnd();
    await complete(lessons.last.id, token);
    const mine = await onlyCertificate(token);
    for (const t of [who.finance, who.instructor, who.pending, token, undefined]) {
      const res = await app.graphql(REVOKE, { id: mine.id, reason: "No" }, t);
      const refused = res.errors?.[0]?.message ?? res.data?.revokeCertificate?.message;
      expect(refused, String(t)).toBeTruthy();
    }
    const blank = await app.graphql(REVOKE, { id: mine.id, reason: "   " }, who.owner);
    expect(blank.data.revokeCertificate).toEqual({ __typename: "ValidationError", message: "A reason is required." });
    const long = await app.graphql(REVOKE, { id: mine.id, reason: "x".repeat(501) }, who.owner);
    expect(long.data.revokeCertificate.message).toBe("The reason is at most 500 characters.");
    expect((await prisma().certificate.findFirstOrThrow({ where: { code: mine.code.replace(/-/g, "") } })).revokedAt).toBeNull();

    const ok = await app.graphql(REVOKE, { id: mine.id, reason: "Identity not confirmed" }, who.owner);
    expect(ok.data.revokeCertificate.__typename).toBe("CertificatePayload");
    const audit = await prisma().auditEntry.findFirstOrThrow({ where: { action: "certificate.revoke" }, orderBy: { createdAt: "desc" } });
    expect(audit.entityType).toBe("Certificate");
    const again = await app.graphql(REVOKE, { id: mine.id, reason: "Again" }, who.manager);
    expect(again.data.revokeCertificate).toEqual({ __typename: "ConflictError", message: "This certificate is already revoked." });

    // The portal no longer offers it, and marking a lesson again does not undo the revoke: a certificate is issued when
    // an enrollment first reaches 100 % (a new enrollment, after a refund and a new purchase, earns a new one).
    expect(await certificatesOf(token)).toEqual([]);
    await complete(lessons.last.id, token);
    await complete(lessons.first.id, token);
    expect(await certificatesOf(token)).toEqual([]);
    const revoked = await prisma().certificate.findFirstOrThrow({ where: { code: mine.code.replace(/-/g, "") } });
    expect(await prisma().certificate.count({ where: { learnerId: revoked.learnerId, trackId: revoked.trackId, revokedAt: null } })).toBe(
      0,
    );
  });

  it("a full refund revokes the track's certificate in the refund's transaction", async () => {
    const { learner, token, invoice, lessons } = await learnerNearTheEnd();
    await complete(lessons.last.id, token);
    const refund = await app.graphql(
      "mutation ($i: RefundInvoiceInput!) { refundInvoice(input: $i) { __typename ... on Error { message } } }",
      { i: { id: globalId("Invoice", invoice.id), reason: "Asked for it back" } },
      who.finance,
    );
    expect(refund.data.refundInvoice.__typename).toBe("RefundInvoicePayload");
    const certificate = await prisma().certificate.findFirstOrThrow({ where: { learnerId: learner.id } });
    expect(certificate).toMatchObject({ revokeReason: "Payment refunded in full.", revokedById: null });
    expect(certificate.revokedAt).not.toBeNull();
    const res = await rest(app, "GET", `/api/certificates/${formatCertificateCode(certificate.code)}`);
    expect(res.body.status).toBe("revoked");
  });

  it("a certificate node is its learner's and staff's who read learners; nobody else's", async () => {
    const { token, lessons } = await learnerNearTheEnd();
    await complete(lessons.last.id, token);
    const mine = await onlyCertificate(token);
    const node = "query ($id: ID!) { node(id: $id) { ... on Certificate { code learnerName } } }";
    expect((await app.graphql(node, { id: mine.id }, token)).data.node).toEqual({ code: mine.code, learnerName: "Ama Mensah" });
    expect((await app.graphql(node, { id: mine.id }, who.finance)).data.node.code).toBe(mine.code);
    for (const t of [who.stranger, who.instructor, undefined]) {
      const res = await app.graphql(node, { id: mine.id }, t);
      expect(res.data?.node ?? null, String(t)).toBeNull();
    }
  });
});

/** The signed-in learner's valid certificates, through their enrollments (what the portal reads). */
async function certificatesOf(token: string) {
  const { data, errors } = await app.graphql(
    "{ me { ... on Learner { enrollments(first: 50) { edges { node { certificate { id code status pdfUrl verifyPath } } } } } } }",
    {},
    token,
  );
  expect(errors).toBeUndefined();
  return data.me.enrollments.edges.map((e: { node: { certificate: unknown } }) => e.node.certificate).filter(Boolean) as {
    id: string;
    code: string;
    status: string;
    pdfUrl: string;
    verifyPath: string;
  }[];
}

async function onlyCertificate(token: string) {
  const list = await certificatesOf(token);
  expect(list).toHaveLength(1);
  return list[0] as (typeof list)[number];
}
