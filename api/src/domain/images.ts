import { fileTypeFromBuffer } from "file-type";
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from "../../../common/images.ts";
import type { FileStorage } from "../storage/storage.ts";
import { ValidationError } from "./errors.ts";

const ALLOWED = new Map([
  ["image/jpeg", "jpg"],
  ["image/png", "png"],
  ["image/webp", "webp"],
]);

// Shared with the forms that check an image first (common/images.ts).
export { IMAGE_MESSAGES, MAX_IMAGE_BYTES };

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
