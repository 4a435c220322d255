-- Learning, part A: a lesson's uploaded media (docs/ARCHITECTURE.md, "Learning"): a VIDEO lesson's uploaded video (at
-- most one, replaced under the lesson's row lock) and a FILE lesson's attachments, in order. The bytes live in the
-- private storage under random keys; these rows say what they are. And the server's own secrets (the media URL signing
-- key), made once by whichever API instance needs one first, so every instance signs and checks alike.
CREATE TYPE "LessonMediaKind" AS ENUM ('VIDEO', 'FILE');

CREATE TABLE "LessonMedia" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "lessonId" UUID NOT NULL,
  "kind" "LessonMediaKind" NOT NULL,
  "position" INTEGER NOT NULL DEFAULT 0,
  "name" TEXT NOT NULL,
  "contentType" TEXT NOT NULL,
  "size" BIGINT NOT NULL,
  "key" TEXT NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "LessonMedia_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "LessonMedia_size_check" CHECK ("size" >= 0)
);
CREATE UNIQUE INDEX "LessonMedia_key_key" ON "LessonMedia"("key");
CREATE INDEX "LessonMedia_lessonId_kind_position_idx" ON "LessonMedia"("lessonId", "kind", "position");
ALTER TABLE "LessonMedia" ADD CONSTRAINT "LessonMedia_lessonId_fkey" FOREIGN KEY ("lessonId") REFERENCES "Lesson"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "ServerSecret" (
  "name" TEXT NOT NULL,
  "value" TEXT NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "ServerSecret_pkey" PRIMARY KEY ("name")
);
