import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * A byte range as a client asks for it (RFC 9110): `start`-`end` (inclusive; `end` unset: to the last byte), or the
 * last `suffix` bytes.
 */
export type ByteRange = { start: number; end?: number } | { suffix: number };

/** An object being read: its body (only the asked-for range), the whole object's size and the range served. */
export interface StoredObject {
  body: Readable;
  /** The whole object's size in bytes. */
  size: number;
  /** The bytes in `body`, inclusive; 0..size-1 without a range. */
  start: number;
  end: number;
  /** A range was asked for (and satisfied): the answer is a 206. */
  partial: boolean;
  contentType: string;
  /** A strong validator, quoted as in an ETag header. */
  etag: string;
  lastModified?: Date;
}

/** What putPrivate stores: bytes, or a stream with its length in bytes. */
export type PrivateBody = Uint8Array | { stream: Readable; length: number };

/** Passes a stream on, failing it if it carries more or fewer bytes than `length`. */
export function exactLength(length: number): Transform {
  let seen = 0;
  const wrong = () => new Error(`the stream does not have the ${length} bytes announced (${seen} so far)`);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > length ? wrong() : null, chunk);
    },
    flush(done) {
      done(seen === length ? null : wrong());
    },
  });
}

/** The range asked for lies past the object's end (HTTP 416). */
export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super(`the requested range is not satisfiable (the object has ${size} bytes)`);
    this.name = "RangeNotSatisfiableError";
  }
}

/**
 * Where uploaded files live: the local disk (the embedded default) or an S3-compatible bucket (STORAGE_URL). Public
 * files (images) are served by the API at /uploads/<name>; private objects (lesson media, attachments) live apart,
 * under keys that /uploads/ can never reach, and are only read after an access check.
 */
export interface FileStorage {
  readonly kind: "local" | "s3";
  /** Stores bytes under a new random name and returns the public path (e.g. /uploads/ab12….png). */
  put(bytes: Uint8Array, extension: string): Promise<string>;
  /** Removes a file by its public path; unknown paths are ignored. */
  remove(publicPath: string): Promise<void>;
  /** Reads a public file by its name (the part after /uploads/); null when there is none. */
  openPublic(name: string, range?: ByteRange): Promise<StoredObject | null>;
  /**
   * Stores a private object under `key` (see isPrivateKey), replacing what was there: bytes in memory, or a stream of
   * a known length (lesson media: never held in memory whole). A stream that ends at another length stores nothing.
   */
  putPrivate(key: string, body: PrivateBody, contentType: string): Promise<void>;
  /** Reads a private object; null when there is none. Throws RangeNotSatisfiableError for a range past its end. */
  open(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** A short-lived URL a browser can GET the private object from directly (S3); undefined where the API streams it. */
  signedUrl(key: string, ttlSeconds: number, answer?: { contentDisposition?: string }): Promise<string | undefined>;
  /** Removes a private object; unknown keys are ignored. */
  removePrivate(key: string): Promise<void>;
  close(): void;
}

/** A public file's name as the storage makes them: 32 random hex digits and the sniffed extension. */
export const PUBLIC_NAME = /^[a-f0-9]{32}\.[a-z]{1,8}$/;

/** The public path of a stored image, as the database keeps it. */
const PUBLIC_PATH = /^\/uploads\/([a-f0-9]{32}\.[a-z]{1,8})$/;

/** The name part of a public path, or null for anything else. */
export function publicName(publicPath: string): string | null {
  return PUBLIC_PATH.exec(publicPath)?.[1] ?? null;
}

/**
 * Private keys: slash-separated parts of letters, digits, `.`, `_` and `-`, each starting with a letter or digit (so no
 * `.`/`..` parts, no empty parts, no leading slash), at most 512 characters. E.g. `lessons/<id>/video.mp4`.
 */
export function isPrivateKey(key: string): boolean {
  return key.length <= 512 && /^[A-Za-z0-9][\w.-]*(\/[A-Za-z0-9][\w.-]*)*$/.test(key);
}

export function assertPrivateKey(key: string): void {
  if (!isPrivateKey(key)) throw new TypeError(`not a valid private storage key: ${JSON.stringify(key)}`);
}

const IMAGE_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", webp: "image/webp" };

/** The content type of a public file, from the extension the storage gave it. */
export function publicContentType(name: string): string {
  return IMAGE_TYPES[name.slice(name.lastIndexOf(".") + 1)] ?? "application/octet-stream";
}

export function newPublicName(extension: string): string {
  if (!/^[a-z]{1,8}$/.test(extension)) throw new TypeError(`not a file extension: ${JSON.stringify(extension)}`);
  return `${randomBytes(16).toString("hex")}.${extension}`;
}

/** The inclusive byte span a range covers in an object of `size` bytes; RangeNotSatisfiableError if none. */
export function resolveRange(range: ByteRange | undefined, size: number): { start: number; end: number; partial: boolean } {
  if (!range) return { start: 0, end: size - 1, partial: false };
  if ("suffix" in range) {
    if (range.suffix <= 0 || size === 0) throw new RangeNotSatisfiableError(size);
    return { start: Math.max(0, size - range.suffix), end: size - 1, partial: true };
  }
  if (range.start >= size) throw new RangeNotSatisfiableError(size);
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1), partial: true };
}

