import { randomBytes } from "node:crypto";
import { readdir, readFile, utimes } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { FileStore } from "@tus/file-store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { startTestApp, type TestApp } from "#testing/app.ts";
import { globalId, seededApp } from "#testing/graphql.ts";
import { type OwnS3, startS3 } from "#testing/s3.ts";
import { viewerFromToken } from "../domain/accounts/sessions.ts";
import { signedMediaUrl } from "../domain/learning/media.ts";
import { seedLessonMedia } from "../seed/lesson-media.ts";
import { sweepUnfinishedUploads, UnfinishedUploads, uploadTempDir } from "../storage/upload-temp.ts";
import { LESSON_UPLOADS_PATH, UPLOAD_FAULT_MESSAGE } from "./lesson-uploads.ts";

/**
 * Lesson media (learning/media.ts, http/lesson-uploads.ts, rest/learning/lesson-media.ts): resumable uploads (tus) checked by
 * content and size, who may upload, and who may fetch a video or a file through its signed URL or a bearer token.
 */

/** An mp4's first box (`ftyp` at byte 4), then noise. */
const mp4 = (size: number) => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom"), randomBytes(size - 12)]);
const pdf = (size: number) => Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(size - 9)]);
const b64 = (text: string) => Buffer.from(text).toString("base64");

