import { encodeGlobalID } from "@pothos/plugin-relay";
import { lessonAccessSelect, mayReadLessonContent, readableLessons, visibleLessons } from "../../domain/learning/access.ts";
import {
  type AttemptAnswer,
  type QuizQuestion,
  type QuizResult,
  saveQuiz,
  storedAnswers,
  storedQuestions,
  submitQuizAttempt,
} from "../../domain/learning/quizzes.ts";
import type { Viewer } from "../../domain/staff/permissions.ts";
import { can } from "../../domain/staff/permissions.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import { builder, decodeId } from "../builder.ts";
import { actor, type Context } from "../context.ts";
import { commonErrors } from "../schema/errors.ts";
import { Lesson } from "./lessons.ts";

/**
 * Quizzes of QUIZ lessons (docs/ARCHITECTURE.md, "Learning"): questions for whoever may read the lesson, the correct
 * flags only for staff who may edit the track, attempts for the learner who made them (and staff who read learners).
 */

const NO_ACCOUNT = "00000000-0000-0000-0000-000000000000";

/** What a quiz's fields read of its lesson: the access rule, and whether the viewer may edit the track. */
function quizAccessSelect(viewer: Viewer | null | undefined) {
  const access = lessonAccessSelect(viewer);
  const adminId = viewer?.role === "ADMIN" ? viewer.accountId : NO_ACCOUNT;
  return {
    lesson: {
      select: {
        ...access,
        course: {
          select: {
            ...access.course.select,
            track: {
              select: {
                ...access.course.select.track.select,
                instructors: { where: { adminId }, select: { adminId: true }, take: 1 },
              },
            },
          },
        },
      },
    },
  };
}

interface QuizAccessRow {
  lesson: Parameters<typeof mayReadLessonContent>[1] & { course: { track: { instructors: { adminId: string }[] } } };
}

/** Staff who may edit the track's content: owners, managers, and the instructors assigned to it. */
function mayEditQuiz(viewer: Viewer | null | undefined, row: QuizAccessRow): boolean {
  if (viewer?.role !== "ADMIN" || !can(viewer, "editCourses")) return false;
  return viewer.staffRole !== "INSTRUCTOR" || row.lesson.course.track.instructors.length > 0;
}

interface QuestionView {
  question: QuizQuestion;
  showCorrect: boolean;
}

/**
 * The quiz holding a question or option (`contains`: a JSON value its questions contain), for a viewer who may read the
 * lesson's content (as Quiz.questions), with what the correct flags need; null for anyone else.
 */
function readableQuizWith(ctx: Context, contains: Prisma.InputJsonValue) {
  return ctx.services.db.prisma.quiz.findFirst({
    where: { questions: { array_contains: contains }, lesson: readableLessons(ctx.viewer) },
    select: { questions: true, ...quizAccessSelect(ctx.viewer) },
  });
}

/**
 * Questions and options live in their quiz's JSON; their ids are random UUIDs made when the quiz is saved (a save makes
 * new ones), so each names one question or option and is its node's id.
 */
const QuizOption = builder.node(builder.objectRef<{ option: QuizQuestion["options"][number]; showCorrect: boolean }>("QuizOption"), {
  description: "An option of a quiz question.",
  id: { resolve: (o) => o.option.id, description: "The option's global ID (answers name it)." },
  loadOne: async (id, ctx) => {
    const quiz = await readableQuizWith(ctx, [{ options: [{ id }] }]);
    const option =
      quiz &&
      storedQuestions(quiz.questions)
        .flatMap((q) => q.options)
        .find((o) => o.id === id);
    return option ? { option, showCorrect: mayEditQuiz(ctx.viewer, quiz) } : null;
  },
  fields: (t) => ({
    text: t.string({ description: "The option's text.", resolve: (o) => o.option.text }),
    correct: t.boolean({
      nullable: true,
      description: "Whether the option is correct: for staff who may edit the track only; null for anyone else.",
      resolve: (o) => (o.showCorrect ? o.option.correct : null),
    }),
  }),
});

