import { readFileSync } from "node:fs";
import PDFDocument from "pdfkit";
import { newMediaKey } from "../domain/learning/media.ts";
import type { PrismaClient } from "../generated/prisma/client.ts";
import { fromRoot } from "../paths.ts";
import type { FileStorage } from "../storage/storage.ts";

/** The demo lesson video: a few seconds of WebM made once by scripts/make-demo-video.ts (committed, about 36 kB). */
export const DEMO_VIDEO_PATH = fromRoot("api", "src", "seed", "assets", "demo-lesson.webm");

/** A one-page demo PDF (pdfkit, its standard font): the file lesson's handout. */
export function demoHandoutPdf(title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "A4", margin: 56, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(20).text(title);
    doc.moveDown().fontSize(12).text("LearnHub demo handout. Keep it beside you while you work through the lessons.");
    doc.moveDown().list(["Read the lesson.", "Try the exercise.", "Mark the lesson complete."]);
    doc.end();
  });
}

/**
 * Stores the demo media for the given lessons (the lead calls this from the demo seed): `videoLessonIds` (VIDEO
 * lessons) get the demo video, `fileLessonIds` (FILE lessons) the demo handout PDF. The bytes go to the private storage
 * under random keys, as uploads do; a lesson that already has media of that kind is left alone.
 */
export async function seedLessonMedia(
  services: { db: { prisma: PrismaClient }; storage: FileStorage },
  lessons: { videoLessonIds?: string[]; fileLessonIds?: string[] },
) {
  const { prisma } = services.db;
  const video = readFileSync(DEMO_VIDEO_PATH);
  for (const lessonId of lessons.videoLessonIds ?? []) {
    if (await prisma.lessonMedia.count({ where: { lessonId, kind: "VIDEO" } })) continue;
    const key = newMediaKey(lessonId, "webm");
    await services.storage.putPrivate(key, video, "video/webm");
    await prisma.lessonMedia.create({
      data: { lessonId, kind: "VIDEO", name: "demo-lesson.webm", contentType: "video/webm", size: BigInt(video.length), key },
    });
  }
  for (const lessonId of lessons.fileLessonIds ?? []) {
    if (await prisma.lessonMedia.count({ where: { lessonId, kind: "FILE" } })) continue;
    const lesson = await prisma.lesson.findUniqueOrThrow({ where: { id: lessonId }, select: { title: true } });
    const pdf = await demoHandoutPdf(lesson.title);
    const key = newMediaKey(lessonId, "pdf");
    await services.storage.putPrivate(key, pdf, "application/pdf");
    await prisma.lessonMedia.create({
      data: { lessonId, kind: "FILE", name: "Handout.pdf", contentType: "application/pdf", size: BigInt(pdf.length), key },
    });
  }
}
