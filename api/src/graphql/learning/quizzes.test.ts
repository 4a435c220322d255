import { beforeAll, describe, expect, it } from "vitest";
import { adminWithToken, learnerWithToken } from "#testing/accounts.ts";
import { rest } from "#testing/app.ts";
import { globalId, seededApp } from "#testing/graphql.ts";
import { QUIZ_ATTEMPTS_PER_HOUR } from "../../domain/learning/quizzes.ts";
import { seedQuiz } from "../../seed/quiz.ts";

/**
 * Quizzes (learning/quizzes.ts, domain/learning/quizzes.ts): authoring and its validation, who sees the questions and
 * who the correct flags, scoring, attempts, completion only by a pass (once, under concurrency), the flood limit.
 */
describe("Quiz (learning/quizzes.ts)", () => {
  const s = seededApp();
  const ids = { track: "", course: "", quiz: "", text: "", preview: "", invoice: "" };
  let enrolled: { token: string; learnerId: string };
  let refunded: { token: string; learnerId: string };
  let racer: { token: string; learnerId: string };
  let assignedInstructor: string;

  const SAVE = `mutation ($l: ID!, $p: Int, $q: [QuizQuestionInput!]!) { saveQuiz(lessonId: $l, passMark: $p, questions: $q) {
    ... on SaveQuizPayload { quiz { id passMark questions { prompt multiple options { text correct } } } }
    ... on ValidationError { message fieldErrors { field message } } ... on Error { message } } }`;
  const save = (lessonId: string, passMark: number | null, questions: unknown, token: string | undefined) =>
    s.app.graphql(SAVE, { l: globalId("Lesson", lessonId), p: passMark, q: questions }, token);

  const QUIZ = `query ($id: ID!) { node(id: $id) { ... on Lesson { kind quiz { id passMark attemptCount
    questions { id prompt multiple options { id text correct } } myAttempts { score passed answers { right } } } } } }`;
  const quizOf = async (lessonId: string, token: string | undefined) => {
    const { data, errors } = await s.app.graphql(QUIZ, { id: globalId("Lesson", lessonId) }, token);
    expect(errors).toBeUndefined();
    return data.node?.quiz;
  };

  const SUBMIT = `mutation ($l: ID!, $a: [QuizAnswerInput!]!) { submitQuizAttempt(lessonId: $l, answers: $a) {
    ... on SubmitQuizAttemptPayload { score passed correctCount questionCount recorded progress
      answers { questionId right options { optionId chosen } } attempt { id score } lesson { completed } }
    ... on RateLimitError { message retryAfterSeconds } ... on Error { message } } }`;
  const submit = async (lessonId: string, answers: unknown, token: string | undefined) => {
    const { data, errors } = await s.app.graphql(SUBMIT, { l: globalId("Lesson", lessonId), a: answers }, token);
    expect(errors).toBeUndefined();
    return data.submitQuizAttempt;
  };

  const QUESTIONS = [
    {
      prompt: "Which is a cloud provider?",
      multiple: false,
      options: [{ text: "AWS", correct: true }, { text: "Excel" }, { text: "Paint" }],
    },
    {
      prompt: "Which are storage services?",
      multiple: true,
      options: [{ text: "S3", correct: true }, { text: "EBS", correct: true }, { text: "Lambda" }],
    },
    { prompt: "Is IaaS a service model?", multiple: false, options: [{ text: "Yes", correct: true }, { text: "No" }] },
  ];

  /** The staff view of the quiz: per question, the correct option ids and the other ids. */
  let key: { id: string; right: string[]; wrong: string[] }[] = [];
  const answersFor = (picks: ("right" | "wrong" | "partial" | "extra")[]) =>
    key.map((q, i) => {
      const pick = picks[i] ?? "right";
      const optionIds =
        pick === "right"
          ? q.right
          : pick === "wrong"
            ? [q.wrong[0]]
            : pick === "partial"
              ? q.right.slice(0, 1)
              : [...q.right, q.wrong[0] as string];
      return { questionId: q.id, optionIds };
    });

  beforeAll(async () => {
    const { prisma } = s.app.services.db;
    const trackId = s.seeded.trackIds[0] as string;
    const course = await prisma.course.findFirstOrThrow({ where: { trackId }, orderBy: { createdAt: "asc" } });
    Object.assign(ids, { track: trackId, course: course.id });
    const text = await prisma.lesson.create({ data: { courseId: course.id, position: 0, title: "Read", kind: "TEXT", minutes: 3 } });
    const quiz = await prisma.lesson.create({ data: { courseId: course.id, position: 1, title: "Check", kind: "QUIZ", minutes: 5 } });
    const preview = await prisma.lesson.create({
      data: { courseId: course.id, position: 2, title: "Try it", kind: "QUIZ", minutes: 2, freePreview: true },
    });
    Object.assign(ids, { quiz: quiz.id, text: text.id, preview: preview.id });
    const make = async () => {
      const one = await learnerWithToken(s.app);
      await prisma.enrollment.create({ data: { learnerId: one.learner.id, trackId } });
      return { token: one.token, learnerId: one.learner.id };
    };
    enrolled = await make();
    refunded = await make();
    racer = await make();
    const invoice = await prisma.invoice.create({
      data: { learnerId: refunded.learnerId, trackId, amountCents: 10_000, status: "PAID", paidAt: new Date(), paymentMethod: "OTHER" },
    });
    ids.invoice = invoice.id;
    const instructor = await adminWithToken(s.app, "INSTRUCTOR");
    await prisma.trackInstructor.create({ data: { trackId, adminId: instructor.admin.id } });
    assignedInstructor = instructor.token;
  });

  it("saveQuiz refuses each bad input with its message, changes nothing; only staff who may edit the track save", async () => {
    const { prisma } = s.app.services.db;
    const q = QUESTIONS[0] as (typeof QUESTIONS)[number];
    const bad: [number | null, unknown, string, string][] = [
      [70, [], "Add at least one question.", "questions"],
      [70, [{ ...q, prompt: "  " }], "Write the question.", "questions.0.prompt"],
      [70, [{ ...q, options: [{ text: "Only", correct: true }] }], "A question has 2 to 10 options.", "questions.0.options"],
      [70, [{ ...q, options: [{ text: "A", correct: true }, { text: "" }] }], "Write the option's text.", "questions.0.options.1.text"],
      [70, [{ ...q, options: [{ text: "A" }, { text: "B" }] }], "Mark at least one option as correct.", "questions.0.options"],
      [
        70,
        [
          {
            ...q,
            options: [
              { text: "A", correct: true },
              { text: "B", correct: true },
            ],
          },
        ],
        "A single-choice question has exactly one correct option.",
        "questions.0.options",
      ],
      [0, [q], "The pass mark is a whole percent from 1 to 100.", "passMark"],
      [101, [q], "The pass mark is a whole percent from 1 to 100.", "passMark"],
      [
        70,
        [{ ...q, options: Array.from({ length: 11 }, (_, i) => ({ text: `O${i}`, correct: i === 0 })) }],
        "A question has 2 to 10 options.",
        "questions.0.options",
      ],
    ];
    for (const [passMark, questions, message, field] of bad) {
      const { data, errors } = await save(ids.quiz, passMark, questions, s.who.owner);
      expect(errors).toBeUndefined();
      expect(data.saveQuiz.message).toBe(message);
      expect(data.saveQuiz.fieldErrors).toContainEqual({ field, message });
    }
    // Not a quiz lesson; not staff; an instructor not assigned to the track.
    expect((await save(ids.text, 70, QUESTIONS, s.who.owner)).data.saveQuiz.message).toBe("This lesson is not a quiz.");
    for (const token of [s.who.stranger, s.who.learner, s.who.finance, s.who.pending]) {
      expect((await save(ids.quiz, 70, QUESTIONS, token)).data.saveQuiz.message).toMatch(/log in|not allowed|permission|approv/i);
    }
    expect((await save(ids.quiz, 70, QUESTIONS, s.who.instructor)).data.saveQuiz.message).toBe(
      "You can only edit the courses of tracks assigned to you.",
    );
    expect(await prisma.quiz.count()).toBe(0);
    // The assigned instructor saves; the default pass mark is 70.
    const ok = await save(ids.quiz, null, QUESTIONS, assignedInstructor);
    expect(ok.data.saveQuiz.quiz).toMatchObject({ passMark: 70 });
    expect(ok.data.saveQuiz.quiz.questions[1]).toEqual({
      prompt: "Which are storage services?",
      multiple: true,
      options: [
        { text: "S3", correct: true },
        { text: "EBS", correct: true },
        { text: "Lambda", correct: false },
      ],
    });
    expect((await save(ids.preview, 50, [q], s.who.manager)).data.saveQuiz.quiz.passMark).toBe(50);
    const staffView = await quizOf(ids.quiz, s.who.owner);
    key = staffView.questions.map((question: { id: string; options: { id: string; correct: boolean }[] }) => ({
      id: question.id,
      right: question.options.filter((o) => o.correct).map((o) => o.id),
      wrong: question.options.filter((o) => !o.correct).map((o) => o.id),
    }));
  });

  it("the access matrix: questions for readers of the lesson, the correct flags only for staff who may edit the track", async () => {
    const flags = (quiz: { questions: { options: { correct: boolean | null }[] }[] | null }) =>
      quiz.questions?.flatMap((q) => q.options.map((o) => o.correct));
    for (const token of [s.who.owner, s.who.manager, assignedInstructor]) {
      expect(flags(await quizOf(ids.quiz, token))).toEqual([true, false, false, true, true, false, true, false]);
    }
    // Readers who may not edit: the questions without any flag.
    for (const token of [enrolled.token, s.who.finance, s.who.instructor]) {
      const quiz = await quizOf(ids.quiz, token);
      expect(quiz.questions).toHaveLength(3);
      expect(new Set(flags(quiz))).toEqual(new Set([null]));
    }
    // Outsiders see the quiz exists (the lesson's outline is public) but not its questions.
    for (const token of [s.who.stranger, s.who.otherLearner, s.who.learner, s.who.pending]) {
      expect(await quizOf(ids.quiz, token)).toMatchObject({ questions: null });
    }
    // A free-preview quiz: questions for anyone, flags still for editors only.
    expect(flags(await quizOf(ids.preview, s.who.stranger))).toEqual([null, null, null]);
    // Through the Quiz node itself, the same.
    const quizId = (await quizOf(ids.quiz, s.who.owner)).id;
    const NODE = "query ($id: ID!) { node(id: $id) { ... on Quiz { passMark questions { options { correct } } } } }";
    for (const token of [enrolled.token, s.who.stranger]) {
      const { data } = await s.app.graphql(NODE, { id: quizId }, token);
      expect(JSON.stringify(data)).not.toMatch(/true|false/);
    }
  });

  it("scoring: single choice, and multiple choice right only with exactly the correct set; answers must match the quiz", async () => {
    const { prisma } = s.app.services.db;
    const count = () => prisma.quizAttempt.count();
    const before = await count();
    // Missing a question, an unknown option, two options for a single-choice question: refused, nothing recorded.
    expect((await submit(ids.quiz, answersFor(["right", "right", "right"]).slice(0, 2), enrolled.token)).message).toBe(
      "Answer every question.",
    );
    const unknown = answersFor(["right", "right", "right"]);
    (unknown[0] as { optionIds: string[] }).optionIds = ["not-an-option"];
    expect((await submit(ids.quiz, unknown, enrolled.token)).message).toBe(
      "An answer does not match this quiz; reload the lesson and try again.",
    );
    const two = answersFor(["right", "right", "right"]);
    (two[0] as { optionIds: string[] }).optionIds = [...(key[0]?.right ?? []), ...(key[0]?.wrong ?? [])];
    expect((await submit(ids.quiz, two, enrolled.token)).message).toBe("Choose one option for a single-choice question.");
    expect((await submit(ids.text, [], enrolled.token)).message).toBe("This lesson is not a quiz.");
    expect(await count()).toBe(before);

    // 2 of 3 right = 66 % < 70: failed, kept, the learner sees which one was wrong.
    const partial = await submit(ids.quiz, answersFor(["right", "partial", "right"]), enrolled.token);
    expect(partial).toMatchObject({ score: 66, passed: false, correctCount: 2, questionCount: 3, recorded: true, progress: null });
    expect(partial.answers.map((a: { right: boolean }) => a.right)).toEqual([true, false, true]);
    expect(partial.lesson.completed).toBe(false);
    const extra = await submit(ids.quiz, answersFor(["right", "extra", "wrong"]), enrolled.token);
    expect(extra).toMatchObject({ score: 33, passed: false });
    // Mark complete is refused for a quiz (GraphQL and REST): only a pass completes it.
    const COMPLETE = "mutation ($id: ID!) { completeLesson(id: $id) { __typename ... on Error { message } } }";
    expect((await s.app.graphql(COMPLETE, { id: globalId("Lesson", ids.quiz) }, enrolled.token)).data.completeLesson).toEqual({
      __typename: "ValidationError",
      message: "Pass the quiz to complete this lesson.",
    });
    const viaRest = await rest(s.app, "POST", `/api/lessons/${ids.quiz}/complete`, { token: enrolled.token });
    expect(viaRest.status).toBe(400);
    expect(viaRest.body.message).toBe("Pass the quiz to complete this lesson.");
    expect(await prisma.lessonProgress.count({ where: { lessonId: ids.quiz, completedAt: { not: null } } })).toBe(0);

    // All right: passed, the lesson is done and the track's progress moves.
    const pass = await submit(ids.quiz, answersFor(["right", "right", "right"]), enrolled.token);
    expect(pass).toMatchObject({ score: 100, passed: true, recorded: true, lesson: { completed: true } });
    expect(pass.progress).toBeGreaterThan(0);
    // Attempts are kept, latest first; the correct flags still do not reach the learner after attempts.
    const mine = await quizOf(ids.quiz, enrolled.token);
    expect(mine.myAttempts.map((a: { score: number }) => a.score)).toEqual([100, 33, 66]);
    expect(mine.myAttempts[2].answers.map((a: { right: boolean }) => a.right)).toEqual([true, false, true]);
    expect(JSON.stringify(mine.questions)).not.toMatch(/"correct":(true|false)/);
    expect(mine.attemptCount).toBeNull();
    expect((await quizOf(ids.quiz, s.who.owner)).attemptCount).toBe(3);
    // Another learner cannot read the attempt through the node query; its owner can.
    const ATTEMPT = "query ($id: ID!) { node(id: $id) { ... on QuizAttempt { score answers { prompt right } } } }";
    const theirs = await s.app.graphql(ATTEMPT, { id: pass.attempt.id }, s.who.otherLearner);
    expect(theirs.data?.node ?? null).toBeNull();
    expect((await s.app.graphql(ATTEMPT, { id: pass.attempt.id }, enrolled.token)).data.node.score).toBe(100);
  });

  it("editing a quiz keeps old attempts readable as they were", async () => {
    await save(ids.quiz, 80, [{ prompt: "New only", options: [{ text: "X", correct: true }, { text: "Y" }] }], s.who.owner);
    const mine = await quizOf(ids.quiz, enrolled.token);
    expect(mine.questions.map((q: { prompt: string }) => q.prompt)).toEqual(["New only"]);
    expect(mine.myAttempts).toHaveLength(3);
    const ATTEMPTS =
      "query ($id: ID!) { node(id: $id) { ... on Lesson { quiz { myAttempts { passMark answers { prompt options { text chosen } } } } } } }";
    const old = (await s.app.graphql(ATTEMPTS, { id: globalId("Lesson", ids.quiz) }, enrolled.token)).data.node.quiz.myAttempts[0];
    expect(old.passMark).toBe(70);
    expect(old.answers[0]).toEqual({
      prompt: "Which is a cloud provider?",
      options: [
        { text: "AWS", chosen: true },
        { text: "Excel", chosen: false },
        { text: "Paint", chosen: false },
      ],
    });
    // Answers against the old questions are refused now.
    expect((await submit(ids.quiz, answersFor(["right", "right", "right"]), enrolled.token)).message).toBe(
      "An answer does not match this quiz; reload the lesson and try again.",
    );
    await save(ids.quiz, 70, QUESTIONS, s.who.owner);
    const staffView = await quizOf(ids.quiz, s.who.owner);
    key = staffView.questions.map((question: { id: string; options: { id: string; correct: boolean }[] }) => ({
      id: question.id,
      right: question.options.filter((o) => o.correct).map((o) => o.id),
      wrong: question.options.filter((o) => !o.correct).map((o) => o.id),
    }));
  });

  it("who may submit: outsiders are refused; a free preview is scored for anyone and records nothing; a refund ends it", async () => {
    const { prisma } = s.app.services.db;
    const before = await prisma.quizAttempt.count();
    for (const token of [s.who.stranger, s.who.otherLearner]) {
      expect((await submit(ids.quiz, answersFor([]), token)).message).toBe("Enroll in this track to open this lesson.");
    }
    const previewKey = (await quizOf(ids.preview, s.who.owner)).questions[0];
    const right = previewKey.options.find((o: { correct: boolean }) => o.correct).id;
    for (const token of [s.who.stranger, s.who.otherLearner, s.who.owner]) {
      expect(await submit(ids.preview, [{ questionId: previewKey.id, optionIds: [right] }], token)).toMatchObject({
        score: 100,
        passed: true,
        recorded: false,
        attempt: null,
        progress: null,
      });
    }
    expect(await prisma.quizAttempt.count()).toBe(before);
    // Staff may try a quiz too, without recording anything; tries not kept are limited too (each says what was right).
    expect(await submit(ids.quiz, answersFor([]), s.who.finance)).toMatchObject({ score: 100, recorded: false });
    for (let i = 1; i < 20; i++) await submit(ids.quiz, answersFor(["wrong"]), s.who.finance);
    expect((await submit(ids.quiz, answersFor([]), s.who.finance)).message).toBe(
      "You have tried this quiz many times in the last hour. Please wait before trying again.",
    );
    // The refunded learner could submit before; after the refund, refused.
    expect((await submit(ids.quiz, answersFor(["wrong"]), refunded.token)).recorded).toBe(true);
    const refund = await s.app.graphql(
      "mutation ($i: RefundInvoiceInput!) { refundInvoice(input: $i) { __typename } }",
      { i: { id: globalId("Invoice", ids.invoice), reason: "Asked for it back" } },
      s.who.finance,
    );
    expect(refund.data.refundInvoice.__typename).toBe("RefundInvoicePayload");
    expect((await submit(ids.quiz, answersFor([]), refunded.token)).message).toBe("Enroll in this track to open this lesson.");
    expect(await quizOf(ids.quiz, refunded.token)).toMatchObject({ questions: null });
  });

  it("10 concurrent passing submissions complete the lesson once; the flood limit stops the 21st attempt in an hour", async () => {
    const { prisma } = s.app.services.db;
    const answers = await Promise.all(Array.from({ length: 10 }, () => submit(ids.quiz, answersFor([]), racer.token)));
    for (const a of answers) expect(a).toMatchObject({ passed: true, recorded: true });
    const rows = await prisma.lessonProgress.findMany({ where: { lessonId: ids.quiz, learnerId: racer.learnerId } });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.completedAt).not.toBeNull();
    const progress = new Set(answers.map((a) => a.progress));
    expect(progress.size).toBe(1);
    for (let i = 10; i < QUIZ_ATTEMPTS_PER_HOUR; i++) {
      expect((await submit(ids.quiz, answersFor(["wrong"]), racer.token)).recorded).toBe(true);
    }
    const refused = await submit(ids.quiz, answersFor([]), racer.token);
    expect(refused.message).toBe("You have tried this quiz many times in the last hour. Please wait before trying again.");
    expect(refused.retryAfterSeconds).toBeGreaterThan(3000);
    expect(await prisma.quizAttempt.count({ where: { learnerId: racer.learnerId } })).toBe(QUIZ_ATTEMPTS_PER_HOUR);
    // An hour later the learner may try again.
    await prisma.quizAttempt.updateMany({
      where: { learnerId: racer.learnerId },
      data: { createdAt: new Date(Date.now() - 3_700_000) },
    });
    expect((await submit(ids.quiz, answersFor([]), racer.token)).recorded).toBe(true);
  });

  it("the demo quiz (seed/quiz.ts) is a valid quiz: staff may save it back unchanged, and its correct answers pass", async () => {
    const { prisma } = s.app.services.db;
    const course = await prisma.course.findFirstOrThrow({ where: { trackId: ids.track }, orderBy: { createdAt: "desc" } });
    const lessonId = await seedQuiz(prisma, course.id, "Cloud Computing Fundamentals");
    const staffView = await quizOf(lessonId, s.who.owner);
    expect(staffView.questions.length).toBeGreaterThanOrEqual(4);
    const answers = staffView.questions.map((q: { id: string; options: { id: string; correct: boolean }[] }) => ({
      questionId: q.id,
      optionIds: q.options.filter((o) => o.correct).map((o) => o.id),
    }));
    expect(await submit(lessonId, answers, enrolled.token)).toMatchObject({ score: 100, passed: true, recorded: true });
    const back = staffView.questions.map((q: { prompt: string; multiple: boolean; options: { text: string; correct: boolean }[] }) => ({
      prompt: q.prompt,
      multiple: q.multiple,
      options: q.options.map((o) => ({ text: o.text, correct: o.correct })),
    }));
    expect((await save(lessonId, staffView.passMark, back, s.who.owner)).data.saveQuiz.quiz.questions).toHaveLength(back.length);
  });
});
