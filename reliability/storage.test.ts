import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { dropDatabase, testDatabaseUrl } from "#testing/database.ts";
import { type OwnS3, startS3 } from "#testing/s3.ts";
import { type ApiProcess, startApiProcess } from "#testing/server.ts";
import { openDatabase } from "../api/src/db/client.ts";
import { createSession } from "../api/src/domain/accounts/login.ts";
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
      const admin = await db.prisma.admin.create({
        data: {
          firstName: "Storage",
          lastName: "Check",
          email: `storage-${Date.now()}@example.com`,
          contact: "+234 801 000 0002",
          passwordHash: "not-a-login",
          emailVerifiedAt: new Date(),
          staffRole: "OWNER",
          approvedAt: new Date(),
        },
      });
      const token = await createSession(db.prisma, "ADMIN", admin.id);
      const form = new FormData();
      for (const [k, v] of Object.entries({ name: "Stored in S3", price: "10", duration: "1 week", instructor: "I", description: "D" })) {
        form.append(k, v);
      }
      form.append("image", new Blob([PNG], { type: "image/png" }), "cover.png");
      const created = await fetch(`${first.url}/api/tracks`, { method: "POST", headers: { authorization: `Bearer ${token}` }, body: form });
      const image = ((await created.json()) as { track?: { image?: string } }).track?.image ?? "";
      if (created.status !== 201 || !/^\/uploads\/[a-f0-9]{32}\.png$/.test(image)) problems.push(`upload: ${created.status} ${image}`);

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
});