async function createUpload(app: TestApp, token: string | undefined, meta: Record<string, string>, length: number) {
  return app.fetch(LESSON_UPLOADS_PATH, {
    method: "POST",
    headers: {
      "tus-resumable": "1.0.0",
      "upload-length": String(length),
      "upload-metadata": Object.entries(meta)
        .map(([k, v]) => `${k} ${b64(v)}`)
        .join(","),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

function patch(app: TestApp, token: string, location: string, offset: number, bytes: Buffer) {
  return app.fetch(location, {
    method: "PATCH",
    headers: {
      "tus-resumable": "1.0.0",
      "upload-offset": String(offset),
      "content-type": "application/offset+octet-stream",
      authorization: `Bearer ${token}`,
    },
    body: new Uint8Array(bytes),
  });
}

async function uploadWhole(app: TestApp, token: string, lessonId: string, target: string, bytes: Buffer, filename: string) {
  const created = await createUpload(app, token, { lessonId, target, filename }, bytes.length);
  expect(created.status, await created.clone().text()).toBe(201);
  return patch(app, token, created.headers.get("location") as string, 0, bytes);
}

describe("lesson media", () => {
  const s = seededApp();
  const ids = { track: "", video: "", files: "", text: "", invoice: "" };
  let enrolled: { token: string };
  let refunded: { token: string };
  let removed: { token: string; learnerId: string };
  let assigned: string;
  const video = mp4(300_000);
  const slides = pdf(50_000);

  beforeAll(async () => {
    const { prisma } = s.app.services.db;
    ids.track = s.seeded.trackIds[0] as string;
    const course = await prisma.course.findFirstOrThrow({ where: { trackId: ids.track }, orderBy: { createdAt: "asc" } });
    const mk = (position: number, kind: "VIDEO" | "FILE" | "TEXT") =>
      prisma.lesson.create({ data: { courseId: course.id, position: 100 + position, title: `${kind} ${position}`, kind, minutes: 1 } });
    ids.video = (await mk(0, "VIDEO")).id;
    ids.files = (await mk(1, "FILE")).id;
    ids.text = (await mk(2, "TEXT")).id;
    enrolled = await learnerWithToken(s.app);
    await prisma.enrollment.create({ data: { learnerId: (await viewerOf(enrolled.token)).accountId, trackId: ids.track } });
    refunded = await learnerWithToken(s.app);
    const refundedId = (await viewerOf(refunded.token)).accountId;
    await prisma.enrollment.create({ data: { learnerId: refundedId, trackId: ids.track } });
    ids.invoice = (
      await prisma.invoice.create({
        data: {
          learnerId: refundedId,
          trackId: ids.track,
          amountCents: 10_000,
          status: "PAID",
          paidAt: new Date(),
          paymentMethod: "OTHER",
        },
      })
    ).id;
    const r = await learnerWithToken(s.app);
    removed = { token: r.token, learnerId: (await viewerOf(r.token)).accountId };
    await prisma.enrollment.create({ data: { learnerId: removed.learnerId, trackId: ids.track } });
    const instructor = await adminWithToken(s.app, "INSTRUCTOR");
    await prisma.trackInstructor.create({ data: { trackId: ids.track, adminId: instructor.admin.id } });
    assigned = instructor.token;
  });

  const viewerOf = async (token: string) =>
    (await viewerFromToken(s.app.services, token)) as NonNullable<Awaited<ReturnType<typeof viewerFromToken>>>;

  const MEDIA =
    "query ($id: ID!) { node(id: $id) { ... on Lesson { locked videoSrc uploadedVideo { name size contentType } files { id name size contentType url } } } }";
  const media = async (lessonId: string, token?: string) => {
    const { data, errors } = await s.app.graphql(MEDIA, { id: globalId("Lesson", lessonId) }, token);
    expect(errors).toBeUndefined();
    return data.node;
  };
  const bytesOf = async (res: Response) => Buffer.from(await res.arrayBuffer());

  it("refuses uploads from anyone who may not edit the lesson's track, before anything is stored", async () => {
    const meta = { lessonId: ids.video, target: "video", filename: "a.mp4" };
    expect((await createUpload(s.app, undefined, meta, 100)).status).toBe(401);
    for (const token of [s.who.learner, s.who.finance, s.who.pending])
      expect((await createUpload(s.app, token, meta, 100)).status).toBe(403);
    // An instructor not assigned to the track.
    const refused = await createUpload(s.app, s.who.instructor, meta, 100);
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toMatch(/assigned/i);
    // The wrong target for the lesson's kind, a lesson that does not exist, no target.
    expect((await createUpload(s.app, s.who.owner, { ...meta, lessonId: ids.text }, 100)).status).toBe(400);
    expect((await createUpload(s.app, s.who.owner, { ...meta, target: "file" }, 100)).status).toBe(400);
    expect((await createUpload(s.app, s.who.owner, { ...meta, lessonId: "00000000-0000-4000-8000-000000000000" }, 100)).status).toBe(404);
    expect((await createUpload(s.app, s.who.owner, { lessonId: ids.video, filename: "a" }, 100)).status).toBe(400);
    expect(await s.app.services.db.prisma.lessonMedia.count({ where: { lessonId: { in: [ids.video, ids.files, ids.text] } } })).toBe(0);
  });

  it("answers uploads for its own sites only: no CORS headers for a foreign origin, even with a staff token", async () => {
    const headers = { origin: "https://elsewhere.example", authorization: `Bearer ${s.who.owner}`, "tus-resumable": "1.0.0" };
    const meta = `lessonId ${b64(ids.video)},target ${b64("video")},filename ${b64("a.mp4")}`;
    const created = await s.app.fetch(LESSON_UPLOADS_PATH, {
      method: "POST",
      headers: { ...headers, "upload-length": "100", "upload-metadata": meta },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get("location") as string;
    const answers = [
      created,
      await s.app.fetch(location, { method: "HEAD", headers }),
      await s.app.fetch(location, {
        method: "OPTIONS",
        headers: { ...headers, "access-control-request-method": "PATCH", "access-control-request-headers": "upload-offset" },
      }),
      await s.app.fetch(location, { method: "DELETE", headers }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBeLessThan(300);
      expect([...answer.headers.keys()].filter((name) => name.startsWith("access-control-"))).toEqual([]);
    }
  });

  it("refuses an announced length over the limit with 413 at creation", async () => {
    const over = s.app.services.config.lessonVideoMaxBytes + 1;
    const res = await createUpload(s.app, s.who.owner, { lessonId: ids.video, target: "video", filename: "big.mp4" }, over);
    expect(res.status).toBe(413);
    const fileOver = s.app.services.config.lessonFileMaxBytes + 1;
    expect((await createUpload(s.app, s.who.owner, { lessonId: ids.files, target: "file", filename: "big.pdf" }, fileOver)).status).toBe(
      413,
    );
  });

  it("refuses a file whose first bytes are not a video (or not a PDF/zip) with a clear message, keeping nothing", async () => {
    const before = await readdir(uploadTempDir(":memory:")).catch(() => []);
    const fake = Buffer.from("<html><script>alert(1)</script></html>".padEnd(400, " "));
    const res = await uploadWhole(s.app, s.who.owner, ids.video, "video", fake, "movie.mp4");
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Upload an MP4 or WebM video.");
    const asFile = await uploadWhole(s.app, s.who.owner, ids.files, "file", mp4(1000), "slides.pdf");
    expect(asFile.status).toBe(400);
    expect((await asFile.json()).message).toMatch(/PDF or a ZIP/);
    expect(await s.app.services.db.prisma.lessonMedia.count({ where: { lessonId: { in: [ids.video, ids.files] } } })).toBe(0);
    expect(await readdir(uploadTempDir(":memory:")).catch(() => [])).toEqual(before);
  });

  it("finishing one upload several times at once stores it once and answers each with a 2xx or 4xx; a deferred length is refused", async () => {
    const { prisma } = s.app.services.db;
    const before = await prisma.lessonMedia.count({ where: { lessonId: ids.files } });
    const bytes = pdf(400_000);
    const created = await createUpload(s.app, s.who.owner, { lessonId: ids.files, target: "file", filename: "race.pdf" }, bytes.length);
    const location = created.headers.get("location") as string;
    const finish = () => patch(s.app, s.who.owner, location, bytes.length, Buffer.alloc(0));
    const answers = await Promise.all([patch(s.app, s.who.owner, location, 0, bytes), finish(), finish(), finish(), finish()]);
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses[0]).toBeLessThan(300);
    expect(await prisma.lessonMedia.count({ where: { lessonId: ids.files } })).toBe(before + 1);
    const deferred = await s.app.fetch(LESSON_UPLOADS_PATH, {
      method: "POST",
      headers: {
        "tus-resumable": "1.0.0",
        "upload-defer-length": "1",
        "upload-metadata": `lessonId ${b64(ids.files)},target ${b64("file")},filename ${b64("big.pdf")}`,
        authorization: `Bearer ${s.who.owner}`,
      },
    });
    expect(deferred.status).toBe(400);
    const added = await prisma.lessonMedia.findMany({ where: { lessonId: ids.files }, orderBy: { createdAt: "desc" }, take: 1 });
    await prisma.lessonMedia.deleteMany({ where: { id: { in: added.map((m) => m.id) } } });
  });

  it("a PATCH cut off half-way resumes with HEAD + PATCH and the whole video is stored and attached", async () => {
    const created = await createUpload(
      s.app,
      assigned,
      { lessonId: ids.video, target: "video", filename: "../intro\u0000 video.mp4" },
      video.length,
    );
    expect(created.status).toBe(201);
    const location = created.headers.get("location") as string;
    expect(location).toMatch(new RegExp(`^${LESSON_UPLOADS_PATH}/[\\w-]{16,}$`));
    // Half the bytes, then the connection drops.
    const half = 150_000;
    await new Promise<void>((resolve) => {
      const req = httpRequest(`${s.app.url}${location}`, {
        method: "PATCH",
        headers: {
          "tus-resumable": "1.0.0",
          "upload-offset": "0",
          "content-type": "application/offset+octet-stream",
          "content-length": String(video.length),
          authorization: `Bearer ${assigned}`,
        },
      });
      req.on("error", () => resolve());
      req.write(video.subarray(0, half), () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 300),
      );
    });
    // Another staff member may not continue it; the uploader may.
    const othersHead = await s.app.fetch(location, {
      method: "HEAD",
      headers: { "tus-resumable": "1.0.0", authorization: `Bearer ${s.who.owner}` },
    });
    expect(othersHead.status).toBe(404);
    let offset = -1;
    for (let i = 0; i < 20 && offset < 0; i++) {
      const head = await s.app.fetch(location, {
        method: "HEAD",
        headers: { "tus-resumable": "1.0.0", authorization: `Bearer ${assigned}` },
      });
      expect(head.status).toBe(200);
      offset = Number(head.headers.get("upload-offset"));
      if (offset === 0) offset = -1;
      if (offset < 0) await new Promise((r) => setTimeout(r, 50));
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(half);
    const rest = await patch(s.app, assigned, location, offset, video.subarray(offset));
    expect(rest.status, await rest.clone().text()).toBe(200);
    expect(await rest.json()).toMatchObject({ name: "intro video.mp4", contentType: "video/mp4", size: video.length });
    const row = await s.app.services.db.prisma.lessonMedia.findFirstOrThrow({ where: { lessonId: ids.video } });
    expect(row.key).toMatch(new RegExp(`^lessons/${ids.video}/[a-f0-9]{32}\\.mp4$`));
    const stored = await s.app.services.storage.open(row.key);
    expect(stored?.size).toBe(video.length);
    stored?.body.destroy();
    // The temporary bytes are gone.
    expect((await readdir(uploadTempDir(":memory:"))).some((name) => location.endsWith(name))).toBe(false);
  });

  it("a write that fails for another reason is a plain 500: no system error text reaches the client", async () => {
    const created = await createUpload(s.app, assigned, { lessonId: ids.video, target: "video", filename: "fault.mp4" }, video.length);
    expect(created.status).toBe(201);
    // The disk answers with an I/O error naming a path (a failing device, a read-only remount).
    const write = FileStore.prototype.write;
    FileStore.prototype.write = async () => {
      throw Object.assign(new Error("EIO: i/o error, write '/srv/learnhub/secret-path'"), { code: "EIO" });
    };
    try {
      const res = await patch(s.app, assigned, created.headers.get("location") as string, 0, video.subarray(0, 1000));
      const body = await res.text();
      expect(res.status).toBe(500);
      expect(body).toContain(UPLOAD_FAULT_MESSAGE);
      expect(body).not.toMatch(/EIO|secret-path|srv/);
    } finally {
      FileStore.prototype.write = write;
    }
  });

  it("attachments keep their sanitised names and order; a deleted one loses its stored bytes", async () => {
    expect((await uploadWhole(s.app, s.who.manager, ids.files, "file", slides, "Week 1 slides.pdf")).status).toBe(200);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(2000)]);
    expect((await uploadWhole(s.app, s.who.manager, ids.files, "file", zip, "Deck.pptx")).status).toBe(200);
    const junk = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(100)]);
    expect((await uploadWhole(s.app, s.who.manager, ids.files, "file", junk, "junk.zip")).status).toBe(200);
    const { files } = await media(ids.files, s.who.manager);
    expect(files.map((f: { name: string; contentType: string }) => [f.name, f.contentType])).toEqual([
      ["Week 1 slides.pdf", "application/pdf"],
      ["Deck.pptx", "application/zip"],
      ["junk.zip", "application/zip"],
    ]);
    const junkRow = await s.app.services.db.prisma.lessonMedia.findFirstOrThrow({ where: { name: "junk.zip" } });
    const del =
      "mutation ($id: ID!) { deleteLessonFile(id: $id) { __typename ... on DeletePayload { deletedId } ... on Error { message } } }";
    const third = files[2].id;
    const outcome = async (token: string) => {
      const result = await s.app.graphql(del, { id: third }, token);
      return result.data?.deleteLessonFile?.__typename ?? "refused";
    };
    expect(await outcome(s.who.finance)).not.toBe("DeletePayload");
    expect(await outcome(s.who.learner)).not.toBe("DeletePayload");
    expect(await outcome(s.who.instructor)).toBe("ForbiddenError");
    expect(await s.app.services.storage.open(junkRow.key)).not.toBeNull();
    expect((await s.app.graphql(del, { id: third }, s.who.manager)).data.deleteLessonFile).toEqual({
      __typename: "DeletePayload",
      deletedId: third,
    });
    expect(await s.app.services.storage.open(junkRow.key)).toBeNull();
    expect((await media(ids.files, s.who.manager)).files).toHaveLength(2);
  });

  it("an attachment's stored and downloaded name ends in the extension of its sniffed type, old rows included", async () => {
    const { prisma } = s.app.services.db;
    const course = await prisma.course.findFirstOrThrow({ where: { trackId: ids.track }, orderBy: { createdAt: "asc" } });
    const lesson = await prisma.lesson.create({ data: { courseId: course.id, position: 150, title: "Names", kind: "FILE", minutes: 1 } });
    // A PDF header, then a page a browser would run if the file were saved as .html and opened from disk.
    const polyglot = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.from("<html><script>alert(document.domain)</script></html>")]);
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("<script>alert(1)</script>")]);
    const uploads: [Buffer, string, string][] = [
      [polyglot, "evilX-Injected 1.html", "evilX-Injected 1.pdf"],
      [polyglot, "notes", "notes.pdf"],
      [polyglot, "Report.PDF", "Report.PDF"],
      [zip, "page.htm", "page.zip"],
      [zip, "Deck.pptx", "Deck.pptx"],
      [zip, "trick.html.", "trick.html..zip"],
    ];
    for (const [bytes, sent] of uploads) {
      const res = await uploadWhole(s.app, s.who.owner, lesson.id, "file", bytes, sent);
      expect(res.status, sent).toBe(200);
    }
    const stored = await prisma.lessonMedia.findMany({ where: { lessonId: lesson.id }, orderBy: { position: "asc" } });
    expect(stored.map((m) => m.name)).toEqual(uploads.map(([, , name]) => name));
    // A row an older version stored under the uploader's extension is corrected when it is served.
    const old = stored[0] as (typeof stored)[number];
    await prisma.lessonMedia.update({ where: { id: old.id }, data: { name: "evilX-Injected 1.html" } });
    const { files } = await media(lesson.id, enrolled.token);
    expect(files[0].name).toBe("evilX-Injected 1.pdf");
    const file = await s.app.fetch(files[0].url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toBe(
      `attachment; filename="evilX-Injected 1.pdf"; filename*=UTF-8''evilX-Injected%201.pdf`,
    );
    await prisma.lesson.delete({ where: { id: lesson.id } });
    for (const row of stored) await s.app.services.storage.removePrivate(row.key);
  });

  it("the access matrix: video and file URLs for the enrolled learner and every staff role; nothing for anyone else", async () => {
    const readers = [enrolled.token, s.who.owner, s.who.manager, s.who.finance, s.who.instructor, assigned];
    for (const token of readers) {
      const lesson = await media(ids.video, token);
      expect(lesson.videoSrc).toMatch(new RegExp(`^/api/lessons/${ids.video}/video\\?s=[\\w-]+&e=\\d+&sig=[\\w-]{43}$`));
      expect(lesson.uploadedVideo).toMatchObject({ contentType: "video/mp4", size: video.length });
      const got = await s.app.fetch(lesson.videoSrc);
      expect(got.status).toBe(200);
      expect(got.headers.get("content-type")).toBe("video/mp4");
      expect(got.headers.get("cache-control")).toMatch(/no-store/);
      expect((await bytesOf(got)).equals(video)).toBe(true);
      // With the bearer header instead of a signature.
      const bearer = await s.app.fetch(`/api/lessons/${ids.video}/video`, {
        headers: { authorization: `Bearer ${token}` },
        method: "HEAD",
      });
      expect(bearer.status).toBe(200);
      const { files } = await media(ids.files, token);
      expect(files).toHaveLength(2);
      const file = await s.app.fetch(files[0].url);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-disposition")).toBe(
        `attachment; filename="Week 1 slides.pdf"; filename*=UTF-8''Week%201%20slides.pdf`,
      );
      expect((await bytesOf(file)).equals(slides)).toBe(true);
    }
    const fileRow = await s.app.services.db.prisma.lessonMedia.findFirstOrThrow({ where: { lessonId: ids.files, position: 0 } });
    for (const token of [s.who.stranger, s.who.learner, s.who.otherLearner, s.who.pending]) {
      const lesson = await media(ids.video, token);
      expect(lesson).toEqual({ locked: true, videoSrc: null, uploadedVideo: null, files: [] });
      expect((await media(ids.files, token)).files).toEqual([]);
      // A URL signed for this caller's own session (as if they had one) still opens nothing: the rule is read again.
      const viewer = token ? await viewerOf(token) : null;
      const prisma = s.app.services.db.prisma;
      for (const path of [
        await signedMediaUrl(prisma, viewer, { lessonId: ids.video }),
        await signedMediaUrl(prisma, viewer, { lessonId: ids.files, mediaId: fileRow.id }),
      ]) {
        const res = await s.app.fetch(path);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: "Not found.", errors: [{ message: "Not found." }] });
      }
      const bearer = await s.app.fetch(`/api/lessons/${ids.video}/video`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
      expect(bearer.status).toBe(404);
    }
  });

  it("expired, tampered and borrowed signatures are refused with a 404 that says nothing", async () => {
    const prisma = s.app.services.db.prisma;
    const viewer = await viewerOf(enrolled.token);
    const expired = await signedMediaUrl(prisma, viewer, { lessonId: ids.video }, Date.now() - 5 * 60 * 60 * 1000);
    const good = (await media(ids.video, enrolled.token)).videoSrc as string;
    const url = new URL(good, "http://x");
    const sig = url.searchParams.get("sig") as string;
    const tampered = [
      good.replace(`sig=${sig}`, `sig=${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`),
      good.replace(/e=(\d+)/, (_m, e) => `e=${Number(e) + 300}`),
      // The same signature on another lesson, or for another session.
      good.replace(ids.video, ids.files),
      good.replace(`s=${viewer.sessionId}`, `s=${(await viewerOf(s.who.learner)).sessionId}`),
      good.replace(`s=${viewer.sessionId}`, "s=-"),
      `/api/lessons/${ids.video}/video?s=-&e=99999999999&sig=`,
      `/api/lessons/not-a-uuid/video?${url.searchParams}`,
    ];
    for (const path of [expired, ...tampered]) {
      const res = await s.app.fetch(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ message: "Not found.", errors: [{ message: "Not found." }] });
    }
    // A signed-out session's URLs stop at once.
    const learner = await learnerWithToken(s.app);
    const learnerId = (await viewerOf(learner.token)).accountId;
    await prisma.enrollment.create({ data: { learnerId, trackId: ids.track } });
    const src = (await media(ids.video, learner.token)).videoSrc as string;
    expect((await s.app.fetch(src, { method: "HEAD" })).status).toBe(200);
    expect(
      (await s.app.graphql<{ logout: { __typename: string } }>("mutation { logout { __typename } }", {}, learner.token)).data?.logout,
    ).toEqual({
      __typename: "MessagePayload",
    });
    expect((await s.app.fetch(src, { method: "HEAD" })).status).toBe(404);
  });

  it("a URL handed out before a refund or a removal opens nothing after it", async () => {
    const refundedSrc = (await media(ids.video, refunded.token)).videoSrc as string;
    const refundedFile = (await media(ids.files, refunded.token)).files[0].url as string;
    const removedSrc = (await media(ids.video, removed.token)).videoSrc as string;
    for (const path of [refundedSrc, refundedFile, removedSrc]) expect((await s.app.fetch(path, { method: "HEAD" })).status).toBe(200);
    const refund = await s.app.graphql(
      "mutation ($i: RefundInvoiceInput!) { refundInvoice(input: $i) { __typename ... on Error { message } } }",
      { i: { id: globalId("Invoice", ids.invoice), reason: "Asked for it back" } },
      s.who.finance,
    );
    expect(refund.data.refundInvoice.__typename).toBe("RefundInvoicePayload");
    await s.app.services.db.prisma.enrollment.deleteMany({ where: { learnerId: removed.learnerId } });
    for (const path of [refundedSrc, refundedFile, removedSrc]) expect((await s.app.fetch(path)).status).toBe(404);
  });

  it("streams ranges: 206 with Content-Range, 416 past the end, HEAD without a body", async () => {
    const src = (await media(ids.video, enrolled.token)).videoSrc as string;
    const part = await s.app.fetch(src, { headers: { range: "bytes=1000-1999" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 1000-1999/${video.length}`);
    expect((await bytesOf(part)).equals(video.subarray(1000, 2000))).toBe(true);
    const tail = await s.app.fetch(src, { headers: { range: "bytes=-10" } });
    expect((await bytesOf(tail)).equals(video.subarray(-10))).toBe(true);
    const past = await s.app.fetch(src, { headers: { range: `bytes=${video.length}-` } });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${video.length}`);
    const head = await s.app.fetch(src, { method: "HEAD" });
    expect(head.headers.get("content-length")).toBe(String(video.length));
  });

  it("a new upload replaces the old video and removes its bytes; deleting the lesson removes what it had", async () => {
    const old = await s.app.services.db.prisma.lessonMedia.findFirstOrThrow({ where: { lessonId: ids.video } });
    const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(5000)]);
    const res = await uploadWhole(s.app, s.who.owner, ids.video, "video", webm, "clip.webm");
    expect(res.status).toBe(200);
    expect(await s.app.services.storage.open(old.key)).toBeNull();
    const rows = await s.app.services.db.prisma.lessonMedia.findMany({ where: { lessonId: ids.files } });
    expect(rows).toHaveLength(2);
    // The files lesson has no progress: deleting it deletes it, and its stored bytes.
    const del = await s.app.graphql(
      "mutation ($id: ID!) { deleteLesson(id: $id) { __typename ... on Error { message } } }",
      { id: globalId("Lesson", ids.files) },
      s.who.owner,
    );
    expect(del.data.deleteLesson.__typename).toBe("DeletePayload");
    for (const row of rows) expect(await s.app.services.storage.open(row.key)).toBeNull();
  });

  it("opening a lesson keeps the saved position; watching 90 % marks it done, once", async () => {
    const save =
      "mutation ($id: ID!, $s: Int) { saveLessonPosition(id: $id, seconds: $s) { ... on LessonProgressPayload { lesson { positionSeconds } } ... on Error { message } } }";
    const id = globalId("Lesson", ids.video);
    expect((await s.app.graphql(save, { id, s: 42 }, enrolled.token)).data.saveLessonPosition.lesson.positionSeconds).toBe(42);
    // Opening (no seconds) does not rewind.
    const opened = await s.app.graphql(save, { id }, enrolled.token);
    expect(opened.errors).toBeUndefined();
    expect(opened.data.saveLessonPosition.lesson.positionSeconds).toBe(42);
    const watch =
      "mutation ($id: ID!, $p: Float!) { recordVideoWatched(id: $id, percent: $p) { __typename ... on LessonProgressPayload { lesson { completed } } ... on Error { message } } }";
    expect((await s.app.graphql(watch, { id, p: 89.5 }, enrolled.token)).data.recordVideoWatched.lesson.completed).toBe(false);
    expect((await s.app.graphql(watch, { id, p: 120 }, enrolled.token)).data.recordVideoWatched.__typename).toBe("ValidationError");
    expect((await s.app.graphql(watch, { id, p: 91 }, s.who.learner)).data.recordVideoWatched.__typename).toBe("ForbiddenError");
    // Only a video is completed by watching: not a text lesson, not a quiz (a quiz is passed or not done).
    const { prisma } = s.app.services.db;
    const quiz = await prisma.lesson.create({
      data: {
        courseId: (await prisma.lesson.findUniqueOrThrow({ where: { id: ids.video } })).courseId,
        position: 50,
        title: "Q",
        kind: "QUIZ",
      },
    });
    for (const other of [ids.text, quiz.id]) {
      const refused = await s.app.graphql(watch, { id: globalId("Lesson", other), p: 100 }, enrolled.token);
      expect(refused.data.recordVideoWatched).toEqual({
        __typename: "ValidationError",
        message: "Only a video lesson is completed by watching it.",
      });
      expect(await prisma.lessonProgress.count({ where: { lessonId: other, completedAt: { not: null } } })).toBe(0);
    }
    await prisma.lesson.delete({ where: { id: quiz.id } });
    expect((await s.app.graphql(watch, { id, p: 91 }, enrolled.token)).data.recordVideoWatched.lesson.completed).toBe(true);
    const learnerId = (await viewerOf(enrolled.token)).accountId;
    const first = await s.app.services.db.prisma.lessonProgress.findFirstOrThrow({ where: { learnerId, lessonId: ids.video } });
    expect((await s.app.graphql(watch, { id, p: 100 }, enrolled.token)).data.recordVideoWatched.lesson.completed).toBe(true);
    const again = await s.app.services.db.prisma.lessonProgress.findFirstOrThrow({ where: { learnerId, lessonId: ids.video } });
    expect(again.completedAt).toEqual(first.completedAt);
  });

  it("housekeeping removes uploads left unfinished for a day", async () => {
    const created = await createUpload(s.app, s.who.owner, { lessonId: ids.video, target: "video", filename: "never.mp4" }, 1000);
    const id = (created.headers.get("location") as string).split("/").pop() as string;
    const dir = uploadTempDir(":memory:");
    expect(await readdir(dir)).toContain(id);
    expect(await sweepUnfinishedUploads(dir, 24 * 60 * 60 * 1000, Date.now())).toBe(0);
    await sweepUnfinishedUploads(dir, 24 * 60 * 60 * 1000, Date.now() + 25 * 60 * 60 * 1000);
    expect(await readdir(dir)).not.toContain(id);
  });
});

