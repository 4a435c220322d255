import { randomUUID } from "node:crypto";
import { z } from "zod";
import { QUIZ_LIMITS, QUIZ_MESSAGES } from "../../../../common/learning.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { DomainServices as Services } from "../deps.ts";
import { ForbiddenError, NotFoundError, RateLimitError, ValidationError } from "../errors.ts";
import { hit, LIMITS } from "../rate-limit.ts";
import { type Actor, recordAudit } from "../staff/audit.ts";
import type { Viewer } from "../staff/permissions.ts";
import { parseInput } from "../validation.ts";
import { LESSON_LOCKED, LESSON_NOT_FOUND, readableLesson } from "./access.ts";
import { editableCourse } from "./lessons.ts";
import { markLessonDoneWithin } from "./progress.ts";

/**
 * Quizzes of QUIZ lessons (docs/ARCHITECTURE.md, "Learning"). Staff replace a quiz whole (under the course's row
 * lock, as every lesson write); a learner's submission is scored here, and an enrolled learner's is kept as an attempt
 * that holds its own copy of the prompts and option texts (an attempt stays readable after the quiz changes). A passed
 * attempt makes the lesson done through markLessonDoneWithin in the same transaction; Mark complete is refused for a
 * quiz. Which options are correct never leaves this module except for staff who may edit the track.
 */

/** How many attempts a learner may record per quiz in an hour (answers cannot be brute-forced quickly). */
export const QUIZ_ATTEMPTS_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

/** A stored question (the Quiz row's `questions`). */
export interface QuizQuestion {
  id: string;
  prompt: string;
  multiple: boolean;
  options: { id: string; text: string; correct: boolean }[];
}

/** A stored answer of an attempt (the QuizAttempt row's `answers`): no correct flags. */
export interface AttemptAnswer {
  questionId: string;
  prompt: string;
  multiple: boolean;
  right: boolean;
  options: { id: string; text: string; chosen: boolean }[];
}

export function storedQuestions(value: Prisma.JsonValue): QuizQuestion[] {
  return Array.isArray(value) ? (value as unknown as QuizQuestion[]) : [];
}

export function storedAnswers(value: Prisma.JsonValue): AttemptAnswer[] {
  return Array.isArray(value) ? (value as unknown as AttemptAnswer[]) : [];
}

const questionInput = z
  .object({
    prompt: z.string({ error: QUIZ_MESSAGES.prompt }).trim().min(1, QUIZ_MESSAGES.prompt).max(QUIZ_LIMITS.prompt, QUIZ_MESSAGES.promptLong),
    multiple: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    options: z
      .array(
        z.object({
          text: z
            .string({ error: QUIZ_MESSAGES.optionText })
            .trim()
            .min(1, QUIZ_MESSAGES.optionText)
            .max(QUIZ_LIMITS.option, QUIZ_MESSAGES.optionLong),
          correct: z
            .boolean()
            .nullish()
            .transform((v) => v ?? false),
        }),
        { error: QUIZ_MESSAGES.options },
      )
      .min(QUIZ_LIMITS.options.min, QUIZ_MESSAGES.options)
      .max(QUIZ_LIMITS.options.max, QUIZ_MESSAGES.options),
  })
  .superRefine((q, ctx) => {
    const correct = q.options.filter((o) => o.correct).length;
    if (correct === 0) ctx.addIssue({ code: "custom", path: ["options"], message: QUIZ_MESSAGES.noneCorrect });
    else if (!q.multiple && correct > 1) ctx.addIssue({ code: "custom", path: ["options"], message: QUIZ_MESSAGES.singleCorrect });
  });

const quizInput = z.object({
  passMark: z
    .number({ error: QUIZ_MESSAGES.passMark })
    .int(QUIZ_MESSAGES.passMark)
    .min(QUIZ_LIMITS.passMark.min, QUIZ_MESSAGES.passMark)
    .max(QUIZ_LIMITS.passMark.max, QUIZ_MESSAGES.passMark)
    .nullish()
    .transform((v) => v ?? 70),
  questions: z
    .array(questionInput, { error: QUIZ_MESSAGES.noQuestion })
    .min(1, QUIZ_MESSAGES.noQuestion)
    .max(QUIZ_LIMITS.questions, QUIZ_MESSAGES.tooManyQuestions),
});

export type QuizInput = z.input<typeof quizInput>;

/** Replaces a QUIZ lesson's questions and pass mark, in one transaction under the course's row lock. */
export async function saveQuiz(deps: Services, actor: Actor, lessonId: string, raw: QuizInput) {
  const input = parseInput(quizInput, raw);
  const lesson = await deps.db.prisma.lesson.findUnique({ where: { id: lessonId }, select: { courseId: true } });
  if (!lesson) throw new NotFoundError(LESSON_NOT_FOUND);
  const questions: QuizQuestion[] = input.questions.map((q) => ({
    id: randomUUID(),
    prompt: q.prompt,
    multiple: q.multiple,
    options: q.options.map((o) => ({ id: randomUUID(), text: o.text, correct: o.correct })),
  }));
  return deps.db.prisma.$transaction(async (tx) => {
    await editableCourse(tx, actor, lesson.courseId);
    const current = await tx.lesson.findUnique({ where: { id: lessonId }, select: { kind: true, quiz: true } });
    if (!current) throw new NotFoundError(LESSON_NOT_FOUND);
    if (current.kind !== "QUIZ") throw new ValidationError(QUIZ_MESSAGES.notQuiz);
    const data = { passMark: input.passMark, questions: questions as unknown as Prisma.InputJsonValue };
    const quiz = await tx.quiz.upsert({ where: { lessonId }, create: { lessonId, ...data }, update: data });
    await recordAudit(tx, actor, {
      action: "quiz.save",
      entityType: "Lesson",
      entityId: lessonId,
      before: current.quiz ? { passMark: current.quiz.passMark, questions: current.quiz.questions } : null,
      after: { passMark: quiz.passMark, questions: quiz.questions },
    });
    return quiz;
  });
}

