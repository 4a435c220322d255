import type { FastifyRequest } from "fastify";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "../domain/images.ts";
import { HttpError } from "./graphql.ts";

/** The JSON body as an object; arrays, strings and the like are refused. */
export function jsonBody(req: FastifyRequest): Record<string, unknown> {
  const body = req.body ?? {};
  if (typeof body !== "object" || Array.isArray(body)) throw new HttpError(400, "The request body must be a JSON object.");
  return body as Record<string, unknown>;
}

/**
 * Reads a form: multipart (fields plus at most one image, refused past 5 MB while streaming, before it is all
 * buffered) or JSON. Returns the text fields and the image as a File.
 */
export async function formBody(req: FastifyRequest, fileField = "image"): Promise<{ fields: Record<string, unknown>; file: File | null }> {
  if (!req.isMultipart()) return { fields: jsonBody(req), file: null };
  const fields: Record<string, unknown> = {};
  let file: File | null = null;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 30, fieldSize: 64 * 1024 } })) {
      if (part.type === "file") {
        if (part.fieldname !== fileField) {
          part.file.resume();
          throw new HttpError(400, `Unexpected file field "${part.fieldname}".`);
        }
        const bytes = await readFilePart(part.file);
        if (bytes.length > 0) file = new File([new Uint8Array(bytes)], part.filename, { type: part.mimetype });
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // Limits (with their own 4xx status) pass through; the parser's own errors mean a broken form, not a server fault.
    if (error instanceof HttpError || (error as { statusCode?: number }).statusCode) throw error;
    throw new HttpError(400, "The form data could not be read.");
  }
  return { fields, file };
}

/**
 * Reads a file part, refusing it (413) the moment it passes the size limit instead of when the part ends: the rest
 * of a huge upload is then neither parsed nor waited for (the file stream is destroyed, which stops the parser, and
 * the 413 closes the connection).
 */
function readFilePart(file: NodeJS.ReadableStream & { destroy(error?: Error): void }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    file.on("data", (chunk: Buffer) => chunks.push(chunk));
    file.once("limit", () => {
      chunks.length = 0;
      reject(new HttpError(413, IMAGE_MESSAGES.tooLarge));
      file.destroy();
    });
    file.once("end", () => resolve(Buffer.concat(chunks)));
    file.once("error", reject);
  });
}
