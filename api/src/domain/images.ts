import { fileTypeFromBuffer } from "file-type";
import type { FileStorage } from "../storage/storage.ts";
import { ValidationError } from "./errors.ts";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ALLOWED = new Map([
  ["image/jpeg", "jpg"],
  ["image/png", "png"],
  ["image/webp", "webp"],
]);

export const IMAGE_MESSAGES = {
  notImage: "Image must be a JPEG, PNG or WebP file.",
  tooLarge: "Image must be 5 MB or smaller.",
} as const;

/**
 * Stores an uploaded image after checking its real type from its first bytes (the name and the declared type are
 * not trusted) and its size. Returns the public path.
 */
export async function storeImage(storage: FileStorage, file: File, field = "image"): Promise<string> {
  if (file.size > MAX_IMAGE_BYTES) throw ValidationError.forField(field, IMAGE_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw ValidationError.forField(field, IMAGE_MESSAGES.tooLarge);
  const type = await fileTypeFromBuffer(bytes);
  const extension = type && ALLOWED.get(type.mime);
  if (!extension) throw ValidationError.forField(field, IMAGE_MESSAGES.notImage);
  return storage.put(bytes, extension);
}

/** Stores the new image, then removes the one it replaces. */
export async function replaceImage(storage: FileStorage, file: File, previous: string | null | undefined, field = "image") {
  const path = await storeImage(storage, file, field);
  if (previous) await storage.remove(previous);
  return path;
}
