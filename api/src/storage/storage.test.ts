import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken } from "#testing/accounts.ts";
import { rest, startTestApp } from "#testing/app.ts";
import { type OwnS3, startS3 } from "#testing/s3.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { registerUploads, sendPrivateObject } from "../http/objects.ts";
import { coverImage } from "../seed/images.ts";
import { createStorage } from "./create.ts";
import { type FileStorage, localUploadsDir } from "./storage.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PNG = new Uint8Array(coverImage([10, 20, 30], [200, 100, 50], 32, 24));
const PDF = new Uint8Array(Buffer.from(`%PDF-1.4\n${"lesson notes ".repeat(200)}\n%%EOF\n`));
const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

/**
 * One contract, two backends: the local disk and an S3-compatible server (s3rver). Each case runs through a real
 * Fastify server with the /uploads/ route and a private route that calls sendPrivateObject, as the lesson routes will
 * after their access check.
 */
const backends: [string, () => Promise<{ env: Record<string, string>; stop(): Promise<void> }>][] = [
  [
    "local disk",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "storage-contract-"));
      return { env: { DATA_DIR: dir }, stop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    "S3 (s3rver)",
    async () => {
      const s3 = await startS3();
      return { env: { DATA_DIR: ":memory:", ...s3.env("site-a") }, stop: () => s3.stop() };
    },
  ],
];

