import { pipeline, type Readable } from "node:stream";
import type { S3Client } from "@aws-sdk/client-s3";
import type { StorageConfig } from "../config.ts";
import {
  assertPrivateKey,
  type ByteRange,
  exactLength,
  type FileStorage,
  newPublicName,
  PUBLIC_NAME,
  publicContentType,
  publicName,
  RangeNotSatisfiableError,
  resolveRange,
  type StoredObject,
} from "./storage.ts";

export type S3StorageConfig = Extract<StorageConfig, { kind: "s3" }>;

/** The longest a signed URL may live (S3's limit for SigV4 presigned URLs is 7 days; ours are meant to be short). */
export const MAX_SIGNED_URL_SECONDS = 24 * 60 * 60;

/** The AWS SDK's S3 module. */
export type S3Sdk = typeof import("@aws-sdk/client-s3");

/**
 * The AWS SDK, loaded on first use: it is large (loading it costs start-up time and memory), and an installation on the local
 * disk never needs it. The server bundle keeps it an import of its own (esbuild would hoist a static one).
 */
export function loadS3Sdk(): Promise<S3Sdk> {
  return import("@aws-sdk/client-s3");
}

export async function s3Client(config: S3StorageConfig): Promise<{ client: S3Client; sdk: S3Sdk }> {
  const sdk = await loadS3Sdk();
  const client = new sdk.S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // The SDK's default (CRC checksums on every upload and download) is not understood by every S3-compatible store
    // (MinIO releases, R2, s3rver): checksums only where the operation requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return { client, sdk };
}

/** The object key of a public file: `<prefix>uploads/<name>`, the same layout as DATA_DIR/uploads. */
export const publicKey = (config: S3StorageConfig, name: string) => `${config.prefix}uploads/${name}`;
/** The object key of a private object: under `<prefix>private/`, which no public path maps to. */
export const privateKey = (config: S3StorageConfig, key: string) => `${config.prefix}private/${key}`;

/** The HTTP status of an S3 error answer (undefined for other errors: network, credentials). */
export const statusOf = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
const errorName = (error: unknown) => (error as { name?: string } | null)?.name;
const notFound = (error: unknown) => statusOf(error) === 404 || errorName(error) === "NoSuchKey" || errorName(error) === "NotFound";

export async function s3Storage(config: S3StorageConfig): Promise<FileStorage> {
  const { client, sdk } = await s3Client(config);
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand } = sdk;
  const { getSignedUrl } = await import("@aws-sdk/s3-request-presigner");
  const Bucket = config.bucket;

  async function size(Key: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  async function open(Key: string, range: ByteRange | undefined, fallbackType: string): Promise<StoredObject | null> {
    let header: string | undefined;
    if (range) {
      // Suffix ranges are resolved here (not every S3-compatible store understands `bytes=-N`): it costs a HEAD.
      if ("suffix" in range) {
        const total = await size(Key);
        if (total === null) return null;
        const { start, end } = resolveRange(range, total);
        header = `bytes=${start}-${end}`;
      } else {
        header = `bytes=${range.start}-${range.end ?? ""}`;
      }
    }
    try {
      const got = await client.send(new GetObjectCommand({ Bucket, Key, Range: header }));
      const body = got.Body as Readable;
      const span = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(got.ContentRange ?? "");
      const total = span ? Number(span[3]) : (got.ContentLength ?? 0);
      const start = span ? Number(span[1]) : 0;
      const end = span ? Number(span[2]) : total - 1;
      return {
        body,
        size: total,
        start,
        end,
        partial: header !== undefined,
        contentType: got.ContentType ?? fallbackType,
        etag: got.ETag ?? `"${total.toString(16)}"`,
        lastModified: got.LastModified,
      };
    } catch (error) {
      if (notFound(error)) return null;
      if (statusOf(error) === 416 || errorName(error) === "InvalidRange") {
        const total = await size(Key);
        if (total === null) return null;
        throw new RangeNotSatisfiableError(total);
      }
      throw error;
    }
  }

  return {
    kind: "s3",
    async put(bytes, extension) {
      const name = newPublicName(extension);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: publicKey(config, name),
          Body: bytes,
          ContentLength: bytes.byteLength,
          ContentType: publicContentType(name),
          // Names are random and never rewritten: a cache (a CDN in front of the bucket) may keep them for good.
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
      return `/uploads/${name}`;
    },
    async remove(publicPath) {
      const name = publicName(publicPath);
      if (name) await client.send(new DeleteObjectCommand({ Bucket, Key: publicKey(config, name) }));
    },
    async openPublic(name, range) {
      if (!PUBLIC_NAME.test(name)) return null;
      return open(publicKey(config, name), range, publicContentType(name));
    },
    async putPrivate(key, body, contentType) {
      assertPrivateKey(key);
      if (body instanceof Uint8Array) {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: privateKey(config, key),
            Body: body,
            ContentLength: body.byteLength,
            ContentType: contentType,
          }),
        );
        return;
      }
      // A stream goes up as it is read, its length announced; one of another length aborts the upload (the SDK does
      // not watch its body for errors), so nothing is stored.
      const abort = new AbortController();
      const Body = pipeline(body.stream, exactLength(body.length), (error) => {
        if (error) abort.abort(error);
      });
      await client.send(
        new PutObjectCommand({ Bucket, Key: privateKey(config, key), Body, ContentLength: body.length, ContentType: contentType }),
        {
          abortSignal: abort.signal,
        },
      );
    },
    async open(key, range) {
      assertPrivateKey(key);
      return open(privateKey(config, key), range, "application/octet-stream");
    },
    async signedUrl(key, ttlSeconds, answer) {
      assertPrivateKey(key);
      const expiresIn = Math.max(1, Math.min(Math.floor(ttlSeconds), MAX_SIGNED_URL_SECONDS));
      // The bucket answers with the headers the API would have sent (a download's name), as the signature allows.
      const command = new GetObjectCommand({
        Bucket,
        Key: privateKey(config, key),
        ResponseContentDisposition: answer?.contentDisposition,
      });
      return getSignedUrl(client, command, { expiresIn });
    },
    async removePrivate(key) {
      assertPrivateKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: privateKey(config, key) }));
    },
    close() {
      client.destroy();
    },
  };
}
