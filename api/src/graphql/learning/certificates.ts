import { NotFoundError } from "../../domain/errors.ts";
import { formatCertificateCode, type PublicCertificate, revokeCertificate, verifyCertificate } from "../../domain/learning/certificates.ts";
import { builder } from "../builder.ts";
import { actor } from "../context.ts";
import { commonErrors } from "../schema/errors.ts";
import { Enrollment } from "./enrollment.ts";

/** Certificates (docs/ARCHITECTURE.md, "Learning"): the node, the public verification, a learner's list, revocation. */

export const CertificateStatus = builder.enumType("CertificateStatus", {
  description: "Whether a certificate stands.",
  values: {
    VALID: { description: "Issued and not revoked." },
    REVOKED: { description: "Revoked by staff, a full refund or the enrollment's removal." },
  } as const,
});

/** A learner's certificates, newest first. */
export const NEWEST_ISSUED = [{ issuedAt: "desc" as const }, { id: "desc" as const }];

export const Certificate = builder.prismaNode("Certificate", {
  id: { field: "id" },
  // A well-formed id of a certificate that does not exist resolves to null, not an error.
  nullable: true,
  // Staff who read learners see every certificate; a learner sees their own.
  authScopes: (certificate) => ({ can: "readLearners", owns: { role: "LEARNER", id: certificate.learnerId } }),
  description: "A certificate a learner earned by finishing every lesson of a track.",
  fields: (t) => ({
    code: t.string({ description: "The public code, as XXXX-XXXX-XXXX.", resolve: (c) => formatCertificateCode(c.code) }),
    learnerName: t.exposeString("learnerName", { description: "The learner's name as it was when the certificate was issued." }),
    trackName: t.exposeString("trackName", { description: "The track's name as it was when the certificate was issued." }),
    issuedAt: t.expose("issuedAt", { type: "DateTime", description: "When it was issued." }),
    status: t.field({
      type: CertificateStatus,
      description: "Valid or revoked.",
      resolve: (c) => (c.revokedAt ? "REVOKED" : "VALID"),
    }),
    revokedAt: t.expose("revokedAt", { type: "DateTime", nullable: true, description: "When it was revoked; null while valid." }),
    revokeReason: t.exposeString("revokeReason", { nullable: true, description: "Why it was revoked; null while valid." }),
    track: t.relation("track", { description: "The track." }),
    pdfUrl: t.string({
      description: "Path of its PDF (GET, with the learner's or staff session).",
      resolve: (c) => `/api/certificates/${formatCertificateCode(c.code)}/pdf`,
    }),
    verifyPath: t.string({
      description: "Path of its public verification page on the learner site.",
      resolve: (c) => `/certificates/${formatCertificateCode(c.code)}`,
    }),
  }),
});

/** What anyone may read of a certificate by its code. */
const CertificateVerification = builder.objectRef<PublicCertificate>("CertificateVerification").implement({
  description: "The public verification of a certificate: who, which track, when, and whether it stands. Nothing else.",
  fields: (t) => ({
    code: t.exposeString("code", { description: "The code, as XXXX-XXXX-XXXX." }),
    name: t.exposeString("name", { description: "The learner's name on the certificate." }),
    track: t.exposeString("track", { description: "The track's name on the certificate." }),
    date: t.exposeString("date", { description: "The day it was issued (YYYY-MM-DD, UTC)." }),
    status: t.field({
      type: CertificateStatus,
      description: "Valid or revoked.",
      resolve: (c) => (c.status === "revoked" ? "REVOKED" : "VALID"),
    }),
    revokedAt: t.exposeString("revokedAt", { nullable: true, description: "The day it was revoked (YYYY-MM-DD, UTC); null while valid." }),
  }),
});

builder.queryFields((t) => ({
  certificate: t.field({
    type: CertificateVerification,
    nullable: true,
    description: "Verifies a certificate by its code (with or without dashes): null for an unknown code. Public.",
    args: { code: t.arg.string({ required: true, description: "The certificate's code." }) },
    resolve: async (_root, { code }, ctx) => {
      try {
        return await verifyCertificate(ctx.services, code);
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
  }),
}));

builder.prismaObjectFields(Enrollment, (t) => ({
  certificate: t.field({
    type: Certificate,
    nullable: true,
    description: "The learner's valid certificate of this track; null until every lesson is done, or once revoked.",
    select: (_args, _ctx, nestedSelection) => ({
      trackId: true,
      learner: { select: { certificates: nestedSelection({ where: { revokedAt: null }, orderBy: NEWEST_ISSUED }) } },
    }),
    resolve: (enrollment) => {
      const { certificates } = (enrollment as unknown as { learner: { certificates: (typeof Certificate.$inferType)[] } }).learner;
      return certificates.find((c) => c.trackId === enrollment.trackId) ?? null;
    },
  }),
}));

const CertificatePayload = builder.objectRef<{ certificate: typeof Certificate.$inferType }>("CertificatePayload").implement({
  description: "A certificate after a change.",
  fields: (t) => ({
    certificate: t.field({ type: Certificate, description: "The certificate as saved.", resolve: (p) => p.certificate }),
  }),
});

builder.mutationFields((t) => ({
  revokeCertificate: t.field({
    type: CertificatePayload,
    errors: { types: commonErrors },
    authScopes: { can: "manageLearners" },
    description: "Revokes a certificate with a reason (owners and managers); its public page then says Revoked.",
    args: {
      id: t.arg.globalID({ required: true, for: [Certificate], description: "The certificate's ID." }),
      reason: t.arg.string({ required: true, description: "Why it is revoked (1 to 500 characters)." }),
    },
    resolve: async (_root, { id, reason }, ctx) => ({
      certificate: await revokeCertificate(ctx.services, actor(ctx), { id: id.id, reason }),
    }),
  }),
}));