describe.each(backends)("storage contract: %s", (_name, start) => {
  let backend: Awaited<ReturnType<typeof start>>;
  let storage: FileStorage;
  let server: FastifyInstance;
  let base: string;
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
    fetch(`${base}${path}`, { headers, method, redirect: "manual" });

  beforeAll(async () => {
    backend = await start();
    storage = await createStorage(loadConfig(backend.env).storage);
    server = Fastify();
    registerUploads(server, storage);
    server.get("/private/*", (req, reply) => sendPrivateObject(req, reply, storage, (req.params as { "*": string })["*"]));
    server.get("/signed/*", (req, reply) =>
      sendPrivateObject(req, reply, storage, (req.params as { "*": string })["*"], { redirectSeconds: 60 }),
    );
    base = await server.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await server?.close();
    storage?.close();
    await backend?.stop();
  });

  it("stores a public file and serves it with its type, length, ETag, nosniff and a year of immutable caching", async () => {
    const path = await storage.put(PNG, "png");
    expect(path).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-length")).toBe(String(PNG.byteLength));
    expect(res.headers.get("etag")).toMatch(/^"[^"]+"$/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect((await bytesOf(res)).equals(Buffer.from(PNG))).toBe(true);

    // The ETag revalidates; HEAD gives the headers only.
    const again = await get(path, { "if-none-match": res.headers.get("etag") as string });
    expect(again.status).toBe(304);
    const head = await get(path, {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(PNG.byteLength));
    expect((await bytesOf(head)).length).toBe(0);

    await storage.remove(path);
    expect((await get(path)).status).toBe(404);
  });

  it("serves byte ranges: the first bytes, from an offset, a suffix; 416 past the end", async () => {
    const path = await storage.put(PNG, "png");
    const size = PNG.byteLength;
    const first = await get(path, { range: "bytes=0-9" });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-9/${size}`);
    expect(first.headers.get("content-length")).toBe("10");
    expect((await bytesOf(first)).equals(Buffer.from(PNG.subarray(0, 10)))).toBe(true);

    const rest = await get(path, { range: "bytes=100-" });
    expect(rest.status).toBe(206);
    expect(rest.headers.get("content-range")).toBe(`bytes 100-${size - 1}/${size}`);
    expect((await bytesOf(rest)).equals(Buffer.from(PNG.subarray(100)))).toBe(true);

    const suffix = await get(path, { range: "bytes=-7" });
    expect(suffix.status).toBe(206);
    expect(suffix.headers.get("content-range")).toBe(`bytes ${size - 7}-${size - 1}/${size}`);
    expect((await bytesOf(suffix)).equals(Buffer.from(PNG.subarray(size - 7)))).toBe(true);

    const beyond = await get(path, { range: `bytes=${size - 2}-${size + 50}` });
    expect(beyond.status).toBe(206);
    expect(beyond.headers.get("content-range")).toBe(`bytes ${size - 2}-${size - 1}/${size}`);
    expect((await bytesOf(beyond)).length).toBe(2);

    const past = await get(path, { range: `bytes=${size}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${size}`);

    // Ranges it does not serve (several, another unit, nonsense): the whole file.
    for (const range of ["bytes=0-1,4-5", "items=0-1", "bytes=9-2", "bytes=x-"]) {
      const whole = await get(path, { range });
      expect(whole.status, range).toBe(200);
      expect((await bytesOf(whole)).length, range).toBe(size);
    }
    // If-Range naming another version: the whole file.
    const stale = await get(path, { range: "bytes=0-9", "if-range": '"another-version"' });
    expect(stale.status).toBe(200);
  });

  it("answers 404 for unknown names and path tricks", async () => {
    for (const path of [
      `/uploads/${"0".repeat(32)}.png`,
      "/uploads/",
      "/uploads/../package.json",
      "/uploads/%2e%2e/%2e%2e/package.json",
      "/uploads/..%2f..%2fpackage.json",
      "/uploads/uploads/x.png",
      `/uploads/${"a".repeat(32)}.png/`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('"name": "learnhub"');
    }
  });

  it("keeps private objects out of /uploads/ and serves them (with ranges) only through the private helper", async () => {
    const key = "lessons/lesson-1/notes.pdf";
    await storage.putPrivate(key, PDF, "application/pdf");
    for (const path of [`/uploads/${key}`, "/uploads/notes.pdf", "/uploads/%2e%2e%2fprivate%2flessons%2flesson-1%2fnotes.pdf"]) {
      expect((await get(path)).status, path).toBe(404);
    }
    const res = await get(`/private/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-length")).toBe(String(PDF.byteLength));
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect((await bytesOf(res)).equals(Buffer.from(PDF))).toBe(true);

    const part = await get(`/private/${key}`, { range: "bytes=9-20" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 9-20/${PDF.byteLength}`);
    expect((await bytesOf(part)).equals(Buffer.from(PDF.subarray(9, 21)))).toBe(true);
    expect((await get(`/private/${key}`, { range: `bytes=${PDF.byteLength + 10}-` })).status).toBe(416);

    const opened = await storage.open(key, { suffix: 6 });
    expect(opened?.partial).toBe(true);
    opened?.body.destroy();
    expect(await storage.open("lessons/lesson-1/none.pdf")).toBeNull();
    expect((await get("/private/lessons/lesson-1/none.pdf")).status).toBe(404);
    await expect(storage.putPrivate("../escape.pdf", PDF, "application/pdf")).rejects.toThrow(TypeError);
    await expect(storage.open("/etc/passwd")).rejects.toThrow(TypeError);
  });

  it("stores a private object from a stream of known length; one of another length stores nothing", async () => {
    const key = "lessons/l3/video.mp4";
    const chunks = () => Readable.from([Buffer.from(PDF.subarray(0, 1000)), Buffer.from(PDF.subarray(1000))]);
    await storage.putPrivate(key, { stream: chunks(), length: PDF.byteLength }, "video/mp4");
    const res = await get(`/private/${key}`);
    expect(res.headers.get("content-type")).toBe("video/mp4");
    expect((await bytesOf(res)).equals(Buffer.from(PDF))).toBe(true);

    const other = "lessons/l3/short.mp4";
    await expect(storage.putPrivate(other, { stream: chunks(), length: PDF.byteLength + 1 }, "video/mp4")).rejects.toThrow();
    await expect(storage.putPrivate(other, { stream: chunks(), length: PDF.byteLength - 1 }, "video/mp4")).rejects.toThrow();
    await expect(storage.putPrivate(key, { stream: chunks(), length: 5 }, "video/mp4")).rejects.toThrow();
    // Nothing stored, and a failed replacement keeps the object it would have replaced. On S3 the upload is aborted,
    // and S3 stores no object whose body ends before its Content-Length (a PUT is all or nothing); s3rver, a test
    // stand-in, keeps what arrived, so the bucket side of this is not checked here.
    if (storage.kind === "local") {
      expect(await storage.open(other)).toBeNull();
      expect((await bytesOf(await get(`/private/${key}`))).equals(Buffer.from(PDF))).toBe(true);
    }
  });

  it("signs short-lived URLs on S3 (which work, then expire); on disk the helper streams instead", async () => {
    const key = "attachments/a1/sheet.pdf";
    await storage.putPrivate(key, PDF, "application/pdf");
    const viaHelper = await get(`/signed/${key}`);
    if (storage.kind === "local") {
      expect(await storage.signedUrl(key, 60)).toBeUndefined();
      expect(viaHelper.status).toBe(200);
      expect((await bytesOf(viaHelper)).equals(Buffer.from(PDF))).toBe(true);
      return;
    }
    expect(viaHelper.status).toBe(302);
    expect(viaHelper.headers.get("cache-control")).toBe("private, no-store");
    const redirected = await fetch(viaHelper.headers.get("location") as string);
    expect(redirected.status).toBe(200);
    expect((await bytesOf(redirected)).equals(Buffer.from(PDF))).toBe(true);

    const url = (await storage.signedUrl(key, 1)) as string;
    expect(url).toMatch(/X-Amz-Expires=1/);
    const fresh = await fetch(url);
    expect(fresh.status).toBe(200);
    await fresh.arrayBuffer();
    // Signed times have one-second precision: 2.2 s is past the end whatever the second it was signed in.
    await sleep(2200);
    const expired = await fetch(url);
    expect(expired.status).toBe(403);
    expect(await expired.text()).toMatch(/expired/i);
  });

  it("removes idempotently: twice, and unknown paths and keys, without an error", async () => {
    const path = await storage.put(PNG, "png");
    await storage.remove(path);
    await storage.remove(path);
    await storage.remove("/uploads/not-a-name.png");
    await storage.remove("/elsewhere/x.png");
    expect((await get(path)).status).toBe(404);
    const key = "lessons/l2/clip.mp4";
    await storage.putPrivate(key, PDF, "video/mp4");
    await storage.removePrivate(key);
    await storage.removePrivate(key);
    expect(await storage.open(key)).toBeNull();
  });
});

describe("storage configuration", () => {
  it("defaults to the local disk, reads s3:// URLs and reports bad S3 settings by name", () => {
    expect(loadConfig({}).storage).toEqual({ kind: "local", dataDir: ".data" });
    expect(loadConfig({ STORAGE_URL: "s3://media.example/site/a/", S3_REGION: "auto", S3_ENDPOINT: "https://r2.example" }).storage).toEqual(
      {
        kind: "s3",
        bucket: "media.example",
        prefix: "site/a/",
        endpoint: "https://r2.example",
        region: "auto",
        credentials: undefined,
        forcePathStyle: true,
      },
    );
    expect(loadConfig({ STORAGE_URL: "s3://media" }).storage).toMatchObject({ prefix: "", forcePathStyle: false, region: "us-east-1" });
    const issues = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        return error.issues;
      }
    };
    expect(issues({ STORAGE_URL: "https://bucket" })[0]).toMatch(/^STORAGE_URL: must be s3:\/\/bucket/);
    expect(issues({ STORAGE_URL: "s3://Bad_Bucket" })[0]).toMatch(/^STORAGE_URL:/);
    expect(issues({ STORAGE_URL: "s3://bucket/a/../b" })[0]).toMatch(/^STORAGE_URL:/);
    expect(issues({ STORAGE_URL: "s3://bucket", S3_ENDPOINT: "ftp://x" })[0]).toMatch(/^S3_ENDPOINT:/);
    expect(issues({ STORAGE_URL: "s3://bucket", S3_ACCESS_KEY_ID: "k" })[0]).toMatch(
      /^S3_SECRET_ACCESS_KEY: required with S3_ACCESS_KEY_ID/,
    );
    expect(issues({ S3_ENDPOINT: "http://minio:9000" })[0]).toMatch(/^S3_ENDPOINT: only used with STORAGE_URL/);
    expect(issues({ STORAGE_URL: "s3://bucket", S3_FORCE_PATH_STYLE: "yes" })[0]).toMatch(/^S3_FORCE_PATH_STYLE:/);
  });
});

describe("uploads through the app on S3", () => {
  let s3: OwnS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3?.stop());

  it("a track image uploaded through REST lands in the bucket, not on the disk, and /uploads/ serves it back", async () => {
    const app = await startTestApp(s3.env());
    try {
      expect(app.services.storage.kind).toBe("s3");
      const { token } = await adminWithToken(app);
      const form = new FormData();
      for (const [k, v] of Object.entries({ name: "S3 track", price: "10", duration: "1 week", instructor: "I", description: "D" })) {
        form.append(k, v);
      }
      form.append("image", new Blob([PNG], { type: "image/png" }), "cover.png");
      const created = await rest(app, "POST", "/api/tracks", { token, body: form });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const image = created.body.track.image as string;
      expect(image).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
      expect(existsSync(join(localUploadsDir(":memory:"), image.slice("/uploads/".length)))).toBe(false);
      const served = await app.fetch(image);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect((await bytesOf(served)).equals(Buffer.from(PNG))).toBe(true);
      const part = await app.fetch(image, { headers: { range: "bytes=0-3" } });
      expect(part.status).toBe(206);
      expect((await bytesOf(part)).equals(Buffer.from(PNG.subarray(0, 4)))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
