-- Quizzes (docs/ARCHITECTURE.md, "Learning"): a QUIZ lesson's questions and pass mark, and the attempts of enrolled
-- learners. An attempt keeps the prompts, option texts and its own choices, so it stays readable after the quiz is edited.
CREATE TABLE "Quiz" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "lessonId" UUID NOT NULL,
  "passMark" INTEGER NOT NULL DEFAULT 70,
  "questions" JSONB NOT NULL DEFAULT '[]',
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "Quiz_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "Quiz_passMark_check" CHECK ("passMark" BETWEEN 1 AND 100)
);
CREATE UNIQUE INDEX "Quiz_lessonId_key" ON "Quiz"("lessonId");
ALTER TABLE "Quiz" ADD CONSTRAINT "Quiz_lessonId_fkey" FOREIGN KEY ("lessonId") REFERENCES "Lesson"("id") ON DELETE CASCADE ON UPDATE CASCADE;

CREATE TABLE "QuizAttempt" (
  "id" UUID NOT NULL DEFAULT gen_random_uuid(),
  "quizId" UUID NOT NULL,
  "learnerId" UUID NOT NULL,
  "score" INTEGER NOT NULL,
  "passed" BOOLEAN NOT NULL,
  "passMark" INTEGER NOT NULL,
  "correctCount" INTEGER NOT NULL,
  "questionCount" INTEGER NOT NULL,
  "answers" JSONB NOT NULL,
  "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "QuizAttempt_pkey" PRIMARY KEY ("id"),
  CONSTRAINT "QuizAttempt_score_check" CHECK ("score" BETWEEN 0 AND 100)
);
-- The learner's attempts of a quiz, latest first (the list and the hourly flood count).
CREATE INDEX "QuizAttempt_learnerId_quizId_createdAt_idx" ON "QuizAttempt"("learnerId", "quizId", "createdAt" DESC);
CREATE INDEX "QuizAttempt_quizId_idx" ON "QuizAttempt"("quizId");
ALTER TABLE "QuizAttempt" ADD CONSTRAINT "QuizAttempt_quizId_fkey" FOREIGN KEY ("quizId") REFERENCES "Quiz"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "QuizAttempt" ADD CONSTRAINT "QuizAttempt_learnerId_fkey" FOREIGN KEY ("learnerId") REFERENCES "Learner"("id") ON DELETE CASCADE ON UPDATE CASCADE;
