import { z } from "zod";
import { CERTIFICATE_LIMITS } from "../../../../common/learning.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { recordJob } from "../../job-contract.ts";
import { siteUrl } from "../../sites.ts";
import { randomCode } from "../coupons/coupons.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ConflictError, NotFoundError } from "../errors.ts";
import { composeMail } from "../mails/compose.ts";
import { certificate as certificateTemplate } from "../mails/templates.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import { can, requireAudience, type Viewer } from "../staff/permissions.ts";
import { parseInput } from "../validation.ts";
import { CERTIFICATE_CODE_LENGTH, formatCertificateCode, normaliseCertificateCode } from "./certificate-code.ts";
import { renderCertificatePdf } from "./certificate-pdf.ts";

export { formatCertificateCode, normaliseCertificateCode };

/**
 * Certificates (docs/ARCHITECTURE.md, "Learning"): a learner who finishes every counted lesson of a track earns one,
 * issued inside the transaction that marks the last lesson done (`issueCertificateWithin`, called by
 * `markLessonDoneWithin`). A partial unique index keeps at most one valid certificate per learner and track, so
 * concurrent completions issue one and mail one. Anyone may verify a certificate by its code; staff who manage
 * learners revoke one with a reason, and a full refund revokes the track's certificate.
 */

export const CERTIFICATE_MESSAGES = {
  notFound: "Certificate not found.",
  reason: "A reason is required.",
  reasonTooLong: "The reason is at most 500 characters.",
  alreadyRevoked: "This certificate is already revoked.",
} as const;

/** Why the system revoked a certificate (the refund and enrollment-removal paths). */
export const REVOKE_REASONS = {
  refund: "Payment refunded in full.",
  enrollmentRemoved: "Enrollment removed.",
} as const;

/** The public verification page of a certificate, on the learner site. */
export function certificateUrl(deps: Pick<Services, "config">, code: string): string {
  return `${siteUrl(deps.config.publicUrl, deps.config.adminHostPrefix, "learner")}/certificates/${formatCertificateCode(code)}`;
}

export const certificateJobId = (certificateId: string) => `mail-certificate-${certificateId}`;

/**
 * Issues the learner's certificate of a track, inside the caller's transaction, unless a valid one exists
 * (insert-or-nothing against the partial unique index: a concurrent completion that lost waits, then inserts
 * nothing). Only a certificate issued here records its mail (the outbox), so it is mailed once. Returns the new
 * certificate's id, or null.
 */
