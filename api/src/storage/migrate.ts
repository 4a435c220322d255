import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import pLimit from "p-limit";
import { publicKey, type S3Sdk, type S3StorageConfig, s3Client, statusOf } from "./s3.ts";
import { localUploadsDir, publicContentType } from "./storage.ts";

export interface MigrationResult {
  copied: number;
  skipped: number;
  /** Files that could not be copied, with the reason. */
  failed: { name: string; error: string }[];
}

/**
 * Copies every file of DATA_DIR/uploads into the bucket, under the key its public path maps to (`<prefix>uploads/<name>`),
 * streamed, a few at a time. Idempotent: an object already there with the same size is skipped, so the command can
 * be run again after an interruption (or while the old instance still takes uploads, and once more after it stops).
 */
export async function migrateUploads(
  dataDir: string,
  config: S3StorageConfig,
  onFile: (name: string, outcome: "copied" | "skipped" | "failed") => void = () => {},
): Promise<MigrationResult> {
  const dir = localUploadsDir(dataDir);
  const result: MigrationResult = { copied: 0, skipped: 0, failed: [] };
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return result;
    throw error;
  }
  const { client, sdk } = await s3Client(config);
  const limit = pLimit(4);
  try {
    await Promise.all(
      names.sort().map((name) =>
        limit(async () => {
          const Key = publicKey(config, name);
          try {
            const { size } = await stat(join(dir, name));
            if ((await sizeInBucket(client, sdk, config.bucket, Key)) === size) {
              result.skipped++;
              onFile(name, "skipped");
              return;
            }
            await client.send(
              new sdk.PutObjectCommand({
                Bucket: config.bucket,
                Key,
                Body: createReadStream(join(dir, name)),
                ContentLength: size,
                ContentType: publicContentType(name),
                CacheControl: "public, max-age=31536000, immutable",
              }),
            );
            result.copied++;
            onFile(name, "copied");
          } catch (error) {
            result.failed.push({ name, error: (error as Error).message || String(error) });
            onFile(name, "failed");
          }
        }),
      ),
    );
  } finally {
    client.destroy();
  }
  return result;
}

async function sizeInBucket(client: S3Client, sdk: S3Sdk, Bucket: string, Key: string): Promise<number | null> {
  try {
    return (await client.send(new sdk.HeadObjectCommand({ Bucket, Key }))).ContentLength ?? 0;
  } catch (error) {
    if (statusOf(error) === 404) return null;
    throw error;
  }
}
