import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OwnS3, startS3 } from "#testing/s3.ts";
import { startChild } from "#testing/server.ts";
import { loadConfig } from "../config.ts";
import { migrateUploads } from "./migrate.ts";
import { type S3StorageConfig, s3Client, s3Storage } from "./s3.ts";

const NAMES = {
  a: `${"a".repeat(32)}.png`,
  b: `${"b".repeat(32)}.jpg`,
  c: `${"c".repeat(32)}.webp`,
};

/** Runs `npm run storage:migrate`'s script as the command would (no developer .env), with `env`. */
async function runCommand(env: Record<string, string>) {
  const child = startChild(process.execPath, ["--import", "tsx", "api/scripts/storage-migrate.ts"], {
    DOTENV_CONFIG_PATH: "/nonexistent",
    NODE_ENV: "test",
    STORAGE_URL: "",
    S3_ENDPOINT: "",
    S3_ACCESS_KEY_ID: "",
    S3_SECRET_ACCESS_KEY: "",
    ...env,
  });
  const { code } = await child.exited;
  return { code, output: child.output() };
}

describe("storage:migrate (local uploads into the bucket)", () => {
  let s3: OwnS3;
  let dataDir: string;
  let config: S3StorageConfig;
  beforeAll(async () => {
    s3 = await startS3();
    dataDir = mkdtempSync(join(tmpdir(), "storage-migrate-"));
    mkdirSync(join(dataDir, "uploads"));
    writeFileSync(join(dataDir, "uploads", NAMES.a), Buffer.alloc(300, 1));
    writeFileSync(join(dataDir, "uploads", NAMES.b), Buffer.alloc(200, 2));
    writeFileSync(join(dataDir, "uploads", NAMES.c), Buffer.alloc(100, 3));
    config = loadConfig({ DATA_DIR: dataDir, ...s3.env("site") }).storage as S3StorageConfig;
  });
  afterAll(async () => {
    await s3?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("copies what is missing or differs, skips what is there with the same size, and is idempotent", async () => {
    const storage = await s3Storage(config);
    try {
      // Already in the bucket: `a` the same size (skipped), `b` cut short by an interrupted earlier run (copied again).
      const { client, sdk } = await s3Client(config);
      const { PutObjectCommand } = sdk;
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: `site/uploads/${NAMES.a}`,
          Body: Buffer.alloc(300, 1),
          ContentType: "image/png",
        }),
      );
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: `site/uploads/${NAMES.b}`, Body: Buffer.alloc(10, 2) }));
      client.destroy();

      const first = await migrateUploads(dataDir, config);
      expect(first).toEqual({ copied: 2, skipped: 1, failed: [] });
      for (const [name, size, fill] of [
        [NAMES.a, 300, 1],
        [NAMES.b, 200, 2],
        [NAMES.c, 100, 3],
      ] as const) {
        const object = await storage.openPublic(name);
        expect(object?.size, name).toBe(size);
        expect(object?.contentType, name).toBe(name.endsWith(".jpg") ? "image/jpeg" : `image/${name.split(".")[1]}`);
        const chunks: Buffer[] = [];
        for await (const chunk of object?.body ?? []) chunks.push(chunk as Buffer);
        expect(Buffer.concat(chunks).equals(Buffer.alloc(size, fill)), name).toBe(true);
      }
      expect(await migrateUploads(dataDir, config)).toEqual({ copied: 0, skipped: 3, failed: [] });
    } finally {
      storage.close();
    }
  });

  it("the command prints its counts, refuses to run without an s3:// STORAGE_URL and fails when the bucket is out of reach", async () => {
    const ok = await runCommand({ DATA_DIR: dataDir, ...s3.env("site") });
    expect(ok.code, ok.output).toBe(0);
    expect(ok.output).toContain("copied 0, skipped 3");

    const local = await runCommand({ DATA_DIR: dataDir });
    expect(local.code).toBe(2);
    expect(local.output).toContain("STORAGE_URL must name the bucket");

    const wrong = await runCommand({ DATA_DIR: dataDir, ...s3.env(), STORAGE_URL: "https://bucket" });
    expect(wrong.code).toBe(2);
    expect(wrong.output).toContain("STORAGE_URL: must be s3://bucket");

    // A bucket that does not exist: every file fails, and the exit code says so.
    const missing = await runCommand({ DATA_DIR: dataDir, ...s3.env(), STORAGE_URL: "s3://no-such-bucket" });
    expect(missing.code, missing.output).toBe(1);
    expect(missing.output).toContain("failed 3");
  }, 60_000);
});
