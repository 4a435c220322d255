import type { FastifyInstance } from "fastify";
import { NotFoundError } from "../../domain/errors.ts";
import { CERTIFICATE_MESSAGES, certificatePdfFor } from "../../domain/learning/certificates.ts";
import type { Services } from "../../services.ts";
import { PDF_TYPE, sendDownload } from "../download.ts";
import { restContext, restRoutes } from "../pipeline.ts";
import { answer, choice, errors, nullableText, object, pdfAnswer, text } from "../schemas.ts";

const VERIFY = "query($code: String!) { certificate(code: $code) { code name track date status revokedAt } }";

const codeParams = object({
  code: text("The certificate's code, XXXX-XXXX-XXXX (dashes optional, any case). An unknown code answers 404.", { maxLength: 40 }),
});

const CertificateAnswer = object({
  code: text("The code, as XXXX-XXXX-XXXX."),
  name: text("The learner's name on the certificate."),
  track: text("The track's name on the certificate."),
  date: text("The day it was issued (YYYY-MM-DD, UTC).", { format: "date" }),
  status: choice(["valid", "revoked"] as const, { description: "Whether it stands." }),
  revokedAt: nullableText("The day it was revoked (YYYY-MM-DD, UTC); null while valid.", { format: "date" }),
});

const codeOf = (req: { params: unknown }) => String((req.params as { code?: string }).code ?? "");

/**
 * GET /api/certificates/{code}: anyone verifies a certificate (name, track, date, status; nothing else), through the
 * public `certificate` query; never kept in the public cache, so a revocation shows at once.
 * GET /api/certificates/{code}/pdf: its PDF, for its learner or staff who read learners (a `domain` route: no GraphQL
 * operation answers a file's bytes).
 */
export async function certificateRoutes(app: FastifyInstance, services: Services) {
  const route = restRoutes(app, services);
  route.graphql({
    method: "GET",
    url: "/api/certificates/:code",
    schema: {
      operationId: "verifyCertificate",
      summary: "Verifies a certificate by its code: the learner's name, the track, the date and whether it is valid or revoked.",
      tags: ["certificates"],
      params: codeParams,
      response: { 200: answer("The certificate.", CertificateAnswer), ...errors(404) },
    },
    handle: async (call) => {
      const data = await call.query<{ certificate: { status: "VALID" | "REVOKED" } & Record<string, string | null> }>(VERIFY, {
        code: codeOf(call.req).slice(0, 40),
      });
      const found = data.certificate;
      if (!found) throw new NotFoundError(CERTIFICATE_MESSAGES.notFound);
      return { ...found, status: found.status === "REVOKED" ? "revoked" : "valid" };
    },
  });
  route.domain({
    method: "GET",
    url: "/api/certificates/:code/pdf",
    schema: {
      operationId: "downloadCertificatePdf",
      summary: "A certificate as a PDF (its learner, or staff who read learners).",
      tags: ["certificates"],
      params: codeParams,
      response: {
        200: pdfAnswer("The PDF (Content-Disposition: attachment; filename=certificate-<code>.pdf)."),
        ...errors(401, 403, 404),
      },
    },
    handle: async (call) => {
      const { viewer } = await restContext(services, call.req);
      // The audience check (rest/access.ts) has run: there is a viewer here.
      const pdf = await certificatePdfFor(services, viewer as NonNullable<typeof viewer>, codeOf(call.req));
      return sendDownload(call.reply, PDF_TYPE, pdf.fileName, pdf.bytes);
    },
  });
}