/** One answer as the learner sends it: the question and the options chosen. */
export interface AnswerInput {
  questionId: string;
  optionIds: string[];
}

/** Scores answers against a quiz's questions; refuses answers that do not match it (nothing is recorded). */
export function scoreAnswers(questions: QuizQuestion[], passMark: number, answers: AnswerInput[]) {
  if (questions.length === 0) throw new ValidationError(QUIZ_MESSAGES.noQuiz);
  const byQuestion = new Map<string, Set<string>>();
  for (const answer of answers) {
    if (byQuestion.has(answer.questionId)) throw ValidationError.forField("answers", QUIZ_MESSAGES.unknownAnswer);
    byQuestion.set(answer.questionId, new Set(answer.optionIds));
  }
  const known = new Set(questions.map((q) => q.id));
  if ([...byQuestion.keys()].some((id) => !known.has(id))) throw ValidationError.forField("answers", QUIZ_MESSAGES.unknownAnswer);
  const result: AttemptAnswer[] = questions.map((q) => {
    const chosen = byQuestion.get(q.id);
    if (!chosen || chosen.size === 0) throw ValidationError.forField(`answers.${q.id}`, QUIZ_MESSAGES.answerEvery);
    const optionIds = new Set(q.options.map((o) => o.id));
    if ([...chosen].some((id) => !optionIds.has(id))) throw ValidationError.forField("answers", QUIZ_MESSAGES.unknownAnswer);
    if (!q.multiple && chosen.size > 1) throw ValidationError.forField(`answers.${q.id}`, QUIZ_MESSAGES.oneChoice);
    // Right only with exactly the correct set: every correct option chosen, no other.
    const right = q.options.every((o) => o.correct === chosen.has(o.id));
    return {
      questionId: q.id,
      prompt: q.prompt,
      multiple: q.multiple,
      right,
      options: q.options.map((o) => ({ id: o.id, text: o.text, chosen: chosen.has(o.id) })),
    };
  });
  const correctCount = result.filter((a) => a.right).length;
  const score = Math.floor((correctCount * 100) / questions.length);
  return { answers: result, correctCount, questionCount: questions.length, score, passed: score >= passMark, passMark };
}

export type QuizResult = ReturnType<typeof scoreAnswers>;

/**
 * A learner's (or anyone's, for a free-preview quiz) submission. Anyone who may read the lesson gets the result; only
 * an enrolled learner's attempt is recorded (and counts towards progress when passed). Returns the attempt's id when
 * recorded, and the track's progress after it.
 */
export async function submitQuizAttempt(deps: Services, viewer: Viewer | null, lessonId: string, answers: AnswerInput[], clientIp = "") {
  const { prisma } = deps.db;
  const { row, readable, enrolled, paused } = await readableLesson(prisma, viewer, lessonId);
  if (paused) throw new ForbiddenError(paused);
  if (!readable) throw new ForbiddenError(LESSON_LOCKED);
  const quiz = await prisma.quiz.findUnique({ where: { lessonId } });
  if (row.kind !== "QUIZ") throw new ValidationError(QUIZ_MESSAGES.notQuiz);
  if (!quiz) throw new ValidationError(QUIZ_MESSAGES.noQuiz);
  if (!enrolled || !viewer) {
    // Scored, not kept: limited like kept attempts (per account, or per address for a visitor).
    await hit(deps, `quiz-not-kept:${lessonId}:${viewer ? `account:${viewer.accountId}` : `ip:${clientIp}`}`, LIMITS.quizTriesNotKept);
    return { lessonId, result: scoreAnswers(storedQuestions(quiz.questions), quiz.passMark, answers), attemptId: null, progress: null };
  }
  const result = scoreAnswers(storedQuestions(quiz.questions), quiz.passMark, answers);
  const learnerId = viewer.accountId;
  const trackId = row.course.trackId;
  return prisma.$transaction(async (tx) => {
    // The enrollment's row lock: a refund at this moment ends the attempt, and one learner's submissions of a track
    // run one after the other (the hourly count below cannot be overtaken by a concurrent one).
    const held = await tx.$queryRaw<{ id: string }[]>`
      SELECT "id" FROM "Enrollment" WHERE "learnerId" = ${learnerId}::uuid AND "trackId" = ${trackId}::uuid FOR UPDATE`;
    if (held.length === 0) throw new ForbiddenError(LESSON_LOCKED);
    const since = new Date(Date.now() - HOUR_MS);
    const recent = await tx.quizAttempt.findMany({
      where: { learnerId, quizId: quiz.id, createdAt: { gt: since } },
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
    });
    if (recent.length >= QUIZ_ATTEMPTS_PER_HOUR) {
      const oldest = recent[recent.length - QUIZ_ATTEMPTS_PER_HOUR]?.createdAt ?? new Date();
      const wait = Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - Date.now()) / 1000));
      throw new RateLimitError(wait, QUIZ_MESSAGES.flood);
    }
    const attempt = await tx.quizAttempt.create({
      data: {
        quizId: quiz.id,
        learnerId,
        score: result.score,
        passed: result.passed,
        passMark: result.passMark,
        correctCount: result.correctCount,
        questionCount: result.questionCount,
        answers: result.answers as unknown as Prisma.InputJsonValue,
      },
      select: { id: true },
    });
    const done = result.passed ? await markLessonDoneWithin(tx, learnerId, lessonId, trackId) : null;
    return { lessonId, result, attemptId: attempt.id, progress: done?.progress ?? null };
  });
}
