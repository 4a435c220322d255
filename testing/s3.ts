import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import { freePort } from "./ports.ts";

/** s3rver's fixed credentials (it checks request signatures against them). */
const ACCESS_KEY = "S3RVER";

export interface OwnS3 {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** Where s3rver keeps the objects (its own layout). */
  directory: string;
  /** The environment that points the API or the worker at this bucket (with `prefix`: under that key prefix). */
  env(prefix?: string): Record<string, string>;
  /** Stops answering (the port refuses connections), keeping the objects: an outage. */
  down(): Promise<void>;
  /** Answers again on the same port, with the same objects. */
  up(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A local S3-compatible server (s3rver, in this process) of the caller's own: a free port of 127.0.0.1, a temporary
 * directory, `bucket` created. stop() closes it and removes the directory.
 */
export async function startS3(options: { bucket?: string } = {}): Promise<OwnS3> {
  const bucket = options.bucket ?? "learnhub-test";
  const directory = mkdtempSync(join(tmpdir(), "test-s3-"));
  const port = await freePort();
  const create = () => new S3rver({ address: "127.0.0.1", port, directory, silent: true, configureBuckets: [{ name: bucket }] });
  let server: S3rver | null = create();
  try {
    await server.run();
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: (prefix) => ({
      STORAGE_URL: `s3://${bucket}${prefix ? `/${prefix}` : ""}`,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    }),
    async down() {
      const running = server;
      server = null;
      await running?.close();
    },
    async up() {
      if (server) return;
      const next = create();
      await next.run();
      server = next;
    },
    async stop() {
      await server?.close();
      server = null;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
