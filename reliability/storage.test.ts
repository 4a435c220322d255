import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dropDatabase, testDatabaseUrl } from "#testing/database.ts";
import { uploadTrack } from "#testing/http.ts";
import { ownerSession } from "#testing/process-database.ts";
import { type OwnS3, startS3 } from "#testing/s3.ts";
import { type ApiProcess, startApiProcess, startChild } from "#testing/server.ts";
import { openDatabase } from "../api/src/db/client.ts";
import { coverImage } from "../api/src/seed/images.ts";
import { record } from "./lib/report.ts";

/**
 * Item 8.9x, object storage: the built API bundle with STORAGE_URL on an S3-compatible server (s3rver) stores uploads
 * in the bucket, never on its disk, and serves them back at /uploads/ (same bytes, immutable caching, ranges); a
 * second instance on the same database and bucket serves what the first stored.
 */
const PNG = new Uint8Array(coverImage([30, 60, 90], [220, 200, 180], 48, 32));
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer());

describe("8.9x object storage", () => {
  it("8.90 the API bundle on S3: an upload lands in the bucket (not on disk) and is served back, by either instance", async () => {
    const database = await testDatabaseUrl();
    if (!database) throw new Error("TEST_DATABASE_URL is set by the reliability global setup");
    const s3: OwnS3 = await startS3();
    const dataDirs = [mkdtempSync(join(tmpdir(), "learnhub-rel-s3-a-")), mkdtempSync(join(tmpdir(), "learnhub-rel-s3-b-"))];
    const apis: ApiProcess[] = [];
    const db = await openDatabase({ url: database.url, dataDir: ":memory:" });
    const problems: string[] = [];
    let figure = "";
    try {
      for (const dataDir of dataDirs) apis.push(await startApiProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir, ...s3.env("rel") }));
      const [first, second] = apis as [ApiProcess, ApiProcess];
      const token = await ownerSession(db);
      const { status, image } = await uploadTrack(first.url, token, PNG);
      if (status !== 201 || !/^\/uploads\/[a-f0-9]{32}\.png$/.test(image)) problems.push(`upload: ${status} ${image}`);

      const size = PNG.byteLength;
      const checks: string[] = [];
      for (const [label, api] of [
        ["first", first],
        ["second", second],
      ] as const) {
        const whole = await fetch(`${api.url}${image}`);
        const body = await bytes(whole);
        if (whole.status !== 200 || !body.equals(Buffer.from(PNG))) problems.push(`${label}: ${whole.status}, ${body.length} bytes`);
        if (whole.headers.get("cache-control") !== "public, max-age=31536000, immutable") {
          problems.push(`${label}: cache-control ${whole.headers.get("cache-control")}`);
        }
        if (whole.headers.get("content-type") !== "image/png") problems.push(`${label}: type ${whole.headers.get("content-type")}`);
        if (whole.headers.get("x-content-type-options") !== "nosniff") problems.push(`${label}: no nosniff`);
        const etag = whole.headers.get("etag");
        const revalidated = etag ? (await fetch(`${api.url}${image}`, { headers: { "if-none-match": etag } })).status : 0;
        if (revalidated !== 304) problems.push(`${label}: If-None-Match -> ${revalidated}`);
        const head = await fetch(`${api.url}${image}`, { headers: { range: "bytes=0-15" } });
        if (head.status !== 206 || !(await bytes(head)).equals(Buffer.from(PNG.subarray(0, 16))))
          problems.push(`${label}: range 0-15 -> ${head.status}`);
        const tail = await fetch(`${api.url}${image}`, { headers: { range: "bytes=-8" } });
        const tailBody = await bytes(tail);
        if (
          tail.status !== 206 ||
          tail.headers.get("content-range") !== `bytes ${size - 8}-${size - 1}/${size}` ||
          !tailBody.equals(Buffer.from(PNG.subarray(size - 8)))
        ) {
          problems.push(`${label}: suffix range -> ${tail.status} ${tail.headers.get("content-range")}`);
        }
        const past = await fetch(`${api.url}${image}`, { headers: { range: `bytes=${size}-` } });
        await past.arrayBuffer();
        if (past.status !== 416 || past.headers.get("content-range") !== `bytes */${size}`)
          problems.push(`${label}: past the end -> ${past.status}`);
        const unknown = await fetch(`${api.url}/uploads/${"0".repeat(32)}.png`);
        await unknown.arrayBuffer();
        if (unknown.status !== 404) problems.push(`${label}: unknown name -> ${unknown.status}`);
        checks.push(`${label}: 200 same ${size} bytes, immutable, 304, 206 x2, 416, 404`);
      }
      const written = dataDirs.filter((dir) => existsSync(join(dir, "uploads")));
      if (written.length) problems.push(`uploads folder written on disk: ${written.join(", ")}`);
      figure = problems.length ? problems.join("; ") : `${checks.join("; ")}; no uploads folder on either instance's disk`;
    } finally {
      await Promise.all(apis.map((api) => api.stop()));
      await db.close();
      await dropDatabase(database.url);
      await s3.stop();
      for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    }
    record({
      item: "8.90",
      check: "API bundle with STORAGE_URL on s3rver: a track image uploaded through instance 1, read back from instances 1 and 2",
      figure,
      target: "same bytes, immutable caching, ETag revalidation, ranges (206/416), 404 unknown; nothing written to local disk",
      met: problems.length === 0,
    });
    expect(problems).toEqual([]);
  });

  it("8.91 moving an installation to S3: storage:migrate copies the disk's uploads, then the API on S3 serves the old images", async () => {
    const database = await testDatabaseUrl();
    if (!database) throw new Error("TEST_DATABASE_URL is set by the reliability global setup");
    const s3: OwnS3 = await startS3();
    const dataDir = mkdtempSync(join(tmpdir(), "learnhub-rel-s3-move-"));
    const db = await openDatabase({ url: database.url, dataDir: ":memory:" });
    const problems: string[] = [];
    let figure = "";
    const images = [0, 1, 2].map((i) => new Uint8Array(coverImage([i * 40, 90, 20], [250, 200 - i * 30, 100], 40 + i * 8, 24)));
    try {
      // Before: the API on its local disk, three images uploaded.
      const before = await startApiProcess({ DATABASE_URL: database.url, DATA_DIR: dataDir });
      const token = await ownerSession(db);
      const paths: string[] = [];
      try {
        for (const image of images) paths.push((await uploadTrack(before.url, token, image)).image);
      } finally {
        await before.stop();
      }
      const migrate = async () => {
        const child = startChild(process.execPath, ["--import", "tsx", "api/scripts/storage-migrate.ts"], {
          DOTENV_CONFIG_PATH: "/nonexistent",
          NODE_ENV: "production",
          PAYSTACK_SANDBOX: "true",
          MAIL_OUTBOX: "true",
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          ...s3.env("moved"),
        });
        const { code } = await child.exited;
        return { code, line: /copied \d+, skipped \d+[^\n]*failed \d+/.exec(child.output())?.[0] ?? child.output().slice(-300) };
      };
      const first = await migrate();
      const again = await migrate();
      if (first.code !== 0 || !first.line.startsWith("copied 3, skipped 0")) problems.push(`first run: exit ${first.code}, ${first.line}`);
      if (again.code !== 0 || !again.line.startsWith("copied 0, skipped 3")) problems.push(`second run: exit ${again.code}, ${again.line}`);

      // After: the API on S3 (an empty disk of its own) serves the images the database names.
      const emptyDir = mkdtempSync(join(tmpdir(), "learnhub-rel-s3-after-"));
      const after = await startApiProcess({ DATABASE_URL: database.url, DATA_DIR: emptyDir, ...s3.env("moved") });
      let served = 0;
      try {
        for (const [i, path] of paths.entries()) {
          const res = await fetch(`${after.url}${path}`);
          const body = await bytes(res);
          if (res.status === 200 && body.equals(Buffer.from(images[i] as Uint8Array)) && res.headers.get("content-type") === "image/png")
            served++;
          else problems.push(`${path}: ${res.status}, ${body.length} bytes, ${res.headers.get("content-type")}`);
        }
      } finally {
        await after.stop();
        rmSync(emptyDir, { recursive: true, force: true });
      }
      figure = `storage:migrate: "${first.line}" then "${again.line}"; the API on S3 served ${served}/${images.length} pre-migration images byte for byte`;
      if (problems.length) figure = `${figure}; ${problems.join("; ")}`;
    } finally {
      await db.close();
      await dropDatabase(database.url);
      await s3.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
    record({
      item: "8.91",
      check: "moving uploads to S3: 3 images uploaded on local disk, npm run storage:migrate twice, then the API bundle on S3",
      figure,
      target: "3 copied, then 3 skipped (exit 0 both times); all 3 served with the same bytes",
      met: problems.length === 0,
    });
    expect(problems).toEqual([]);
  });
});