/** The local folder that holds the uploads (and, beside it, the private objects). */
export function localUploadsDir(dataDir: string): string {
  // In-memory databases (tests) keep their uploads in the system temp folder.
  return resolve(dataDir === ":memory:" ? join(tmpdir(), "learnhub-test") : dataDir, "uploads");
}

export interface LocalStorage extends FileStorage {
  readonly kind: "local";
  /** The folder of the public files (served at /uploads/). */
  readonly root: string;
}

/**
 * Files on the local disk: public ones in DATA_DIR/uploads, private ones in DATA_DIR/private (outside the public
 * folder), their content types in DATA_DIR/private-types (same key).
 */
export function localStorage(dataDir: string): LocalStorage {
  const root = localUploadsDir(dataDir);
  const privateRoot = join(dirname(root), "private");
  const typesRoot = join(dirname(root), "private-types");

  async function openFile(path: string, contentType: string, range: ByteRange | undefined): Promise<StoredObject | null> {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
    if (!info.isFile()) return null;
    const { start, end, partial } = resolveRange(range, info.size);
    // An empty file: an empty stream (createReadStream's `end` cannot express "nothing").
    const body = createReadStream(path, info.size === 0 ? { start: 0, end: -1 } : { start, end });
    return {
      body,
      size: info.size,
      start,
      end,
      partial,
      contentType,
      etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      lastModified: info.mtime,
    };
  }

  return {
    kind: "local",
    root,
    async put(bytes, extension) {
      await mkdir(root, { recursive: true });
      const name = newPublicName(extension);
      await writeFile(join(root, name), bytes, { flag: "wx" });
      return `/uploads/${name}`;
    },
    async remove(publicPath) {
      const name = publicName(publicPath);
      if (name) await rm(join(root, name), { force: true });
    },
    async openPublic(name, range) {
      if (!PUBLIC_NAME.test(name)) return null;
      return openFile(join(root, name), publicContentType(name), range);
    },
    async putPrivate(key, body, contentType) {
      assertPrivateKey(key);
      const path = join(privateRoot, key);
      await mkdir(dirname(path), { recursive: true });
      await mkdir(dirname(join(typesRoot, key)), { recursive: true });
      // Written beside, then renamed over: a reader never sees half an object, a failed write leaves the old one.
      const partial = `${path}.${randomBytes(6).toString("hex")}.partial`;
      try {
        if (body instanceof Uint8Array) {
          await writeFile(partial, body);
        } else {
          await pipeline(body.stream, exactLength(body.length), createWriteStream(partial));
        }
        await writeFile(join(typesRoot, key), contentType);
        await rename(partial, path);
      } finally {
        await rm(partial, { force: true });
      }
    },
    async open(key, range) {
      assertPrivateKey(key);
      let contentType = "application/octet-stream";
      try {
        contentType = (await readFile(join(typesRoot, key), "utf8")) || contentType;
      } catch {
        // no recorded type: a generic one
      }
      return openFile(join(privateRoot, key), contentType, range);
    },
    async signedUrl(key) {
      assertPrivateKey(key);
      return undefined;
    },
    async removePrivate(key) {
      assertPrivateKey(key);
      await rm(join(privateRoot, key), { force: true });
      await rm(join(typesRoot, key), { force: true });
    },
    close() {},
  };
}