describe("lesson media on S3", () => {
  let s3: OwnS3;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startS3();
    app = await startTestApp(s3.env());
  });
  afterAll(async () => {
    await app?.close();
    await s3?.stop();
  });

  it("an uploaded video lands in the bucket and its URL redirects to a short-lived signed address", async () => {
    const { prisma } = app.services.db;
    const track = await prisma.track.create({
      data: { name: "S3 track", description: "D", priceCents: 1000, duration: "1 week", instructor: "I", status: "PUBLISHED" },
    });
    const course = await prisma.course.create({ data: { trackId: track.id, title: "C", description: "D" } });
    const lesson = await prisma.lesson.create({ data: { courseId: course.id, position: 0, title: "V", kind: "VIDEO", minutes: 1 } });
    const { token } = await adminWithToken(app);
    const bytes = mp4(20_000);
    expect((await uploadWhole(app, token, lesson.id, "video", bytes, "s3.mp4")).status).toBe(200);
    const { data } = await app.graphql(
      "query ($id: ID!) { node(id: $id) { ... on Lesson { videoSrc } } }",
      { id: globalId("Lesson", lesson.id) },
      token,
    );
    const res = await app.fetch(data.node.videoSrc, { redirect: "manual" });
    expect(res.status).toBe(302);
    const location = res.headers.get("location") as string;
    expect(location.startsWith(s3.endpoint)).toBe(true);
    expect(new URL(location).searchParams.get("X-Amz-Expires")).toBe("60");
    const direct = await fetch(location, { headers: { range: "bytes=0-99" } });
    expect(direct.status).toBe(206);
    expect(Buffer.from(await direct.arrayBuffer()).equals(bytes.subarray(0, 100))).toBe(true);
    // An attachment read from the bucket still downloads under its name (the signed address asks for the header).
    const files = await prisma.lesson.create({ data: { courseId: course.id, position: 1, title: "F", kind: "FILE", minutes: 1 } });
    expect((await uploadWhole(app, token, files.id, "file", pdf(5_000), "Slides été.pdf")).status).toBe(200);
    const listed = await app.graphql(
      "query ($id: ID!) { node(id: $id) { ... on Lesson { files { url } } } }",
      { id: globalId("Lesson", files.id) },
      token,
    );
    const redirect = await app.fetch(listed.data.node.files[0].url, { redirect: "manual" });
    const fromBucket = await fetch(redirect.headers.get("location") as string);
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get("content-disposition")).toBe(
      `attachment; filename="Slides _t_.pdf"; filename*=UTF-8''Slides%20%C3%A9t%C3%A9.pdf`,
    );
    // A name stored by an older version with the uploader's extension: the bucket is asked for the corrected one.
    await prisma.lessonMedia.updateMany({ where: { lessonId: files.id }, data: { name: "evil.html" } });
    const corrected = await app.fetch(listed.data.node.files[0].url, { redirect: "manual" });
    const again = await fetch(corrected.headers.get("location") as string);
    expect(again.headers.get("content-disposition")).toBe(`attachment; filename="evil.pdf"; filename*=UTF-8''evil.pdf`);
  });
});