const QuizQuestionRef = builder.node(builder.objectRef<QuestionView>("QuizQuestion"), {
  description: "A question of a quiz.",
  id: { resolve: (q) => q.question.id, description: "The question's global ID (answers name it)." },
  loadOne: async (id, ctx) => {
    const quiz = await readableQuizWith(ctx, [{ id }]);
    const question = quiz && storedQuestions(quiz.questions).find((q) => q.id === id);
    return question ? { question, showCorrect: mayEditQuiz(ctx.viewer, quiz) } : null;
  },
  fields: (t) => ({
    prompt: t.string({ description: "The question.", resolve: (q) => q.question.prompt }),
    multiple: t.boolean({
      description: "True: choose every correct option (multiple choice); false: choose one (single choice).",
      resolve: (q) => q.question.multiple,
    }),
    options: t.field({
      type: [QuizOption],
      description: "The options, in order.",
      resolve: (q) => q.question.options.map((option) => ({ option, showCorrect: q.showCorrect })),
    }),
  }),
});

/**
 * Not a record of its own, so no node: a copy, kept in the attempt, of an option as the attempt saw it (an attempt that
 * is only scored, a free preview's, is kept nowhere). `optionId` names the option it copies.
 */
const AttemptOption = builder.objectRef<AttemptAnswer["options"][number]>("QuizAttemptOption").implement({
  description: "An option as an attempt saw it, and whether it was chosen (never whether it is correct).",
  fields: (t) => ({
    optionId: t.id({ description: "The option's global ID (QuizOption).", resolve: (o) => encodeGlobalID("QuizOption", o.id) }),
    text: t.exposeString("text", { description: "The option's text when the attempt was made." }),
    chosen: t.exposeBoolean("chosen", { description: "Whether the attempt chose it." }),
  }),
});

const AttemptAnswerRef = builder.objectRef<AttemptAnswer>("QuizAttemptAnswer").implement({
  description: "One question of an attempt: right or wrong, and which options were chosen.",
  fields: (t) => ({
    questionId: t.id({
      description: "The question's global ID (QuizQuestion): the `id` the quiz's question has.",
      resolve: (a) => encodeGlobalID("QuizQuestion", a.questionId),
    }),
    prompt: t.exposeString("prompt", { description: "The question when the attempt was made." }),
    multiple: t.exposeBoolean("multiple", { description: "Whether it was a multiple-choice question." }),
    right: t.exposeBoolean("right", { description: "Whether the attempt got it right (exactly the correct options)." }),
    options: t.field({ type: [AttemptOption], description: "The options, in order.", resolve: (a) => a.options }),
  }),
});