export async function issueCertificateWithin(tx: Prisma.TransactionClient, learnerId: string, trackId: string): Promise<string | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO "Certificate" ("code", "learnerId", "trackId", "learnerName", "trackName")
    SELECT ${randomCode(CERTIFICATE_CODE_LENGTH)}, l."id", t."id", l."firstName" || ' ' || l."lastName", t."name"
      FROM "Learner" l, "Track" t
     WHERE l."id" = ${learnerId}::uuid AND t."id" = ${trackId}::uuid
    ON CONFLICT ("learnerId", "trackId") WHERE "revokedAt" IS NULL DO NOTHING
    RETURNING "id"`;
  const id = rows[0]?.id ?? null;
  if (id) await recordJob(tx, "certificate-mail", { certificateId: id }, certificateJobId(id));
  return id;
}

/**
 * Revokes the learner's valid certificate of a track, inside the caller's transaction (a full refund, the
 * enrollment's removal); `revokedById` is the staff account behind it, if any. Returns how many were revoked (0 or 1).
 */
export async function revokeTrackCertificateWithin(
  tx: Prisma.TransactionClient,
  learnerId: string,
  trackId: string,
  reason: string,
  revokedById: string | null = null,
): Promise<number> {
  const { count } = await tx.certificate.updateMany({
    where: { learnerId, trackId, revokedAt: null },
    data: { revokedAt: new Date(), revokeReason: reason, revokedById },
  });
  return count;
}

const revokeInput = z.object({
  id: z.string({ error: CERTIFICATE_MESSAGES.notFound }).uuid(CERTIFICATE_MESSAGES.notFound),
  reason: z
    .string({ error: CERTIFICATE_MESSAGES.reason })
    .trim()
    .min(1, CERTIFICATE_MESSAGES.reason)
    .max(CERTIFICATE_LIMITS.revokeReason, CERTIFICATE_MESSAGES.reasonTooLong),
});

/** Staff who manage learners revoke a certificate with a reason (audited `certificate.revoke`). */
export async function revokeCertificate(deps: Pick<Services, "db">, actor: Actor, raw: { id: string; reason?: string | null }) {
  const input = parseInput(revokeInput, raw);
  return deps.db.prisma.$transaction(async (tx) => {
    const before = await tx.certificate.findUnique({ where: { id: input.id } });
    if (!before) throw new NotFoundError(CERTIFICATE_MESSAGES.notFound);
    // Conditional: of two revocations at once, one changes the row and the other is told it is already revoked.
    const { count } = await tx.certificate.updateMany({
      where: { id: input.id, revokedAt: null },
      data: { revokedAt: new Date(), revokeReason: input.reason, revokedById: actor.id },
    });
    if (count === 0) throw new ConflictError(CERTIFICATE_MESSAGES.alreadyRevoked);
    const after = await tx.certificate.findUniqueOrThrow({ where: { id: input.id } });
    await recordAudit(tx, actor, { action: "certificate.revoke", entityType: "Certificate", entityId: input.id, before, after });
    return after;
  });
}

/** What anyone may know of a certificate: the spec-style public answer (no other personal data). */
export interface PublicCertificate {
  code: string;
  name: string;
  track: string;
  date: string;
  status: "valid" | "revoked";
  revokedAt: string | null;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The public view of a certificate by its code (any spelling of it); "not found" for an unknown or malformed code. */
export async function verifyCertificate(deps: Pick<Services, "db">, input: string): Promise<PublicCertificate> {
  const code = normaliseCertificateCode(input);
  const row = code ? await deps.db.prisma.certificate.findUnique({ where: { code } }) : null;
  if (!row) throw new NotFoundError(CERTIFICATE_MESSAGES.notFound);
  return {
    code: formatCertificateCode(row.code),
    name: row.learnerName,
    track: row.trackName,
    date: day(row.issuedAt),
    status: row.revokedAt ? "revoked" : "valid",
    revokedAt: row.revokedAt ? day(row.revokedAt) : null,
  };
}

/** A certificate's file name: its code. */
export const certificateFileName = (code: string) => `certificate-${formatCertificateCode(code)}.pdf`;

/**
 * The PDF of a certificate the viewer may read: their own (a learner: someone else's is "not found", as if it did not
 * exist), or any for staff who read learners (others are refused).
 */
export async function certificatePdfFor(deps: Pick<Services, "db" | "storage" | "config">, viewer: Viewer, input: string) {
  requireAudience("learnerOr:readLearners", viewer);
  const code = normaliseCertificateCode(input);
  const row = code ? await deps.db.prisma.certificate.findUnique({ where: { code } }) : null;
  const mine = viewer.role === "LEARNER" && row?.learnerId === viewer.accountId;
  if (!row || !(mine || can(viewer, "readLearners"))) throw new NotFoundError(CERTIFICATE_MESSAGES.notFound);
  return { fileName: certificateFileName(row.code), bytes: await renderCertificatePdf(deps, row, certificateUrl(deps, row.code)) };
}

/**
 * The `certificate-mail` job: congratulates the learner, links to the verification page and the portal, and attaches
 * the PDF made now. A certificate revoked (or gone) before the mail left is not mailed.
 */
export async function mailCertificate(deps: Services, certificateId: string): Promise<void> {
  const row = await deps.db.prisma.certificate.findUnique({
    where: { id: certificateId },
    include: { learner: { select: { email: true, firstName: true } } },
  });
  if (!row || row.revokedAt) return;
  const verifyUrl = certificateUrl(deps, row.code);
  const mail = await composeMail(deps, undefined, certificateTemplate, row.learner.email, {
    firstName: row.learner.firstName,
    trackName: row.trackName,
    code: formatCertificateCode(row.code),
    verifyUrl,
    portalUrl: `${siteUrl(deps.config.publicUrl, deps.config.adminHostPrefix, "learner")}/portal`,
  });
  const bytes = await renderCertificatePdf(deps, row, verifyUrl);
  await deps.mail.send({
    ...mail,
    attachments: [{ filename: certificateFileName(row.code), contentType: "application/pdf", content: bytes }],
  });
}