describe("caps on unfinished uploads (storage/upload-temp.ts)", () => {
  const CAPS = {
    LESSON_UPLOADS_OPEN_PER_ACCOUNT: "3",
    LESSON_UPLOADS_BYTES_PER_ACCOUNT: "10000",
    LESSON_UPLOADS_OPEN_PER_INSTANCE: "5",
    LESSON_UPLOADS_BYTES_PER_INSTANCE: "1000000",
  };
  let app: TestApp;
  let lessonId: string;
  const dir = uploadTempDir(":memory:");
  const idOf = (res: Response) => (res.headers.get("location") as string).split("/").pop() as string;
  /** The unfinished uploads on disk whose owner is `accountId` (the folder is shared with other test apps). */
  const onDisk = async (accountId: string) => {
    const ids: string[] = [];
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (!name.endsWith(".json")) continue;
      const info = await readFile(join(dir, name), "utf8").catch(() => "{}");
      if (JSON.parse(info).metadata?.owner === accountId) ids.push(name.slice(0, -5));
    }
    return ids.sort();
  };
  const staff = async () => {
    const { admin, token } = await adminWithToken(app);
    return { id: admin.id, token };
  };
  const announce = (token: string, size = 1000) => createUpload(app, token, { lessonId, target: "file", filename: "a.pdf" }, size);

  beforeAll(async () => {
    app = await startTestApp(CAPS);
    const { prisma } = app.services.db;
    const track = await prisma.track.create({
      data: { name: "Caps", description: "D", priceCents: 1000, duration: "1 week", instructor: "I", status: "PUBLISHED" },
    });
    const course = await prisma.course.create({ data: { trackId: track.id, title: "C", description: "D" } });
    lessonId = (await prisma.lesson.create({ data: { courseId: course.id, position: 0, title: "F", kind: "FILE", minutes: 1 } })).id;
  });
  afterAll(() => app?.close());

  it("uploads announced at once stop at the account's cap (429) and the instance's (507); a refusal stores nothing", async () => {
    const a = await staff();
    const b = await staff();
    expect((await viewerFromToken(app.services, a.token))?.accountId).toBe(a.id);
    const first = await Promise.all(Array.from({ length: 12 }, () => announce(a.token)));
    const statuses = first.map((res) => res.status).sort();
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(9).fill(429)]);
    const refused = first.find((res) => res.status === 429) as Response;
    expect(refused.headers.get("location")).toBeNull();
    expect((await refused.json()).message).toBe(
      "You already have 3 unfinished uploads. Finish or cancel one before starting another (unfinished uploads are removed after a day).",
    );
    expect(await onDisk(a.id)).toEqual(
      first
        .filter((res) => res.status === 201)
        .map(idOf)
        .sort(),
    );
    // Another account has its own share, up to what the instance has left (5 in all).
    const second = await Promise.all(Array.from({ length: 6 }, () => announce(b.token)));
    expect(second.map((res) => res.status).sort()).toEqual([201, 201, 507, 507, 507, 507]);
    const full = second.find((res) => res.status === 507) as Response;
    expect((await full.json()).message).toBe("The server is taking too many uploads at the moment. Please try again later.");
    expect(await onDisk(b.id)).toHaveLength(2);
    for (const res of [...first, ...second].filter((r) => r.status === 201)) {
      const owner = first.includes(res) ? a : b;
      expect((await app.fetch(res.headers.get("location") as string, cancel(owner.token))).status).toBe(204);
    }
  });

  it("caps the bytes an account announces (413), counting the uploads it has open", async () => {
    const a = await staff();
    expect((await announce(a.token, 6000)).status).toBe(201);
    const over = await announce(a.token, 4001);
    expect(over.status).toBe(413);
    expect((await over.json()).message).toBe(
      "Your unfinished uploads would come to more than 10 kB together. Finish or cancel one before starting another.",
    );
    expect(await onDisk(a.id)).toHaveLength(1);
    expect((await announce(a.token, 4000)).status).toBe(201);
    for (const id of await onDisk(a.id)) await app.fetch(`${LESSON_UPLOADS_PATH}/${id}`, cancel(a.token));
  });

  it("an upload that finishes, is refused at its end, is cancelled or expires frees its share", async () => {
    const a = await staff();
    const { prisma } = app.services.db;
    const open = await Promise.all([announce(a.token, 2000), announce(a.token, 2000), announce(a.token, 2000)]);
    expect(open.map((res) => res.status)).toEqual([201, 201, 201]);
    const [done, wrong, dropped] = open.map((res) => res.headers.get("location") as string) as [string, string, string];
    expect((await announce(a.token)).status).toBe(429);
    // Finished and stored.
    expect((await patch(app, a.token, done, 0, pdf(2000))).status).toBe(200);
    expect(await prisma.lessonMedia.count({ where: { lessonId } })).toBe(1);
    const next = await announce(a.token, 2000);
    expect(next.status).toBe(201);
    expect((await announce(a.token)).status).toBe(429);
    // Refused at its end (not a PDF or a ZIP).
    expect((await patch(app, a.token, wrong, 0, Buffer.alloc(2000, 60))).status).toBe(400);
    expect((await announce(a.token, 2000)).status).toBe(201);
    expect((await announce(a.token)).status).toBe(429);
    // Cancelled.
    expect((await app.fetch(dropped, cancel(a.token))).status).toBe(204);
    expect((await announce(a.token, 2000)).status).toBe(201);
    expect((await announce(a.token)).status).toBe(429);
    // Left for over a day: housekeeping removes them, and the next upload counts them no more.
    const left = await onDisk(a.id);
    expect(left).toHaveLength(3);
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
    for (const id of left) for (const name of [id, `${id}.json`]) await utimes(join(dir, name), dayAgo, dayAgo);
    await sweepUnfinishedUploads(dir);
    expect(await onDisk(a.id)).toEqual([]);
    const fresh = await Promise.all([announce(a.token), announce(a.token), announce(a.token), announce(a.token)]);
    expect(fresh.map((res) => res.status).sort()).toEqual([201, 201, 201, 429]);
    for (const id of await onDisk(a.id)) await app.fetch(`${LESSON_UPLOADS_PATH}/${id}`, cancel(a.token));
  });

  it("refuses an upload the disk has no room for with 507, counting what the open uploads still have to send", async () => {
    const tight = await startTestApp({ LESSON_UPLOADS_MIN_FREE_BYTES: String(2 ** 50) });
    try {
      const { prisma } = tight.services.db;
      const track = await prisma.track.create({
        data: { name: "Disk", description: "D", priceCents: 1000, duration: "1 week", instructor: "I", status: "PUBLISHED" },
      });
      const course = await prisma.course.create({ data: { trackId: track.id, title: "C", description: "D" } });
      const lesson = await prisma.lesson.create({ data: { courseId: course.id, position: 0, title: "F", kind: "FILE", minutes: 1 } });
      const { admin, token } = await adminWithToken(tight);
      const res = await createUpload(tight, token, { lessonId: lesson.id, target: "file", filename: "a.pdf" }, 1000);
      expect(res.status).toBe(507);
      expect((await res.json()).message).toBe("The server does not have enough free disk space for this upload. Please try again later.");
      expect(await onDisk(admin.id)).toEqual([]);
    } finally {
      await tight.close();
    }
    // 10 kB free, 1 kB to keep: 6 kB announced leaves room for 3 kB more, not 4 kB, until the 6 kB have arrived.
    const ledger = new UnfinishedUploads(
      dir,
      { perAccount: { uploads: 0, bytes: 0 }, perInstance: { uploads: 0, bytes: 0 }, minFreeBytes: 1000 },
      async () => 10_000,
    );
    await ledger.reserve("a", "x", 6000);
    await expect(ledger.reserve("b", "y", 4000)).rejects.toMatchObject({ reason: "disk" });
    await ledger.reserve("c", "y", 3000);
    expect(ledger.usage()).toEqual({ uploads: 2, bytes: 9000, toCome: 9000 });
  });
});