export const QuizAttempt = builder.prismaNode("QuizAttempt", {
  id: { field: "id" },
  nullable: true,
  // The learner who made it, and staff who read learners.
  authScopes: (attempt) => ({ can: "readLearners", owns: { role: "LEARNER", id: attempt.learnerId } }),
  description: "A recorded attempt at a quiz by an enrolled learner.",
  fields: (t) => ({
    score: t.exposeInt("score", { description: "Percent of the questions answered right, 0 to 100 (rounded down)." }),
    passed: t.exposeBoolean("passed", { description: "Whether the score reached the pass mark." }),
    passMark: t.exposeInt("passMark", { description: "The pass mark when the attempt was made." }),
    correctCount: t.exposeInt("correctCount", { description: "How many questions were answered right." }),
    questionCount: t.exposeInt("questionCount", { description: "How many questions the quiz had." }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was submitted." }),
    answers: t.field({
      type: [AttemptAnswerRef],
      description: "Each question: right or wrong, and the options chosen (as they read at the time).",
      select: { answers: true },
      resolve: (a) => storedAnswers(a.answers),
    }),
    quiz: t.relation("quiz", { description: "The quiz." }),
  }),
});

export const Quiz = builder.prismaNode("Quiz", {
  id: { field: "id" },
  findUnique: (id, ctx) => ({ id, lesson: visibleLessons(ctx.viewer) }) as { id: string },
  nullable: true,
  description:
    "A QUIZ lesson's questions and pass mark. The questions reach whoever may read the lesson; which options are correct only staff who may edit the track.",
  fields: (t) => ({
    lesson: t.relation("lesson", { description: "The lesson." }),
    passMark: t.exposeInt("passMark", { description: "Percent of the questions to get right to pass, 1 to 100." }),
    questions: t.field({
      type: [QuizQuestionRef],
      nullable: true,
      description: "The questions in order; null for a viewer who may not read the lesson.",
      select: (_args, ctx) => ({ questions: true, ...quizAccessSelect(ctx.viewer) }),
      resolve: (quiz, _args, ctx) => {
        if (!mayReadLessonContent(ctx.viewer, quiz.lesson)) return null;
        const showCorrect = mayEditQuiz(ctx.viewer, quiz);
        return storedQuestions(quiz.questions).map((question) => ({ question, showCorrect }));
      },
    }),
    myAttempts: t.relation("attempts", {
      description: "The signed-in learner's attempts, latest first (the last 50; empty for anyone else).",
      query: (_args, ctx) => ({
        where: { learnerId: ctx.viewer?.role === "LEARNER" ? ctx.viewer.accountId : NO_ACCOUNT },
        orderBy: [{ createdAt: "desc" as const }, { id: "desc" as const }],
        take: 50,
      }),
    }),
    attemptCount: t.int({
      nullable: true,
      description: "How many attempts learners recorded: for staff; null for anyone else.",
      select: { _count: { select: { attempts: true } } },
      resolve: (quiz, _args, ctx) => (can(ctx.viewer, "readCatalogue") ? quiz._count.attempts : null),
    }),
  }),
});

builder.prismaObjectFields(Lesson, (t) => ({
  quiz: t.relation("quiz", { nullable: true, description: "QUIZ lessons: the quiz (null until its questions are saved)." }),
}));

const QuizOptionInput = builder.inputType("QuizOptionInput", {
  description: "An option of a question.",
  fields: (t) => ({
    text: t.string({ description: "The option's text." }),
    correct: t.boolean({ description: "Whether it is correct." }),
  }),
});

const QuizQuestionInput = builder.inputType("QuizQuestionInput", {
  description: "A question of the quiz form.",
  fields: (t) => ({
    prompt: t.string({ description: "The question." }),
    multiple: t.boolean({ description: "Multiple choice (true) or single choice (false)." }),
    options: t.field({ type: [QuizOptionInput], description: "2 to 10 options, at least one correct (exactly one for single choice)." }),
  }),
});

const QuizAnswerInput = builder.inputType("QuizAnswerInput", {
  description: "The options chosen for one question.",
  fields: (t) => ({
    questionId: t.id({ required: true, description: "The question's id." }),
    optionIds: t.idList({ required: true, description: "The chosen options' ids (one for a single-choice question)." }),
  }),
});

const SaveQuizPayload = builder.objectRef<{ quizId: string }>("SaveQuizPayload").implement({
  description: "A saved quiz.",
  fields: (t) => ({
    quiz: t.prismaField({
      type: "Quiz",
      description: "The quiz as saved.",
      resolve: (query, p, _args, ctx) => ctx.services.db.prisma.quiz.findUniqueOrThrow({ ...query, where: { id: p.quizId } }),
    }),
  }),
});

interface SubmitResult {
  lessonId: string;
  result: QuizResult;
  attemptId: string | null;
  progress: number | null;
}

const SubmitQuizAttemptPayload = builder.objectRef<SubmitResult>("SubmitQuizAttemptPayload").implement({
  description: "A scored quiz submission: recorded as an attempt for an enrolled learner, only scored for anyone else.",
  fields: (t) => ({
    score: t.int({ description: "Percent of the questions answered right, 0 to 100.", resolve: (p) => p.result.score }),
    passed: t.boolean({ description: "Whether the score reached the pass mark.", resolve: (p) => p.result.passed }),
    passMark: t.int({ description: "The quiz's pass mark.", resolve: (p) => p.result.passMark }),
    correctCount: t.int({ description: "How many questions were answered right.", resolve: (p) => p.result.correctCount }),
    questionCount: t.int({ description: "How many questions the quiz has.", resolve: (p) => p.result.questionCount }),
    answers: t.field({ type: [AttemptAnswerRef], description: "Each question: right or wrong.", resolve: (p) => p.result.answers }),
    recorded: t.boolean({ description: "Whether the attempt was kept (enrolled learners only).", resolve: (p) => p.attemptId !== null }),
    attempt: t.prismaField({
      type: "QuizAttempt",
      nullable: true,
      description: "The recorded attempt; null when nothing was recorded.",
      resolve: (query, p, _args, ctx) =>
        p.attemptId ? ctx.services.db.prisma.quizAttempt.findUniqueOrThrow({ ...query, where: { id: p.attemptId } }) : null,
    }),
    lesson: t.prismaField({
      type: "Lesson",
      description: "The lesson, with the learner's progress in it.",
      resolve: (query, p, _args, ctx) => ctx.services.db.prisma.lesson.findUniqueOrThrow({ ...query, where: { id: p.lessonId } }),
    }),
    progress: t.int({
      nullable: true,
      description: "The track's progress after a passed, recorded attempt, 0 to 100; null otherwise.",
      resolve: (p) => p.progress,
    }),
  }),
});

/** A question's or option's id from its global ID; a bare id (what these answers took before) passes as it is. */
function recordId(id: string, typename: "QuizQuestion" | "QuizOption"): string {
  try {
    const decoded = decodeId(id);
    if (decoded.typename === typename) return decoded.id;
  } catch {
    // Not a global ID: a bare id.
  }
  return id;
}

const errors = { types: commonErrors };

builder.mutationFields((t) => ({
  saveQuiz: t.field({
    type: SaveQuizPayload,
    errors,
    authScopes: { can: "editCourses" },
    description: "Replaces a QUIZ lesson's questions and pass mark (attempts already made keep what they showed).",
    args: {
      lessonId: t.arg.globalID({ required: true, for: [Lesson], description: "The QUIZ lesson." }),
      passMark: t.arg.int({ description: "Percent of the questions to get right to pass, 1 to 100 (70 when left out)." }),
      questions: t.arg({ type: [QuizQuestionInput], required: true, description: "The questions in order (1 to 50)." }),
    },
    resolve: async (_root, { lessonId, passMark, questions }, ctx) => {
      const quiz = await saveQuiz(ctx.services, actor(ctx), lessonId.id, { passMark, questions } as never);
      return { quizId: quiz.id };
    },
  }),
  submitQuizAttempt: t.field({
    type: SubmitQuizAttemptPayload,
    errors,
    description:
      "Submits answers to a quiz: every question answered. An enrolled learner's attempt is kept (20 per quiz per hour) and a pass completes the lesson; a free-preview quiz is scored for anyone without being kept.",
    args: {
      lessonId: t.arg.globalID({ required: true, for: [Lesson], description: "The QUIZ lesson." }),
      answers: t.arg({ type: [QuizAnswerInput], required: true, description: "One answer per question." }),
    },
    resolve: (_root, { lessonId, answers }, ctx) =>
      submitQuizAttempt(
        ctx.services,
        ctx.viewer ?? null,
        lessonId.id,
        answers.map((a) => ({
          questionId: recordId(String(a.questionId), "QuizQuestion"),
          optionIds: a.optionIds.map((id) => recordId(String(id), "QuizOption")),
        })),
        ctx.client.ip,
      ),
  }),
}));