const cancel = (token: string): RequestInit => ({
  method: "DELETE",
  headers: { "tus-resumable": "1.0.0", authorization: `Bearer ${token}` },
});

describe("demo lesson media (seed/lesson-media.ts)", () => {
  const s = seededApp();

  it("stores the committed demo video and a demo PDF for the given lessons, each readable through its signed URL", async () => {
    const { prisma } = s.app.services.db;
    const course = await prisma.course.findFirstOrThrow({ where: { trackId: s.seeded.trackIds[0] as string } });
    const v = await prisma.lesson.create({ data: { courseId: course.id, position: 300, title: "Demo video", kind: "VIDEO" } });
    const f = await prisma.lesson.create({ data: { courseId: course.id, position: 301, title: "Demo files", kind: "FILE" } });
    await seedLessonMedia(s.app.services, { videoLessonIds: [v.id], fileLessonIds: [f.id] });
    await seedLessonMedia(s.app.services, { videoLessonIds: [v.id], fileLessonIds: [f.id] });
    const { data } = await s.app.graphql(
      "query ($v: ID!, $f: ID!) { v: node(id: $v) { ... on Lesson { videoSrc } } f: node(id: $f) { ... on Lesson { files { url } } } }",
      { v: globalId("Lesson", v.id), f: globalId("Lesson", f.id) },
      s.who.owner,
    );
    const videoBytes = Buffer.from(await (await s.app.fetch(data.v.videoSrc)).arrayBuffer());
    expect(videoBytes.length).toBeLessThan(200_000);
    expect(videoBytes.readUInt32BE(0)).toBe(0x1a45dfa3);
    expect(data.f.files).toHaveLength(1);
    const pdfBytes = Buffer.from(await (await s.app.fetch(data.f.files[0].url)).arrayBuffer());
    expect(pdfBytes.subarray(0, 5).toString()).toBe("%PDF-");
  });
});
